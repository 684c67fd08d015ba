import type { Cents } from "./money";
import { PRODUCT_TYPES, type Product } from "./product";
import { isB2B, isOnlyB2B } from "./filters";
import type { TaxRate } from "./tax";

/**
 * Who a price is shown to. Consumers see prices with VAT included, as Spanish consumer law asks of any
 * price offered to them; businesses compare net prices and deduct the VAT, so they see the price
 * without it and the rate that will be added.
 */
export type PriceAudience = "consumer" | "business";

export interface ShownPrice {
  readonly cents: Cents;
  /** true: VAT included ("IVA incluido"); false: VAT is added on top, at `taxRate` ("+ IVA 10 %"). */
  readonly taxIncluded: boolean;
  readonly taxRate: TaxRate;
}

/** The price a page shows to `audience`: with VAT for consumers, without it (and its rate stated) for businesses. */
export function shownPrice(
  product: Pick<Product, "price" | "priceWithDiscount" | "taxRate">,
  audience: PriceAudience,
): ShownPrice {
  // No discounts exist yet (priceWithDiscount is the price with tax): the net price is `price`.
  return audience === "business"
    ? { cents: product.price, taxIncluded: false, taxRate: product.taxRate }
    : { cents: product.priceWithDiscount, taxIncluded: true, taxRate: product.taxRate };
}

/** Who a product's own page and card speak to: what only companies can buy is priced for companies. */
export const audienceOf = (product: Pick<Product, "marketTypes">): PriceAudience =>
  isOnlyB2B(product) ? "business" : "consumer";

/**
 * The offer of the companies page: only what companies can buy (market type B2B), active, in the
 * catalogue's order: the boxes sold all year round (seasonal boxes have their own page), then what
 * is sold only to companies (bulk formats of produce, then complementary products).
 */
export function companyOffer(products: readonly Product[]): Product[] {
  const active = products.filter((product) => product.isActive && !product.hideFromWeb && isB2B(product));
  const boxes = active.filter((product) => product.type === PRODUCT_TYPES.box && !product.isSeasonal);
  const items = active.filter((product) => product.type === PRODUCT_TYPES.item && isOnlyB2B(product));
  const upsells = active.filter((product) => product.type === PRODUCT_TYPES.upsell && isOnlyB2B(product));
  return [...boxes, ...items, ...upsells];
}
