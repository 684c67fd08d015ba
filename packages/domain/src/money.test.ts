import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eurosToCents, formatCents, InvalidMoneyError } from "./money";

describe("money", () => {
  it("parses euro amounts into whole cents", () => {
    expect(eurosToCents("12.5")).toBe(1250);
    expect(eurosToCents("12,05")).toBe(1205);
    expect(eurosToCents(0.1)).toBe(10);
    expect(eurosToCents("-3.99")).toBe(-399);
  });

  it("rejects text that is not an amount", () => {
    expect(() => eurosToCents("doce")).toThrow(InvalidMoneyError);
    expect(() => eurosToCents("")).toThrow(InvalidMoneyError);
  });

  it("round-trips any cent amount through its decimal form", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const sign = cents < 0 ? "-" : "";
        const abs = Math.abs(cents);
        const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
        expect(eurosToCents(text)).toBe(cents);
      }),
    );
  });

  it("formats in the page's language", () => {
    expect(formatCents(1250, "es-ES").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatCents(1250, "pt-PT").replace(/\s/g, " ")).toBe("12,50 €");
    expect(() => formatCents(12.5, "es-ES")).toThrow(InvalidMoneyError);
  });
});
