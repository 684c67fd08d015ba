/** A URL segment from a name: lower case, no accents, words joined by hyphens ("Aceites y Vinagres" -> "aceites-y-vinagres"). */
export function slugify(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Blocks of staff-written Markdown: runs of text separated by blank lines. */
function blocksOf(markdown: string): string[] {
  return markdown
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== "");
}

/** Text as a reader compares it: no emphasis marks or tags, one space between words, any case. */
function comparable(value: string): string {
  return stripInlineMarkdown(value).replace(/\s+/g, " ").trim().toLocaleLowerCase();
}

/**
 * The long text of a page that already shows `lead` (a product's short description) above it.
 * Staff often start the long text with the short one, which the page would then print twice:
 * its first block is left out when it says the same as the lead. Anything else is kept as written.
 */
export function contentAfterLead(content: string, lead: string): string {
  const blocks = blocksOf(content);
  const [first, ...rest] = blocks;
  if (first === undefined || comparable(lead) === "" || comparable(first) !== comparable(lead)) return content.trim();
  return rest.join("\n\n");
}

/** A piece of text, and which of the searched phrases it is (null for the text between them). */
export interface TextPart {
  readonly text: string;
  readonly phrase: number | null;
}

/**
 * Cuts `value` where any of `phrases` occurs (ignoring case), so a page can turn each mention into a
 * link ("… consúltalo en «Qué hay en la caja»." names a screen by its title). Longer phrases win
 * where two start at the same place; empty phrases are ignored. Joining the parts gives `value` back.
 */
export function splitByPhrases(value: string, phrases: readonly string[]): TextPart[] {
  const wanted = phrases
    .map((phrase, index) => ({ phrase: phrase.toLocaleLowerCase(), index }))
    .filter(({ phrase }) => phrase.trim() !== "")
    .sort((a, b) => b.phrase.length - a.phrase.length);
  const lower = value.toLocaleLowerCase();
  // Lower-casing may change a string's length (a few Unicode letters): then no match is safe to cut.
  if (wanted.length === 0 || lower.length !== value.length) return value === "" ? [] : [{ text: value, phrase: null }];
  const parts: TextPart[] = [];
  let plainStart = 0;
  let at = 0;
  while (at < value.length) {
    const found = wanted.find(({ phrase }) => lower.startsWith(phrase, at));
    if (!found) {
      at += 1;
      continue;
    }
    if (at > plainStart) parts.push({ text: value.slice(plainStart, at), phrase: null });
    parts.push({ text: value.slice(at, at + found.phrase.length), phrase: found.index });
    at += found.phrase.length;
    plainStart = at;
  }
  if (plainStart < value.length) parts.push({ text: value.slice(plainStart), phrase: null });
  return parts;
}

/**
 * Staff-written inline Markdown as plain text: tags and the marks of emphasis and code are dropped,
 * their text kept. A mark counts only where it opens or closes a span (`**bold**`, `_word_`), so
 * underscores and asterisks inside words stay: cookie names such as `shop_session`, "2*3".
 */
export function stripInlineMarkdown(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/`([^`]+)`/g, "$1")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(?<![\p{L}\p{N}*_])([*_])(?=\S)([\s\S]*?\S)\1(?![\p{L}\p{N}*_])/gu, "$2");
}
