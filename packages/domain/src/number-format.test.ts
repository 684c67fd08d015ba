import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALE_TAGS } from "./locale";
import { formatEuros, formatMeasure, formatNumber, formatPercent } from "./number-format";

const anyTag = fc.constantFrom(...Object.values(LOCALE_TAGS));
/** Whole numbers, decimals of every size, halves, values a rounding step away from one, and exponents. */
const anyNumber = fc.oneof(
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true }),
  fc.double({ min: -1e30, max: 1e30, noNaN: true }),
  fc.integer({ min: -200_000, max: 200_000 }).map((n) => n / 1000),
  fc.integer({ min: -20_000, max: 20_000 }).map((n) => n / 100 + 0.005),
  fc.constantFrom(
    0,
    -0,
    0.05,
    0.00123,
    1.25,
    1.35,
    2.675,
    999.95,
    9999.5,
    99_999.99,
    0.0001,
    1e-7,
    5e-324,
    1e21,
    1.2345e25,
  ),
);
const RUNS = { numRuns: 3000 };

/** Intl, the reference: what ICU writes for the same language and options. */
const intl = (tag: string, options: Intl.NumberFormatOptions, value: number) =>
  new Intl.NumberFormat(tag, options).format(value);

describe("numbers written as ICU writes them in the shop's languages", () => {
  it("plain numbers, with the default and with told fraction digits", () => {
    fc.assert(
      fc.property(anyTag, anyNumber, fc.integer({ min: 0, max: 3 }), (tag, value, maximumFractionDigits) => {
        expect(formatNumber(value, tag)).toBe(intl(tag, {}, value));
        expect(formatNumber(value, tag, { maximumFractionDigits })).toBe(intl(tag, { maximumFractionDigits }, value));
      }),
      RUNS,
    );
  });

  it("percentages, the point moved on the decimal text", () => {
    fc.assert(
      fc.property(anyTag, anyNumber, fc.integer({ min: 0, max: 2 }), (tag, value, maximumFractionDigits) => {
        expect(formatPercent(value, tag, { maximumFractionDigits })).toBe(
          intl(tag, { style: "percent", maximumFractionDigits }, value),
        );
      }),
      RUNS,
    );
  });

  it("euros", () => {
    fc.assert(
      fc.property(anyTag, anyNumber, (tag, value) => {
        expect(formatEuros(value, tag)).toBe(intl(tag, { style: "currency", currency: "EUR" }, value));
      }),
      RUNS,
    );
  });

  it("measures in the units products are sold by", () => {
    const units = { kg: "kilogram", g: "gram", l: "liter", ml: "milliliter" } as const;
    const anyUnit = fc.constantFrom(...(Object.keys(units) as (keyof typeof units)[]));
    fc.assert(
      fc.property(anyTag, anyNumber, anyUnit, (tag, value, unit) => {
        expect(formatMeasure(value, unit, tag)).toBe(
          intl(tag, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: 2 }, value),
        );
      }),
      RUNS,
    );
  });

  it("the forms a customer reads", () => {
    expect(formatEuros(1234.5, "es-ES")).toBe("1234,50\u00a0€");
    expect(formatEuros(1234.5, "ca-ES")).toBe("1.234,50\u00a0€");
    expect(formatEuros(12345.67, "pt-PT")).toBe("12\u00a0345,67\u00a0€");
    expect(formatPercent(0.21, "es-ES")).toBe("21\u00a0%");
    expect(formatPercent(0.055, "pt-PT", { maximumFractionDigits: 1 })).toBe("5,5%");
    expect(formatNumber(1.25, "ca-ES", { maximumFractionDigits: 1 })).toBe("1,3");
    expect(formatMeasure(500, "ml", "pt-PT")).toBe("500 ml");
  });
});
