import { describe, expect, it } from "vitest";
import { refundRequestOf } from "../src/plugins/staff-tools/admin/refund-form";
import { staffRefundBody } from "../src/ordering/refunds/staff";

// The admin panel's refunds form (src/plugins/staff-tools/admin/components/RefundsPanel.tsx): what
// it sends for the gateway's part and the gift cards' part is what the staff route takes.
describe("the refunds form", () => {
  const form = { amount: "", giftCards: "", reason: "Caja dañada", key: "form-key-0001" };

  it("gives back only the gift cards' part, which the route takes", () => {
    const request = refundRequestOf({ ...form, giftCards: "12,50" });
    expect(request).toEqual({
      ok: true,
      body: { amount: 0, giftCards: 1250, reason: "Caja dañada", key: "form-key-0001" },
    });
    expect(request.ok && staffRefundBody.safeParse(request.body).success).toBe(true);
  });

  it("sends both parts, or the gateway's alone without a cards' part", () => {
    const both = refundRequestOf({ ...form, amount: "3.5", giftCards: "10" });
    expect(both).toMatchObject({ ok: true, body: { amount: 350, giftCards: 1000 } });
    expect(both.ok && staffRefundBody.safeParse(both.body).success).toBe(true);
    const gateway = refundRequestOf({ ...form, amount: "7" });
    expect(gateway).toEqual({ ok: true, body: { amount: 700, reason: "Caja dañada", key: "form-key-0001" } });
  });

  it("refuses nothing to give back and what is not an amount", () => {
    expect(refundRequestOf(form)).toEqual({ ok: false });
    expect(refundRequestOf({ ...form, amount: "0", giftCards: "0,00" })).toEqual({ ok: false });
    expect(refundRequestOf({ ...form, giftCards: "doce" })).toEqual({ ok: false });
    expect(refundRequestOf({ ...form, amount: "5", giftCards: "-2" })).toEqual({ ok: false });
    // A fraction of a cent is refused, not rounded as the domain's parser would (staff see what they typed).
    expect(refundRequestOf({ ...form, amount: "12,555" })).toEqual({ ok: false });
    expect(refundRequestOf({ ...form, amount: "1.234,50" })).toEqual({ ok: false });
  });
});
