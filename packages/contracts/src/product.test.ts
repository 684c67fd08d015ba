import { describe, expect, it } from "vitest";
import type { Locale } from "@shop/domain";
import { parseProductList, publicProductSchema, toProduct, type PublicMedia, type PublicProduct } from "./product";

const media = (url: string, alternativeText: string | null = null): PublicMedia => ({
  id: url.length,
  url,
  alternativeText,
  width: alternativeText ? 800 : null,
  height: alternativeText ? 600 : null,
  mime: "image/jpeg",
});

/** A complete product as the CMS answers it; tests override what they exercise. */
function wireProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id: 7,
    documentId: "doc7",
    type: "box",
    name_es: "Caja mediana",
    name_ca: "Caixa mitjana",
    name_pt: "Caixa média",
    slug_es: "caja-mediana",
    slug_ca: "caixa-mitjana",
    slug_pt: "caixa-media",
    description_es: "Fruta y verdura de temporada",
    description_ca: "Fruita i verdura de temporada",
    description_pt: "",
    content_es: "<p>Contenido</p>",
    content_ca: null,
    content_pt: null,
    seotitle_es: "Caja mediana de fruta imperfecta",
    seotitle_ca: null,
    seotitle_pt: null,
    seodescription_es: "Rescata fruta",
    seodescription_ca: null,
    seodescription_pt: null,
    category_es: null,
    category_ca: null,
    category_pt: null,
    image: ["https://cdn.example.com/featured.jpg"],
    imagePath: ["/uploads/main.jpg", "/uploads/2.jpg"],
    media: [media("/uploads/main.jpg", "Caja"), media("/uploads/2.jpg")],
    gallery: [],
    position: 2,
    market_types: [{ id: 2, name: "B2C" }],
    product_labels: [{ id: 1, key: "organic", name_es: "Ecológico", name_ca: "Ecològic", name_pt: null }],
    isActive: true,
    hide_from_web: false,
    price: 24.5,
    priceCents: 2450,
    tax_id: { id: 1, name: "IVA superreducido", amount_value: 0.04 },
    weight: 6,
    measureAmount: null,
    measureUnit: null,
    boxType: "regular",
    itemType: "mixed",
    seasonal: false,
    saleFrom: null,
    saleUntil: null,
    saleZoneIds: [],
    isImperfectusProduct: true,
    SKU: "BOX-M",
    frequency: "once",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

describe("toProduct", () => {
  it("maps the content API fields in the requested language", () => {
    const product = toProduct(wireProduct(), "ca");
    expect(product).toMatchObject({
      id: 7,
      documentId: "doc7",
      locale: "ca",
      type: "box",
      name: "Caixa mitjana",
      description: "Fruita i verdura de temporada",
      slug: "caixa-mitjana",
      position: 2,
      marketTypes: ["B2C"],
      labels: [{ id: 1, name: "Ecològic" }],
      isActive: true,
      hideFromWeb: false,
      weight: 6,
      boxType: "regular",
      itemType: "mixed",
      isImperfectusProduct: true,
      sku: "BOX-M",
      category: null,
    });
    // Pictures carry their text alternative and size from the media list.
    expect(product.imagePath).toEqual([
      { url: "/uploads/main.jpg", alt: "Caja", width: 800, height: 600 },
      { url: "/uploads/2.jpg", alt: null, width: null, height: null },
    ]);
  });

  it("falls back to Spanish for empty or missing translations", () => {
    const product = toProduct(wireProduct({ name_pt: "  ", description_pt: "" }), "pt");
    expect(product.name).toBe("Caja mediana");
    expect(product.description).toBe("Fruta y verdura de temporada");
    expect(product.content).toBe("<p>Contenido</p>");
    // No translated SEO title anywhere but Spanish: the Spanish one, not the name.
    expect(product.seoTitle).toBe("Caja mediana de fruta imperfecta");
  });

  it("uses another translation only when Spanish is empty too, and the name as SEO title last", () => {
    const product = toProduct(wireProduct({ name_es: "", name_pt: null, seotitle_es: null }), "pt");
    expect(product.name).toBe("Caixa mitjana");
    expect(product.seoTitle).toBe("Caixa mitjana");
  });

  it("keeps every language's slug, filling gaps from Spanish", () => {
    const product = toProduct(wireProduct({ slug_pt: "" }), "pt");
    expect(product.slugs).toEqual({ es: "caja-mediana", ca: "caixa-mitjana", pt: "caja-mediana" });
    expect(product.slug).toBe("caja-mediana");
    expect(toProduct(wireProduct({ slug_es: null, slug_ca: null, slug_pt: null }), "es").slug).toBeNull();
  });

  it("computes with the price in cents, never the float euros, and derives the taxed prices", () => {
    // A float that is not the cents on purpose: the storefront must not read it.
    const product = toProduct(
      wireProduct({ price: 99.99, priceCents: 2450, tax_id: { id: 3, name: "IVA", amount_value: 0.21 } }),
      "es",
    );
    expect(product.price).toBe(2450);
    expect(product.taxRate).toBe(0.21);
    expect(product.priceWithTax).toBe(2965); // 29.645 -> 29.65, half away from zero
    expect(product.priceWithDiscount).toBe(product.priceWithTax);
  });

  it("charges no tax when the product has no tax or a zero rate", () => {
    for (const tax_id of [null, { id: 4, name: "Exento", amount_value: 0 }]) {
      const product = toProduct(wireProduct({ priceCents: 999, tax_id }), "es");
      expect(product.priceWithTax).toBe(999);
      expect(product.taxRate).toBe(0);
    }
  });

  it("defaults the frequency and ignores unknown item and market types", () => {
    const product = toProduct(
      wireProduct({
        frequency: " ",
        itemType: "exotic",
        market_types: [
          { id: 1, name: "b2b" },
          { id: 3, name: "B2X" },
        ],
      }),
      "es",
    );
    expect(product.frequency).toBe("once");
    expect(product.itemType).toBeNull();
    expect(product.marketTypes).toEqual(["B2B"]);
  });

  it("gives upsells a category from the last path segment of the page's language", () => {
    const upsell = wireProduct({
      type: "marketplace_item",
      category_es: "Despensa/Aceites",
      category_ca: "Rebost / Olis ",
      frequency: "weekly",
    });
    expect(toProduct(upsell, "ca").category).toBe("Olis");
    expect(toProduct(upsell, "pt").category).toBe("Aceites");
    expect(toProduct(upsell, "es").frequency).toBe("weekly");
    // Only upsells have categories.
    expect(toProduct(wireProduct({ category_es: "Despensa/Aceites" }), "es").category).toBeNull();
  });

  it("drops pictures whose URL is not a site path or http(s)", () => {
    const product = toProduct(
      wireProduct({ imagePath: ["javascript:alert(1)", "  ", "/uploads/ok.jpg"], image: ["data:image/png;base64,xx"] }),
      "es",
    );
    expect(product.imagePath.map((image) => image.url)).toEqual(["/uploads/ok.jpg"]);
    expect(product.image).toEqual([]);
  });

  it("shows a language it does not know in Spanish", () => {
    const product = toProduct(wireProduct(), "fr" as Locale);
    expect(product.locale).toBe("es");
    expect(product.name).toBe("Caja mediana");
  });

  it("gives a complementary product the measure staff set, and produce none", () => {
    const oil = wireProduct({ type: "marketplace_item", weight: 500, measureAmount: 500, measureUnit: "ml" });
    expect(toProduct(oil, "pt").measure).toEqual({ amount: 500, unit: "ml" });
    expect(toProduct(wireProduct({ measureAmount: 12, measureUnit: "unit" }), "es").measure).toEqual({
      amount: 12,
      unit: "unit",
    });
    expect(toProduct(wireProduct(), "es").measure).toBeNull();
    // Half a measure is no measure: the page shows nothing rather than a guess.
    expect(toProduct(wireProduct({ measureAmount: 500, measureUnit: null }), "es").measure).toBeNull();
  });

  it("reads an answer without the measure fields (a CMS from before them) as no measure", () => {
    const { measureAmount: _amount, measureUnit: _unit, ...older } = wireProduct();
    const parsed = publicProductSchema.parse(older);
    expect(parsed.measureAmount).toBeNull();
    expect(toProduct(parsed, "es").measure).toBeNull();
  });

  it("keeps the seasonal flag", () => {
    expect(toProduct(wireProduct({ seasonal: true }), "es").isSeasonal).toBe(true);
    expect(toProduct(wireProduct(), "es").isSeasonal).toBe(false);
  });
});

describe("publicProductSchema", () => {
  it.each([
    ["a euro float as cents", { priceCents: 24.5 }, "priceCents"],
    ["negative cents", { priceCents: -1 }, "priceCents"],
    ["a percentage as tax rate", { tax_id: { id: 1, name: "IVA", amount_value: 21 } }, "tax_id.amount_value"],
    ["an unknown type", { type: "bundle" }, "type"],
    ["a fractional id", { id: 1.5 }, "id"],
    ["no name in any language", { name_es: "", name_ca: null, name_pt: " " }, "name_es"],
    ["an unknown measure unit", { measureAmount: 1, measureUnit: "oz" }, "measureUnit"],
    ["a measure of nothing", { measureAmount: 0, measureUnit: "ml" }, "measureAmount"],
  ])("refuses %s", (_label, overrides, path) => {
    const result = publicProductSchema.safeParse({ ...wireProduct(), ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });
});

describe("parseProductList", () => {
  it("keeps good products and reports bad ones with their index, id and problem", () => {
    const { products, rejected } = parseProductList({
      data: [
        wireProduct({ id: 1 }),
        { ...wireProduct({ id: 2 }), priceCents: "n/a" },
        "junk",
        wireProduct({ id: 1 }),
        wireProduct({ id: 3 }),
      ],
      meta: {},
    });
    expect(products.map((product) => product.id)).toEqual([1, 3]);
    expect(rejected.map(({ index, productId }) => ({ index, productId }))).toEqual([
      { index: 1, productId: 2 },
      { index: 2, productId: null },
      { index: 3, productId: 1 },
    ]);
    expect(rejected[0]?.problems).toMatch(/priceCents/);
    expect(rejected[2]?.problems).toMatch(/same id/);
  });

  it("throws on an answer that is not a product list", () => {
    for (const broken of [null, [wireProduct()], { error: { status: 500 } }, "oops"]) {
      expect(() => parseProductList(broken)).toThrow();
    }
  });
});
