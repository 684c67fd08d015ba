import type { MetaDescriptor } from "react-router";
import { hreflangLinks, LOCALE_TAGS } from "@shop/routing";
import { alternateParamsOf } from "./alternates";
import type { RootData } from "./root-data";

interface MetaArgsLike {
  readonly matches: readonly ({ readonly id: string; readonly data?: unknown } | undefined)[];
}

/** A loader may name its page itself (a product's SEO title) by returning `pageMeta`. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

function pageMetaOf(matches: MetaArgsLike["matches"]): Partial<PageMeta> {
  const data = matches.at(-1)?.data;
  return data && typeof data === "object" && "pageMeta" in data ? (data as { pageMeta: PageMeta }).pageMeta : {};
}

function rootDataOf(matches: MetaArgsLike["matches"]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootData | undefined;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The browser title: the page's own title and the shop's name, once. Staff often end a product's SEO
 * title with the shop's name ("Aceite 500 ml | Imperfecta"); that ending (or a leading one) is
 * replaced by ours rather than repeated. The home page leads with the shop's name.
 */
export function documentTitle(pageTitle: string, site: string, isHome = false): string {
  const name = escapeRegExp(site.trim());
  const separator = "\\s*[|·•:\\-–—]\\s*";
  const bare =
    pageTitle
      .replace(new RegExp(`${separator}${name}\\s*$`, "i"), "")
      .replace(new RegExp(`^\\s*${name}${separator}`, "i"), "")
      .trim() || pageTitle.trim();
  if (bare.toLocaleLowerCase() === site.trim().toLocaleLowerCase()) return site;
  return isHome ? `${site} · ${bare}` : `${bare} · ${site}`;
}

/** Title, description, canonical URL and hreflang alternates of the current screen. */
export function screenMeta({ matches }: MetaArgsLike): MetaDescriptor[] {
  const root = rootDataOf(matches);
  if (!root?.screen) return [];
  const site = root.messages.site.name;
  const page = pageMetaOf(matches);
  const text = { ...root.messages.screen, ...page };
  const title = documentTitle(text.title ?? site, site, root.screen.id === "home");
  const overrides = alternateParamsOf(matches);
  const hreflang = overrides
    ? hreflangLinks(root.seo.origin, root.screen.id, root.screen.params, overrides)
    : root.seo.hreflang;
  return [
    { title },
    { name: "description", content: text.description },
    { property: "og:title", content: title },
    { property: "og:description", content: text.description },
    { property: "og:locale", content: LOCALE_TAGS[root.locale].replace("-", "_") },
    { property: "og:url", content: root.seo.canonical },
    { tagName: "link", rel: "canonical", href: root.seo.canonical },
    ...hreflang.map((link) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: link.hreflang,
      href: link.href,
    })),
    ...(root.seo.indexable ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

export function errorMeta({ matches }: MetaArgsLike, status: number): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const headline = status === 404 ? root?.messages.errors.notFoundHeadline : root?.messages.errors.genericHeadline;
  return [{ title: `${status} · ${headline ?? "Imperfecta"}` }, { name: "robots", content: "noindex" }];
}
