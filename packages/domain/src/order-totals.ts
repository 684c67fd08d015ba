import { assertCents, type Cents } from "./money";
import type { PriceAudience } from "./prices";
import { addTax, removeTax, taxAmount, type TaxRate } from "./tax";

/** One line of an order as it was sold: the catalogue's net unit price and tax rate at that moment. */
export interface LineInput {
  /** Net, without tax. */
  unitPrice: Cents;
  taxRate: TaxRate;
  quantity: number;
}

/**
 * What one line is charged: `net + tax = gross`, after the line's share of the discount. Its price
 * before the discount is `gross + discount`.
 */
export interface LineTotals {
  net: Cents;
  tax: Cents;
  gross: Cents;
  /** The line's share of the order's discount, gross. */
  discount: Cents;
}

export interface OrderTotals {
  lines: LineTotals[];
  /** Gross value of the lines before the discount. */
  goods: Cents;
  discount: Cents;
  /** Gross. */
  shipping: Cents;
  shippingTax: Cents;
  /** All the tax charged: the lines' after the discount, and the shipping's. */
  tax: Cents;
  /** goods - discount + shipping: what the customer pays. */
  total: Cents;
}

/** Delivery is a service taxed at the general rate, whatever the goods' rates (4 % or 10 % on food). */
export const SHIPPING_TAX_RATE = 0.21;

export class InvalidOrderLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidOrderLineError";
  }
}

/**
 * A line's gross before any discount. Consumers are shown a unit price with VAT, so that price times
 * the quantity is what they expect to pay; companies are shown net prices, so the VAT is added once
 * on the line's net, as their invoice shows it.
 */
function lineGross({ unitPrice, taxRate, quantity }: LineInput, audience: PriceAudience): Cents {
  if (!Number.isSafeInteger(unitPrice) || unitPrice < 0) {
    throw new InvalidOrderLineError(`A unit price is whole cents from 0: ${unitPrice}`);
  }
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new InvalidOrderLineError(`A quantity is a whole number from 1: ${quantity}`);
  }
  if (audience === "consumer") return assertCents(addTax(unitPrice, taxRate) * quantity);
  const net = assertCents(unitPrice * quantity);
  return net + taxAmount(net, taxRate);
}

/** The gross value of `lines` before any discount: what a coupon's minimum and percentage apply to. */
export function goodsTotal(lines: readonly LineInput[], audience: PriceAudience): Cents {
  return lines.reduce((sum, line) => sum + lineGross(line, audience), 0);
}

/**
 * `amount` shared out in proportion to `weights` (largest remainder): each part is rounded down, and
 * the cents left go one each to the parts that lost the most (the first of equals first), so the
 * parts add up to `amount` exactly and none is more than a cent from its exact share.
 */
export function shareOut(amount: Cents, weights: readonly Cents[]): Cents[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount === 0 || whole === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const parts = exact.map((product) => Number(product / BigInt(whole)));
  const remainders = exact.map((product, index) => ({ index, remainder: product % BigInt(whole) }));
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index]! += 1;
    left--;
  }
  return parts;
}

/** Net and tax of a gross amount: the tax is what the gross holds at `rate`, so the two add up exactly. */
function splitGross(gross: Cents, rate: TaxRate): { net: Cents; tax: Cents } {
  const net = removeTax(gross, rate);
  return { net, tax: gross - net };
}

/**
 * The money of an order, in integer cents. The discount (gross, as coupons give it) is capped at the
 * goods and shared out over the lines in proportion to their gross; each line's tax is then what its
 * discounted gross holds, so the tax charged follows the price actually paid. `shippingFee` is the
 * zone's gross fee (already 0 when shipping is free) and holds VAT at the general rate.
 */
export function orderTotals({
  lines,
  audience,
  discount,
  shippingFee,
}: {
  lines: readonly LineInput[];
  audience: PriceAudience;
  discount: Cents;
  shippingFee: Cents;
}): OrderTotals {
  if (!Number.isSafeInteger(discount) || discount < 0) throw new RangeError(`Not a discount in cents: ${discount}`);
  if (!Number.isSafeInteger(shippingFee) || shippingFee < 0) {
    throw new RangeError(`Not a shipping fee in cents: ${shippingFee}`);
  }
  return totalsOfGrosses(
    lines.map((line) => lineGross(line, audience)),
    lines.map((line) => line.taxRate),
    { discount, shippingFee },
  );
}

/**
 * A line as an order sold it: `unitPrice` is the price its customer was shown (with VAT for a
 * consumer, net for a company), as the order's lines keep it.
 */
export interface SoldLine {
  unitPrice: Cents;
  taxRate: TaxRate;
  quantity: number;
}

/** A sold line's gross before any discount: what the customer was shown times the quantity (VAT once on a company's net). */
function soldLineGross({ unitPrice, taxRate, quantity }: SoldLine, audience: PriceAudience): Cents {
  if (!Number.isSafeInteger(unitPrice) || unitPrice < 0) {
    throw new InvalidOrderLineError(`A unit price is whole cents from 0: ${unitPrice}`);
  }
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new InvalidOrderLineError(`A quantity is a whole number from 1: ${quantity}`);
  }
  const shown = assertCents(unitPrice * quantity);
  return audience === "consumer" ? shown : shown + taxAmount(shown, taxRate);
}

/**
 * orderTotals of lines already sold (an order changed after it was placed, docs/decisions/049): the
 * same discount, tax and shipping rules, from the unit prices the order kept rather than the
 * catalogue's net ones, so a line of 1 kept at its price costs what it cost.
 */
export function soldOrderTotals({
  lines,
  audience,
  discount,
  shippingFee,
}: {
  lines: readonly SoldLine[];
  audience: PriceAudience;
  discount: Cents;
  shippingFee: Cents;
}): OrderTotals {
  if (!Number.isSafeInteger(discount) || discount < 0) throw new RangeError(`Not a discount in cents: ${discount}`);
  if (!Number.isSafeInteger(shippingFee) || shippingFee < 0) {
    throw new RangeError(`Not a shipping fee in cents: ${shippingFee}`);
  }
  return totalsOfGrosses(
    lines.map((line) => soldLineGross(line, audience)),
    lines.map((line) => line.taxRate),
    { discount, shippingFee },
  );
}

function totalsOfGrosses(
  grosses: readonly Cents[],
  taxRates: readonly TaxRate[],
  { discount, shippingFee }: { discount: Cents; shippingFee: Cents },
): OrderTotals {
  const goods = grosses.reduce((sum, gross) => sum + gross, 0);
  const applied = Math.min(discount, goods);
  const shares = shareOut(applied, grosses);
  const lineTotals = grosses.map((lineGrossBefore, index) => {
    const gross = lineGrossBefore - shares[index]!;
    return { ...splitGross(gross, taxRates[index]!), gross, discount: shares[index]! };
  });
  const shippingTax = splitGross(shippingFee, SHIPPING_TAX_RATE).tax;
  return {
    lines: lineTotals,
    goods,
    discount: applied,
    shipping: shippingFee,
    shippingTax,
    tax: lineTotals.reduce((sum, line) => sum + line.tax, shippingTax),
    total: goods - applied + shippingFee,
  };
}
