import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToEuros, eurosToCents, formatCents, InvalidMoneyError } from "./money";

const anyCents = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });

describe("money", () => {
  it("parses euro amounts into whole cents", () => {
    expect(eurosToCents("12.5")).toBe(1250);
    expect(eurosToCents("12,05")).toBe(1205);
    expect(eurosToCents(0.1)).toBe(10);
    expect(eurosToCents("-3.99")).toBe(-399);
    expect(eurosToCents(19.99)).toBe(1999);
  });

  it("rounds a third decimal half away from zero instead of truncating", () => {
    expect(eurosToCents("1.005")).toBe(101);
    expect(eurosToCents("1.0049")).toBe(100);
    expect(eurosToCents("-1.005")).toBe(-101);
    expect(eurosToCents("0.999")).toBe(100);
    expect(eurosToCents(12.345)).toBe(1235);
  });

  it("never returns negative zero", () => {
    expect(Object.is(eurosToCents("-0.00"), 0)).toBe(true);
    expect(Object.is(eurosToCents("-0.001"), 0)).toBe(true);
  });

  it("rejects text that is not an amount", () => {
    for (const bad of ["doce", "", "1e3", "12.", "1.234,56", "Infinity", Number.NaN]) {
      expect(() => eurosToCents(bad)).toThrow(InvalidMoneyError);
    }
  });

  it("round-trips any cent amount through its decimal form", () => {
    fc.assert(
      fc.property(anyCents, (cents) => {
        expect(eurosToCents(centsToEuros(cents))).toBe(cents);
      }),
    );
  });

  it("writes the plain decimal form gateways expect", () => {
    expect(centsToEuros(1250)).toBe("12.50");
    expect(centsToEuros(5)).toBe("0.05");
    expect(centsToEuros(-5)).toBe("-0.05");
    expect(() => centsToEuros(0.5)).toThrow(InvalidMoneyError);
  });

  it("formats in the page's language", () => {
    expect(formatCents(1250, "es-ES").replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatCents(1250, "pt-PT").replace(/\s/g, " ")).toBe("12,50 €");
    expect(() => formatCents(12.5, "es-ES")).toThrow(InvalidMoneyError);
  });

  it("formats amounts that read back to the same cents in every shop language", () => {
    fc.assert(
      fc.property(anyCents, fc.constantFrom("es-ES", "ca-ES", "pt-PT"), (cents, tag) => {
        // Drop the currency sign, spaces and the "." / "\u00a0" grouping; keep the decimal comma and the sign.
        const digits = formatCents(cents, tag)
          .replace(/[^\d,\-\u2212]/g, "")
          .replace("\u2212", "-");
        expect(eurosToCents(digits)).toBe(cents);
      }),
    );
  });
});
