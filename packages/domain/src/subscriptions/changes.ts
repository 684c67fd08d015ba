import {
  cutoffOf,
  daysBetween,
  isoWeekdayOf,
  shiftIsoDate,
  type ClosedDay,
  type DeliveryZone,
  type IsoDate,
  type IsoWeekday,
} from "../delivery";
import { nextDeliveryAfter, type Frequency } from "../order-plan";
import type { DeliveryStatus } from "./status";

/** What the cut-off of a delivery depends on, and the moment asked about. */
export interface CutoffContext {
  now: Date;
  zone: Pick<DeliveryZone, "id" | "cutoff">;
  closedDays: readonly ClosedDay[];
}

/**
 * Whether the delivery on `date` is locked at `now`: its zone's cut-off (delivery.ts's cutoffOf, the
 * same as for one-off orders) has come. From then on it is being turned into an order and charged, and
 * no change reaches it.
 */
export function isDeliveryLocked(date: IsoDate, { now, zone, closedDays }: CutoffContext): boolean {
  return now.getTime() >= cutoffOf(zone, date, closedDays).getTime();
}

/**
 * Statuses no change reaches whatever the clock says: being turned into an order, or ordered. The
 * first delivery is ordered by the first paid order while its cut-off may still be days ahead.
 */
export const FIXED_DELIVERY_STATUSES = ["locked", "ordered"] as const satisfies readonly DeliveryStatus[];

/**
 * A delivery as the change rules read it: a planned date alone (a schedule's; null when dropped),
 * or a stored delivery with its status, how the calendar changed its date, and the cut-off written
 * when it was planned (which then counts, as the job locks by it).
 */
export interface ChangeableDelivery {
  date: IsoDate | null;
  status?: DeliveryStatus;
  change?: "none" | "moved" | "dropped";
  cutoffAt?: Date | string;
}

/** A stored delivery: its cut-off was written when it was planned, so no zone is needed to read it. */
export type StoredChangeableDelivery = ChangeableDelivery & { cutoffAt: Date | string };

/**
 * Whether a change made at `now` still reaches the delivery: not dropped by the calendar, not locked
 * or ordered, and its cut-off (the stored one, else its zone's) still ahead.
 */
export function takesChanges(delivery: StoredChangeableDelivery & { date: IsoDate }, context: { now: Date }): boolean;
export function takesChanges(delivery: ChangeableDelivery & { date: IsoDate }, context: CutoffContext): boolean;
export function takesChanges(
  delivery: ChangeableDelivery & { date: IsoDate },
  context: CutoffContext | { now: Date },
): boolean {
  if (delivery.change === "dropped") return false;
  if (delivery.status !== undefined && (FIXED_DELIVERY_STATUSES as readonly string[]).includes(delivery.status)) {
    return false;
  }
  if (delivery.cutoffAt !== undefined) return context.now.getTime() < new Date(delivery.cutoffAt).getTime();
  // The overloads give a zone whenever a delivery has no stored cut-off.
  return !isDeliveryLocked(delivery.date, context as CutoffContext);
}

/**
 * The delivery a change made at `now` applies to first: the earliest that still takes changes
 * (takesChanges). After a delivery's cut-off a change applies to the next one. The CMS asks this of
 * its stored rows, the pause of a schedule or of those rows: one rule. Null when none does; the
 * order of `deliveries` does not matter.
 */
export function firstChangeableDelivery<T extends StoredChangeableDelivery>(
  deliveries: readonly T[],
  context: { now: Date },
): (T & { date: IsoDate }) | null;
export function firstChangeableDelivery<T extends ChangeableDelivery>(
  deliveries: readonly T[],
  context: CutoffContext,
): (T & { date: IsoDate }) | null;
export function firstChangeableDelivery<T extends ChangeableDelivery>(
  deliveries: readonly T[],
  context: CutoffContext | { now: Date },
): (T & { date: IsoDate }) | null {
  let first: (T & { date: IsoDate }) | null = null;
  for (const delivery of deliveries) {
    if (!hasDate(delivery)) continue;
    if (first !== null && first.date <= delivery.date) continue;
    if (takesChanges(delivery, context as CutoffContext)) first = delivery;
  }
  return first;
}

const hasDate = <T extends { date: IsoDate | null }>(delivery: T): delivery is T & { date: IsoDate } =>
  delivery.date !== null;

/**
 * What cancelling at `now` means for the customer: the deliveries from `effectiveFrom` on do not come
 * (null: none of those listed is still changeable), and `lastDelivery` is the latest one already locked,
 * which still comes and is charged (null: none).
 */
export function cancellationEffect<T extends { date: IsoDate | null }>(
  deliveries: readonly T[],
  context: CutoffContext,
): { effectiveFrom: IsoDate | null; lastDelivery: IsoDate | null } {
  const dated = deliveries.filter(hasDate);
  const locked = dated.filter((delivery) => isDeliveryLocked(delivery.date, context)).map((d) => d.date);
  return {
    effectiveFrom: firstChangeableDelivery(dated, context)?.date ?? null,
    lastDelivery: locked.length === 0 ? null : locked.reduce((latest, date) => (date > latest ? date : latest)),
  };
}

const mondayOf = (date: IsoDate) => shiftIsoDate(date, 1 - isoWeekdayOf(date));

/**
 * The first delivery of a rhythm changed at `now` (a new weekday or frequency; its anchor): on
 * `weekday`, from the week of `notBefore` (the first delivery a change reaches: its week's box moves
 * to the new day, an earlier one too while its cut-off is ahead; counted from `notBefore` itself, a
 * move to an earlier weekday lost that week's box, a fortnightly rhythm's whole period), not locked,
 * and never in or before the week of `lastFixed`, the latest delivery no change reaches any more
 * (locked, ordered: it comes anyway, and a box on the new day of that week would be a second one). A
 * new weekday alone keeps the weeks of the old rhythm (`keepWeeksOf`, its anchor); a new frequency
 * starts its own (null).
 */
export function rhythmAnchor(
  {
    weekday,
    frequency,
    notBefore,
    lastFixed,
    keepWeeksOf,
  }: {
    weekday: IsoWeekday;
    frequency: Frequency;
    notBefore: IsoDate;
    lastFixed: IsoDate | null;
    keepWeeksOf: IsoDate | null;
  },
  context: CutoffContext,
): IsoDate {
  // The Monday of the first week a box on the new day may come.
  const afterFixed = lastFixed === null ? null : shiftIsoDate(mondayOf(lastFixed), 7);
  const firstWeek = afterFixed !== null && afterFixed > mondayOf(notBefore) ? afterFixed : mondayOf(notBefore);
  const period = daysBetween(notBefore, nextDeliveryAfter(notBefore, frequency)) / 7;
  const inRhythm = (date: IsoDate) => {
    if (keepWeeksOf === null) return true;
    const weeks = daysBetween(mondayOf(keepWeeksOf), mondayOf(date)) / 7;
    return ((weeks % period) + period) % period === 0;
  };
  let anchor = shiftIsoDate(firstWeek, weekday - 1);
  while (!inRhythm(anchor) || isDeliveryLocked(anchor, context)) anchor = shiftIsoDate(anchor, 7);
  return anchor;
}
