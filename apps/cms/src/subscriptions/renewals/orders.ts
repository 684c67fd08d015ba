import type { Core } from "@strapi/strapi";
import { orderNumberOf, type IsoDate } from "@shop/domain";
import { packingDeadlineOf, type SubscriptionStatus } from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../../content-types";
import type { Sql } from "../../database/sql";
import { takeSlotPlace } from "../../delivery/slot-places";
import { customerAudience, priceDraft, type PricedDraft } from "../../ordering/quote";
import { boxPricesOn } from "../price-notices/told";
import { subscriptionOrderData, type OrderedSubscription } from "../order-data";
import { draftOf, isoDateOf, zoneRulesOf, type SubscriptionRow, type ZoneRules } from "../store";
import { eachAtOnce, PAGE } from "./batches";

/**
 * A renewal's first half (docs/decisions/030): a delivery whose cut-off has come becomes an order of
 * the subscription's customer. The claim is the delivery row itself: one conditional UPDATE from
 * scheduled or locked to ordered, in the same transaction as the order it links to, so that of two
 * runners (two CMS processes on one database) exactly one writes the order, and a crash before the
 * commit leaves the delivery as it was for the next run.
 */

/** The history's and the orders' name of the job. */
export const RENEWAL_JOB = "job:renew-subscriptions";

/**
 * Subscriptions whose locked deliveries are charged. A paused one still gets a delivery locked before
 * the pause (decision 027); a cancelled one its last boxes, before the date the cancellation takes
 * effect; a pending, suspended one, none.
 */
const RENEWED_STATUSES = ["active", "paused", "past_due", "cancelled"] as const satisfies readonly SubscriptionStatus[];

interface DueDelivery {
  id: number;
  subscriptionId: number;
  date: string;
}

function renews(row: SubscriptionRow, date: IsoDate): boolean {
  if (!(RENEWED_STATUSES as readonly SubscriptionStatus[]).includes(row.subscriptionStatus)) return false;
  if (row.subscriptionStatus !== "cancelled") return true;
  return row.cancelsOn !== null && date < isoDateOf(row.cancelsOn);
}

/** A subscription as a renewal reads it, with its invoice details (which the order copies). */
/**
 * What one run reads once rather than per delivery: the zones' calendars, and the prices of each
 * distinct subscription contents (the same boxes for the same kind of customer, in the same language,
 * at the same told prices cost the same). Both as they are at the run's `now`.
 */
export interface RenewalContext {
  now: Date;
  rules: Map<number, Promise<ZoneRules | null>>;
  prices: Map<string, Promise<PricedDraft>>;
}

function renewalContext(now: Date): RenewalContext {
  return { now, rules: new Map(), prices: new Map() };
}

function cached<Value>(map: Map<string | number, Promise<Value>>, key: string | number, load: () => Promise<Value>) {
  let value = map.get(key);
  if (value === undefined) {
    value = load();
    map.set(key, value);
  }
  return value;
}

async function pricedFor(
  strapi: Core.Strapi,
  context: RenewalContext,
  row: SubscriptionRow,
  userId: number,
  date: IsoDate,
) {
  const draft = draftOf(row);
  const boxPrices = boxPricesOn(row, date);
  const audience = await customerAudience(strapi, userId);
  const key = JSON.stringify([draft, audience, row.locale, [...boxPrices]]);
  // The customer's id only decides the audience here: a subscription's draft carries no coupon.
  return cached(context.prices, key, () =>
    priceDraft(strapi, draft, { userId, locale: row.locale, now: context.now, boxPrices }),
  );
}

interface RenewalPlan {
  row: OrderedSubscription;
  priced: PricedDraft;
  slot: PricedDraft["zone"]["slots"][number];
  packingDeadline: Date;
}

/**
 * What the delivery's order will be, read before the claim: the subscription as it is at its cut-off
 * (a change after it reaches the next delivery, decision 028), priced as the account shows a
 * delivery's price. Null when the subscription no longer renews, or its zone or slot is gone (logged:
 * staff must look; the delivery stays locked and the next run tries again).
 */
async function planRenewal(
  strapi: Core.Strapi,
  context: RenewalContext,
  { delivery, row }: { delivery: DueDelivery; row: SubscriptionRow | null },
): Promise<RenewalPlan | null> {
  const { now } = context;
  const date = isoDateOf(delivery.date);
  if (row === null || row.user === null || !renews(row, date)) return null;
  const rules = await cached(context.rules, row.zone?.id ?? 0, () => zoneRulesOf(strapi, row, now));
  const slot = rules?.zone.slots.find((each) => each.code === row.slotCode);
  if (!rules || !slot) {
    strapi.log.error(`Renewal of delivery ${delivery.id}: its zone or slot ${row.slotCode} is no longer offered`);
    return null;
  }
  const packingDeadline = packingDeadlineOf(rules.zone, date, rules.closedDays);
  // Packing has begun (the job was stopped for longer than the collection window): nothing can be
  // charged for it any more (decision 027), and an order would only be cancelled at once.
  if (packingDeadline.getTime() <= now.getTime()) return null;
  // The boxes at the prices the subscriber was told for this date (price notices, decision 032).
  const priced = await pricedFor(strapi, context, row, row.user.id, date);
  return { row: { ...row, user: row.user }, priced, slot, packingDeadline };
}

/** The renewal's order: payable (off-session, then by the customer's link) until packing starts. */
const renewalOrderData = (
  { row, priced, slot, packingDeadline }: RenewalPlan,
  { date, now }: { date: IsoDate; now: Date },
) =>
  // The expiry job cancels it then, freeing its slot place (src/jobs/expire-unpaid-orders.ts).
  subscriptionOrderData(priced, row, { date, slot, expiresAt: packingDeadline, now, renewal: true });

/**
 * Claims the delivery and writes its order, in one transaction. True when this call did; false when
 * another runner (or a skip racing the cut-off) had moved the delivery first.
 */
async function claimAndOrder(
  strapi: Core.Strapi,
  delivery: DueDelivery,
  plan: RenewalPlan,
  now: Date,
): Promise<boolean> {
  const date = isoDateOf(delivery.date);
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const { count } = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
      where: { id: delivery.id, deliveryStatus: { $in: ["scheduled", "locked"] }, cutoffAt: { $lte: now } },
      data: { deliveryStatus: "ordered" },
    })) as { count: number };
    if (count !== 1) return false;
    const data = renewalOrderData(plan, { date, now });
    const created = (await strapi
      .documents(CONTENT_TYPES.order as never)
      .create({ data: data as never })) as unknown as { id: number };
    const orderId = created.id;
    await strapi.db
      .query(CONTENT_TYPES.order)
      .update({ where: { id: orderId }, data: { number: orderNumberOf(orderId) } });
    // The subscriber's place was promised when the delivery was planned: taken within the slot's
    // capacity when there is room, and beyond it when not (staff see the count above capacity on the
    // day's row, which then keeps no capacity); freed if the order is cancelled.
    const place = { zoneId: data.zone, date, slotCode: data.slotCode };
    if (!(await takeSlotPlace(strapi, trx, { ...place, capacity: plan.slot.capacity }))) {
      await takeSlotPlace(strapi, trx, { ...place, capacity: null });
      strapi.log.warn(`Renewal of delivery ${delivery.id}: slot ${data.slotKey} is over its capacity`);
    }
    await strapi.db.query(CONTENT_TYPES.orderEvent).create({
      data: {
        order: orderId,
        at: now,
        from: null,
        to: "pending_payment",
        actorKind: "system",
        actorLabel: RENEWAL_JOB,
      },
    });
    await strapi.db
      .query(CONTENT_TYPES.subscriptionDelivery)
      .update({ where: { id: delivery.id }, data: { order: orderId } });
    return true;
  });
}

/**
 * Orders one delivery whose cut-off has come (at the run's `now`), when its subscription still renews:
 * true when this call wrote its order, false when it was not to be ordered or another runner did.
 * `row` is its subscription, read with its page (null: gone).
 */
async function orderDelivery(
  strapi: Core.Strapi,
  delivery: DueDelivery,
  { context, row }: { context: RenewalContext; row: SubscriptionRow | null },
): Promise<boolean> {
  const plan = await planRenewal(strapi, context, { delivery, row });
  return plan !== null && claimAndOrder(strapi, delivery, plan, context.now);
}

/** The subscriptions of a page of deliveries, by id, read in one query (loadSubscription's fields). */
async function subscriptionsOf(
  strapi: Core.Strapi,
  deliveries: readonly DueDelivery[],
): Promise<Map<number, SubscriptionRow>> {
  const rows = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { id: { $in: [...new Set(deliveries.map((delivery) => delivery.subscriptionId))] } },
    populate: {
      zone: { select: ["id"] },
      user: { select: ["id", "email", "firstName"] },
      firstOrder: { select: ["id", "number", "deliveryDate"] },
    },
  })) as SubscriptionRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Every delivery whose cut-off has come and that is still scheduled or locked becomes its order
 * (at `now`). A delivery that cannot be priced (a product withdrawn) or whose subscription no longer
 * renews stays as it is and is logged. How many orders this call wrote.
 */
export async function orderDueDeliveries(strapi: Core.Strapi, now: Date): Promise<number> {
  const context = renewalContext(now);
  let ordered = 0;
  for (let afterId = 0; ;) {
    const page = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
      where: {
        id: { $gt: afterId },
        deliveryStatus: { $in: ["scheduled", "locked"] },
        cutoffAt: { $lte: now },
        // A pending or suspended subscription's locked deliveries wait, unread, until it renews again.
        subscription: { subscriptionStatus: { $in: [...RENEWED_STATUSES] } },
      },
      select: ["id", "subscriptionId", "date"],
      orderBy: { id: "asc" },
      limit: PAGE,
    })) as DueDelivery[];
    if (page.length === 0) break;
    const subscriptions = await subscriptionsOf(strapi, page);
    await eachAtOnce(strapi, page, async (delivery) => {
      try {
        const row = subscriptions.get(delivery.subscriptionId) ?? null;
        if (await orderDelivery(strapi, delivery, { context, row })) ordered++;
      } catch (error) {
        strapi.log.error(
          `Renewal of delivery ${delivery.id} not ordered: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    if (page.length < PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return ordered;
}
