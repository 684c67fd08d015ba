import { assertCents, type Cents } from "./money";
import { SHIPPING_TAX_RATE, shareOut } from "./order-totals";
import { removeTax, type TaxRate } from "./tax";
import { shopDateOf, type IsoDate } from "./delivery";

/**
 * The money rules of the shop's invoices (docs/decisions/039): the VAT breakdown an invoice must
 * show (Real Decreto 1619/2012 art. 6.1 f-h: the base, the rate and the tax of each rate), how a
 * refund is shared over those rates on a corrective invoice (art. 15), and the invoice numbers of
 * each series and year (art. 6.1 a).
 */

/** One VAT rate of an invoice: its taxable base and the tax on it, in cents (negative on a corrective one). */
export interface VatGroup {
  rate: TaxRate;
  base: Cents;
  tax: Cents;
}

export interface VatBreakdown {
  groups: VatGroup[];
  base: Cents;
  tax: Cents;
  /** base + tax: the invoice's total. */
  total: Cents;
}

/** A sold line as the order stored it: its gross after the discount and the tax that gross holds. */
export interface TaxedAmount {
  gross: Cents;
  tax: Cents;
  rate: TaxRate;
}

function breakdownOf(groups: VatGroup[]): VatBreakdown {
  const sorted = groups.filter((group) => group.base !== 0 || group.tax !== 0).sort((a, b) => a.rate - b.rate);
  const base = sorted.reduce((sum, group) => sum + group.base, 0);
  const tax = sorted.reduce((sum, group) => sum + group.tax, 0);
  return { groups: sorted, base, tax, total: base + tax };
}

/**
 * An order's VAT per rate: its lines (each line's tax as the order charged it, so the invoice adds
 * up to the order's total to the cent) and its shipping at the general rate. Gift cards are not a
 * discount (multi-purpose vouchers, decision 038): they do not enter here, they pay the total.
 */
export function vatBreakdown(lines: readonly TaxedAmount[], shipping: { gross: Cents; tax: Cents }): VatBreakdown {
  const byRate = new Map<TaxRate, VatGroup>();
  const all = [...lines, { ...shipping, rate: SHIPPING_TAX_RATE }];
  for (const { gross, tax, rate } of all) {
    assertCents(gross);
    assertCents(tax);
    if (tax > gross) throw new RangeError(`A tax of ${tax} cents cannot be held in ${gross} cents`);
    const group = byRate.get(rate) ?? { rate, base: 0, tax: 0 };
    group.base += gross - tax;
    group.tax += tax;
    byRate.set(rate, group);
  }
  return breakdownOf([...byRate.values()]);
}

/**
 * The negative breakdown of a corrective invoice for `refunded` cents (gross) of an invoice of which
 * `remaining` is not yet corrected. Refunding all that remains negates it exactly; less is shared
 * over the rates in proportion to their gross (largest remainder, so the parts add up to the amount),
 * and each part's tax is what that gross holds at its rate. Throws for more than remains.
 */
export function correctiveBreakdown(remaining: VatBreakdown, refunded: Cents): VatBreakdown {
  assertCents(refunded);
  if (refunded > remaining.total) {
    throw new RangeError(`A refund of ${refunded} cents is more than the ${remaining.total} cents left to correct`);
  }
  if (refunded === remaining.total) {
    return breakdownOf(
      remaining.groups.map((group) => ({ rate: group.rate, base: 0 - group.base, tax: 0 - group.tax })),
    );
  }
  const grosses = remaining.groups.map((group) => group.base + group.tax);
  const parts = shareOut(refunded, grosses);
  return breakdownOf(
    remaining.groups.map((group, index) => {
      const gross = parts[index] ?? 0;
      const base = removeTax(gross, group.rate);
      return { rate: group.rate, base: 0 - base, tax: base - gross };
    }),
  );
}

/** What is left of an invoice's breakdown after its corrective invoices (whose amounts are negative). */
export function remainingBreakdown(invoice: VatBreakdown, correctives: readonly VatBreakdown[]): VatBreakdown {
  const byRate = new Map<TaxRate, VatGroup>(invoice.groups.map((group) => [group.rate, { ...group }]));
  for (const corrective of correctives) {
    for (const group of corrective.groups) {
      const left = byRate.get(group.rate) ?? { rate: group.rate, base: 0, tax: 0 };
      left.base += group.base;
      left.tax += group.tax;
      byRate.set(group.rate, left);
    }
  }
  return breakdownOf([...byRate.values()]);
}

/** The shop's invoice series: full invoices, and corrective ones (art. 15: a series of their own). */
export const INVOICE_SERIES = { invoice: "F", corrective: "R" } as const;
export type InvoiceKind = keyof typeof INVOICE_SERIES;

/** "F-2026-000001": the series, the year of issue and the correlative number within them. */
export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not an invoice sequence: ${sequence}`);
  return `${INVOICE_SERIES[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** Whether a text is an invoice number of the shop's series (a URL's, before looking it up). */
export function isInvoiceNumber(value: string): boolean {
  return /^[FR]-\d{4}-\d{6,}$/.test(value);
}

/** The year an invoice issued at `at` is numbered in: the calendar year in Spain (Europe/Madrid). */
export function invoiceYear(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Europe/Madrid" }).format(at));
}

/**
 * The last day (in Madrid) on which the customer of an order paid at `paidAt` may still ask for its
 * full invoice from the order's page (docs/decisions/039, "A full invoice asked for after payment"):
 * the 15th of the month after the payment. Real Decreto 1619/2012 art. 11.1 has a business buyer's
 * invoice issued before the 16th of the month after the VAT fell due (the payment, LIVA art. 75.Dos),
 * so an invoice asked for by then is still issued in time; later, the shop's accountant does it.
 */
export function invoiceRequestLastDay(paidAt: Date): IsoDate {
  const [year, month] = shopDateOf(paidAt).split("-").map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${next.year}-${String(next.month).padStart(2, "0")}-15`;
}

/** Whether the customer may still ask at `now` for the full invoice of an order paid at `paidAt`. */
export function canRequestInvoice(paidAt: Date, now: Date): boolean {
  // ISO dates compare as text.
  return shopDateOf(now) <= invoiceRequestLastDay(paidAt);
}
