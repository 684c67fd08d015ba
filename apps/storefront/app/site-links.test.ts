import { describe, expect, it } from "vitest";
import { inPageLanguage } from "./site-links";

describe("inPageLanguage", () => {
  it("leads a path of the shop to the same screen in the page's language", () => {
    expect(inPageLanguage("/historia", "ca")).toBe("/ca/historia");
    expect(inPageLanguage("/sostenibilidad/desperdicio-alimentario", "pt")).toBe("/pt/food-waste");
    expect(inPageLanguage("/ca/equip", "es")).toBe("/equipo");
    expect(inPageLanguage("/agricultores?page=2#norte", "ca")).toBe("/ca/agricultors?page=2#norte");
  });

  it("keeps a product's slug for the product page to redirect", () => {
    expect(inPageLanguage("/productos/naranjas", "pt")).toBe("/pt/produtos/naranjas");
  });

  it("leaves other sites and unknown paths as written", () => {
    expect(inPageLanguage("https://www.lavanguardia.com/articulo", "ca")).toBe("https://www.lavanguardia.com/articulo");
    expect(inPageLanguage("//evil.example/historia", "ca")).toBe("//evil.example/historia");
    expect(inPageLanguage("/no-such-page", "ca")).toBe("/no-such-page");
  });
});
