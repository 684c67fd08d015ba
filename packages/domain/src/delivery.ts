import { TZDateMini } from "@date-fns/tz";
import type { Cents } from "./money";

/**
 * The delivery calendar. Every date and cut-off is a day or a clock time in Madrid, where the shop
 * packs and ships, whatever the time zone of the server or of the customer's phone; the time-zone
 * library knows Madrid's daylight-saving changes, so no offset is written by hand here.
 */
export const SHOP_TIME_ZONE = "Europe/Madrid";

/** A calendar day in the shop's time zone: "2026-11-25". */
export type IsoDate = string;
/** ISO weekday: Monday 1 … Sunday 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly IsoWeekday[];

export class InvalidIsoDateError extends Error {
  constructor(readonly value: string) {
    super(`Not a calendar date (YYYY-MM-DD): ${value}`);
    this.name = "InvalidIsoDateError";
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The day `date` names, as a UTC midnight, or null when it is not a real day ("2026-02-30"). A
 * calendar day does not depend on a time zone, and UTC has no clock changes, so counting days and
 * weekdays on it is exact; Madrid's zone matters only where a day meets an instant (today, cut-offs).
 */
function calendarDay(date: string): Date | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnight = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls impossible days over (31 April -> 1 May): such input is refused, not moved.
  return midnight.getUTCFullYear() === year && midnight.getUTCMonth() === month - 1 && midnight.getUTCDate() === day
    ? midnight
    : null;
}

function requireCalendarDay(date: IsoDate): Date {
  const day = calendarDay(date);
  if (!day) throw new InvalidIsoDateError(date);
  return day;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

const isoDate = (year: number, monthIndex: number, day: number): IsoDate =>
  `${String(year).padStart(4, "0")}-${twoDigits(monthIndex + 1)}-${twoDigits(day)}`;

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && calendarDay(value) !== null;
}

/** The day it is in Madrid at `instant`. */
export function shopDateOf(instant: Date): IsoDate {
  const madrid = new TZDateMini(instant.getTime(), SHOP_TIME_ZONE);
  return isoDate(madrid.getFullYear(), madrid.getMonth(), madrid.getDate());
}

/** `date` moved by whole calendar days (negative goes back), across months, years and clock changes. */
export function shiftIsoDate(date: IsoDate, days: number): IsoDate {
  const day = requireCalendarDay(date);
  const shifted = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + days));
  return isoDate(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  // Both are UTC midnights, so the difference is an exact multiple of a day.
  return Math.round((requireCalendarDay(to).getTime() - requireCalendarDay(from).getTime()) / 86_400_000);
}

export function isoWeekdayOf(date: IsoDate): IsoWeekday {
  // getDay() counts from Sunday 0; ISO counts from Monday 1 and puts Sunday last.
  return (requireCalendarDay(date).getUTCDay() || 7) as IsoWeekday;
}

/** "09:00": a clock time of the day, 24-hour, as zones store their slots and cut-offs. */
export function isClockTime(value: unknown): value is string {
  return typeof value === "string" && CLOCK_TIME.test(value);
}

// ---- Postcodes -------------------------------------------------------------------------------------

/**
 * Postcodes are kept as the address book writes them: Spanish ones as five digits ("08001", provinces
 * 01 to 52), Portuguese ones as four digits, a hyphen and three digits ("1100-053"). Two postcodes are
 * compared by their digits, and only when they have as many digits (a Spanish and a Portuguese one are
 * never in one range): for digit strings of one length, text order is numeric order.
 */
export interface PostcodeRange {
  from: string;
  to: string;
}

export class InvalidPostcodeRangesError extends Error {
  constructor(readonly token: string) {
    super(`Not a postcode or a range of postcodes ("08001" or "08001-08099"): ${token}`);
    this.name = "InvalidPostcodeRangesError";
  }
}

const SPANISH_POSTCODE = /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/;
const PORTUGUESE_POSTCODE = /^(\d{4})-?(\d{3})$/;

/**
 * A customer's postcode in its stored form, or null when it is neither Spanish nor Portuguese. Spaces
 * are dropped anywhere ("08 001"), and a Portuguese code typed without its hyphen ("1100053" or
 * "1100 053") gets it back, so that it matches the address book.
 */
export function normalizePostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, "");
  if (SPANISH_POSTCODE.test(compact)) return compact;
  const portuguese = PORTUGUESE_POSTCODE.exec(compact);
  return portuguese ? `${portuguese[1]}-${portuguese[2]}` : null;
}

const digitsOf = (postcode: string) => postcode.replace("-", "");

/** A single code or a range, spaces already removed: "08001", "08001-08099", "1000-001-1999-999". */
const POSTCODE_TOKEN = /^(\d{5}|\d{4}-?\d{3})(?:-(\d{5}|\d{4}-?\d{3}))?$/;

function parseToken(token: string): PostcodeRange {
  const match = POSTCODE_TOKEN.exec(token.replace(/\s+/g, ""));
  const from = match?.[1] === undefined ? null : normalizePostcode(match[1]);
  const to = match?.[2] === undefined ? from : normalizePostcode(match[2]);
  if (!from || !to) throw new InvalidPostcodeRangesError(token);
  const [low, high] = [digitsOf(from), digitsOf(to)];
  // A range must not mix countries, and one written backwards is a typing slip to report, not to guess.
  if (low.length !== high.length || low > high) throw new InvalidPostcodeRangesError(token);
  return { from, to };
}

/**
 * Staff's list of postcodes for a zone: single codes and ranges, separated by commas, semicolons or
 * new lines ("08001-08099, 08100\n08201"). Throws InvalidPostcodeRangesError naming the first token
 * that is not a postcode, so the admin panel can point at it.
 */
export function parsePostcodeRanges(text: string): PostcodeRange[] {
  return text
    .split(/[,;\n]/)
    .map((token) => token.trim())
    .filter((token) => token !== "")
    .map(parseToken);
}

function inRange(range: PostcodeRange, digits: string): boolean {
  const [from, to] = [digitsOf(range.from), digitsOf(range.to)];
  return from.length === digits.length && from <= digits && digits <= to;
}

// ---- Zones -----------------------------------------------------------------------------------------

export interface TimeSlot {
  /** Stable id of the slot within its zone ("morning"): what orders and capacity rows refer to. */
  code: string;
  start: string;
  end: string;
  /** Deliveries the slot takes per day; null: no limit. */
  capacity: number | null;
}

export interface DeliveryZone {
  id: number;
  name: string;
  postcodes: readonly PostcodeRange[];
  weekdays: readonly IsoWeekday[];
  slots: readonly TimeSlot[];
  /** Gross, what the customer pays for delivery below the threshold. */
  shippingFee: Cents;
  /** Goods after discount from which delivery is free; null: never free. */
  freeShippingFrom: Cents | null;
  /** Orders close `workingDaysBefore` working days (Monday to Friday, not closed) before delivery, at `time` in Madrid. */
  cutoff: { workingDaysBefore: number; time: string };
}

/** A day without deliveries nor packing (a holiday): for one zone, or for every zone when zoneId is null. */
export interface ClosedDay {
  date: IsoDate;
  zoneId: number | null;
}

/**
 * The zone that delivers to `postcode`, or null when none does (or it is not a postcode). Zones should
 * not overlap; if staff make two overlap, the first one in `zones` wins, so the answer is stable.
 */
export function zoneForPostcode(zones: readonly DeliveryZone[], postcode: string): DeliveryZone | null {
  const normalized = normalizePostcode(postcode);
  if (!normalized) return null;
  const digits = digitsOf(normalized);
  return zones.find((zone) => zone.postcodes.some((range) => inRange(range, digits))) ?? null;
}

/** The dates closed for `zone`: its own closed days and those closed for every zone. */
export function closedDatesOf(zone: Pick<DeliveryZone, "id">, closedDays: readonly ClosedDay[]): ReadonlySet<IsoDate> {
  return new Set(
    closedDays.filter((closed) => closed.zoneId === null || closed.zoneId === zone.id).map((closed) => closed.date),
  );
}

const isWorkingDay = (date: IsoDate, closed: ReadonlySet<IsoDate>) => isoWeekdayOf(date) <= 5 && !closed.has(date);

/** Six weeks of working days: more is a typing slip in the admin panel, and would only slow every page down. */
const MAX_WORKING_DAYS_BEFORE = 30;

function cutoffWithin(zone: Pick<DeliveryZone, "cutoff">, date: IsoDate, closed: ReadonlySet<IsoDate>): Date {
  const { workingDaysBefore, time } = zone.cutoff;
  if (
    !Number.isSafeInteger(workingDaysBefore) ||
    workingDaysBefore < 0 ||
    workingDaysBefore > MAX_WORKING_DAYS_BEFORE
  ) {
    throw new RangeError(`Working days before delivery must be a whole number from 0 to 30: ${workingDaysBefore}`);
  }
  const clock = CLOCK_TIME.exec(time);
  if (!clock) throw new RangeError(`Not a clock time (HH:MM): ${time}`);
  let day = date;
  for (let counted = 0; counted < workingDaysBefore;) {
    day = shiftIsoDate(day, -1);
    if (isWorkingDay(day, closed)) counted++;
  }
  const closing = requireCalendarDay(day);
  const cutoff = new TZDateMini(
    closing.getUTCFullYear(),
    closing.getUTCMonth(),
    closing.getUTCDate(),
    Number(clock[1]),
    Number(clock[2]),
    SHOP_TIME_ZONE,
  );
  return new Date(cutoff.getTime());
}

/**
 * The instant orders for delivery on `date` close: the zone's time, in Madrid, on the
 * `workingDaysBefore`-th working day before it (0: the delivery day itself). Working days are Monday
 * to Friday, less the days closed for this zone or for all: nobody packs on them. An order is
 * accepted while now is strictly before this instant ("23:59" closes at 23:59:00).
 */
export function cutoffOf(
  zone: Pick<DeliveryZone, "id" | "cutoff">,
  date: IsoDate,
  closedDays: readonly ClosedDay[],
): Date {
  return cutoffWithin(zone, date, closedDatesOf(zone, closedDays));
}

/** How far ahead a customer may choose a delivery date, in days after today. */
const DEFAULT_HORIZON_DAYS = 28;

interface CalendarOptions {
  now: Date;
  closedDays: readonly ClosedDay[];
  /** Latest date offered, in days after today in Madrid; 28 by default. */
  horizonDays?: number;
}

function offeredWithin(
  zone: DeliveryZone,
  date: IsoDate,
  closed: ReadonlySet<IsoDate>,
  { now, horizonDays = DEFAULT_HORIZON_DAYS }: Omit<CalendarOptions, "closedDays">,
): boolean {
  return (
    isIsoDate(date) &&
    zone.weekdays.includes(isoWeekdayOf(date)) &&
    !closed.has(date) &&
    // ISO dates of four-digit years sort as text in calendar order.
    date <= shiftIsoDate(shopDateOf(now), horizonDays) &&
    now.getTime() < cutoffWithin(zone, date, closed).getTime()
  );
}

/**
 * Whether a customer may choose `date`: one of the zone's delivery weekdays, not closed for it, within
 * the horizon, and before its cut-off. The server asks this again of the date it receives, whatever
 * the calendar showed.
 */
export function isDeliveryDateOffered(zone: DeliveryZone, date: IsoDate, options: CalendarOptions): boolean {
  return offeredWithin(zone, date, closedDatesOf(zone, options.closedDays), options);
}

/** Every date the zone offers from today to the horizon (28 days by default), earliest first. */
export function offeredDeliveryDates(zone: DeliveryZone, options: CalendarOptions): IsoDate[] {
  const closed = closedDatesOf(zone, options.closedDays);
  const today = shopDateOf(options.now);
  const horizonDays = options.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const dates: IsoDate[] = [];
  for (let offset = 0; offset <= horizonDays; offset++) {
    const date = shiftIsoDate(today, offset);
    if (offeredWithin(zone, date, closed, options)) dates.push(date);
  }
  return dates;
}

export interface SlotOffer extends TimeSlot {
  /** Places left on the day; null: the slot has no capacity limit. */
  remaining: number | null;
}

// Own keys only: a slot coded "constructor" must not read Object.prototype's.
const takenOn = (takenBySlot: Readonly<Record<string, number>>, code: string) =>
  Object.hasOwn(takenBySlot, code) ? (takenBySlot[code] ?? 0) : 0;

/**
 * The zone's slots a customer may still choose on one day, given the places already taken on it
 * (by slot code). A full slot is left out. This is what the page shows: taking the place is the
 * database's conditional update, which is what stops two customers from both getting the last one.
 */
export function offeredSlots(zone: DeliveryZone, takenBySlot: Readonly<Record<string, number>>): SlotOffer[] {
  return zone.slots
    .map((slot) => ({
      ...slot,
      remaining: slot.capacity === null ? null : Math.max(0, slot.capacity - takenOn(takenBySlot, slot.code)),
    }))
    .filter((offer) => offer.remaining === null || offer.remaining > 0);
}

/** What delivery costs for goods worth `goodsAfterDiscount` (gross, after the coupon): free from the threshold. */
export function shippingFeeFor(
  zone: Pick<DeliveryZone, "shippingFee" | "freeShippingFrom">,
  goodsAfterDiscount: Cents,
): Cents {
  return zone.freeShippingFrom !== null && goodsAfterDiscount >= zone.freeShippingFrom ? 0 : zone.shippingFee;
}
