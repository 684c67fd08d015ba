import { describe, expect, it } from "vitest";
import { changeRefundOf, repriceOrderChange } from "./order-change";
import { soldOrderTotals } from "./order-totals";

// Lowering a paid one-off order's quantities (docs/decisions/049): the lines keep their sold prices,
// the coupon's minimum and the free-delivery threshold are judged again on what is left.

const box = { unitPrice: 2490, taxRate: 0.04, quantity: 2 };
const jam = { unitPrice: 450, taxRate: 0.1, quantity: 1 };
const zone = { shippingFee: 490, freeShippingFrom: 5000 };

describe("soldOrderTotals", () => {
  it("charges a consumer the shown unit price times the quantity, VAT inside", () => {
    const totals = soldOrderTotals({ lines: [box, jam], audience: "consumer", discount: 0, shippingFee: 490 });
    expect(totals.goods).toBe(2490 * 2 + 450);
    expect(totals.total).toBe(2490 * 2 + 450 + 490);
    expect(totals.lines[0]).toEqual({ net: 4788, tax: 192, gross: 4980, discount: 0 });
  });

  it("adds a company's VAT once on the line's net", () => {
    const totals = soldOrderTotals({
      lines: [{ unitPrice: 1000, taxRate: 0.1, quantity: 3 }],
      audience: "business",
      discount: 0,
      shippingFee: 0,
    });
    expect(totals.goods).toBe(3300);
  });
});

describe("repriceOrderChange", () => {
  it("keeps free delivery and a percentage coupon while the goods still reach them", () => {
    const before = { goods: 2490 * 3 + 450, discount: 792, shipping: 0, hadCoupon: true };
    const coupon = { kind: "percentage" as const, value: 1000, minimumOrder: 3000 };
    const changed = repriceOrderChange({
      lines: [box, jam],
      audience: "consumer",
      before,
      coupon,
      zone: { shippingFee: 490, freeShippingFrom: 4000 },
    });
    expect(changed.couponLost).toBe(false);
    expect(changed.freeShippingLost).toBe(false);
    expect(changed.totals.discount).toBe(543);
    expect(changed.totals.shipping).toBe(0);
    expect(changed.totals.total).toBe(5430 - 543);
  });

  it("says the coupon and free delivery are lost when the lower goods fall below their thresholds", () => {
    const before = { goods: 4980 + 450, discount: 543, shipping: 0, hadCoupon: true };
    const coupon = { kind: "percentage" as const, value: 1000, minimumOrder: 3000 };
    const changed = repriceOrderChange({
      lines: [{ ...box, quantity: 1 }],
      audience: "consumer",
      before,
      coupon,
      zone: { shippingFee: 490, freeShippingFrom: 4000 },
    });
    expect(changed).toMatchObject({ couponLost: true, freeShippingLost: true });
    expect(changed.totals).toMatchObject({ goods: 2490, discount: 0, shipping: 490, total: 2980 });
  });

  it("keeps a discount that is not the coupon's (refer-a-friend), never above the goods", () => {
    const before = { goods: 4980, discount: 3000, shipping: 490, hadCoupon: false };
    const changed = repriceOrderChange({
      lines: [{ ...box, quantity: 1 }],
      audience: "consumer",
      before,
      coupon: null,
      zone,
    });
    expect(changed.totals).toMatchObject({ goods: 2490, discount: 2490, shipping: 490, total: 490 });
  });

  it("charges the delivery fee the order paid, not one raised since", () => {
    const before = { goods: 4980, discount: 0, shipping: 390, hadCoupon: false };
    const changed = repriceOrderChange({
      lines: [{ ...box, quantity: 1 }],
      audience: "consumer",
      before,
      coupon: null,
      zone,
    });
    expect(changed.totals.shipping).toBe(390);
  });
});

describe("changeRefundOf", () => {
  it("gives back what was paid beyond the new total, earlier refunds counted, never a negative", () => {
    expect(changeRefundOf({ newTotal: 2980, refundable: 5470 })).toBe(2490);
    // 2000 of 5470 given back already: 3470 left, the order now costs 2980.
    expect(changeRefundOf({ newTotal: 2980, refundable: 3470 })).toBe(490);
    expect(changeRefundOf({ newTotal: 2980, refundable: 1000 })).toBe(0);
    expect(changeRefundOf({ newTotal: 5390, refundable: 5000 })).toBe(0);
  });
});
