import type { ReactNode } from "react";
import { splitByPhrases, stripInlineMarkdown } from "@shop/domain";
import type { ScreenId } from "@shop/routing";
import { ScreenLink } from "./screen-link";

/** A screen that staff text names by its title ("consúltalo en «Qué hay en la caja»"): the mention links to it. */
export interface ScreenMention {
  readonly text: string;
  readonly screen: ScreenId;
}

/**
 * Staff-written long text (Markdown from the CMS editor) shown as headings, paragraphs and lists.
 * Only those blocks are understood and everything is rendered as text, so no markup from the CMS
 * ever reaches the page as HTML. Mentions of the given screens in paragraphs and lists become links.
 */
export function PlainMarkdown({ source, mentions = [] }: { source: string; mentions?: readonly ScreenMention[] }) {
  const blocks = source.replace(/\r\n/g, "\n").split(/\n{2,}/);
  const inline = (text: string) => withLinks(stripInlineMarkdown(text), mentions);
  return (
    <div className="grid gap-3 text-sand-900">
      {blocks.map((block, index) => {
        const trimmed = block.trim();
        const heading = /^(#{1,4})\s+(.*)$/.exec(trimmed);
        if (heading) {
          return (
            <h2 key={index} className="mt-3 font-display text-xl font-semibold text-leaf-800">
              {stripInlineMarkdown(heading[2] ?? "")}
            </h2>
          );
        }
        const lines = trimmed.split("\n");
        if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
          return (
            <ul key={index} className="list-disc pl-6">
              {lines.map((line, item) => (
                <li key={item}>{inline(line.replace(/^\s*[-*]\s+/, ""))}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index} className="whitespace-pre-line">
            {inline(trimmed)}
          </p>
        );
      })}
    </div>
  );
}

function withLinks(text: string, mentions: readonly ScreenMention[]): ReactNode {
  if (mentions.length === 0) return text;
  return splitByPhrases(
    text,
    mentions.map((mention) => mention.text),
  ).map((part, index) => {
    const mention = part.phrase === null ? undefined : mentions[part.phrase];
    return mention ? (
      <ScreenLink key={index} screen={mention.screen} className="font-semibold text-leaf-700 underline">
        {part.text}
      </ScreenLink>
    ) : (
      part.text
    );
  });
}
