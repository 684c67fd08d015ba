import { describe, expect, it } from "vitest";
import { checkoutExpiry } from "../src/payments/stripe";

describe("a Stripe Checkout Session's expiry", () => {
  const now = new Date("2026-11-25T10:00:00.000Z");
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  it("is the order's payment deadline when Stripe allows it", () => {
    const payBy = new Date("2026-11-25T11:00:00.000Z");
    expect(checkoutExpiry(payBy, now)).toBe(seconds(payBy));
  });

  it("is never sooner than Stripe's 30 minutes (a retry close to the deadline)", () => {
    const payBy = new Date("2026-11-25T10:05:00.000Z");
    expect(checkoutExpiry(payBy, now)).toBeGreaterThanOrEqual(seconds(now) + 30 * 60);
    expect(checkoutExpiry(payBy, now)).toBeLessThanOrEqual(seconds(now) + 32 * 60);
  });

  it("is never later than Stripe's 24 hours, and without a deadline is the longest allowed", () => {
    const far = new Date("2026-11-30T10:00:00.000Z");
    expect(checkoutExpiry(far, now)).toBeLessThan(seconds(now) + 24 * 60 * 60);
    expect(checkoutExpiry(null, now)).toBe(checkoutExpiry(far, now));
  });
});
