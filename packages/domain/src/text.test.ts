import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "./text";

describe("slugify", () => {
  it("turns names in any of our languages into URL segments", () => {
    expect(slugify("Aceites y Vinagres")).toBe("aceites-y-vinagres");
    expect(slugify("Ous de pagès")).toBe("ous-de-pages");
    expect(slugify("Leguminosas & Cereais")).toBe("leguminosas-cereais");
    expect(slugify("  Piña  ")).toBe("pina");
  });

  it("always yields a safe, stable segment", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const slug = slugify(value);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
