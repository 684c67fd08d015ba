import { addTax, type Product } from "@shop/domain";
import { describe, expect, it } from "vitest";
import { boxOffer, extrasOffer } from "./offer.server";

let nextId = 1;

/** A product as the catalogue maps it; what a test does not name is an active B2C box. */
function product(overrides: Partial<Product>): Product {
  const price = overrides.price ?? 1000;
  const taxRate = overrides.taxRate ?? 0.04;
  return {
    id: nextId++,
    documentId: null,
    locale: "es",
    type: "box",
    name: "Caja",
    description: "",
    content: "",
    seoTitle: "",
    seoDescription: "",
    slug: null,
    slugs: { es: null, ca: null, pt: null },
    gallery: [],
    imagePath: [],
    image: [],
    position: 1,
    marketTypes: ["B2C", "B2B"],
    labels: [],
    isActive: true,
    hideFromWeb: false,
    price,
    taxRate,
    priceWithTax: addTax(price, taxRate),
    priceWithDiscount: addTax(price, taxRate),
    weight: 4000,
    measure: null,
    boxType: "S",
    itemType: "mixed",
    isImperfectusProduct: true,
    sku: null,
    frequency: "once",
    category: null,
    isSeasonal: false,
    saleFrom: null,
    saleUntil: null,
    saleZoneIds: [],
    ...overrides,
  };
}

describe("the boxes offered", () => {
  const catalogue = [
    product({ name: "Caja mixta XL", boxType: "XL", price: 3000 }),
    product({ name: "Caja mixta S", boxType: "S", price: 1500 }),
    product({ name: "Caja mixta M", boxType: "IM", price: 2000 }),
    product({ name: "Otra mixta S", boxType: "S" }),
    product({ name: "Caja de fruta S", itemType: "fruits", boxType: "S" }),
    product({ name: "Caja de naranjas", itemType: "fruits", boxType: "XL", isSeasonal: true }),
    product({ name: "Caja de verdura S", itemType: "vegetables", boxType: "S", isActive: false }),
    product({ name: "Caja de empresa", itemType: "vegetables", boxType: "XL", marketTypes: ["B2B"] }),
    product({ name: "Caja sin tamaño", itemType: "vegetables", boxType: "regular" }),
  ];

  it("are the year-round boxes by type, smallest first, one per size", () => {
    const { kinds } = boxOffer(catalogue, "consumer");
    expect(kinds.map(({ kind, choices }) => [kind, choices.map((choice) => choice.name)])).toEqual([
      ["mixed", ["Caja mixta S", "Caja mixta M", "Caja mixta XL"]],
      ["fruits", ["Caja de fruta S"]],
    ]);
  });

  it("are priced for the audience: with VAT for consumers, net for companies", () => {
    const smallest = (audience: "consumer" | "business") => boxOffer(catalogue, audience).kinds[0]?.choices[0]?.price;
    expect(smallest("consumer")).toEqual({ cents: 1560, taxIncluded: true, taxRate: 0.04 });
    expect(smallest("business")).toEqual({ cents: 1500, taxIncluded: false, taxRate: 0.04 });
    const business = boxOffer(catalogue, "business").kinds.map((offer) => offer.kind);
    expect(business).toEqual(["mixed", "fruits", "vegetables"]);
  });

  it("offer the active foods of produce to leave out, each name once", () => {
    const foods = boxOffer(
      [
        product({ type: "item", name: "Naranjas", itemType: "fruit" }),
        product({ type: "item", name: "Naranjas", itemType: "fruit" }),
        product({ type: "item", name: "Cerezas", itemType: "stone_fruits" }),
        product({ type: "item", name: "Fresas", itemType: "fruit", isActive: false }),
        product({ type: "item", name: "Patatas", itemType: "vegetable" }),
        product({ type: "item", name: "Patatas (saco de 10 kg)", itemType: "vegetable", marketTypes: ["B2B"] }),
        product({ type: "marketplace_item", name: "Aceite", itemType: null }),
      ],
      "consumer",
    ).foods;
    expect(foods.fruit.map((food) => food.name)).toEqual(["Naranjas", "Cerezas"]);
    expect(foods.vegetable.map((food) => food.name)).toEqual(["Patatas"]);
  });
});

describe("the seasonal boxes offered", () => {
  const catalogue = [
    product({ name: "Caja mixta S", boxType: "S" }),
    product({
      id: 20,
      name: "Caja de naranjas",
      itemType: "fruits",
      boxType: "XL",
      isSeasonal: true,
      saleFrom: "10-15",
      saleUntil: "05-31",
    }),
    product({
      id: 21,
      name: "Caja calçotada",
      itemType: "vegetables",
      boxType: "IM",
      isSeasonal: true,
      saleFrom: "11-15",
      saleUntil: "04-30",
      saleZoneIds: [1],
    }),
  ];
  const sale = { zoneId: 1, dates: ["2026-11-10", "2026-11-17"], purchase: "once" as const, locale: "es" as const };
  const names = (offer: ReturnType<typeof boxOffer>) => offer.seasonal.map((choice) => choice.name);

  it("are those sold in the zone and in season on one of its dates, with their last day", () => {
    const offer = boxOffer(catalogue, "consumer", sale);
    expect(names(offer)).toEqual(["Caja de naranjas", "Caja calçotada"]);
    expect(offer.seasonal[1]?.until).toBe("30 de abril");
    expect(offer.seasonalIds).toEqual([20, 21]);
    expect(names(boxOffer(catalogue, "consumer", { ...sale, zoneId: 2 }))).toEqual(["Caja de naranjas"]);
    expect(names(boxOffer(catalogue, "consumer", { ...sale, dates: ["2026-11-10"] }))).toEqual(["Caja de naranjas"]);
    expect(names(boxOffer(catalogue, "consumer", { ...sale, dates: ["2026-07-01"] }))).toEqual([]);
  });

  it("are none for a subscription, an unknown zone, or without the draft's context", () => {
    expect(names(boxOffer(catalogue, "consumer", { ...sale, purchase: "subscription" }))).toEqual([]);
    expect(names(boxOffer(catalogue, "consumer", { ...sale, zoneId: null }))).toEqual([]);
    expect(names(boxOffer(catalogue, "consumer"))).toEqual([]);
  });
});

describe("the extras offered", () => {
  it("are fruit, vegetables, then complementary products by category, for the audience", () => {
    const groups = extrasOffer(
      [
        product({ type: "item", name: "Patatas", itemType: "vegetable" }),
        product({ type: "item", name: "Kiwis", itemType: "fruit" }),
        product({
          type: "marketplace_item",
          name: "Aceite",
          itemType: null,
          category: "Aceites",
          measure: { amount: 500, unit: "ml" },
        }),
        product({ type: "marketplace_item", name: "Huevos", itemType: null, category: "Huevos" }),
        product({
          type: "marketplace_item",
          name: "Vinagre",
          itemType: null,
          category: "Aceites",
          marketTypes: ["B2B"],
        }),
        product({ type: "box", name: "Caja" }),
      ],
      "consumer",
    );
    expect(groups.map((group) => [group.group, group.category, group.choices.map((choice) => choice.name)])).toEqual([
      ["fruit", null, ["Kiwis"]],
      ["vegetable", null, ["Patatas"]],
      ["pantry", "Aceites", ["Aceite"]],
      ["pantry", "Huevos", ["Huevos"]],
    ]);
    expect(groups[2]?.choices[0]?.quantity).toEqual({ kind: "measure", measure: { amount: 500, unit: "ml" } });
  });
});
