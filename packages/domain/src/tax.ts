import { assertCents, type Cents } from "./money";

/** A tax rate as a fraction of the net price: 0.21 is 21 % VAT. */
export type TaxRate = number;

export class InvalidTaxRateError extends Error {
  constructor(readonly value: unknown) {
    super(`Not a tax rate (a fraction from 0 to below 1, e.g. 0.21): ${String(value)}`);
    this.name = "InvalidTaxRateError";
  }
}

/**
 * Reads a fractional rate from the API (number or numeric text). Missing means untaxed (0).
 * Rates of 1 or more are refused: they are almost surely a percentage typed as 21 instead
 * of 0.21, and accepting them would multiply the price shown to customers.
 */
export function parseTaxRate(value: unknown): TaxRate {
  if (value === null || value === undefined) return 0;
  const rate =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value.trim().replace(",", "."))
        : Number.NaN;
  if (!Number.isFinite(rate) || rate < 0 || rate >= 1) throw new InvalidTaxRateError(value);
  return rate;
}

/** Integer division rounding to nearest, ties away from zero (2.5 -> 3, -2.5 -> -3). */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("The denominator must be positive");
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = abs / denominator;
  const rounded = (abs % denominator) * 2n >= denominator ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/**
 * The exact decimal a float rate was written as ("0.21" = 21 / 10^2). The shortest
 * round-trip text of a double is the decimal the editor typed, so no binary error leaks in.
 */
function toDecimal(rate: number): { units: bigint; scale: number } {
  const [mantissa = "0", exponent = "0"] = String(rate).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  const scale = fraction.length - Number(exponent);
  const units = BigInt(whole + fraction);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * price x (1 + rate), rounded to whole cents (= 2 decimals of euros), ties away from zero.
 * Computed exactly on integers: 1.00 EUR at 4 % is 1.04, 0.50 at 21 % is 0.605 -> 0.61.
 */
export function addTax(price: Cents, rate: TaxRate): Cents {
  assertCents(price);
  const checked = parseTaxRate(rate);
  if (checked === 0) return price;
  const { units, scale } = toDecimal(checked);
  const denominator = 10n ** BigInt(scale);
  return assertCents(Number(divideRoundHalfAwayFromZero(BigInt(price) * (denominator + units), denominator)));
}

/** The tax part of a gross price, so net + tax always adds up to the gross shown. */
export function taxAmount(price: Cents, rate: TaxRate): Cents {
  return addTax(price, rate) - price;
}

/**
 * The net part of a gross amount: gross / (1 + rate), rounded to whole cents, ties away from zero.
 * For amounts whose tax was worked out on a gross total (a consumer's line, a discounted line,
 * shipping), so that net + tax is that gross exactly.
 */
export function removeTax(gross: Cents, rate: TaxRate): Cents {
  assertCents(gross);
  const checked = parseTaxRate(rate);
  if (checked === 0) return gross;
  const { units, scale } = toDecimal(checked);
  const denominator = 10n ** BigInt(scale);
  return assertCents(Number(divideRoundHalfAwayFromZero(BigInt(gross) * denominator, denominator + units)));
}
