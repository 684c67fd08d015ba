import { featuredImage, isOnlyB2B, mainImage } from "./filters";
import { quantityOf, type Quantity } from "./measure";
import { audienceOf, shownPrice, type PriceAudience, type ShownPrice } from "./prices";
import type { Product, ProductImage } from "./product";
import { sizeOf, type SizeLabel } from "./sizes";

/** What a product card shows. List pages send only this to the browser, not the whole product. */
export interface ProductSummary {
  readonly id: number;
  readonly name: string;
  readonly slug: string | null;
  /** The featured image, else the main image. */
  readonly picture: ProductImage | null;
  readonly isSeasonal: boolean;
  readonly onlyB2B: boolean;
  /** With VAT for consumers, without it (rate stated) for businesses: see shownPrice. */
  readonly price: ShownPrice;
  /** A box's size as customers read it; worked out here so that the browser needs no rule for it. */
  readonly size: SizeLabel | null;
  readonly quantity: Quantity | null;
}

function summarize(product: Product, audience: PriceAudience): ProductSummary {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    picture: featuredImage(product) ?? mainImage(product),
    isSeasonal: product.isSeasonal,
    onlyB2B: isOnlyB2B(product),
    price: shownPrice(product, audience),
    size: sizeOf(product.boxType),
    quantity: quantityOf(product),
  };
}

/** A card on a consumer page: priced for consumers, unless only companies can buy the product. */
export const summarizeProduct = (product: Product): ProductSummary => summarize(product, audienceOf(product));

/** A card on the companies page: every price without VAT, its rate stated. */
export const summarizeForCompanies = (product: Product): ProductSummary => summarize(product, "business");
