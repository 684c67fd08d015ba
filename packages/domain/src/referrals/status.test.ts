import { describe, expect, it } from "vitest";
import { nextReferralStep } from "./status";

const rules = { refundWindowDays: 14, monthlyCap: 5 };
const delivered = new Date("2026-11-02T10:00:00Z");
const order = { paid: true, deliveredAt: delivered, refunded: false, closedUnpaid: false };
const at = (iso: string, rewardsThisMonth = 0) => ({ now: new Date(iso), rewardsThisMonth });

describe("when a referral earns its reward", () => {
  it("waits for payment, delivery and the refund window, then qualifies", () => {
    expect(nextReferralStep({ ...order, paid: false }, rules, at("2026-12-30T00:00:00Z"))).toEqual({ kind: "wait" });
    expect(nextReferralStep({ ...order, deliveredAt: null }, rules, at("2026-12-30T00:00:00Z"))).toEqual({
      kind: "wait",
    });
    expect(nextReferralStep(order, rules, at("2026-11-16T09:59:59Z"))).toEqual({ kind: "wait" });
    expect(nextReferralStep(order, rules, at("2026-11-16T10:00:00Z"))).toEqual({ kind: "qualify" });
  });

  it("a first order cancelled or expired unpaid is final, not a wait for a delivery that will never come", () => {
    const unpaid = { paid: false, deliveredAt: null, refunded: false };
    expect(nextReferralStep({ ...unpaid, closedUnpaid: false }, rules, at("2026-11-05T00:00:00Z"))).toEqual({
      kind: "wait",
    });
    expect(nextReferralStep({ ...unpaid, closedUnpaid: true }, rules, at("2026-11-05T00:00:00Z"))).toEqual({
      kind: "reject",
      reason: "not_paid",
    });
  });

  it("a refunded first order or a referrer at this month's cap gets no reward", () => {
    expect(nextReferralStep({ ...order, refunded: true }, rules, at("2026-11-05T00:00:00Z"))).toEqual({
      kind: "reject",
      reason: "refunded",
    });
    expect(nextReferralStep(order, rules, at("2026-11-20T00:00:00Z", 5))).toEqual({
      kind: "reject",
      reason: "monthly_cap",
    });
    expect(nextReferralStep(order, rules, at("2026-11-20T00:00:00Z", 4))).toEqual({ kind: "qualify" });
  });
});
