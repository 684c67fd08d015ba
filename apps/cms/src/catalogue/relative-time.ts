import type { Locale } from "@shop/domain";

const DAY_MS = 86_400_000;

function utcDay(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/**
 * "fa 2 setmanes", "hace 3 meses", "há 1 ano": how long ago `date` was, in `language`, counted in
 * whole days (a review has a date, not a time) and shown in the largest unit that fits.
 */
export function relativeTime(date: Date, now: Date, language: Locale): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  const days = utcDay(date) - utcDay(now);
  const size = Math.abs(days);
  if (size < 7) return format.format(days, "day");
  if (size < 30) return format.format(Math.round(days / 7), "week");
  if (size < 365) return format.format(Math.round(days / 30), "month");
  return format.format(Math.round(days / 365), "year");
}

/** A `YYYY-MM-DD` date field as a Date at UTC midnight, or null. */
export function parseDateOnly(value: unknown): Date | null {
  if (typeof value !== "string" && !(value instanceof Date)) return null;
  const date = value instanceof Date ? value : new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
