import { parseProductList, type PublicProduct } from "@shop/contracts";
import { LOCALES, type Locale } from "@shop/routing";
import { expect } from "vitest";

/** A product with a name and a slug in every language, as the demo catalogue's products have. */
export type TranslatedProduct = PublicProduct & Record<`${"name" | "slug"}_${Locale}`, string>;

const isTranslated = (product: PublicProduct): product is TranslatedProduct =>
  LOCALES.every((locale) => product[`name_${locale}`] && product[`slug_${locale}`]);

/**
 * The CMS's real product list, read through the contract the storefront reads it with: every product
 * must pass it (or the shop would silently hide it), and the translated ones are returned.
 */
export async function fetchTranslatedProducts(cmsUrl: string): Promise<TranslatedProduct[]> {
  const response = await fetch(`${cmsUrl}/api/products?isActive=all`);
  expect(response.status).toBe(200);
  const { products, rejected } = parseProductList(await response.json());
  expect(rejected).toEqual([]);
  return products.filter(isTranslated);
}

/** A box a consumer can buy (active, not seasonal, sold to B2C) from the demo catalogue. */
export function consumerBox(products: readonly TranslatedProduct[]): TranslatedProduct {
  const found = products.find(
    (product) =>
      product.type === "box" &&
      product.isActive &&
      !product.seasonal &&
      product.market_types.some((market) => market.name === "B2C"),
  );
  if (!found) throw new Error("The demo catalogue has no active B2C box");
  return found;
}
