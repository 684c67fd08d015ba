import { LOCALE_TAGS, LOCALES, DEFAULT_LOCALE, type Locale } from "./locales";
import { alternatesOf, type RouteParams } from "./paths";
import { CANONICAL_QUERY_PARAMS, SCREEN_IDS, SCREENS, type ScreenId } from "./table";

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

/** The canonical URL of a page: its origin and path, with only whitelisted query parameters. */
export function canonicalUrl(origin: string, pathname: string, search: string | URLSearchParams = ""): string {
  const source = typeof search === "string" ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const name of CANONICAL_QUERY_PARAMS) {
    for (const value of source.getAll(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return trimOrigin(origin) + pathname + (query ? `?${query}` : "");
}

export interface HreflangLink {
  readonly hreflang: string;
  readonly href: string;
}

/** hreflang alternates of a screen in every language plus x-default (the Spanish page). */
export function hreflangLinks(
  origin: string,
  id: ScreenId,
  params: RouteParams = {},
  paramsByLocale: Partial<Record<Locale, RouteParams>> = {},
): HreflangLink[] {
  const paths = alternatesOf(id, params, paramsByLocale);
  const base = trimOrigin(origin);
  return [
    ...LOCALES.map((locale) => ({ hreflang: LOCALE_TAGS[locale], href: base + paths[locale] })),
    { hreflang: "x-default", href: base + paths[DEFAULT_LOCALE] },
  ];
}

export interface SitemapEntry {
  readonly id: ScreenId;
  readonly params?: RouteParams;
  readonly paramsByLocale?: Partial<Record<Locale, RouteParams>>;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Indexable screens without required parameters; pages with parameters are added by their owners. */
export function staticSitemapEntries(): SitemapEntry[] {
  return SCREEN_IDS.filter((id) => {
    const definition = SCREENS[id];
    return definition.indexable && !/:[^/?]+(\/|$)/.test(definition.paths.es[0]);
  }).map((id) => ({ id }));
}

/** sitemap.xml with one <url> per page and language, each carrying its hreflang alternates. */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const links = hreflangLinks(origin, entry.id, entry.params, entry.paramsByLocale);
    const alternates = links
      .map((link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
      .join("\n");
    return links
      .filter((link) => link.hreflang !== "x-default")
      .map((link) => `  <url>\n    <loc>${escapeXml(link.href)}</loc>\n${alternates}\n  </url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
