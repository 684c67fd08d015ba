import { describe, expect, it } from "vitest";
import { picture, product } from "./fixtures";
import { summarizeForCompanies, summarizeProduct } from "./summary";

describe("summarizeProduct", () => {
  it("keeps what a card shows: featured picture first, price, only-companies flag", () => {
    const summary = summarizeProduct(
      product({
        id: 9,
        name: "Caja grande",
        imagePath: [picture("/a.jpg")],
        image: [picture("/c.jpg")],
        marketTypes: ["B2B"],
      }),
    );
    expect(summary).toMatchObject({ id: 9, name: "Caja grande", slug: "caja-mediana", onlyB2B: true });
    expect(summary.picture?.url).toBe("/c.jpg");
    // Only companies can buy it: priced for them, without VAT.
    expect(summary.price).toEqual({ cents: 2450, taxIncluded: false, taxRate: 0.04 });
    expect(Object.keys(summary)).not.toContain("content");
  });

  it("says how much a complementary product holds, not what it weighs in the delivery", () => {
    const oil = product({ type: "marketplace_item", weight: 500, measure: { amount: 500, unit: "ml" } });
    expect(summarizeProduct(oil).quantity).toEqual({ kind: "measure", measure: { amount: 500, unit: "ml" } });
    expect(Object.keys(summarizeProduct(oil))).not.toContain("weight");
  });

  it("gives a box's size as customers read it", () => {
    expect(summarizeProduct(product({ boxType: "IM" })).size).toEqual({ code: "IM", badge: "M", size: "medium" });
    expect(summarizeProduct(product({ type: "item", boxType: null })).size).toBeNull();
  });

  it("falls back to the main image, and to none", () => {
    expect(summarizeProduct(product({ imagePath: [picture("/a.jpg")], image: [] })).picture?.url).toBe("/a.jpg");
    expect(summarizeProduct(product({ imagePath: [], image: [] })).picture).toBeNull();
    expect(summarizeProduct(product({ marketTypes: ["B2B", "B2C"] })).onlyB2B).toBe(false);
  });

  it("prices for consumers what consumers can buy", () => {
    expect(summarizeProduct(product({ marketTypes: ["B2B", "B2C"] })).price).toEqual({
      cents: 2548,
      taxIncluded: true,
      taxRate: 0.04,
    });
  });
});

describe("summarizeForCompanies", () => {
  it("prices every product without VAT, its rate stated", () => {
    expect(summarizeForCompanies(product({ marketTypes: ["B2B", "B2C"] })).price).toEqual({
      cents: 2450,
      taxIncluded: false,
      taxRate: 0.04,
    });
  });
});
