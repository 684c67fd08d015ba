import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Coupon, couponDiscount, couponRefusal, normalizeCouponCode } from "./coupons";

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: "OTONO10",
    kind: "percentage",
    value: 1000,
    validFrom: new Date("2026-10-01T00:00:00+02:00"),
    validUntil: new Date("2026-11-30T23:59:59+01:00"),
    minimumOrder: 3000,
    usageLimit: 100,
    ...overrides,
  };
}

const usable = { now: new Date("2026-11-23T12:00:00Z"), goods: 3000, usedByCustomer: false, timesUsed: 99 };

describe("normalizeCouponCode", () => {
  it("ignores the spaces around a code and its letter case", () => {
    expect(normalizeCouponCode("  otoño10 \n")).toBe("OTOÑO10");
    expect(normalizeCouponCode("Bienvenida")).toBe("BIENVENIDA");
  });
});

describe("couponRefusal", () => {
  it("accepts a coupon within its dates, limit and minimum", () => {
    expect(couponRefusal(coupon(), usable)).toBeNull();
    const open = coupon({ validFrom: null, validUntil: null, usageLimit: null, minimumOrder: 0 });
    expect(couponRefusal(open, { ...usable, goods: 0, timesUsed: 1_000_000 })).toBeNull();
  });

  it("says why it refuses one", () => {
    expect(couponRefusal(null, usable)).toBe("unknown");
    expect(couponRefusal(coupon(), { ...usable, now: new Date("2026-09-30T21:59:59Z") })).toBe("not_yet_valid");
    expect(couponRefusal(coupon(), { ...usable, now: new Date("2026-09-30T22:00:00Z") })).toBeNull();
    expect(couponRefusal(coupon(), { ...usable, now: new Date("2026-11-30T22:59:59Z") })).toBeNull();
    expect(couponRefusal(coupon(), { ...usable, now: new Date("2026-11-30T23:00:00Z") })).toBe("expired");
    expect(couponRefusal(coupon(), { ...usable, timesUsed: 100 })).toBe("exhausted");
    expect(couponRefusal(coupon(), { ...usable, usedByCustomer: true })).toBe("already_used");
    expect(couponRefusal(coupon(), { ...usable, goods: 2999 })).toBe("minimum_not_reached");
  });

  it("names the minimum last, since adding goods fixes it", () => {
    const everything = { ...usable, goods: 1, usedByCustomer: true, timesUsed: 100 };
    expect(couponRefusal(coupon(), everything)).toBe("exhausted");
    expect(couponRefusal(coupon({ usageLimit: null }), everything)).toBe("already_used");
    expect(couponRefusal(coupon(), { ...everything, now: new Date("2027-01-01T00:00:00Z") })).toBe("expired");
  });
});

describe("couponDiscount", () => {
  it("takes a percentage, rounding half a cent away from zero", () => {
    expect(couponDiscount(coupon(), 3250)).toBe(325);
    expect(couponDiscount(coupon({ value: 1250 }), 3250)).toBe(406); // 406.25
    expect(couponDiscount(coupon({ value: 1500 }), 3250)).toBe(488); // 487.5
    expect(couponDiscount(coupon({ value: 10_000 }), 3250)).toBe(3250);
  });

  it("takes a fixed amount, never more than the goods", () => {
    expect(couponDiscount(coupon({ kind: "fixed", value: 500 }), 3250)).toBe(500);
    expect(couponDiscount(coupon({ kind: "fixed", value: 5000 }), 3250)).toBe(3250);
    expect(couponDiscount(coupon({ kind: "fixed", value: 500 }), 0)).toBe(0);
  });

  it("refuses values a coupon cannot have", () => {
    expect(() => couponDiscount(coupon({ value: 10_001 }), 3250)).toThrow(RangeError);
    expect(() => couponDiscount(coupon({ value: 12.5 }), 3250)).toThrow(RangeError);
    expect(() => couponDiscount(coupon({ kind: "fixed", value: -1 }), 3250)).toThrow(RangeError);
    expect(() => couponDiscount(coupon(), -1)).toThrow(RangeError);
  });

  it("stays within the goods and within a cent of the exact percentage", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }), (value, goods) => {
        const discount = couponDiscount(coupon({ value }), goods);
        expect(Number.isSafeInteger(discount) && discount >= 0 && discount <= goods).toBe(true);
        expect(Math.abs(discount - (goods * value) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
