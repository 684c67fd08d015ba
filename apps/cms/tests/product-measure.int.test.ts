import type { UID } from "@strapi/strapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductList, type PublicProduct } from "@shop/contracts";
import { createProduct } from "../src/factories/catalogue";
import { UPSELLS } from "../src/seed/data";
import { fillDemoMeasures } from "../src/seed/measures";
import { getJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// What a product holds (500 ml, 12 units: docs/decisions/012) from the admin panel to the content API.

let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi();
});

afterAll(async () => {
  await app?.stop();
});

async function products(): Promise<PublicProduct[]> {
  const response = await getJson(`${app.api}/products?isActive=all`);
  expect(response.status).toBe(200);
  const { products: list, rejected } = parseProductList(response.body);
  expect(rejected).toEqual([]);
  return list;
}

const bySku = (list: PublicProduct[], sku: string) => list.find((product) => product.SKU === sku);

/** Staff editing a product in the admin panel go through the document service, with its validation. */
function staffUpdate(documentId: string, data: Record<string, unknown>) {
  return app.strapi.documents(CONTENT_TYPES.product as UID.ContentType).update({ documentId, data } as never);
}

describe("the measure of a product", () => {
  it("is sent for every demo complementary product, and for no produce", async () => {
    const list = await products();
    expect(bySku(list, "UPS-AOVE-500")).toMatchObject({ measureAmount: 500, measureUnit: "ml", weight: 500 });
    expect(bySku(list, "UPS-AOVE-2L")).toMatchObject({ measureAmount: 2, measureUnit: "l" });
    expect(bySku(list, "UPS-HUEVOS-12")).toMatchObject({ measureAmount: 12, measureUnit: "unit" });
    for (const upsell of UPSELLS) {
      expect(bySku(list, upsell.sku), upsell.sku).toMatchObject({
        measureAmount: upsell.measure.amount,
        measureUnit: upsell.measure.unit,
      });
    }
    const produce = list.filter((product) => product.type !== "marketplace_item");
    expect(produce.length).toBeGreaterThan(0);
    expect(produce.every((product) => product.measureAmount === null && product.measureUnit === null)).toBe(true);
  });

  it("is what staff set in the admin panel, and nothing while it is half filled", async () => {
    const product = await createProduct(app.strapi, { type: "marketplace_item", SKU: "TEST-MEASURE-HONEY" });
    await staffUpdate(product.documentId, { measureAmount: 0.75, measureUnit: "l" });
    expect(bySku(await products(), "TEST-MEASURE-HONEY")).toMatchObject({ measureAmount: 0.75, measureUnit: "l" });

    await staffUpdate(product.documentId, { measureAmount: null, measureUnit: "l" });
    expect(bySku(await products(), "TEST-MEASURE-HONEY")).toMatchObject({ measureAmount: null, measureUnit: null });
  });

  it("refuses a unit the shop does not know", async () => {
    const product = await createProduct(app.strapi, { type: "marketplace_item", SKU: "TEST-MEASURE-OZ" });
    await expect(staffUpdate(product.documentId, { measureAmount: 16, measureUnit: "oz" })).rejects.toThrow();
    await expect(staffUpdate(product.documentId, { measureAmount: -1, measureUnit: "g" })).rejects.toThrow();
  });

  it("of demo products is filled once on start when missing, and never overwrites what staff set", async () => {
    const list = await products();
    const eggs = bySku(list, "UPS-HUEVOS-6");
    const oil = bySku(list, "UPS-AOVE-500");
    if (!eggs || !oil) throw new Error("the demo seed has no eggs or no oil");
    // A database seeded before products had a measure: nothing set. And staff correcting another one.
    await staffUpdate(eggs.documentId, { measureAmount: null, measureUnit: null });
    await staffUpdate(oil.documentId, { measureAmount: 0.5, measureUnit: "l" });

    expect(await fillDemoMeasures(app.strapi)).toBe(1);
    expect(await fillDemoMeasures(app.strapi)).toBe(0);
    const after = await products();
    expect(bySku(after, "UPS-HUEVOS-6")).toMatchObject({ measureAmount: 6, measureUnit: "unit" });
    expect(bySku(after, "UPS-AOVE-500")).toMatchObject({ measureAmount: 0.5, measureUnit: "l" });
  });
});
