import { LOCALE_TAGS, LOCALES, type Locale } from "./locale";
import type { Product } from "./product";
import { entity, entries, finiteNumber, isRecord, localizedText, text, type RawRecord } from "./raw";
import { slugify } from "./text";

// Complementary-product categories. A product names its category in its own `category_<lang>`
// field (spec section 3: the last segment of a path). Staff may also describe a category in the
// admin panel (names, slugs and order per language): where one matches, it gives the link's
// name, its slug and its place in the list; otherwise the product's own name and its slug apply.

/** A category as staff describe it in the admin panel, in one language. */
export interface StaffCategory {
  readonly name: string;
  readonly slug: string;
  readonly position: number;
  /** The same category in every language, to link the page in another language. */
  readonly slugs: Readonly<Record<Locale, string>>;
}

export interface CategoryLink {
  readonly name: string;
  readonly slug: string;
}

export function mapStaffCategories(raw: unknown, locale: Locale): StaffCategory[] {
  return entries(raw)
    .map(entity)
    .filter((entry): entry is RawRecord => isRecord(entry))
    .flatMap((entry) => {
      const name = localizedText(entry, "name", locale);
      if (!name) return [];
      const slugs = Object.fromEntries(
        LOCALES.map((each) => [
          each,
          text(entry[`slug_${each}`]) ?? slugify(localizedText(entry, "name", each) ?? name),
        ]),
      ) as Record<Locale, string>;
      return [{ name, slug: slugs[locale], position: finiteNumber(entry.position) ?? 999, slugs }];
    });
}

const sameName = (a: string, b: string) => slugify(a) === slugify(b);

/** The staff description of a product's category, if staff wrote one. */
export function staffCategoryOf(
  product: Pick<Product, "category">,
  staff: readonly StaffCategory[],
): StaffCategory | null {
  const name = product.category;
  return name ? (staff.find((category) => sameName(category.name, name)) ?? null) : null;
}

/** The slug of a product's category in the page's language, or null when it has none. */
export function categorySlugOf(product: Pick<Product, "category">, staff: readonly StaffCategory[]): string | null {
  if (!product.category) return null;
  return staffCategoryOf(product, staff)?.slug ?? slugify(product.category);
}

/** The categories of these products, once each: staff order first, then by name. */
export function categoryLinks(
  products: readonly Pick<Product, "category">[],
  staff: readonly StaffCategory[],
  locale: Locale,
): CategoryLink[] {
  const found = new Map<string, CategoryLink & { position: number }>();
  for (const product of products) {
    const slug = categorySlugOf(product, staff);
    if (!slug || found.has(slug)) continue;
    const described = staffCategoryOf(product, staff);
    found.set(slug, { name: described?.name ?? product.category!, slug, position: described?.position ?? 999 });
  }
  const collator = new Intl.Collator(LOCALE_TAGS[locale]);
  return [...found.values()]
    .sort((a, b) => a.position - b.position || collator.compare(a.name, b.name))
    .map(({ name, slug }) => ({ name, slug }));
}
