import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addTax, divideRoundHalfAwayFromZero, InvalidTaxRateError, parseTaxRate, removeTax, taxAmount } from "./tax";

/**
 * Independent reference for rates of at most 4 decimals (basisPoints / 10 000): exact
 * integer arithmetic in BigInt, ties away from zero, written without the code under test.
 */
function reference(cents: number, basisPoints: number): number {
  const numerator = BigInt(cents) * BigInt(10_000 + basisPoints);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return Number(numerator < 0n ? -rounded : rounded);
}

const cents = fc.integer({ min: 0, max: 100_000_000 });
const basisPoints = fc.integer({ min: 0, max: 9_999 });

describe("addTax", () => {
  it("adds the Spanish and Portuguese VAT rates to whole cents", () => {
    expect(addTax(1000, 0.21)).toBe(1210);
    expect(addTax(1000, 0.04)).toBe(1040);
    expect(addTax(299, 0.1)).toBe(329); // 3.289 -> 3.29
    expect(addTax(1999, 0.23)).toBe(2459); // 24.5877 -> 24.59
  });

  it("rounds exact halves of a cent away from zero", () => {
    expect(addTax(50, 0.21)).toBe(61); // 0.605
    expect(addTax(5, 0.1)).toBe(6); // 0.055
    expect(addTax(-50, 0.21)).toBe(-61); // refunds mirror charges
    expect(addTax(-5, 0.1)).toBe(-6);
  });

  it("is exact where multiplying floats is not", () => {
    // 0.50 EUR at 13 % is 0.565: as floats 50 * 1.13 = 56.4999..., which Math.round takes to 56.
    expect(Math.round(50 * (1 + 0.13))).toBe(56);
    expect(addTax(50, 0.13)).toBe(57);
    expect(addTax(150, 0.13)).toBe(170);
  });

  it("leaves the price alone at rate 0 and reads tiny rates written in exponent form", () => {
    expect(addTax(1234, 0)).toBe(1234);
    expect(addTax(10_000_000, 1e-7)).toBe(10_000_001);
    expect(addTax(5_000_000, 1e-7)).toBe(5_000_001); // 5 000 000.5 -> up
  });

  it("refuses rates that are not fractions in [0, 1) and prices that are not cents", () => {
    expect(() => addTax(100, 21)).toThrow(InvalidTaxRateError);
    expect(() => addTax(100, -0.1)).toThrow(InvalidTaxRateError);
    expect(() => addTax(100, Number.NaN)).toThrow(InvalidTaxRateError);
    expect(() => addTax(10.5, 0.21)).toThrow(/cents/);
  });

  it("never goes below the net price for a non-negative rate", () => {
    fc.assert(fc.property(cents, basisPoints, (price, bp) => addTax(price, bp / 10_000) >= price));
  });

  it("equals the price at rate 0", () => {
    fc.assert(fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (price) => addTax(price, 0) === price));
  });

  it("always returns a whole number of cents", () => {
    fc.assert(
      fc.property(cents, fc.double({ min: 0, max: 0.999_999, noNaN: true }), (price, rate) =>
        Number.isSafeInteger(addTax(price, rate)),
      ),
    );
  });

  it("matches exact rational arithmetic for every rate with up to 4 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), basisPoints, (price, bp) => {
        expect(addTax(price, bp / 10_000)).toBe(reference(price, bp));
      }),
      { numRuns: 2_000 },
    );
  });

  it("gives the same result for a rate as number or as text", () => {
    fc.assert(
      fc.property(cents, basisPoints, (price, bp) => {
        const asText = (bp / 10_000).toFixed(4);
        expect(addTax(price, parseTaxRate(asText))).toBe(addTax(price, bp / 10_000));
      }),
    );
  });

  it("splits a gross price into net + tax exactly", () => {
    fc.assert(
      fc.property(cents, basisPoints, (price, bp) => price + taxAmount(price, bp / 10_000) === reference(price, bp)),
    );
  });
});

describe("removeTax", () => {
  it("takes the VAT out of a gross amount, rounding halves away from zero", () => {
    expect(removeTax(1210, 0.21)).toBe(1000);
    expect(removeTax(495, 0.21)).toBe(409); // 409.09
    expect(removeTax(1040, 0.04)).toBe(1000);
    expect(removeTax(21, 0.05)).toBe(20);
    expect(removeTax(105, 0.1)).toBe(95); // 95.4545...
    expect(removeTax(1234, 0)).toBe(1234);
  });

  it("is exact where dividing floats is not", () => {
    // 0.14 EUR gross at 12 % is 0.125 net, a tie that goes up; as floats 14 / 1.12 is 12.499999999999998.
    expect(Math.round(14 / 1.12)).toBe(12);
    expect(removeTax(14, 0.12)).toBe(13);
    expect(removeTax(67, 0.072)).toBe(63); // 62.5
  });

  it("undoes addTax, and matches exact rational arithmetic", () => {
    fc.assert(
      fc.property(cents, basisPoints, (price, bp) => {
        expect(removeTax(addTax(price, bp / 10_000), bp / 10_000)).toBe(price);
        const numerator = BigInt(price) * 10_000n;
        const denominator = BigInt(10_000 + bp);
        const twice = (numerator * 2n) / denominator;
        expect(removeTax(price, bp / 10_000)).toBe(Number((twice + 1n) / 2n));
      }),
    );
  });
});

describe("parseTaxRate", () => {
  it("reads numbers and numeric text, and treats a missing rate as untaxed", () => {
    expect(parseTaxRate(0.21)).toBe(0.21);
    expect(parseTaxRate(" 0,1 ")).toBe(0.1);
    expect(parseTaxRate(null)).toBe(0);
    expect(parseTaxRate(undefined)).toBe(0);
  });

  it("rejects text, empty strings and percentages", () => {
    for (const bad of ["", "IVA", "21%", 1, 21, {}, true]) {
      expect(() => parseTaxRate(bad)).toThrow(InvalidTaxRateError);
    }
  });
});

describe("divideRoundHalfAwayFromZero", () => {
  it("rounds to nearest with ties away from zero on both signs", () => {
    expect(divideRoundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divideRoundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfAwayFromZero(7n, 3n)).toBe(2n);
    expect(divideRoundHalfAwayFromZero(-8n, 3n)).toBe(-3n);
    expect(() => divideRoundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });
});
