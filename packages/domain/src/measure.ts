import { finiteNumber } from "./raw";
import { PRODUCT_TYPES, type Product } from "./product";

/**
 * How much one product holds when it is sold in a fixed quantity (docs/decisions/012): a bottle of
 * 500 ml, a bag of 1 kg, a box of 12 eggs. Produce is sold by approximate weight instead.
 */
export const MEASURE_UNITS = ["kg", "g", "l", "ml", "unit"] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

export interface Measure {
  /** Positive; whole for `unit`, may be fractional for the others (0.75 l). */
  readonly amount: number;
  readonly unit: MeasureUnit;
}

export const isMeasureUnit = (value: unknown): value is MeasureUnit =>
  typeof value === "string" && (MEASURE_UNITS as readonly string[]).includes(value);

/**
 * A measure from its two stored fields, or null unless both make sense: a positive amount (a count of
 * pieces is whole) and one of MEASURE_UNITS. A half-filled measure shows nothing rather than a guess.
 */
export function toMeasure(amount: unknown, unit: unknown): Measure | null {
  const value = finiteNumber(amount);
  if (value === null || value <= 0 || !isMeasureUnit(unit)) return null;
  if (unit === "unit" && !Number.isInteger(value)) return null;
  return { amount: value, unit };
}

/** What a card or a product page says about how much the customer gets. */
export type Quantity =
  | { readonly kind: "measure"; readonly measure: Measure }
  /** Produce: boxes and items are weighed at packing, so their weight is approximate. */
  | { readonly kind: "approxWeight"; readonly kilograms: number };

/**
 * The measure when staff gave one; otherwise the approximate weight of produce (boxes and items).
 * A complementary product without a measure shows none: its `weight` is what it weighs in the
 * delivery (a 500 ml bottle is not "0.5 kg"), not what it holds.
 */
export function quantityOf(product: Pick<Product, "type" | "measure" | "weight">): Quantity | null {
  if (product.measure) return { kind: "measure", measure: product.measure };
  if (product.type === PRODUCT_TYPES.upsell || product.weight === null || product.weight <= 0) return null;
  return { kind: "approxWeight", kilograms: product.weight / 1000 };
}
