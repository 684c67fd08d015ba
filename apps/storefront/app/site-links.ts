import { matchScreen, pathTo, type Locale } from "@shop/routing";

/**
 * A link staff wrote (a blog post's, a press entry's) as the page's language has it: a path of
 * this shop that names a screen ("/historia") leads to that screen in `locale` ("/ca/historia");
 * anything else (another site, a path no screen claims) is left as written.
 */
export function inPageLanguage(link: string, locale: Locale): string {
  if (!link.startsWith("/") || link.startsWith("//")) return link;
  let url: URL;
  try {
    url = new URL(link, "http://shop.invalid");
  } catch {
    return link;
  }
  const match = matchScreen(url.pathname);
  if (!match) return link;
  try {
    return pathTo(match.id, locale, match.params) + url.search + url.hash;
  } catch {
    return link;
  }
}
