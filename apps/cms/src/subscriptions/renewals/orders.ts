import type { Core } from "@strapi/strapi";
import { shopDateOf, type IsoDate } from "@shop/domain";
import { packingDeadlineOf, type SubscriptionStatus } from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../../content-types";
import { insertLinks } from "../../database/bulk";
import { tableOf, type Sql } from "../../database/sql";
import { takeSlotPlace, takeSlotPlaces } from "../../delivery/slot-places";
import { OrderError } from "../../ordering/errors";
import { insertOrders } from "../../ordering/new-orders";
import { audienceOf, priceDraft, type PricedDraft } from "../../ordering/quote";
import { takeReferralHolds } from "../../referrals/pricing";
import { renewalReferrals } from "../../referrals/renewals";
import { boxPricesOn } from "../price-notices/told";
import { subscriptionOrderData, type OrderedSubscription } from "../order-data";
import { draftOf, isoDateOf, zoneRulesOf, type SubscriptionRow, type ZoneRules } from "../store";
import { eachAtOnce, PAGE } from "./batches";
import { queueRenewalMail, queueStaffNeedsChangeMail } from "./mails";

import { payRenewalWithGiftCards } from "../../gift-cards/renewals";
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
  /**
   * Customers one of whose renewals in the page being planned is priced with their waiting reward.
   * A page's orders are written in one transaction: two renewals of one customer priced with the same
   * reward would have the second's take refused (409), failing every order of the page. So one
   * renewal per customer per page takes a reward; their others are priced without one (a second
   * reward, if they have one, goes to a later renewal). Emptied at each page.
   */
  rewardedInPage: Set<number>;
}

function renewalContext(now: Date): RenewalContext {
  return { now, rules: new Map(), prices: new Map(), rewardedInPage: new Set() };
}

function cached<Value>(map: Map<string | number, Promise<Value>>, key: string | number, load: () => Promise<Value>) {
  let value = map.get(key);
  if (value === undefined) {
    value = load();
    map.set(key, value);
  }
  return value;
}

/** A subscription as the job reads it: its customer with their kind (business or consumer). */
type RenewedRow = SubscriptionRow & {
  user: (NonNullable<SubscriptionRow["user"]> & { customerKind?: string | null }) | null;
};

async function pricedFor(strapi: Core.Strapi, context: RenewalContext, row: RenewedRow, userId: number, date: IsoDate) {
  const draft = draftOf(row);
  const boxPrices = boxPricesOn(row, date);
  // Read with the page's subscriptions (subscriptionsOf), not one query per renewal.
  const audience = audienceOf(row.user);
  const key = JSON.stringify([draft, audience, row.locale, [...boxPrices]]);
  // Refer-a-friend: a subscriber's waiting reward applies by itself (src/referrals/renewals.ts); priced
  // for them alone, never from or into the run's shared cache.
  const referrals = context.rewardedInPage.has(userId) ? undefined : await renewalReferrals(strapi, context, userId);
  if (referrals) {
    const priced = await priceDraft(strapi, draft, {
      userId,
      locale: row.locale,
      now: context.now,
      boxPrices,
      referrals,
      saleLimits: "grandfathered",
    });
    if (priced.referral?.reward) context.rewardedInPage.add(userId);
    return priced;
  }
  // The customer's id only decides the audience here: a subscription's draft carries no coupon.
  return cached(context.prices, key, () =>
    priceDraft(strapi, draft, { userId, locale: row.locale, now: context.now, boxPrices, saleLimits: "grandfathered" }),
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
  { delivery, row }: { delivery: DueDelivery; row: RenewedRow | null },
): Promise<RenewalPlan | null> {
  const { now } = context;
  const date = isoDateOf(delivery.date);
  if (row === null || row.user === null || !renews(row, date)) return null;
  const rules = await cached(context.rules, row.zone?.id ?? 0, () => zoneRulesOf(strapi, row, now));
  const packingDeadline = rules ? packingDeadlineOf(rules.zone, date, rules.closedDays) : null;
  // Packing has begun (the job was stopped for longer than the collection window): nothing can be
  // charged for it any more (decision 027), and an order would only be cancelled at once. Nor is the
  // subscriber asked to change what can no longer be changed.
  if (packingDeadline !== null && packingDeadline.getTime() <= now.getTime()) return null;
  const slot = rules?.zone.slots.find((each) => each.code === row.slotCode);
  // The subscriber is told (needsChange) and may choose another slot before packing begins.
  if (!rules || !slot || packingDeadline === null) throw new OrderError("slot_unknown", ["slotCode"]);
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

interface Planned {
  delivery: DueDelivery;
  plan: RenewalPlan;
}

/**
 * The page's deliveries still scheduled or locked and due at `now`, claimed (moved to ordered) by one
 * UPDATE inside the caller's transaction; their ids. On PostgreSQL the rows another runner holds
 * are skipped rather than waited for (SKIP LOCKED): that runner is ordering them, and if it fails
 * they are still there for the next run. SQLite writes one transaction at a time: nothing to skip.
 */
async function claimDeliveries(strapi: Core.Strapi, trx: Sql, ids: readonly number[], now: Date): Promise<number[]> {
  const table = tableOf(strapi, CONTENT_TYPES.subscriptionDelivery);
  const status = table.column("deliveryStatus");
  const due = (query: ReturnType<Sql>) =>
    query
      .whereIn("id", [...ids])
      .whereIn(status, ["scheduled", "locked"])
      .where(table.column("cutoffAt"), "<=", now);
  const claim = due(trx(table.name));
  if (strapi.db.dialect.client === "postgres") {
    claim.whereIn("id", due(trx(table.name).select("id")).orderBy("id").forUpdate().skipLocked());
  }
  const rows = (await claim.update({ [status]: "ordered", [table.column("updatedAt")]: now }).returning("id")) as (
    { id: number } | number
  )[];
  return rows.map((row) => (typeof row === "number" ? row : row.id));
}

/**
 * Orders a page of planned renewals in one transaction (docs/decisions/030, "Measured"): the claim of
 * all their deliveries by one UPDATE, then their orders, lines, links, numbers, slot places and
 * history written a page at a time. Only the deliveries this claim
 * moved get an order: of two runners, or a skip racing the cut-off, each delivery is ordered once.
 * How many it ordered.
 */
async function orderPage(strapi: Core.Strapi, planned: readonly Planned[], now: Date): Promise<number> {
  if (planned.length === 0) return 0;
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const claimed = new Set(
      await claimDeliveries(
        strapi,
        trx,
        planned.map(({ delivery }) => delivery.id),
        now,
      ),
    );
    const work = planned
      .filter(({ delivery }) => claimed.has(delivery.id))
      .map((each) => ({ ...each, data: renewalOrderData(each.plan, { date: isoDateOf(each.delivery.date), now }) }));
    if (work.length === 0) return 0;
    const orderIds = await insertOrders(strapi, trx, {
      orders: work.map(({ data }) => data),
      placedBy: { actorKind: "system", actorLabel: RENEWAL_JOB },
      now,
    });
    await takePlaces(strapi, trx, work);
    await insertLinks(strapi, trx, {
      uid: CONTENT_TYPES.subscriptionDelivery,
      attribute: "order",
      rows: work.map(({ delivery }, index) => ({ rowId: delivery.id, targetId: orderIds[index]! })),
    });
    // The referral rewards the renewals were priced with (src/referrals/renewals.ts), taken now (given back if the order is cancelled).
    for (const [index, { plan }] of work.entries()) {
      await takeReferralHolds(strapi, trx, {
        pricing: plan.priced.referral,
        userId: plan.row.user.id,
        orderId: orderIds[index]!,
        now,
      });
    }
    // The subscribers' gift cards pay first (issue 23): only those who hold one are asked.
    const holders = await giftCardHoldersOf(
      strapi,
      work.map(({ plan }) => plan.row.user.id),
    );
    for (const [index, { plan, data }] of work.entries()) {
      if (!holders.has(plan.row.user.id)) continue;
      await payRenewalWithGiftCards(strapi, trx, {
        orderId: orderIds[index]!,
        userId: plan.row.user.id,
        total: data.total,
        actorLabel: RENEWAL_JOB,
      });
    }
    return work.length;
  });
}

/** Which of the customers hold an active gift card in their account: one query for a page. */
async function giftCardHoldersOf(strapi: Core.Strapi, userIds: readonly number[]): Promise<Set<number>> {
  const rows = (await strapi.db.query(CONTENT_TYPES.giftCard).findMany({
    where: { ownerId: { $in: [...new Set(userIds)] }, state: "active" },
    select: ["ownerId"],
  })) as { ownerId: number | string | null }[];
  return new Set(rows.map((row) => Number(row.ownerId)));
}

/**
 * The page's slot places, one UPDATE per slot and day while they fit in its capacity; a slot they
 * overflow takes them one at a time (within capacity while there is room,
 * beyond it after, with the warning for staff).
 */
async function takePlaces(
  strapi: Core.Strapi,
  trx: Sql,
  work: readonly (Planned & { data: ReturnType<typeof renewalOrderData> })[],
): Promise<void> {
  const bySlot = new Map<string, { place: Parameters<typeof takeSlotPlace>[2]; deliveries: number[] }>();
  for (const { delivery, plan, data } of work) {
    const key = data.slotKey;
    const slot = bySlot.get(key) ?? {
      place: { zoneId: data.zone, date: data.deliveryDate, slotCode: data.slotCode, capacity: plan.slot.capacity },
      deliveries: [],
    };
    slot.deliveries.push(delivery.id);
    bySlot.set(key, slot);
  }
  for (const [key, { place, deliveries }] of bySlot) {
    if (await takeSlotPlaces(strapi, trx, place, deliveries.length)) continue;
    for (const id of deliveries) {
      if (await takeSlotPlace(strapi, trx, place)) continue;
      await takeSlotPlace(strapi, trx, { ...place, capacity: null });
      strapi.log.warn(`Renewal of delivery ${id}: slot ${key} is over its capacity`);
    }
  }
}

/** The subscriptions of a page of deliveries, by id, read in one query (loadSubscription's fields). */
async function subscriptionsOf(
  strapi: Core.Strapi,
  deliveries: readonly DueDelivery[],
): Promise<Map<number, RenewedRow>> {
  const rows = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { id: { $in: [...new Set(deliveries.map((delivery) => delivery.subscriptionId))] } },
    populate: {
      zone: { select: ["id"] },
      user: { select: ["id", "email", "firstName", "customerKind"] },
      firstOrder: { select: ["id", "number", "deliveryDate"] },
    },
  })) as RenewedRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Whether a renewal that could not be priced waits for the subscriber: the subscription asks for
 * something the shop no longer offers (a box withdrawn or out of its season, the zone or the slot
 * gone), which every later run would refuse the same way until they change it. A 503 (the database
 * busy) or any other error is the shop's, and the next run tries again without troubling them.
 */
function needsTheSubscriber(error: unknown): error is OrderError {
  return error instanceof OrderError && error.status !== 503;
}

/**
 * The subscriber's mail saying what to change, in their language, and staff's saying why (STAFF_EMAIL),
 * each once per delivery (its key); none for a delivery whose day has passed (its zone gone, so no
 * packing deadline said so before): a cut-off may fall on the delivery's own day, so that day itself
 * is still told. Each is queued on its own: one that fails is queued by the next run, which meets the
 * same refusal.
 */
async function tellNeedsChange(strapi: Core.Strapi, delivery: DueDelivery, refusal: OrderError, now: Date) {
  if (isoDateOf(delivery.date) < shopDateOf(now)) return;
  const mail = {
    deliveryId: delivery.id,
    subscriptionId: delivery.subscriptionId,
    date: isoDateOf(delivery.date),
    now,
  };
  const told = async (who: string, queue: () => Promise<unknown>) => {
    try {
      await queue();
    } catch (error) {
      strapi.log.error(
        `Renewal of delivery ${delivery.id}: ${who} could not be told: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  await told("the subscriber", () => queueRenewalMail(strapi, { ...mail, kind: "needsChange", order: null }));
  await told("staff", () => queueStaffNeedsChangeMail(strapi, { ...mail, refusal }));
}

/**
 * Every delivery whose cut-off has come and that is still scheduled or locked becomes its order
 * (at `now`). A delivery that cannot be priced (a box withdrawn, the slot gone) stays as it is, is
 * logged, and its subscriber is told once what to change; every run tries it again until packing
 * begins. One whose subscription no longer renews stays as it is. How many orders this call wrote.
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
    context.rewardedInPage.clear();
    const planned: Planned[] = [];
    for (const delivery of page) {
      try {
        const plan = await planRenewal(strapi, context, {
          delivery,
          row: subscriptions.get(delivery.subscriptionId) ?? null,
        });
        if (plan !== null) planned.push({ delivery, plan });
      } catch (error) {
        strapi.log.error(
          `Renewal of delivery ${delivery.id} not ordered: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (needsTheSubscriber(error)) await tellNeedsChange(strapi, delivery, error, now);
      }
    }
    try {
      ordered += await orderPage(strapi, planned, now);
    } catch (error) {
      // The page's transaction wrote nothing: each delivery on its own, so that one bad row holds up no other.
      strapi.log.warn(
        `Renewals: a page of ${planned.length} not ordered at once (${error instanceof Error ? error.message : String(error)}); one by one`,
      );
      // Each as a page of one: the same claim and bulk writes, never Strapi's document service,
      // whose relation checks run their reads at once (Promise.all) on the transaction's one
      // connection (pg's "client already executing a query", docs/decisions/043).
      await eachAtOnce(strapi, planned, async (each) => {
        const { delivery } = each;
        try {
          ordered += await orderPage(strapi, [each], now);
        } catch (failure) {
          strapi.log.error(
            `Renewal of delivery ${delivery.id} not ordered: ${failure instanceof Error ? failure.message : String(failure)}`,
          );
        }
      });
    }
    if (page.length < PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return ordered;
}
