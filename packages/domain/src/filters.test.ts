import { describe, expect, it } from "vitest";
import {
  activeBoxes,
  activeItems,
  activeUpsells,
  featuredImage,
  findProductBySlug,
  isB2B,
  isB2C,
  isOnlyB2B,
  isOnlyB2C,
  mainImage,
  needsProductLoad,
  slugFor,
  sortByPosition,
  visibleOnWeb,
} from "./filters";
import { picture, product } from "./fixtures";

const catalogue = [
  product({ id: 1, type: "box", isActive: true }),
  product({ id: 2, type: "box", isActive: false }),
  product({ id: 3, type: "item", isActive: true }),
  product({ id: 4, type: "item", isActive: false }),
  product({ id: 5, type: "marketplace_item", isActive: true }),
  product({ id: 6, type: "marketplace_item", isActive: false }),
  product({ id: 7, type: "item", isActive: true, hideFromWeb: true }),
];
const ids = (products: readonly { id: number }[]) => products.map((each) => each.id);

describe("catalogue filters", () => {
  it("keeps active products of each type", () => {
    expect(ids(activeBoxes(catalogue))).toEqual([1]);
    expect(ids(activeItems(catalogue))).toEqual([3, 7]);
    expect(ids(activeUpsells(catalogue))).toEqual([5]);
  });

  it("drops products hidden from the web", () => {
    expect(ids(visibleOnWeb(catalogue))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(activeItems(visibleOnWeb(catalogue)))).toEqual([3]);
  });
});

describe("market types", () => {
  it.each([
    [["B2B"] as const, { b2b: true, b2c: false, onlyB2B: true, onlyB2C: false }],
    [["B2C"] as const, { b2b: false, b2c: true, onlyB2B: false, onlyB2C: true }],
    [["B2C", "B2B"] as const, { b2b: true, b2c: true, onlyB2B: false, onlyB2C: false }],
    [[] as const, { b2b: false, b2c: false, onlyB2B: false, onlyB2C: false }],
  ])("%j", (names, expected) => {
    const subject = product({ marketTypes: names });
    expect({
      b2b: isB2B(subject),
      b2c: isB2C(subject),
      onlyB2B: isOnlyB2B(subject),
      onlyB2C: isOnlyB2C(subject),
    }).toEqual(expected);
  });
});

describe("sortByPosition", () => {
  it("orders by position, then name in the page's collation, without touching the input", () => {
    const input = [
      product({ id: 1, position: 3, name: "Zanahoria" }),
      product({ id: 2, position: 999, name: "Aguacate" }),
      product({ id: 3, position: 1, name: "ñora" }),
      product({ id: 4, position: 1, name: "Nabo" }),
      product({ id: 5, position: 1, name: "Oca" }),
    ];
    expect(ids(sortByPosition(input, "es"))).toEqual([4, 3, 5, 1, 2]);
    expect(ids(input)).toEqual([1, 2, 3, 4, 5]);
  });

  it("is stable for equal position and name", () => {
    const input = [10, 11, 12].map((id) => product({ id, position: 5, name: "Caja" }));
    expect(ids(sortByPosition(input))).toEqual([10, 11, 12]);
  });
});

describe("images", () => {
  it("takes the first imagePath as main image and the first image as featured image", () => {
    const subject = product({ imagePath: ["/a.jpg", "/b.jpg"].map(picture), image: ["/c.jpg", "/d.jpg"].map(picture) });
    expect(mainImage(subject)?.url).toBe("/a.jpg");
    expect(featuredImage(subject)?.url).toBe("/c.jpg");
    const bare = product({ imagePath: [], image: [] });
    expect(mainImage(bare)).toBeNull();
    expect(featuredImage(bare)).toBeNull();
  });
});

describe("needsProductLoad", () => {
  it("is true until both a box and an item exist, active or not", () => {
    expect(needsProductLoad([])).toBe(true);
    expect(needsProductLoad([{ type: "box" }, { type: "marketplace_item" }])).toBe(true);
    expect(needsProductLoad([{ type: "item" }])).toBe(true);
    expect(needsProductLoad([{ type: "item" }, { type: "box" }])).toBe(false);
    expect(
      needsProductLoad([product({ type: "box", isActive: false }), product({ type: "item", isActive: false })]),
    ).toBe(false);
  });
});

describe("slugs", () => {
  const tomatoes = product({ id: 20, slug: "tomates", slugs: { es: "tomates", ca: "tomaquets", pt: "tomates" } });
  const other = product({ id: 21, slug: "tomaquets", slugs: { es: "tomaquets", ca: "altre", pt: "outro" } });

  it("gives each language's slug", () => {
    expect(slugFor(tomatoes, "ca")).toBe("tomaquets");
    expect(slugFor(tomatoes, "pt")).toBe("tomates");
  });

  it("finds a product by a slug of another language and names the page language's slug", () => {
    expect(findProductBySlug([tomatoes], "tomaquets", "es")).toEqual({
      product: tomatoes,
      canonicalSlug: "tomates",
      isCanonical: false,
    });
    expect(findProductBySlug([tomatoes], "tomates", "pt")?.isCanonical).toBe(true);
    expect(findProductBySlug([tomatoes], "nada", "es")).toBeNull();
    expect(findProductBySlug([tomatoes], " ", "es")).toBeNull();
  });

  it("prefers the product that uses the slug in the page's language", () => {
    expect(findProductBySlug([tomatoes, other], "tomaquets", "ca")?.product.id).toBe(20);
    expect(findProductBySlug([tomatoes, other], "tomaquets", "es")?.product.id).toBe(21);
  });
});
