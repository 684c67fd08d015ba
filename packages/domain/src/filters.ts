import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from "./locale";
import { PRODUCT_TYPES, type MarketType, type Product, type ProductImage } from "./product";

// Predicates are exported beside the list helpers so callers can combine them
// (e.g. products.filter((p) => isActiveBox(p) && isVisibleOnWeb(p) && isB2C(p))).

export const isActiveBox = (product: Product): boolean => product.type === PRODUCT_TYPES.box && product.isActive;
export const isActiveItem = (product: Product): boolean => product.type === PRODUCT_TYPES.item && product.isActive;
export const isActiveUpsell = (product: Product): boolean => product.type === PRODUCT_TYPES.upsell && product.isActive;
export const isVisibleOnWeb = (product: Product): boolean => !product.hideFromWeb;

export const activeBoxes = (products: readonly Product[]): Product[] => products.filter(isActiveBox);
export const activeItems = (products: readonly Product[]): Product[] => products.filter(isActiveItem);
export const activeUpsells = (products: readonly Product[]): Product[] => products.filter(isActiveUpsell);
/** The spec excludes hide_from_web products from what the storefront loads. */
export const visibleOnWeb = (products: readonly Product[]): Product[] => products.filter(isVisibleOnWeb);

const hasMarket = (product: Pick<Product, "marketTypes">, market: MarketType): boolean =>
  product.marketTypes.includes(market);

export const isB2B = (product: Pick<Product, "marketTypes">): boolean => hasMarket(product, "B2B");
export const isB2C = (product: Pick<Product, "marketTypes">): boolean => hasMarket(product, "B2C");
export const isOnlyB2B = (product: Pick<Product, "marketTypes">): boolean => isB2B(product) && !isB2C(product);
export const isOnlyB2C = (product: Pick<Product, "marketTypes">): boolean => isB2C(product) && !isB2B(product);

/**
 * A new array ordered by position, then by name in the page's collation (so "Ñora" sorts
 * after "Nabo" in Spanish); equal keys keep their input order (Array#sort is stable).
 */
export function sortByPosition<T extends Pick<Product, "position" | "name">>(
  products: readonly T[],
  locale: Locale = DEFAULT_LOCALE,
): T[] {
  const collator = new Intl.Collator(LOCALE_TAGS[locale] ?? LOCALE_TAGS[DEFAULT_LOCALE], { sensitivity: "base" });
  return [...products].sort((a, b) => a.position - b.position || collator.compare(a.name, b.name));
}

export const mainImage = (product: Pick<Product, "imagePath">): ProductImage | null => product.imagePath[0] ?? null;
export const featuredImage = (product: Pick<Product, "image">): ProductImage | null => product.image[0] ?? null;

/**
 * Spec section 4: the catalogue is (re)loaded only when there is no box product or no item
 * product. It looks at types only, not activity: inactive products are loaded on purpose.
 */
export function needsProductLoad(products: readonly Pick<Product, "type">[]): boolean {
  return (
    !products.some((product) => product.type === PRODUCT_TYPES.box) ||
    !products.some((product) => product.type === PRODUCT_TYPES.item)
  );
}

export const slugFor = (product: Pick<Product, "slugs">, locale: Locale): string | null =>
  product.slugs[locale] ?? null;

export interface SlugMatch {
  readonly product: Product;
  /** The slug the page's language uses; redirect when it differs from the requested one. */
  readonly canonicalSlug: string;
  readonly isCanonical: boolean;
}

/**
 * Finds the product a URL slug names, in any language. Matches in the page's language win,
 * so a slug that one product uses in Catalan and another in Spanish resolves predictably.
 */
export function findProductBySlug(products: readonly Product[], slug: string, locale: Locale): SlugMatch | null {
  const wanted = slug.trim();
  if (wanted === "") return null;
  const product =
    products.find((each) => each.slugs[locale] === wanted) ??
    products.find((each) => Object.values(each.slugs).includes(wanted));
  const canonicalSlug = product ? slugFor(product, locale) : null;
  if (!product || canonicalSlug === null) return null;
  return { product, canonicalSlug, isCanonical: canonicalSlug === wanted };
}
