import type { Core } from "@strapi/strapi";
import { UPSELLS } from "./data";
import { CONTENT_TYPES } from "../content-types";

/**
 * The measures of the demo's complementary products (500 ml, 12 units; docs/decisions/012), written
 * after the seed on every start of a demo shop. The seed inserts the catalogue once, so a demo database
 * seeded before products had a measure would otherwise never get one. Only products with a demo SKU
 * and no unit yet are written: a measure staff have set is never overwritten, and running it again
 * (or in two instances at once) changes nothing. Answers how many products it filled.
 */
export async function fillDemoMeasures(strapi: Core.Strapi): Promise<number> {
  const products = strapi.db.query(CONTENT_TYPES.product);
  let filled = 0;
  for (const upsell of UPSELLS) {
    const { count } = await products.updateMany({
      where: { SKU: upsell.sku, measureUnit: { $null: true } },
      data: { measureAmount: upsell.measure.amount, measureUnit: upsell.measure.unit },
    });
    filled += count;
  }
  return filled;
}
