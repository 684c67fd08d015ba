import { cutoffOf, type ClosedDay, type DeliveryZone, type IsoDate } from "../delivery";

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
 * The delivery a change made at `now` applies to first: the earliest not yet locked. After a
 * delivery's cut-off a change applies to the next one. Deliveries without a date (dropped ones in a
 * schedule) are passed over; null when every one is locked. The order of `deliveries` does not matter.
 */
export function firstChangeableDelivery<T extends { date: IsoDate | null }>(
  deliveries: readonly T[],
  context: CutoffContext,
): (T & { date: IsoDate }) | null {
  let first: (T & { date: IsoDate }) | null = null;
  for (const delivery of deliveries) {
    if (!hasDate(delivery)) continue;
    if (first !== null && first.date <= delivery.date) continue;
    if (!isDeliveryLocked(delivery.date, context)) first = delivery;
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
