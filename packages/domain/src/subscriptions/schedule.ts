import {
  closedDatesOf,
  daysBetween,
  isIsoDate,
  isoWeekdayOf,
  shiftIsoDate,
  type ClosedDay,
  type DeliveryZone,
  type IsoDate,
  type IsoWeekday,
} from "../delivery";
import { nextDeliveryAfter, type Frequency } from "../order-plan";

/** Deliveries are generated (and shown) this many weeks ahead. */
export const DELIVERIES_AHEAD_WEEKS = 8;

/** A subscription's rhythm. Monthly is every four weeks (decision 027, as order-plan's nextDeliveryAfter). */
export interface SubscriptionPlan {
  frequency: Frequency;
  /** The day of the week its boxes come on. */
  weekday: IsoWeekday;
  /** Its first delivery: sets which weeks have a delivery, and nothing is planned before it. */
  anchor: IsoDate;
}

/** Deliveries from `from` to `until`, both included, do not happen (a pause; see pause.ts). */
export interface PausePeriod {
  from: IsoDate;
  until: IsoDate;
}

/**
 * One planned delivery against the zone's calendar. `plannedDate` is where the rhythm puts it;
 * `date` is when it comes: the same day (none), the zone's next open delivery day (moved, the planned
 * day was closed), or never (dropped: no open day before the next planned one). The customer is told
 * of every moved and dropped one.
 */
export type ScheduledDelivery =
  | { plannedDate: IsoDate; date: IsoDate; change: "none" | "moved"; paused: boolean }
  | { plannedDate: IsoDate; date: null; change: "dropped"; paused: false };

export interface ScheduleOptions {
  /** The first day of the window (usually today in Madrid). */
  from: IsoDate;
  /** Length of the window; DELIVERIES_AHEAD_WEEKS by default. */
  weeks?: number;
  zone: Pick<DeliveryZone, "id" | "weekdays">;
  closedDays: readonly ClosedDay[];
  pauses?: readonly PausePeriod[];
}

export class InvalidSubscriptionPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidSubscriptionPlanError";
  }
}

/** A window longer than this is a mistake, and would only slow a page down. */
const MAX_WEEKS = 104;

/** Monday of the week of `date`. */
const mondayOf = (date: IsoDate) => shiftIsoDate(date, 1 - isoWeekdayOf(date));

/**
 * The subscription's deliveries whose planned date falls from `from` for `weeks` weeks (a planned
 * date before `from` that moves to `from` or later is included too), earliest first.
 *
 * The rhythm counts weeks from the anchor's week, and `weekday` picks the day in each such week: so a
 * change of weekday keeps the same weeks. A planned day the zone does not deliver on (closed for it
 * or for all, or not one of its weekdays) moves to the zone's nearest following open delivery day if
 * that is still before the next planned date, and is dropped otherwise. This keeps the dates unique
 * and strictly increasing.
 */
export function deliverySchedule(plan: SubscriptionPlan, options: ScheduleOptions): ScheduledDelivery[] {
  const { from, weeks = DELIVERIES_AHEAD_WEEKS, zone, pauses = [] } = options;
  if (!isIsoDate(plan.anchor)) throw new InvalidSubscriptionPlanError(`Not a calendar date: ${plan.anchor}`);
  if (!isIsoDate(from)) throw new InvalidSubscriptionPlanError(`Not a calendar date: ${from}`);
  if (!Number.isInteger(plan.weekday) || plan.weekday < 1 || plan.weekday > 7) {
    throw new InvalidSubscriptionPlanError(`Not an ISO weekday (1 to 7): ${plan.weekday}`);
  }
  if (!Number.isSafeInteger(weeks) || weeks < 0 || weeks > MAX_WEEKS) {
    throw new InvalidSubscriptionPlanError(`Weeks must be a whole number from 0 to ${MAX_WEEKS}: ${weeks}`);
  }
  const period = daysBetween(plan.anchor, nextDeliveryAfter(plan.anchor, plan.frequency));
  const closed = closedDatesOf(zone, options.closedDays);
  const isOpen = (date: IsoDate) => zone.weekdays.includes(isoWeekdayOf(date)) && !closed.has(date);
  const isPaused = (date: IsoDate) => pauses.some((pause) => pause.from <= date && date <= pause.until);

  const firstPlanned = shiftIsoDate(mondayOf(plan.anchor), plan.weekday - 1);
  const end = shiftIsoDate(from, weeks * 7);
  // Start one period before `from`: that planned date may have moved into the window.
  let index = Math.max(0, Math.floor(daysBetween(firstPlanned, from) / period) - 1);
  const deliveries: ScheduledDelivery[] = [];
  for (; ; index++) {
    const plannedDate = shiftIsoDate(firstPlanned, index * period);
    // ISO dates of four-digit years sort as text in calendar order.
    if (plannedDate >= end) break;
    if (plannedDate < plan.anchor) continue;
    const next = shiftIsoDate(plannedDate, period);
    let date: IsoDate | null = plannedDate;
    while (date !== null && !isOpen(date)) {
      const following = shiftIsoDate(date, 1);
      date = following < next ? following : null;
    }
    if (date === null) {
      if (plannedDate >= from) deliveries.push({ plannedDate, date: null, change: "dropped", paused: false });
    } else if (date >= from) {
      deliveries.push({
        plannedDate,
        date,
        change: date === plannedDate ? "none" : "moved",
        paused: isPaused(date),
      });
    }
  }
  return deliveries;
}
