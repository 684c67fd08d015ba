import { LOCALES, toLocale, type Locale } from "./locale";
import { eurosToCents, InvalidMoneyError, type Cents } from "./money";
import {
  bool,
  describe,
  entity,
  entries,
  finiteNumber,
  isRecord,
  list,
  localizedText,
  safeUrl,
  text,
  type RawRecord,
} from "./raw";
import { addTax, InvalidTaxRateError, parseTaxRate, type TaxRate } from "./tax";

export const PRODUCT_TYPES = { box: "box", item: "item", upsell: "marketplace_item" } as const;
export type ProductType = (typeof PRODUCT_TYPES)[keyof typeof PRODUCT_TYPES];

export const ITEM_TYPES = {
  fruit: "fruit",
  vegetable: "vegetable",
  fruitAndVegetable: "fruitAndVegetable",
  mixed: "mixed",
  fruits: "fruits",
  vegetables: "vegetables",
  stoneFruits: "stone_fruits",
} as const;
export type ItemType = (typeof ITEM_TYPES)[keyof typeof ITEM_TYPES];

export const SIZE_CODES = ["S", "IM", "XL"] as const;
export type SizeCode = (typeof SIZE_CODES)[number];

/** Product names the shop treats specially (seasonal oranges and calçots). */
export const SPECIAL_PRODUCT_NAMES = { orange: "Orange", calsot: "Calsot" } as const;

export const MARKET_TYPES = ["B2B", "B2C"] as const;
export type MarketType = (typeof MARKET_TYPES)[number];

export const DEFAULT_UPSELL_FREQUENCY = "once";
export const DEFAULT_POSITION = 999;

export interface ProductImage {
  readonly url: string;
  readonly alt: string | null;
  readonly width: number | null;
  readonly height: number | null;
}

export interface ProductLabel {
  readonly id: number | null;
  readonly name: string;
}

/** A product as the storefront shows it in one language. Plain data: safe to serialise in loaders. */
export interface Product {
  readonly id: number;
  /** Strapi 5 addresses entries by documentId in REST paths. */
  readonly documentId: string | null;
  readonly locale: Locale;
  readonly type: ProductType;
  readonly name: string;
  readonly description: string;
  readonly content: string;
  readonly seoTitle: string;
  readonly seoDescription: string;
  /** Slug of `locale`, null when the product has no slug in any language. */
  readonly slug: string | null;
  /** Every language's slug (after fallback), to redirect a foreign slug to the page language's. */
  readonly slugs: Readonly<Record<Locale, string | null>>;
  readonly gallery: readonly ProductImage[];
  /** First entry is the main image. */
  readonly imagePath: readonly ProductImage[];
  /** First entry is the featured image. */
  readonly image: readonly ProductImage[];
  readonly position: number;
  readonly marketTypes: readonly MarketType[];
  readonly labels: readonly ProductLabel[];
  readonly isActive: boolean;
  readonly hideFromWeb: boolean;
  /** Net price. */
  readonly price: Cents;
  readonly taxRate: TaxRate;
  readonly priceWithTax: Cents;
  /** No discounts exist yet; kept apart so that adding one changes a single place. */
  readonly priceWithDiscount: Cents;
  readonly weight: number | null;
  readonly boxType: string | null;
  readonly itemType: ItemType | null;
  readonly isImperfectusProduct: boolean;
  readonly sku: string | null;
  readonly frequency: string;
  /** Upsells only: last segment of category_<locale> ("Despensa/Aceites" -> "Aceites"). */
  readonly category: string | null;
  /** Boxes sold for a season (the "seasonal boxes" page) rather than all year round. */
  readonly isSeasonal: boolean;
}

/** The content API's product, as far as we rely on it. Everything is optional: it is checked at run time. */
export interface RawProduct {
  id?: number | string;
  documentId?: string;
  type?: string;
  name_es?: string | null;
  name_ca?: string | null;
  name_pt?: string | null;
  description_es?: string | null;
  description_ca?: string | null;
  description_pt?: string | null;
  content_es?: string | null;
  content_ca?: string | null;
  content_pt?: string | null;
  slug_es?: string | null;
  slug_ca?: string | null;
  slug_pt?: string | null;
  seotitle_es?: string | null;
  seotitle_ca?: string | null;
  seotitle_pt?: string | null;
  seodescription_es?: string | null;
  seodescription_ca?: string | null;
  seodescription_pt?: string | null;
  category_es?: string | null;
  category_ca?: string | null;
  category_pt?: string | null;
  gallery?: unknown;
  position?: number | string | null;
  market_types?: readonly ({ name?: string } | string)[] | null;
  product_labels?: unknown;
  imagePath?: unknown;
  image?: unknown;
  isActive?: boolean | null;
  hide_from_web?: boolean | null;
  price?: number | string | null;
  weight?: number | string | null;
  boxType?: string | null;
  itemType?: string | null;
  isImperfectusProduct?: boolean | null;
  SKU?: string | null;
  tax_id?: { amount_value?: number | string | null } | null;
  frequency?: string | null;
  seasonal?: boolean | null;
}

export type ProductErrorCode =
  | "not_an_object"
  | "invalid_id"
  | "duplicate_id"
  | "invalid_type"
  | "invalid_price"
  | "invalid_tax_rate"
  | "missing_name";

export class ProductMappingError extends Error {
  constructor(
    readonly code: ProductErrorCode,
    readonly productId: number | string | null,
    message: string,
  ) {
    super(`Product ${productId ?? "(no id)"}: ${message}`);
    this.name = "ProductMappingError";
  }
}

export interface ProductRejection {
  /** Position in the raw list, to find the entry when it has no usable id. */
  readonly index: number;
  readonly productId: number | string | null;
  readonly code: ProductErrorCode;
  readonly message: string;
}

const PRODUCT_TYPE_VALUES: readonly string[] = Object.values(PRODUCT_TYPES);
const ITEM_TYPE_VALUES: readonly string[] = Object.values(ITEM_TYPES);

/**
 * Translated text: the page's language, then Spanish, then any other translation, so that
 * a product never shows a blank name while some language has one.
 */
const localized = localizedText;

function readId(raw: RawRecord): number {
  const value = raw.id;
  const id = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) {
    const shown = typeof value === "number" || typeof value === "string" ? value : null;
    const problem =
      value === undefined || value === null ? "id is missing" : `id must be a positive integer, got ${describe(value)}`;
    throw new ProductMappingError("invalid_id", shown, problem);
  }
  return id;
}

function readType(raw: RawRecord, id: number): ProductType {
  const value = raw.type;
  if (typeof value === "string" && PRODUCT_TYPE_VALUES.includes(value)) return value as ProductType;
  throw new ProductMappingError("invalid_type", id, `unknown type ${describe(value)}`);
}

function readPrice(raw: RawRecord, id: number): Cents {
  const value = raw.price;
  try {
    if (typeof value !== "number" && typeof value !== "string") throw new InvalidMoneyError("missing");
    const cents = eurosToCents(value);
    if (cents < 0) throw new InvalidMoneyError("negative");
    return cents;
  } catch (error) {
    if (!(error instanceof InvalidMoneyError)) throw error;
    throw new ProductMappingError(
      "invalid_price",
      id,
      `price must be a non-negative amount of euros, got ${describe(value)}`,
    );
  }
}

function readTaxRate(raw: RawRecord, id: number): TaxRate {
  const tax = raw.tax_id;
  if (tax === null || tax === undefined) return 0;
  // A bare id means the relation was not populated: the rate is unknown, not zero.
  if (!isRecord(tax)) {
    throw new ProductMappingError("invalid_tax_rate", id, `tax_id is not populated (got ${describe(tax)})`);
  }
  try {
    return parseTaxRate(tax.amount_value);
  } catch (error) {
    if (!(error instanceof InvalidTaxRateError)) throw error;
    throw new ProductMappingError("invalid_tax_rate", id, error.message);
  }
}

function readImages(value: unknown): ProductImage[] {
  const images: ProductImage[] = [];
  for (const entry of list(value)) {
    const url = safeUrl(isRecord(entry) ? entry.url : entry);
    if (url === null) continue;
    const record = isRecord(entry) ? entry : {};
    images.push({
      url,
      alt: text(record.alternativeText) ?? text(record.alt),
      width: finiteNumber(record.width),
      height: finiteNumber(record.height),
    });
  }
  return images;
}

function readMarketTypes(value: unknown): MarketType[] {
  const found = new Set<MarketType>();
  for (const entry of list(value)) {
    const name = text(isRecord(entry) ? entry.name : entry)?.toUpperCase();
    if (name === "B2B" || name === "B2C") found.add(name);
  }
  return MARKET_TYPES.filter((type) => found.has(type));
}

function readLabels(value: unknown, locale: Locale): ProductLabel[] {
  const labels: ProductLabel[] = [];
  for (const entry of list(value)) {
    const name = isRecord(entry) ? (localized(entry, "name", locale) ?? text(entry.name)) : text(entry);
    if (name === null) continue;
    const id = isRecord(entry) ? finiteNumber(entry.id) : null;
    labels.push({ id: id !== null && Number.isSafeInteger(id) ? id : null, name });
  }
  return labels;
}

/** "Despensa/Aceites" -> "Aceites"; trailing or doubled slashes are ignored; nothing -> null. */
export function upsellCategory(path: string | null | undefined): string | null {
  if (typeof path !== "string") return null;
  const segments = path
    .split("/")
    .map((segment) => segment.trim())
    .filter((segment) => segment !== "");
  return segments.at(-1) ?? null;
}

/**
 * Maps one product of the content API to the storefront's Product in `locale`.
 * Throws ProductMappingError (never a TypeError) when the entry cannot be sold correctly:
 * no valid id, unknown type, price or tax rate unreadable, no name in any language.
 */
export function mapProduct(raw: unknown, locale: Locale): Product {
  const source = entity(raw);
  if (!isRecord(source)) {
    throw new ProductMappingError("not_an_object", null, `expected an object, got ${describe(raw)}`);
  }
  // Callers in plain JS may pass any string; an unknown language gets Spanish texts.
  const lang = toLocale(locale);
  const id = readId(source);
  const type = readType(source, id);
  const price = readPrice(source, id);
  const taxRate = readTaxRate(source, id);
  const name = localized(source, "name", lang);
  if (name === null) throw new ProductMappingError("missing_name", id, "no name in any language");

  const slugs = Object.fromEntries(LOCALES.map((each) => [each, localized(source, "slug", each)])) as Record<
    Locale,
    string | null
  >;
  const position = finiteNumber(source.position);
  const itemType = text(source.itemType);
  const priceWithTax = addTax(price, taxRate);

  return {
    id,
    documentId: text(source.documentId),
    locale: lang,
    type,
    name,
    description: localized(source, "description", lang) ?? "",
    content: localized(source, "content", lang) ?? "",
    seoTitle: localized(source, "seotitle", lang) ?? name,
    seoDescription: localized(source, "seodescription", lang) ?? "",
    slug: slugs[lang],
    slugs,
    gallery: readImages(source.gallery),
    imagePath: readImages(source.imagePath),
    image: readImages(source.image),
    position: position ?? DEFAULT_POSITION,
    marketTypes: readMarketTypes(source.market_types),
    labels: readLabels(source.product_labels, lang),
    isActive: bool(source.isActive),
    hideFromWeb: bool(source.hide_from_web),
    price,
    taxRate,
    priceWithTax,
    priceWithDiscount: priceWithTax,
    weight: finiteNumber(source.weight),
    boxType: text(source.boxType),
    itemType: itemType !== null && ITEM_TYPE_VALUES.includes(itemType) ? (itemType as ItemType) : null,
    isImperfectusProduct: bool(source.isImperfectusProduct),
    sku: text(source.SKU),
    frequency: text(source.frequency) ?? DEFAULT_UPSELL_FREQUENCY,
    category: type === PRODUCT_TYPES.upsell ? upsellCategory(localized(source, "category", lang)) : null,
    isSeasonal: bool(source.seasonal),
  };
}

export interface MappedProducts {
  readonly products: Product[];
  readonly rejected: ProductRejection[];
}

/**
 * Maps a product list (bare array or `{ data: [...] }`), keeping the good entries and reporting
 * the bad ones, so one broken product never empties the shop. Duplicate ids keep the first.
 */
export function mapProducts(raw: unknown, locale: Locale): MappedProducts {
  const products: Product[] = [];
  const rejected: ProductRejection[] = [];
  const seen = new Set<number>();
  entries(raw).forEach((entry, index) => {
    try {
      const product = mapProduct(entry, locale);
      if (seen.has(product.id)) {
        throw new ProductMappingError("duplicate_id", product.id, "an earlier entry has the same id");
      }
      seen.add(product.id);
      products.push(product);
    } catch (error) {
      if (!(error instanceof ProductMappingError)) throw error;
      rejected.push({ index, productId: error.productId, code: error.code, message: error.message });
    }
  });
  return { products, rejected };
}
