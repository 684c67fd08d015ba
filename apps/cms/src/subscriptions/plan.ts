import type { Core } from "@strapi/strapi";
import { cutoffOf, daysBetween, nextDeliveryAfter, shopDateOf, type IsoDate } from "@shop/domain";
import {
  DELIVERIES_AHEAD_WEEKS,
  PLANNED_STATUSES,
  deliverySchedule,
  type DeliveryStatus,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from "@shop/domain/subscriptions";
import { newDocumentId, tableOf, type Sql } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";
import { isoDateOf, loadSubscription, planOf, recordChange, zoneRulesOf, type Actor } from "./store";

/**
 * A subscription's deliveries (docs/decisions/028): one row per subscription and date, generated
 * ahead by the domain's deliverySchedule against the zone's calendar. Two callers planning at once
 * (the job in two CMS processes, the activation and the job) insert the same rows: the unique index
 * on (subscriptionId, date) and INSERT ... ON CONFLICT DO NOTHING keep one of each, on SQLite as on
 * PostgreSQL, and a row once written is never rewritten by planning (a skip, a gift stay).
 */

/** Statuses whose deliveries keep coming (the domain's rule): a paused one's are written skipped by the pause. */
export { PLANNED_STATUSES } from "@shop/domain/subscriptions";

/** Deliveries that bring a box to the customer: what "next delivery" means. */
export const COMING_STATUSES = ["scheduled", "locked", "ordered"] as const satisfies readonly DeliveryStatus[];

/** Whether a delivery brings a box (COMING_STATUSES). */
export const bringsABox = (delivery: { deliveryStatus: DeliveryStatus }): boolean =>
  (COMING_STATUSES as readonly DeliveryStatus[]).includes(delivery.deliveryStatus);

/**
 * How far ahead to plan: DELIVERIES_AHEAD_WEEKS deliveries' worth of weeks, so that the account
 * shows the next eight whatever the frequency (8 weeks for weekly, 32 for monthly), never under
 * DELIVERIES_AHEAD_WEEKS weeks.
 */
function weeksAhead(plan: SubscriptionPlan): number {
  const weeksBetween = daysBetween(plan.anchor, nextDeliveryAfter(plan.anchor, plan.frequency)) / 7;
  return DELIVERIES_AHEAD_WEEKS * Math.max(1, weeksBetween);
}

interface NewDelivery {
  date: IsoDate;
  plannedDate: IsoDate;
  dateChange: "none" | "moved" | "dropped";
  deliveryStatus: DeliveryStatus;
  skippedByPause: boolean;
  cutoffAt: Date;
}

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
}

/** The link table Strapi keeps a relation in (Strapi 5 keeps every relation in one). */
function joinTableOf(strapi: Core.Strapi, uid: string, attribute: string): JoinTable {
  const meta = strapi.db.metadata.get(uid as never) as unknown as {
    attributes: Record<string, { joinTable?: JoinTable }>;
  };
  const joinTable = meta.attributes[attribute]?.joinTable;
  if (!joinTable) throw new Error(`${uid}.${attribute} has no link table`);
  return joinTable;
}

/** Links `rowId` to `targetId` through `attribute`'s link table, inside the caller's transaction. */
async function link(
  strapi: Core.Strapi,
  trx: Sql,
  { uid, attribute, rows }: { uid: string; attribute: string; rows: { rowId: number; targetId: number }[] },
): Promise<void> {
  if (rows.length === 0) return;
  const table = joinTableOf(strapi, uid, attribute);
  await trx(table.name).insert(
    rows.map(({ rowId, targetId }) => ({
      [table.joinColumn.name]: rowId,
      [table.inverseJoinColumn.name]: targetId,
      // The order of the subscription's deliveries in the admin panel: by when they were written.
      ...(table.inverseOrderColumnName ? { [table.inverseOrderColumnName]: rowId } : {}),
      ...(table.orderColumnName ? { [table.orderColumnName]: 1 } : {}),
    })),
  );
}

/**
 * Writes the deliveries that are not there yet, with their link to the subscription, in one
 * transaction (the link never goes missing). How many were new.
 */
async function insertDeliveries(
  strapi: Core.Strapi,
  subscriptionId: number,
  deliveries: readonly NewDelivery[],
  { now, orderId }: { now: Date; orderId?: number },
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const uid = CONTENT_TYPES.subscriptionDelivery;
  const table = tableOf(strapi, uid);
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const inserted = (await trx(table.name)
      .insert(
        deliveries.map((delivery) => ({
          [table.column("documentId")]: newDocumentId(),
          [table.column("subscriptionId")]: subscriptionId,
          [table.column("date")]: delivery.date,
          [table.column("plannedDate")]: delivery.plannedDate,
          [table.column("dateChange")]: delivery.dateChange,
          [table.column("deliveryStatus")]: delivery.deliveryStatus,
          [table.column("skippedByPause")]: delivery.skippedByPause,
          [table.column("cutoffAt")]: delivery.cutoffAt,
          [table.column("createdAt")]: now,
          [table.column("updatedAt")]: now,
          [table.column("publishedAt")]: now,
        })),
      )
      .onConflict([table.column("subscriptionId"), table.column("date")])
      .ignore()
      .returning("id")) as ({ id: number } | number)[];
    const ids = inserted.map((row) => (typeof row === "number" ? row : row.id));
    await link(strapi, trx, {
      uid,
      attribute: "subscription",
      rows: ids.map((rowId) => ({ rowId, targetId: subscriptionId })),
    });
    if (orderId !== undefined) {
      await link(strapi, trx, { uid, attribute: "order", rows: ids.map((rowId) => ({ rowId, targetId: orderId })) });
    }
    return ids.length;
  });
}

/**
 * Keeps the subscription's denormalised next delivery: the earliest delivery from today that brings
 * a box. Left as it is when none does (cancelled, or paused past the horizon).
 */
export async function refreshNextDelivery(strapi: Core.Strapi, subscriptionId: number, now: Date): Promise<void> {
  const next = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
    where: { subscriptionId, date: { $gte: shopDateOf(now) }, deliveryStatus: { $in: [...COMING_STATUSES] } },
    select: ["date"],
    orderBy: { date: "asc" },
  })) as { date: string } | null;
  if (next === null) return;
  await strapi.db
    .query(CONTENT_TYPES.subscription)
    .update({ where: { id: subscriptionId }, data: { nextDeliveryDate: isoDateOf(next.date) } });
}

/**
 * Generates the subscription's deliveries from today on, as far as weeksAhead, if it is in a
 * planned status. Dates the zone's calendar moves or drops are written with that change (a dropped
 * one skipped, so that the customer is told); those of a pause skipped by it; those whose cut-off has
 * passed already locked. How many rows were new.
 */
export async function planDeliveries(strapi: Core.Strapi, subscriptionId: number, now: Date): Promise<number> {
  const row = await loadSubscription(strapi, subscriptionId);
  if (!row || !(PLANNED_STATUSES as readonly SubscriptionStatus[]).includes(row.subscriptionStatus)) return 0;
  const rules = await zoneRulesOf(strapi, row, now);
  if (!rules) {
    strapi.log.warn(`Subscription ${row.id}: its delivery zone is inactive, no deliveries planned`);
    return 0;
  }
  const from = shopDateOf(now);
  const plan = planOf(row);
  const pauses =
    row.subscriptionStatus === "paused" && row.pausedUntil ? [{ from, until: isoDateOf(row.pausedUntil) }] : [];
  const schedule = deliverySchedule(plan, {
    from,
    weeks: weeksAhead(plan),
    zone: rules.zone,
    closedDays: rules.closedDays,
    pauses,
  });
  const deliveries = schedule.map((delivery): NewDelivery => {
    // A dropped delivery keeps its planned date: no other delivery can take it (a moved one stays
    // before the next planned date), and the customer sees which one the calendar took away.
    const date = delivery.date ?? delivery.plannedDate;
    const cutoffAt = cutoffOf(rules.zone, date, rules.closedDays);
    const skipped = delivery.change === "dropped" || delivery.paused;
    return {
      date,
      plannedDate: delivery.plannedDate,
      dateChange: delivery.change,
      deliveryStatus: skipped ? "skipped" : cutoffAt.getTime() <= now.getTime() ? "locked" : "scheduled",
      skippedByPause: delivery.paused,
      cutoffAt,
    };
  });
  const inserted = await insertDeliveries(strapi, row.id, deliveries, { now });
  await refreshNextDelivery(strapi, row.id, now);
  return inserted;
}

/**
 * The subscription's first order was paid: it becomes active (one conditional update, so of two
 * payments' notifications only one activates it), the change is recorded, and the first order's own
 * delivery is its first delivery (ordered, the order linked). Inside the caller's transaction; the
 * deliveries ahead are planned by the caller after it commits (planDeliveries), or by the next job.
 * True when this call activated it.
 */
export async function activateSubscription(
  strapi: Core.Strapi,
  subscriptionId: number,
  { now, actor }: { now: Date; actor: Actor },
): Promise<boolean> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.subscription).updateMany({
    where: { id: subscriptionId, subscriptionStatus: "pending" },
    data: { subscriptionStatus: "active" },
  })) as { count: number };
  if (count !== 1) return false;
  await recordChange(strapi, subscriptionId, { actor, field: "status", from: "pending", to: "active", at: now });
  const row = await loadSubscription(strapi, subscriptionId);
  if (!row?.firstOrder) return true;
  const date = isoDateOf(row.firstOrder.deliveryDate);
  const rules = await zoneRulesOf(strapi, row, now);
  await insertDeliveries(
    strapi,
    subscriptionId,
    [
      {
        date,
        plannedDate: date,
        dateChange: "none",
        deliveryStatus: "ordered",
        skippedByPause: false,
        // Paid already: its cut-off is the zone's, or now when staff have since closed the zone.
        cutoffAt: rules ? cutoffOf(rules.zone, date, rules.closedDays) : now,
      },
    ],
    { now, orderId: row.firstOrder.id },
  );
  await strapi.db
    .query(CONTENT_TYPES.subscription)
    .update({ where: { id: subscriptionId }, data: { nextDeliveryDate: date } });
  return true;
}

/**
 * Locks every delivery whose cut-off has come (one conditional UPDATE: two processes lock each once).
 * How many this call locked.
 */
export async function lockDueDeliveries(strapi: Core.Strapi, now: Date): Promise<number> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
    where: { deliveryStatus: "scheduled", cutoffAt: { $lte: now } },
    data: { deliveryStatus: "locked" },
  })) as { count: number };
  return count;
}
