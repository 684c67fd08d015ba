import type { Locale } from "./locale";
import type { Measure } from "./measure";
import type { Cents } from "./money";
import type { TaxRate } from "./tax";

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
  /** Grams: what the product weighs in the delivery; the content of produce, approximately. */
  readonly weight: number | null;
  /** What one product holds when it is sold in a fixed quantity (500 ml, 12 units); null for produce. */
  readonly measure: Measure | null;
  readonly boxType: string | null;
  readonly itemType: ItemType | null;
  readonly isImperfectusProduct: boolean;
  readonly sku: string | null;
  readonly frequency: string;
  /** Upsells only: last segment of category_<locale> ("Despensa/Aceites" -> "Aceites"). */
  readonly category: string | null;
  /** Boxes sold for a season (the "seasonal boxes" page) rather than all year round. */
  readonly isSeasonal: boolean;
  /** When and where it is sold (sale-season.ts): "MM-DD" days, null for no bound; zone ids, empty for every zone. */
  readonly saleFrom: string | null;
  readonly saleUntil: string | null;
  readonly saleZoneIds: readonly number[];
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
