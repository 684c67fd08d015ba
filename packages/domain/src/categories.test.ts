import { describe, expect, it } from "vitest";
import { categoryLinks, categorySlugOf, mapStaffCategories } from "./categories";

const raw = {
  data: [
    {
      name_es: "Aceites",
      name_ca: "Olis",
      name_pt: "Azeites",
      slug_es: "aceites",
      slug_ca: "olis",
      slug_pt: "azeites",
      position: 2,
    },
    { name_es: "Conservas", name_ca: "Conserves", slug_es: "conservas-caseras", slug_ca: "conserves", position: 1 },
    { name_ca: "Sense castellà" },
    { position: 3 },
  ],
};

describe("complementary-product categories", () => {
  it("reads the staff's categories in the page's language, with every language's slug", () => {
    const [oils, preserves, fallback] = mapStaffCategories(raw, "ca");
    expect(oils).toEqual({
      name: "Olis",
      slug: "olis",
      position: 2,
      slugs: { es: "aceites", ca: "olis", pt: "azeites" },
    });
    expect(preserves?.slugs.pt).toBe("conservas");
    expect(fallback).toMatchObject({ name: "Sense castellà", position: 999 });
    expect(mapStaffCategories(raw, "ca")).toHaveLength(3);
  });

  it("takes names, slugs and order from the staff's description when one matches", () => {
    const staff = mapStaffCategories(raw, "es");
    const products = [
      { category: "Aceites" },
      { category: "conservas" },
      { category: "Mermeladas" },
      { category: null },
    ];
    expect(categoryLinks(products, staff, "es")).toEqual([
      { name: "Conservas", slug: "conservas-caseras" },
      { name: "Aceites", slug: "aceites" },
      { name: "Mermeladas", slug: "mermeladas" },
    ]);
    expect(categorySlugOf({ category: "Mermeladas" }, staff)).toBe("mermeladas");
    expect(categorySlugOf({ category: null }, staff)).toBeNull();
  });

  it("lists each category once, and none for products without one", () => {
    expect(categoryLinks([{ category: "Té" }, { category: "té" }], [], "es")).toEqual([{ name: "Té", slug: "te" }]);
    expect(categoryLinks([{ category: null }], [], "es")).toEqual([]);
  });
});
