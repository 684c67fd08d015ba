import type { Core } from "@strapi/strapi";
import { cutoffOf, orderNumberOf, shopDateOf, type IsoDate } from "@shop/domain";
import { deliverySchedule, rhythmAnchor, type SubscriptionStatus } from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../content-types";
import type { Sql } from "../database/sql";
import { takeSlotPlace } from "../delivery/slot-places";
import { OrderError } from "../ordering/errors";
import { insertOrder } from "../ordering/new-orders";
import { priceDraft } from "../ordering/quote";
import { paymentDeadline } from "../ordering/status";
import { SubscriptionNotFoundError } from "./errors";
import { changeStatus } from "./lifecycle";
import { boxPricesOn } from "./price-notices/told";
import { subscriptionOrderData, type OrderedSubscription } from "./order-data";
import { deliveriesFrom, draftOf, isLocked, planOf, type Actor, type SubscriptionRow, type ZoneRules } from "./store";

/**
 * Starting a cancelled or suspended subscription again (decision 027: restart goes to pending, and
 * the subscription is active once that first delivery is paid on-session). The restart writes the
 * order of the delivery it starts with, as the subscription's first order, in the transaction that
 * makes it pending; the customer pays it on the order's pay page. Its payment's notification then
 * activates the subscription as a first order's does (ordering/status.ts, activateSubscription:
 * that delivery written ordered with its order, the rest planned after). Unpaid, the subscription
 * stays pending with the order to pay; when the order's time runs out the expiry job cancels it, and
 * the subscription goes back to what it was (firstOrderExpired: a suspended one suspended, owing its
 * unpaid deliveries still; a cancelled one cancelled), from where it can be restarted again.
 */

/** Subscriptions a restart applies to (the domain's transitionSubscription has the last word). */
const RESTARTABLE: readonly SubscriptionStatus[] = ["cancelled", "suspended"];

/** Weeks of the new rhythm searched for an open day: a zone closed longer than this offers no restart. */
const SEARCH_WEEKS = 12;

/**
 * The delivery a restart made now starts with: the subscription's weekday and frequency, a new
 * rhythm from the first week after any delivery row the restart keeps (a cancelled one's last box,
 * a suspended one's locked deliveries, which it skips), on
 * the zone's calendar (a closed day moved or dropped), the first whose cut-off is still ahead.
 * Null when there is none within SEARCH_WEEKS, or the subscription does not restart.
 */
export async function restartDate(
  strapi: Core.Strapi,
  row: SubscriptionRow,
  { rules, now }: { rules: ZoneRules | null; now: Date },
): Promise<IsoDate | null> {
  if (!rules || !RESTARTABLE.includes(row.subscriptionStatus)) return null;
  const today = shopDateOf(now);
  // Every row a restart keeps (past its cut-off, locked or ordered; skipped ones too) keeps its date
  // (one row per date): the new rhythm starts in the week after the last of them.
  const kept = (await deliveriesFrom(strapi, row.id, today)).filter((delivery) => isLocked(delivery, now));
  const { weekday, frequency } = planOf(row);
  const context = { now, zone: rules.zone, closedDays: rules.closedDays };
  const anchor = rhythmAnchor(
    { weekday, frequency, notBefore: today, lastFixed: kept.at(-1)?.date ?? null, keepWeeksOf: null },
    context,
  );
  const first = deliverySchedule(
    { weekday, frequency, anchor },
    { from: anchor, weeks: SEARCH_WEEKS, zone: rules.zone, closedDays: rules.closedDays },
  ).find(
    (delivery) =>
      delivery.date !== null && cutoffOf(rules.zone, delivery.date, rules.closedDays).getTime() > now.getTime(),
  );
  return first?.date ?? null;
}

/** The restart's order: the subscription's contents, priced as its renewals are, for `date`; payable as a first order is. */
async function orderData(
  strapi: Core.Strapi,
  row: OrderedSubscription,
  { date, slot, now }: { date: IsoDate; slot: ZoneRules["zone"]["slots"][number]; now: Date },
) {
  const priced = await priceDraft(strapi, draftOf(row), {
    userId: row.user.id,
    locale: row.locale,
    now,
    boxPrices: boxPricesOn(row, date),
    saleLimits: "grandfathered",
  });
  // On-session, as a first order of the order flow: the expiry job cancels it after this. The
  // customer confirms the restart, knowing the delivery and its price, and pays it next.
  return subscriptionOrderData(priced, row, { date, slot, expiresAt: paymentDeadline(now), now, renewal: false });
}

/**
 * Restarts the subscription from `date`: in one transaction, pending (the domain's restart, recorded
 * with `actor`), its new rhythm anchored on that date, and the order of that delivery written as its
 * first order with its slot place (409 slot_full when the slot is full: a cancelled subscription
 * holds no place). The open deliveries left from before are removed; those locked or ordered stay.
 * The order's number.
 */
export async function restartWithOrder(
  strapi: Core.Strapi,
  row: SubscriptionRow,
  { rules, date, actor, now }: { rules: ZoneRules; date: IsoDate; actor: Actor; now: Date },
): Promise<string> {
  // A subscription whose account was deleted has no one to pay its order.
  if (row.user === null) throw new SubscriptionNotFoundError();
  const slot = rules.zone.slots.find((each) => each.code === row.slotCode);
  if (!slot) throw new OrderError("slot_full", ["slot"], { status: 409 });
  const data = await orderData(strapi, { ...row, user: row.user }, { date, slot, now });
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const orderId = await insertOrder(strapi, trx, {
      order: data,
      // The order's history knows the job as the system.
      placedBy: { actorKind: actor.kind === "job" ? "system" : actor.kind, actorLabel: actor.label.slice(0, 200) },
      now,
    });
    if (
      !(await takeSlotPlace(strapi, trx, { zoneId: data.zone, date, slotCode: slot.code, capacity: slot.capacity }))
    ) {
      throw new OrderError("slot_full", ["slot"], { status: 409 });
    }
    await changeStatus(
      strapi,
      { id: row.id, from: row.subscriptionStatus },
      {
        event: { type: "restart" },
        actor,
        now,
        data: {
          cancelReason: null,
          cancelsOn: null,
          pausedUntil: null,
          pauseReason: null,
          missedInARow: 0,
          anchorDate: date,
          nextDeliveryDate: date,
        },
      },
    );
    // A relation: written by update (updateMany writes columns only), after the status's claim.
    await strapi.db.query(CONTENT_TYPES.subscription).update({ where: { id: row.id }, data: { firstOrder: orderId } });
    // Planned for the old rhythm and never charged: the new one is planned once the order is paid.
    await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).deleteMany({
      where: { subscriptionId: row.id, deliveryStatus: { $notIn: ["locked", "ordered"] }, cutoffAt: { $gt: now } },
    });
    if (row.subscriptionStatus === "suspended") {
      // Its locked deliveries were given up at their packing deadline's run or would be: never ordered now.
      await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
        where: { subscriptionId: row.id, deliveryStatus: "locked", date: { $gte: shopDateOf(now) } },
        data: { deliveryStatus: "skipped" },
      });
    }
    return orderNumberOf(orderId);
  });
}
