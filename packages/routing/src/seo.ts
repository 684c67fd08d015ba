import { LOCALE_TAGS, LOCALES, DEFAULT_LOCALE, type Locale } from "./locales";
import { alternatesOf, type RouteParams } from "./paths";
import { SCREENS } from "./screens";
import { API_PREFIX, CANONICAL_QUERY_PARAMS, RESOURCE_PATHS, SCREEN_IDS, type ScreenId } from "./table";

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

/**
 * The literal start of a path pattern, up to its first parameter ("/mi-cuenta/pedidos/:id" ->
 * "/mi-cuenta/pedidos/"); before an optional parameter the slash goes too, since the path without
 * it is a page as well ("/payment-completed/:slug?" -> "/payment-completed").
 */
function literalPrefix(pattern: string): string {
  const parameter = pattern.search(/:[^/]/);
  if (parameter === -1) return pattern;
  const optional = /^:[^/]+\?/.test(pattern.slice(parameter));
  const prefix = pattern.slice(0, parameter);
  return optional ? prefix.replace(/\/$/, "") : prefix;
}

/**
 * robots.txt: crawlers may read every page except the signed-in areas, the checkout and the API.
 * A rule is dropped when it would also cover an indexable page (Disallow matches by prefix).
 * The sitemap is named by its full URL, as the robots.txt standard requires.
 */
export function renderRobotsTxt(origin: string): string {
  const indexablePaths = SCREEN_IDS.filter((id) => SCREENS[id].indexable).flatMap((id) =>
    LOCALES.flatMap((locale) => SCREENS[id].paths[locale]),
  );
  const privatePaths = SCREEN_IDS.filter((id) => {
    const screen = SCREENS[id];
    return !screen.indexable && (screen.guard === "auth" || screen.layout === "buy-process");
  }).flatMap((id) => LOCALES.flatMap((locale) => SCREENS[id].paths[locale].map(literalPrefix)));
  const rules = new Set([`${API_PREFIX}/`, RESOURCE_PATHS.logout]);
  for (const prefix of privatePaths) {
    if (prefix.length > 1 && !indexablePaths.some((path) => path.startsWith(prefix))) rules.add(prefix);
  }
  const shortest = [...rules].filter((rule) => ![...rules].some((other) => other !== rule && rule.startsWith(other)));
  return [
    "User-agent: *",
    "Allow: /",
    ...shortest.sort().map((rule) => `Disallow: ${rule}`),
    "",
    `Sitemap: ${trimOrigin(origin)}${RESOURCE_PATHS.sitemap}`,
    "",
  ].join("\n");
}
