import type { Core } from "@strapi/strapi";
import { slugify, type Locale } from "@shop/domain";
import { documents, type Entry } from "../database/documents";
import { uniqueSuffix } from "./unique";
import { CONTENT_TYPES } from "../content-types";

/**
 * Factories of the catalogue's records: `createX(strapi, overrides)` fills what the overrides leave
 * out with sensible values (unique SKUs, slugs, names) and stores the record through the document
 * service, as the admin panel does. The demo seed and the tests make their records with these, so
 * there is one way to make a product.
 */

/** `{ name_es, name_ca, name_pt }` as a type. */
type PerLanguage<Field extends string> = Record<`${Field}_${Locale}`, string>;

/** Relations take documentIds; media fields take upload file ids (see createSvgFile). */
// Type aliases, not interfaces: the document service takes records, and only aliases are ones.
type ProductData = PerLanguage<"name"> &
  PerLanguage<"slug"> &
  Partial<PerLanguage<"description" | "content" | "seotitle" | "seodescription" | "category">> & {
    type: "box" | "item" | "marketplace_item";
    price: number;
    SKU: string;
    image?: number[];
    gallery?: number[];
    imagePath?: number[];
    position?: number;
    market_types?: string[];
    product_labels?: string[];
    tax_id?: string;
    isActive?: boolean;
    hide_from_web?: boolean;
    weight?: number;
    boxType?: "S" | "IM" | "XL";
    itemType?: "fruit" | "vegetable" | "fruitAndVegetable" | "mixed" | "fruits" | "vegetables" | "stone_fruits";
    seasonal?: boolean;
    /** "MM-DD" (docs/decisions/042). */
    saleFrom?: string;
    saleUntil?: string;
    /** Delivery zones' documentIds. */
    saleZones?: string[];
    isImperfectusProduct?: boolean;
    frequency?: string;
  };

/** Names in every language: the Spanish one where another is not given. */
function names(overrides: Partial<PerLanguage<"name">>, fallbackName: string): PerLanguage<"name"> {
  const spanish = overrides.name_es ?? fallbackName;
  return { name_es: spanish, name_ca: overrides.name_ca ?? spanish, name_pt: overrides.name_pt ?? spanish };
}

/** Names in every language and a slug per language made from its name, unless the overrides set them. */
function namesAndSlugs(
  overrides: Partial<PerLanguage<"name"> & PerLanguage<"slug">>,
  fallbackName: string,
): PerLanguage<"name"> & PerLanguage<"slug"> {
  const named = names(overrides, fallbackName);
  return {
    ...named,
    slug_es: overrides.slug_es ?? slugify(named.name_es),
    slug_ca: overrides.slug_ca ?? slugify(named.name_ca),
    slug_pt: overrides.slug_pt ?? slugify(named.name_pt),
  };
}

/** A product (an item unless `type` says otherwise), active and visible, with a unique SKU and slugs. */
export function createProduct(strapi: Core.Strapi, overrides: Partial<ProductData> = {}): Promise<Entry> {
  const suffix = uniqueSuffix();
  const data: ProductData = {
    type: "item",
    price: 2.5,
    SKU: `SKU-${suffix.toUpperCase()}`,
    ...overrides,
    ...namesAndSlugs(overrides, `Producto ${suffix}`),
  };
  return documents(strapi, CONTENT_TYPES.product).create({ data });
}

type TaxData = {
  name: string;
  /** A fraction below 1: 0.04 is 4 %. */
  amount_value: number;
};

export function createTax(strapi: Core.Strapi, overrides: Partial<TaxData> = {}): Promise<Entry> {
  const data: TaxData = { name: `IVA ${uniqueSuffix()}`, amount_value: 0.21, ...overrides };
  return documents(strapi, CONTENT_TYPES.tax).create({ data });
}

/** The market type of that name: there is one per name (B2B, B2C), made the first time it is asked for. */
export async function ensureMarketType(strapi: Core.Strapi, name: "B2B" | "B2C"): Promise<Entry> {
  const marketTypes = documents(strapi, CONTENT_TYPES.marketType);
  return (await marketTypes.findFirst({ filters: { name: { $eq: name } } })) ?? marketTypes.create({ data: { name } });
}

type ProductLabelData = PerLanguage<"name"> & { key: string };

export function createProductLabel(strapi: Core.Strapi, overrides: Partial<ProductLabelData> = {}): Promise<Entry> {
  const suffix = uniqueSuffix();
  const data: ProductLabelData = {
    key: `etiqueta-${suffix}`,
    ...overrides,
    ...names(overrides, `Etiqueta ${suffix}`),
  };
  return documents(strapi, CONTENT_TYPES.productLabel).create({ data });
}

type CategoryData = PerLanguage<"name"> & PerLanguage<"slug"> & { position?: number };

/** A category of complementary products, with slugs made from its names. */
export function createCategory(strapi: Core.Strapi, overrides: Partial<CategoryData> = {}): Promise<Entry> {
  const data: CategoryData = { ...overrides, ...namesAndSlugs(overrides, `Categoría ${uniqueSuffix()}`) };
  return documents(strapi, CONTENT_TYPES.category).create({ data });
}

type BoxItemData = Partial<PerLanguage<"name">> & { name_es: string; quantity: string };

type BoxContentData = Partial<PerLanguage<"note">> & {
  /** The box product's documentId. */
  box: string;
  /** The Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  items: BoxItemData[];
};

/** What is in a box one week (by default this week, with one line). */
export function createBoxContent(
  strapi: Core.Strapi,
  overrides: Partial<BoxContentData> & Pick<BoxContentData, "box">,
): Promise<Entry> {
  const data: BoxContentData = {
    weekStart: weekStart(new Date()),
    items: [{ name_es: "Naranjas", quantity: "1 kg" }],
    ...overrides,
  };
  return documents(strapi, CONTENT_TYPES.boxContent).create({ data });
}

/** Monday of the week of `now` (UTC), YYYY-MM-DD. */
export function weekStart(now: Date): string {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day)).toISOString().slice(0, 10);
}
