/**
 * When and where a product is sold (issue 23; docs/decisions/042): the seasonal boxes (oranges,
 * calçots) are sold between two days of the year, every year, and maybe only in some delivery zones.
 * The days are month-day ("11-15"), so a season needs no yearly edit, and a season may wrap around
 * the new year ("10-01" to "05-31"). A product with neither day is sold all year; with no zones, in
 * every zone. The rule is judged on the delivery date (what is in season is what arrives), in
 * Madrid's calendar like every delivery date.
 */

/** "MM-DD": a day of any year. */
export type MonthDay = string;

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real day of the year ("02-29" is one; "02-30" and "13-01" are not). */
export function isMonthDay(value: unknown): value is MonthDay {
  if (typeof value !== "string" || !MONTH_DAY.test(value)) return false;
  const [month, day] = value.split("-").map(Number) as [number, number];
  return day <= DAYS_IN_MONTH[month - 1]!;
}

/** What decides whether a product may be sold for a delivery. */
export interface SaleLimits {
  /** First day of the season (inclusive), or null: no start. */
  readonly saleFrom: MonthDay | null;
  /** Last day of the season (inclusive), or null: no end. */
  readonly saleUntil: MonthDay | null;
  /** The delivery zones it is sold in; empty: every zone. */
  readonly saleZoneIds: readonly number[];
}

/** Why a product may not be sold for a delivery. */
export const SALE_REFUSALS = { season: "out_of_season", zone: "not_sold_in_zone" } as const;
export type SaleRefusal = (typeof SALE_REFUSALS)[keyof typeof SALE_REFUSALS];

/** Why a box may not be bought the way the draft buys it: a seasonal box in a subscription. */
export const ONCE_ONLY = "once_only" as const;

/**
 * A seasonal box is sold for one delivery at a time, never in a subscription (docs/decisions/042): a
 * subscription renews every week or fortnight and would go on past the season, and a renewal cannot
 * swap the box. ONCE_ONLY for such a box in a subscription, null otherwise (a purchase not chosen
 * yet is not judged). The order flow's box step and the CMS's draft checks both ask this.
 */
export function purchaseRefusal(
  box: { readonly isSeasonal: boolean },
  purchase: "once" | "subscription" | null,
): typeof ONCE_ONLY | null {
  return box.isSeasonal && purchase === "subscription" ? ONCE_ONLY : null;
}

/**
 * Whether an ISO delivery date ("2026-12-04") falls in the season. One day alone bounds the season on
 * that side until the year's end or from its start; both days, from the first to the second, across
 * the new year when the first comes later in the year.
 */
export function inSaleSeason(
  { saleFrom, saleUntil }: Pick<SaleLimits, "saleFrom" | "saleUntil">,
  date: string,
): boolean {
  const day = date.slice(5, 10);
  const from = isMonthDay(saleFrom) ? saleFrom : null;
  const until = isMonthDay(saleUntil) ? saleUntil : null;
  if (from === null && until === null) return true;
  if (from === null) return day <= until!;
  if (until === null) return day >= from;
  return from <= until ? day >= from && day <= until : day >= from || day <= until;
}

export const soldInZone = ({ saleZoneIds }: Pick<SaleLimits, "saleZoneIds">, zoneId: number): boolean =>
  saleZoneIds.length === 0 || saleZoneIds.includes(zoneId);

/**
 * Why the product may not be delivered in `zoneId` on `date` (a date not chosen yet: only the zone
 * is judged), or null when it may.
 */
export function saleRefusal(
  limits: SaleLimits,
  { zoneId, date }: { zoneId: number; date: string | null },
): SaleRefusal | null {
  if (!soldInZone(limits, zoneId)) return SALE_REFUSALS.zone;
  if (date !== null && !inSaleSeason(limits, date)) return SALE_REFUSALS.season;
  return null;
}

/**
 * Whether a product can be ordered now in a zone: sold there and in season on one of the delivery
 * dates the zone offers (the order flow asks for the box before the date). The dates it may be
 * delivered on, in the calendar's order; none: it cannot be ordered.
 */
export function saleDates(
  limits: SaleLimits,
  { zoneId, dates }: { zoneId: number; dates: readonly string[] },
): string[] {
  if (!soldInZone(limits, zoneId)) return [];
  return dates.filter((date) => inSaleSeason(limits, date));
}
