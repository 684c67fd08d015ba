import { describe, expect, it } from "vitest";
import type { Locale } from "./locale";
import {
  DEFAULT_POSITION,
  DEFAULT_UPSELL_FREQUENCY,
  mapProduct,
  mapProducts,
  ProductMappingError,
  upsellCategory,
} from "./product";
import { rawProduct } from "./fixtures";

function rejection(raw: unknown, locale: Locale = "es"): ProductMappingError {
  try {
    mapProduct(raw, locale);
  } catch (error) {
    if (error instanceof ProductMappingError) return error;
    throw error;
  }
  throw new Error("expected mapProduct to reject");
}

describe("mapProduct", () => {
  it("maps the content API fields in the requested language", () => {
    const product = mapProduct(rawProduct(), "ca");
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
    expect(product.imagePath).toEqual([
      { url: "/uploads/main.jpg", alt: "Caja", width: 800, height: 600 },
      { url: "/uploads/2.jpg", alt: null, width: null, height: null },
    ]);
  });

  it("falls back to Spanish for empty or missing translations", () => {
    const product = mapProduct(rawProduct({ name_pt: "  ", description_pt: "" }), "pt");
    expect(product.name).toBe("Caja mediana");
    expect(product.description).toBe("Fruta y verdura de temporada");
    expect(product.content).toBe("<p>Contenido</p>");
    // No translated SEO title anywhere but Spanish: the Spanish one, not the name.
    expect(product.seoTitle).toBe("Caja mediana de fruta imperfecta");
  });

  it("uses another translation only when Spanish is empty too, and the name as SEO title last", () => {
    const product = mapProduct(rawProduct({ name_es: "", name_pt: null, seotitle_es: null }), "pt");
    expect(product.name).toBe("Caixa mitjana");
    expect(product.seoTitle).toBe("Caixa mitjana");
  });

  it("keeps every language's slug, filling gaps from Spanish", () => {
    const product = mapProduct(rawProduct({ slug_pt: "" }), "pt");
    expect(product.slugs).toEqual({ es: "caja-mediana", ca: "caixa-mitjana", pt: "caja-mediana" });
    expect(product.slug).toBe("caja-mediana");
    expect(mapProduct(rawProduct({ slug_es: null, slug_ca: null, slug_pt: null }), "es").slug).toBeNull();
  });

  it("stores the decimal euro price as cents and derives the taxed prices", () => {
    const product = mapProduct(rawProduct({ price: "24.50", tax_id: { amount_value: "0.21" } }), "es");
    expect(product.price).toBe(2450);
    expect(product.taxRate).toBe(0.21);
    expect(product.priceWithTax).toBe(2965); // 29.645 -> 29.65
    expect(product.priceWithDiscount).toBe(product.priceWithTax);
  });

  it("charges no tax when the rate is missing or zero", () => {
    for (const tax_id of [null, undefined, { amount_value: 0 }, { amount_value: null }]) {
      const product = mapProduct(rawProduct({ price: 9.99, tax_id }), "es");
      expect(product.priceWithTax).toBe(999);
      expect(product.taxRate).toBe(0);
    }
  });

  it("defaults position, frequency, flags and unknown enumerations", () => {
    const product = mapProduct(
      rawProduct({
        position: null,
        frequency: undefined,
        isActive: undefined,
        hide_from_web: undefined,
        itemType: "exotic",
        weight: "about six",
        market_types: [{ name: "b2b" }, { name: "B2X" }, "B2B", null] as never,
      }),
      "es",
    );
    expect(product.position).toBe(DEFAULT_POSITION);
    expect(product.frequency).toBe(DEFAULT_UPSELL_FREQUENCY);
    expect(product.isActive).toBe(false);
    expect(product.hideFromWeb).toBe(false);
    expect(product.itemType).toBeNull();
    expect(product.weight).toBeNull();
    expect(product.marketTypes).toEqual(["B2B"]);
    expect(mapProduct(rawProduct({ position: 0 }), "es").position).toBe(0);
  });

  it("gives upsells a category from the last path segment of the page's language", () => {
    const upsell = rawProduct({
      type: "marketplace_item",
      category_es: "Despensa/Aceites",
      category_ca: "Rebost / Olis ",
      frequency: "weekly",
    });
    expect(mapProduct(upsell, "ca").category).toBe("Olis");
    expect(mapProduct(upsell, "pt").category).toBe("Aceites");
    expect(mapProduct(upsell, "es").frequency).toBe("weekly");
    // Only upsells have categories.
    expect(mapProduct(rawProduct({ category_es: "Despensa/Aceites" }), "es").category).toBeNull();
  });

  it("drops images without a safe URL and accepts a single media object", () => {
    const product = mapProduct(
      rawProduct({
        imagePath: [{ url: "javascript:alert(1)" }, { alternativeText: "no url" }, 42, "  "],
        image: { url: "https://cdn.example.com/one.jpg", alternativeText: "Una" },
        gallery: { data: [{ id: 3, attributes: { url: "/uploads/g.jpg" } }] },
      }),
      "es",
    );
    expect(product.imagePath).toEqual([]);
    expect(product.image.map((image) => image.url)).toEqual(["https://cdn.example.com/one.jpg"]);
    expect(product.gallery.map((image) => image.url)).toEqual(["/uploads/g.jpg"]);
  });

  it("reads a Strapi 4 style `{ id, attributes }` entry", () => {
    const { id: _id, ...attributes } = rawProduct();
    expect(mapProduct({ id: 11, attributes }, "es")).toMatchObject({ id: 11, name: "Caja mediana", price: 2450 });
  });

  it("accepts a numeric text id and a language it does not know as Spanish", () => {
    const product = mapProduct(rawProduct({ id: "12" }), "fr" as Locale);
    expect(product.id).toBe(12);
    expect(product.locale).toBe("es");
    expect(product.name).toBe("Caja mediana");
  });

  it.each([
    ["missing id", rawProduct({ id: undefined }), "invalid_id", /id is missing/],
    ["fractional id", rawProduct({ id: 1.5 }), "invalid_id", /positive integer/],
    ["unknown type", rawProduct({ type: "bundle" }), "invalid_type", /unknown type "bundle"/],
    ["missing type", rawProduct({ type: undefined }), "invalid_type", /unknown type/],
    ["text price", rawProduct({ price: "gratis" }), "invalid_price", /"gratis"/],
    ["missing price", rawProduct({ price: null }), "invalid_price", /null/],
    ["negative price", rawProduct({ price: -1 }), "invalid_price", /non-negative/],
    ["percentage rate", rawProduct({ tax_id: { amount_value: 21 } }), "invalid_tax_rate", /21/],
    ["unpopulated tax", rawProduct({ tax_id: 3 as never }), "invalid_tax_rate", /not populated/],
    ["no name", rawProduct({ name_es: "", name_ca: null, name_pt: " " }), "missing_name", /no name/],
  ])("rejects a product with %s with a typed error", (_label, raw, code, message) => {
    const error = rejection(raw);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it("names the product in the error once the id is known", () => {
    expect(rejection(rawProduct({ id: 9, price: "x" })).productId).toBe(9);
    expect(rejection(rawProduct({ id: "abc" })).productId).toBe("abc");
  });

  it.each([null, undefined, 5, "product", [rawProduct()]])("rejects %j as not an object", (raw) => {
    expect(rejection(raw).code).toBe("not_an_object");
  });

  it("describes unprintable values without throwing", () => {
    expect(rejection(rawProduct({ id: 10n as never })).message).toMatch(/10/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(rejection(rawProduct({ type: cyclic as never })).code).toBe("invalid_type");
  });
});

describe("mapProducts", () => {
  it("keeps good products and reports bad ones with their index and id", () => {
    const { products, rejected } = mapProducts(
      [
        rawProduct({ id: 1 }),
        rawProduct({ id: 2, price: "n/a" }),
        "junk",
        rawProduct({ id: 1 }),
        rawProduct({ id: 3 }),
      ],
      "es",
    );
    expect(products.map((product) => product.id)).toEqual([1, 3]);
    expect(rejected.map(({ index, productId, code }) => ({ index, productId, code }))).toEqual([
      { index: 1, productId: 2, code: "invalid_price" },
      { index: 2, productId: null, code: "not_an_object" },
      { index: 3, productId: 1, code: "duplicate_id" },
    ]);
  });

  it("unwraps Strapi's `{ data }` envelope and treats anything else as no products", () => {
    expect(mapProducts({ data: [rawProduct()], meta: {} }, "es").products).toHaveLength(1);
    for (const broken of [null, undefined, { error: { status: 500 } }, "oops"]) {
      expect(mapProducts(broken, "es")).toEqual({ products: [], rejected: [] });
    }
  });
});

describe("upsellCategory", () => {
  it.each([
    ["Despensa/Aceites", "Aceites"],
    ["Despensa / Conservas / Mermeladas ", "Mermeladas"],
    [" Zumos ", "Zumos"],
    ["Despensa/", "Despensa"],
    ["", null],
    [" / ", null],
    [null, null],
  ])("%j -> %j", (path, expected) => {
    expect(upsellCategory(path)).toBe(expected);
  });
});

describe("seasonal boxes", () => {
  it("marks only products the CMS flags as seasonal", () => {
    expect(mapProduct(rawProduct({ seasonal: true }), "es").isSeasonal).toBe(true);
    expect(mapProduct(rawProduct({ seasonal: false }), "es").isSeasonal).toBe(false);
    expect(mapProduct(rawProduct({}), "es").isSeasonal).toBe(false);
  });
});
