import { describe, expect, it } from "vitest";
import { product } from "./fixtures";
import { audienceOf, companyOffer, shownPrice } from "./prices";

describe("shownPrice", () => {
  const box = product({ price: 2690, taxRate: 0.04 });

  it("shows consumers the price with VAT included", () => {
    expect(shownPrice(box, "consumer")).toEqual({ cents: 2798, taxIncluded: true, taxRate: 0.04 });
  });

  it("shows businesses the price without VAT and the rate added on top", () => {
    expect(shownPrice(box, "business")).toEqual({ cents: 2690, taxIncluded: false, taxRate: 0.04 });
    expect(shownPrice(product({ price: 480, taxRate: 0.1 }), "business")).toMatchObject({ cents: 480, taxRate: 0.1 });
    expect(shownPrice(product({ price: 999, taxRate: 0 }), "business")).toEqual({
      cents: 999,
      taxIncluded: false,
      taxRate: 0,
    });
  });
});

describe("audienceOf", () => {
  it("prices what only companies can buy for companies, everything else for consumers", () => {
    expect(audienceOf(product({ marketTypes: ["B2B"] }))).toBe("business");
    expect(audienceOf(product({ marketTypes: ["B2B", "B2C"] }))).toBe("consumer");
    expect(audienceOf(product({ marketTypes: ["B2C"] }))).toBe("consumer");
    expect(audienceOf(product({ marketTypes: [] }))).toBe("consumer");
  });
});

describe("companyOffer", () => {
  const catalogue = [
    product({ id: 1, type: "item", marketTypes: ["B2B"], position: 1 }),
    product({ id: 2, type: "box", marketTypes: ["B2C", "B2B"] }),
    product({ id: 3, type: "box", marketTypes: ["B2C"] }),
    product({ id: 4, type: "box", marketTypes: ["B2B"], isSeasonal: true }),
    product({ id: 5, type: "box", marketTypes: ["B2B"], isActive: false }),
    product({ id: 6, type: "item", marketTypes: ["B2C", "B2B"] }),
    product({ id: 7, type: "item", marketTypes: ["B2C"] }),
    product({ id: 8, type: "marketplace_item", marketTypes: ["B2B"] }),
    product({ id: 9, type: "marketplace_item", marketTypes: ["B2C"] }),
    product({ id: 10, type: "box", marketTypes: ["B2B"], hideFromWeb: true }),
    product({ id: 11, type: "box", marketTypes: ["B2B"] }),
  ];
  const ids = companyOffer(catalogue).map((each) => each.id);

  it("offers only what companies can buy, active and shown on the web", () => {
    for (const id of ids) expect(catalogue.find((each) => each.id === id)?.marketTypes).toContain("B2B");
    expect(ids).not.toContain(3);
    expect(ids).not.toContain(5);
    expect(ids).not.toContain(7);
    expect(ids).not.toContain(9);
    expect(ids).not.toContain(10);
  });

  it("lists the year-round boxes, then what only companies buy, keeping the catalogue's order", () => {
    expect(ids).toEqual([2, 11, 1, 8]);
  });
});
