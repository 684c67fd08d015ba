import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canRequestInvoice,
  correctiveBreakdown,
  invoiceNumber,
  invoiceRequestLastDay,
  invoiceYear,
  isInvoiceNumber,
  remainingBreakdown,
  vatBreakdown,
} from "./invoices";

// A box at 4 %, jam at 10 % and the delivery at 21 %, as an order stores them (gross, tax held).
const lines = [
  { gross: 2192, tax: 84, rate: 0.04 },
  { gross: 558, tax: 51, rate: 0.1 },
  { gross: 1040, tax: 40, rate: 0.04 },
];
const shipping = { gross: 495, tax: 86 };

describe("vatBreakdown", () => {
  it("groups the lines by rate, adds the shipping at 21 %, and adds up to the order's total", () => {
    const breakdown = vatBreakdown(lines, shipping);
    expect(breakdown.groups).toEqual([
      { rate: 0.04, base: 2192 - 84 + 1040 - 40, tax: 124 },
      { rate: 0.1, base: 507, tax: 51 },
      { rate: 0.21, base: 409, tax: 86 },
    ]);
    expect(breakdown.total).toBe(2192 + 558 + 1040 + 495);
    expect(breakdown.base + breakdown.tax).toBe(breakdown.total);
  });

  it("leaves out free shipping, and refuses a tax larger than its gross", () => {
    expect(vatBreakdown(lines, { gross: 0, tax: 0 }).groups.map((group) => group.rate)).toEqual([0.04, 0.1]);
    expect(() => vatBreakdown([{ gross: 10, tax: 11, rate: 0.1 }], shipping)).toThrow(RangeError);
  });
});

describe("correctiveBreakdown", () => {
  const invoice = vatBreakdown(lines, shipping);

  it("negates what remains when all of it is refunded", () => {
    const corrective = correctiveBreakdown(invoice, invoice.total);
    expect(corrective.total).toBe(-invoice.total);
    expect(corrective.groups).toEqual(invoice.groups.map((g) => ({ rate: g.rate, base: -g.base, tax: -g.tax })));
    expect(remainingBreakdown(invoice, [corrective]).total).toBe(0);
  });

  it("shares a partial refund over the rates to the cent, and refuses more than remains", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: invoice.total }), (refunded) => {
        const corrective = correctiveBreakdown(invoice, refunded);
        expect(corrective.total + refunded).toBe(0);
        for (const group of corrective.groups) expect(group.base + group.tax).toBeLessThanOrEqual(0);
        const left = remainingBreakdown(invoice, [corrective]);
        expect(left.total).toBe(invoice.total - refunded);
        // What is left can always be corrected in full afterwards.
        expect(remainingBreakdown(invoice, [corrective, correctiveBreakdown(left, left.total)]).total).toBe(0);
      }),
    );
    expect(() => correctiveBreakdown(invoice, invoice.total + 1)).toThrow(RangeError);
  });
});

describe("invoice numbers", () => {
  it("are the series, the year and a correlative number", () => {
    expect(invoiceNumber("invoice", 2026, 1)).toBe("F-2026-000001");
    expect(invoiceNumber("corrective", 2026, 1234567)).toBe("R-2026-1234567");
    expect(isInvoiceNumber("F-2026-000001")).toBe(true);
    expect(isInvoiceNumber("../F-2026-1")).toBe(false);
    expect(() => invoiceNumber("invoice", 2026, 0)).toThrow(RangeError);
  });

  it("take the year of Spain's calendar: New Year's Eve at 23:30 in Madrid is already next year's", () => {
    expect(invoiceYear(new Date("2026-12-31T22:59:00Z"))).toBe(2026);
    expect(invoiceYear(new Date("2026-12-31T23:30:00Z"))).toBe(2027);
  });
});

describe("invoiceRequestLastDay", () => {
  it("is the 15th of the month after the payment, in Madrid", () => {
    expect(invoiceRequestLastDay(new Date("2026-11-28T10:00:00Z"))).toBe("2026-12-15");
    // 31 December at 23:30 in Madrid is still December: the next month is January of the next year.
    expect(invoiceRequestLastDay(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-15");
    // 23:30 UTC on 31 January is 1 February in Madrid: the payment's month is February.
    expect(invoiceRequestLastDay(new Date("2027-01-31T23:30:00Z"))).toBe("2027-03-15");
  });

  it("lets the customer ask until the end of that day in Madrid, and not a minute after", () => {
    const paidAt = new Date("2026-11-03T09:00:00Z");
    expect(canRequestInvoice(paidAt, paidAt)).toBe(true);
    // 23:59 on 15 December in Madrid (UTC+1), then midnight.
    expect(canRequestInvoice(paidAt, new Date("2026-12-15T22:59:00Z"))).toBe(true);
    expect(canRequestInvoice(paidAt, new Date("2026-12-15T23:00:00Z"))).toBe(false);
  });

  it("always leaves at least 15 days and at most about 46", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (paidAt) => {
          const day = 86_400_000;
          expect(canRequestInvoice(paidAt, new Date(paidAt.getTime() + 15 * day))).toBe(true);
          expect(canRequestInvoice(paidAt, new Date(paidAt.getTime() + 47 * day))).toBe(false);
        },
      ),
    );
  });
});
