/**
 * Staff-written long text (Markdown from the CMS editor) shown as headings, paragraphs and lists.
 * Only those blocks are understood and everything is rendered as text, so no markup from the CMS
 * ever reaches the page as HTML.
 */
export function PlainMarkdown({ source }: { source: string }) {
  const blocks = source.replace(/\r\n/g, "\n").split(/\n{2,}/);
  return (
    <div className="grid gap-3 text-sand-900">
      {blocks.map((block, index) => {
        const trimmed = block.trim();
        const heading = /^(#{1,4})\s+(.*)$/.exec(trimmed);
        if (heading) {
          return (
            <h2 key={index} className="mt-3 font-display text-xl font-semibold text-leaf-800">
              {strip(heading[2] ?? "")}
            </h2>
          );
        }
        const lines = trimmed.split("\n");
        if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
          return (
            <ul key={index} className="list-disc pl-6">
              {lines.map((line, item) => (
                <li key={item}>{strip(line.replace(/^\s*[-*]\s+/, ""))}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index} className="whitespace-pre-line">
            {strip(trimmed)}
          </p>
        );
      })}
    </div>
  );
}

/** Emphasis marks and inline tags are dropped, their text kept. */
function strip(text: string): string {
  return text.replace(/<[^>]*>/g, "").replace(/(\*\*|__|\*|_|`)/g, "");
}
