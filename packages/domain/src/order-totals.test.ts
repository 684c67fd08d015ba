import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goodsTotal, InvalidOrderLineError, type LineInput, orderTotals, SHIPPING_TAX_RATE } from "./order-totals";

const box: LineInput = { unitPrice: 2490, taxRate: 0.04, quantity: 1 };
const honey: LineInput = { unitPrice: 300, taxRate: 0.1, quantity: 2 };

describe("orderTotals", () => {
  it("prices a consumer's lines with VAT per unit, and shares a discount out over them", () => {
    const totals = orderTotals({ lines: [box, honey], audience: "consumer", discount: 500, shippingFee: 495 });
    // Box 24.90 + 4 % = 25.896 -> 25.90; honey 3.00 + 10 % = 3.30, twice.
    expect(totals.goods).toBe(2590 + 660);
    // 500 x 2590 / 3250 = 398.46, 500 x 660 / 3250 = 101.54: the spare cent goes to the larger remainder.
    expect(totals.lines).toEqual([
      { gross: 2192, discount: 398, net: 2108, tax: 84 }, // 21.92 / 1.04 = 21.077
      { gross: 558, discount: 102, net: 507, tax: 51 }, // 5.58 / 1.10 = 5.0727
    ]);
    expect(totals.discount).toBe(500);
    expect(totals.shipping).toBe(495);
    expect(totals.shippingTax).toBe(86); // 4.95 / 1.21 = 4.0909
    expect(totals.tax).toBe(84 + 51 + 86);
    expect(totals.total).toBe(3250 - 500 + 495);
  });

  it("adds a company's VAT once on each line's net", () => {
    const totals = orderTotals({
      lines: [
        { ...box, quantity: 3 },
        { unitPrice: 333, taxRate: 0.21, quantity: 7 },
      ],
      audience: "business",
      discount: 0,
      shippingFee: 0,
    });
    expect(totals.lines).toEqual([
      { net: 7470, tax: 299, gross: 7769, discount: 0 }, // 298.8 -> 299
      { net: 2331, tax: 490, gross: 2821, discount: 0 }, // 489.51 -> 490
    ]);
    // A consumer pays per unit with VAT: 3 x 25.90 = 77.70 and 7 x 4.03 = 28.21.
    const consumer = orderTotals({
      lines: [
        { ...box, quantity: 3 },
        { unitPrice: 333, taxRate: 0.21, quantity: 7 },
      ],
      audience: "consumer",
      discount: 0,
      shippingFee: 0,
    });
    expect(consumer.lines.map((line) => line.gross)).toEqual([7770, 2821]);
  });

  it("caps the discount at the goods, so the customer still pays the shipping", () => {
    const totals = orderTotals({ lines: [honey], audience: "consumer", discount: 10_000, shippingFee: 495 });
    expect(totals.discount).toBe(660);
    expect(totals.lines).toEqual([{ gross: 0, discount: 660, net: 0, tax: 0 }]);
    expect(totals.total).toBe(495);
    expect(totals.tax).toBe(86);
  });

  it("answers an order without lines, or of free lines, with nothing to discount", () => {
    expect(orderTotals({ lines: [], audience: "consumer", discount: 500, shippingFee: 0 })).toEqual({
      lines: [],
      goods: 0,
      discount: 0,
      shipping: 0,
      shippingTax: 0,
      tax: 0,
      total: 0,
    });
    const free = orderTotals({
      lines: [{ ...box, unitPrice: 0 }],
      audience: "consumer",
      discount: 500,
      shippingFee: 0,
    });
    expect(free.lines).toEqual([{ gross: 0, discount: 0, net: 0, tax: 0 }]);
  });

  it("refuses lines, discounts and fees that are not whole cents or counts", () => {
    const totalsOf = (lines: LineInput[], discount = 0, shippingFee = 0) =>
      orderTotals({ lines, audience: "consumer", discount, shippingFee });
    expect(() => totalsOf([{ ...box, quantity: 0 }])).toThrow(InvalidOrderLineError);
    expect(() => totalsOf([{ ...box, quantity: 1.5 }])).toThrow(InvalidOrderLineError);
    expect(() => totalsOf([{ ...box, unitPrice: -1 }])).toThrow(InvalidOrderLineError);
    expect(() => totalsOf([{ ...box, unitPrice: 10.5 }])).toThrow(InvalidOrderLineError);
    expect(() => totalsOf([{ ...box, taxRate: 21 }])).toThrow(/tax rate/);
    expect(() => totalsOf([box], -1)).toThrow(RangeError);
    expect(() => totalsOf([box], 0, 4.5)).toThrow(RangeError);
  });

  const line = fc.record({
    unitPrice: fc.integer({ min: 0, max: 50_000 }),
    taxRate: fc.constantFrom(0, 0.04, 0.05, 0.1, 0.13, 0.21, 0.23),
    quantity: fc.integer({ min: 1, max: 10 }),
  });
  const order = fc.record({
    lines: fc.array(line, { maxLength: 12 }),
    audience: fc.constantFrom("consumer" as const, "business" as const),
    discount: fc.integer({ min: 0, max: 300_000 }),
    shippingFee: fc.integer({ min: 0, max: 2_000 }),
  });

  it("adds up: every part is whole cents and the total is the sum of its parts", () => {
    fc.assert(
      fc.property(order, (input) => {
        const totals = orderTotals(input);
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        const values = [totals.goods, totals.discount, totals.shipping, totals.shippingTax, totals.tax, totals.total];
        for (const value of [...values, ...totals.lines.flatMap((l) => [l.net, l.tax, l.gross, l.discount])]) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        }
        expect(totals.goods).toBe(goodsTotal(input.lines, input.audience));
        expect(totals.discount).toBe(Math.min(input.discount, totals.goods));
        expect(sum(totals.lines.map((l) => l.discount))).toBe(totals.discount);
        expect(sum(totals.lines.map((l) => l.gross + l.discount))).toBe(totals.goods);
        for (const l of totals.lines) expect(l.net + l.tax).toBe(l.gross);
        expect(totals.tax).toBe(sum(totals.lines.map((l) => l.tax)) + totals.shippingTax);
        expect(totals.total).toBe(sum(totals.lines.map((l) => l.gross)) + totals.shipping);
        expect(totals.total).toBe(totals.goods - totals.discount + totals.shipping);
        expect(totals.shipping - totals.shippingTax).toBe(Math.round(totals.shipping / (1 + SHIPPING_TAX_RATE)));
      }),
    );
  });

  it("gives each line its share of the discount to the cent", () => {
    fc.assert(
      fc.property(order, (input) => {
        const totals = orderTotals(input);
        if (totals.goods === 0) return;
        totals.lines.forEach((l) => {
          const before = l.gross + l.discount;
          const exact = (totals.discount * before) / totals.goods;
          expect(Math.abs(l.discount - exact)).toBeLessThan(1);
        });
      }),
    );
  });

  it("keeps a company's net as price times quantity when nothing is discounted", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const totals = orderTotals({ lines, audience: "business", discount: 0, shippingFee: 0 });
        totals.lines.forEach((l, index) => expect(l.net).toBe(lines[index]!.unitPrice * lines[index]!.quantity));
      }),
    );
  });
});
