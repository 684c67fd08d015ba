import { shiftIsoDate, type IsoDate } from "./delivery";
import { ITEM_TYPES } from "./product";

/** What a customer chooses in the new-order flow: one delivery, or a subscription. */
export const PURCHASE_KINDS = ["once", "subscription"] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export const FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The box types a customer picks from: the catalogue's own item types for boxes. */
export const BOX_KINDS = [ITEM_TYPES.mixed, ITEM_TYPES.fruits, ITEM_TYPES.vegetables] as const;
export type BoxKind = (typeof BOX_KINDS)[number];

/** An extra comes with the first delivery only, or with every delivery of a subscription. */
export const EXTRA_FREQUENCIES = ["once", "every_delivery"] as const;
export type ExtraFrequency = (typeof EXTRA_FREQUENCIES)[number];

/** Foods a customer may leave out of one box: the packers can swap a handful, not redesign the box. */
export const MAX_EXCLUSIONS = 6;
/** Distinct box lines in one order. */
export const MAX_BOXES = 5;
/** Units of one line: more is a wholesale order, which the company offer handles. */
export const MAX_LINE_QUANTITY = 10;

const DAYS_BETWEEN: Record<Frequency, number> = {
  weekly: 7,
  fortnightly: 14,
  // Four weeks, not a calendar month: a delivery weekday must stay a delivery weekday (the zone's
  // rounds run on fixed weekdays), and "the 31st" does not exist in every month.
  monthly: 28,
};

/** The delivery of a subscription that follows the one on `date`. */
export function nextDeliveryAfter(date: IsoDate, frequency: Frequency): IsoDate {
  return shiftIsoDate(date, DAYS_BETWEEN[frequency]);
}
