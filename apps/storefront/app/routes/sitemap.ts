import { categorySlugOf, type Product, type StaffCategory } from "@shop/domain";
import {
  LOCALES,
  renderSitemap,
  staticSitemapEntries,
  type Locale,
  type RouteParams,
  type SitemapEntry,
} from "@shop/routing";
import { getProducts } from "~/catalogue.server";
import { getStaffCategories } from "~/content.server";
import { env } from "~/env.server";

/** Every public page: the table's screens, each product on sale and each complementary category. */
export async function loader() {
  const [lists, staffLists] = await Promise.all([
    Promise.all(LOCALES.map((locale) => getProducts(locale))),
    Promise.all(LOCALES.map((locale) => getStaffCategories(locale))),
  ]);
  const staffOf = new Map<Locale, readonly StaffCategory[]>(
    LOCALES.map((locale, index) => [locale, staffLists[index] ?? []]),
  );
  const byLocale = new Map<Locale, readonly Product[]>(LOCALES.map((locale, index) => [locale, lists[index] ?? []]));
  const twinOf = (product: Product, locale: Locale) =>
    byLocale.get(locale)?.find((candidate) => candidate.id === product.id);
  const spanish = (byLocale.get("es") ?? []).filter((product) => product.isActive && product.slug);
  const productEntries: SitemapEntry[] = spanish.map((product) => {
    const paramsByLocale: Partial<Record<Locale, RouteParams>> = {};
    for (const locale of LOCALES) {
      const twin = twinOf(product, locale);
      paramsByLocale[locale] = { slug: twin?.slug ?? product.slug ?? undefined };
    }
    return { id: "product", paramsByLocale };
  });
  const categoryEntries = new Map<string, SitemapEntry>();
  for (const product of spanish) {
    const slug = categorySlugOf(product, staffOf.get("es") ?? []);
    if (product.type !== "marketplace_item" || !slug) continue;
    const paramsByLocale: Partial<Record<Locale, RouteParams>> = {};
    for (const locale of LOCALES) {
      const twin = twinOf(product, locale) ?? product;
      paramsByLocale[locale] = { category: categorySlugOf(twin, staffOf.get(locale) ?? []) ?? slug };
    }
    categoryEntries.set(slug, { id: "complementaryProducts", paramsByLocale });
  }
  const xml = renderSitemap(env.SITE_URL, [...staticSitemapEntries(), ...productEntries, ...categoryEntries.values()]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
