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
 * A page's own title for `pageMeta`, without the shop's name: screenMeta adds it. Staff often end a
 * product's SEO title with it ("Aceite 500 ml | Imperfecta"), which would then show twice; a leading
 * one goes too. Loaders call it, so it stays out of the browser's bundle.
 */
export function withoutSiteName(title: string, site: string): string {
  const name = escapeRegExp(site.trim());
  const separator = "\\s*[|·•:\\-–—]\\s*";
  const bare = title
    .replace(new RegExp(`${separator}${name}\\s*$`, "i"), "")
    .replace(new RegExp(`^\\s*${name}${separator}`, "i"), "")
    .trim();
  return bare === "" ? title.trim() : bare;
}

/** Title, description, canonical URL and hreflang alternates of the current screen. */
export function screenMeta({ matches }: MetaArgsLike): MetaDescriptor[] {
  const root = rootDataOf(matches);
  if (!root?.screen) return [];
  const site = root.messages.site.name;
  const page = pageMetaOf(matches);
  const text = { ...root.messages.screen, ...page };
  const title = root.screen.id === "home" ? `${site} · ${text.title}` : `${text.title} · ${site}`;
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
