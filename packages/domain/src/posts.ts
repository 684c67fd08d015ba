import { entries, isRecord, safeUrl, text } from "./raw";

/** GET /utils/posts-blog?language=es: the blog is only written in Spanish. */
export const BLOG_LANGUAGE = "es";

export interface BlogPost {
  readonly title: string;
  readonly imageUrl: string | null;
  readonly link: string;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/**
 * Blog titles often arrive HTML-escaped from WordPress ("Caf&#233; &amp; fruta"); React would
 * print the entities literally, so decode them here. Tags are dropped, never interpreted.
 */
export function decodeTitle(value: string): string {
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith("#")) {
        const point = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
      }
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

function mapPost(raw: unknown): BlogPost | null {
  if (!isRecord(raw)) return null;
  const rawTitle = text(raw.title) ?? (isRecord(raw.title) ? text(raw.title.rendered) : null);
  const title = rawTitle === null ? "" : decodeTitle(rawTitle);
  const link = safeUrl(raw.link) ?? safeUrl(raw.url);
  if (title === "" || link === null) return null;
  return {
    title,
    imageUrl: safeUrl(raw.imageUrl) ?? safeUrl(raw.image) ?? safeUrl(raw.jetpack_featured_media_url),
    link,
  };
}

/** Maps the blog answer (a list, `{ data }` or `{ posts }`), skipping posts without a title or a safe link. */
export function mapPosts(raw: unknown): BlogPost[] {
  return entries(raw, "posts")
    .map(mapPost)
    .filter((post): post is BlogPost => post !== null);
}
