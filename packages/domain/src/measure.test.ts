import { describe, expect, it } from "vitest";
import { product } from "./fixtures";
import { MEASURE_UNITS, quantityOf, toMeasure } from "./measure";

describe("toMeasure", () => {
  it("reads the stored amount and unit", () => {
    expect(toMeasure(500, "ml")).toEqual({ amount: 500, unit: "ml" });
    expect(toMeasure("0.75", "l")).toEqual({ amount: 0.75, unit: "l" });
    expect(toMeasure(12, "unit")).toEqual({ amount: 12, unit: "unit" });
    for (const unit of MEASURE_UNITS) expect(toMeasure(1, unit)?.unit).toBe(unit);
  });

  it("shows nothing for a half-filled or impossible measure", () => {
    expect(toMeasure(null, "ml")).toBeNull();
    expect(toMeasure(500, null)).toBeNull();
    expect(toMeasure(0, "kg")).toBeNull();
    expect(toMeasure(-1, "kg")).toBeNull();
    expect(toMeasure(500, "oz")).toBeNull();
    expect(toMeasure(2.5, "unit")).toBeNull();
    expect(toMeasure(Number.NaN, "g")).toBeNull();
  });
});

describe("quantityOf", () => {
  it("says what a complementary product holds, never its weight as kilos", () => {
    const oil = product({ type: "marketplace_item", weight: 500, measure: { amount: 500, unit: "ml" } });
    expect(quantityOf(oil)).toEqual({ kind: "measure", measure: { amount: 500, unit: "ml" } });
    expect(quantityOf({ ...oil, measure: null })).toBeNull();
  });

  it("gives produce its approximate weight in kilos, unless staff set a measure", () => {
    expect(quantityOf(product({ type: "box", weight: 7000, measure: null }))).toEqual({
      kind: "approxWeight",
      kilograms: 7,
    });
    expect(quantityOf(product({ type: "item", weight: 500, measure: null }))).toEqual({
      kind: "approxWeight",
      kilograms: 0.5,
    });
    expect(quantityOf(product({ type: "item", weight: 380, measure: { amount: 6, unit: "unit" } }))).toEqual({
      kind: "measure",
      measure: { amount: 6, unit: "unit" },
    });
    expect(quantityOf(product({ type: "item", weight: null, measure: null }))).toBeNull();
    expect(quantityOf(product({ type: "item", weight: 0, measure: null }))).toBeNull();
  });
});
