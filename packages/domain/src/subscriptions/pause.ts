import { isIsoDate, shiftIsoDate, shopDateOf, type IsoDate } from "../delivery";
import { firstChangeableDelivery, type CutoffContext } from "./changes";
import type { PausePeriod } from "./schedule";

/** The lengths a customer picks from, besides "until a date". */
export const PAUSE_LENGTHS = ["1w", "2w", "1m", "2m"] as const satisfies readonly string[];
export type PauseLength = (typeof PAUSE_LENGTHS)[number];

/**
 * The latest "until" date, in calendar months after today: a season away is the longest a kitchen
 * plans for; past it, cancelling (and restarting later) is the honest choice, and an open-ended pause
 * would keep an off-session card consent and price notices going to someone who has left (decision 027).
 */
export const MAX_PAUSE_MONTHS = 6;

export type PauseChoice = { length: PauseLength } | { until: IsoDate };

export type PauseRefusal =
  /** `until` is not a calendar date. */
  | "invalidDate"
  /** `until` is today or earlier. */
  | "untilNotInFuture"
  /** `until` is more than MAX_PAUSE_MONTHS after today; `latest` says the last date allowed. */
  | "untilTooFar"
  /** Every listed delivery is locked, or `until` comes before the first changeable one. */
  | "nothingToSkip";

export type PausePlan<T> =
  { ok: true; pause: PausePeriod; skipped: T[] } | { ok: false; reason: PauseRefusal; latest?: IsoDate };

/**
 * `date` moved by whole calendar months; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), so a month never spills into the next one.
 */
export function shiftIsoDateByMonths(date: IsoDate, months: number): IsoDate {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + months;
  const prefix = `${String(Math.floor(monthIndex / 12)).padStart(4, "0")}-${String((monthIndex % 12) + 1).padStart(2, "0")}`;
  for (let candidate = day; ; candidate--) {
    const shifted = `${prefix}-${String(candidate).padStart(2, "0")}`;
    if (isIsoDate(shifted)) return shifted;
  }
}

const LENGTH_END: Record<PauseLength, (start: IsoDate) => IsoDate> = {
  // The last paused day is the day before the same weekday (or day of the month) comes round again,
  // so "one week" skips exactly one weekly delivery.
  "1w": (start) => shiftIsoDate(start, 6),
  "2w": (start) => shiftIsoDate(start, 13),
  "1m": (start) => shiftIsoDate(shiftIsoDateByMonths(start, 1), -1),
  "2m": (start) => shiftIsoDate(shiftIsoDateByMonths(start, 2), -1),
};

/**
 * The pause a customer's choice makes at `now`, and the deliveries it skips. It starts at the first
 * delivery a change still reaches (locked ones come anyway) and ends on its `until`, the last paused
 * day, included. `deliveries` are the coming ones (a schedule, or the stored rows), in any order.
 */
export function planPause<T extends { date: IsoDate | null }>(
  choice: PauseChoice,
  deliveries: readonly T[],
  context: CutoffContext,
): PausePlan<T & { date: IsoDate }> {
  const first = firstChangeableDelivery(deliveries, context);
  let until: IsoDate;
  if ("length" in choice) {
    if (first === null) return { ok: false, reason: "nothingToSkip" };
    until = LENGTH_END[choice.length](first.date);
  } else {
    if (!isIsoDate(choice.until)) return { ok: false, reason: "invalidDate" };
    const today = shopDateOf(context.now);
    const latest = shiftIsoDateByMonths(today, MAX_PAUSE_MONTHS);
    // ISO dates of four-digit years sort as text in calendar order.
    if (choice.until <= today) return { ok: false, reason: "untilNotInFuture" };
    if (choice.until > latest) return { ok: false, reason: "untilTooFar", latest };
    if (first === null || choice.until < first.date) return { ok: false, reason: "nothingToSkip" };
    until = choice.until;
  }
  const from = first.date;
  const skipped = deliveries
    .filter((delivery): delivery is T & { date: IsoDate } => delivery.date !== null)
    .filter((delivery) => from <= delivery.date && delivery.date <= until)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { ok: true, pause: { from, until }, skipped };
}
