import { LOCALE_TAGS, type Locale } from "@shop/routing";

// Calendar days (YYYY-MM-DD) as a page says them. Worked out on the server and sent as text: the
// browser's ICU may punctuate date ranges differently from Node's, and hydration would then differ.

function utcDay(isoDate: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One formatter per language, made on first use and kept: making an Intl formatter costs far more
 * than formatting with it (a signed-in page formats dozens of dates: ~2 % of its CPU went to making
 * them, docs/decisions/024).
 */
export function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

const longDates = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);

/** "31 de octubre de 2026", "31 d’octubre del 2026"; null for anything that is not a calendar day. */
export function longDate(isoDate: string, locale: Locale): string | null {
  const day = utcDay(isoDate);
  return day ? longDates(locale).format(day) : null;
}

/**
 * The seven days of the week starting on `weekStart` (a Monday): "16–22 de noviembre de 2026",
 * "30 de noviembre – 6 de diciembre de 2026" across months, with the year on both sides across years.
 */
export function weekDates(weekStart: string, locale: Locale): string | null {
  const first = utcDay(weekStart);
  if (!first) return null;
  const last = new Date(first.getTime() + 6 * 86_400_000);
  return longDates(locale).formatRange(first, last);
}

/**
 * The shop's customers live in Spain and Portugal: a moment is told in the clock of the page's
 * language (Madrid for Spanish and Catalan, Lisbon for Portuguese), with the zone named.
 */
export const CLOCKS: Record<Locale, string> = { es: "Europe/Madrid", ca: "Europe/Madrid", pt: "Europe/Lisbon" };

const dateTimes = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: CLOCKS[locale],
      timeZoneName: "short",
    }),
);

/** "3 de marzo de 2026 a las 14:05 CET" from an ISO timestamp; null for anything that is not one. */
export function dateTime(isoTimestamp: string, locale: Locale): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(isoTimestamp)) return null;
  const moment = new Date(isoTimestamp);
  return Number.isNaN(moment.getTime()) ? null : dateTimes(locale).format(moment);
}
