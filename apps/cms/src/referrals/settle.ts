import type { Core } from "@strapi/strapi";
import type { OrderStatus } from "@shop/domain";
import {
  nextReferralStep,
  referralMonthOf,
  selfReferralReason,
  type FriendOrderFacts,
  type ReferralRejection,
  type ReferralSettings,
} from "@shop/domain/referrals";
import { CONTENT_TYPES } from "../content-types";
import { newDocumentId, tableOf, type Sql } from "../database/sql";
import { referralPartyOf } from "./parties";
import { loadReferralSettings } from "./settings";

/**
 * The referrals job (issue 23, docs/decisions/033): each pending referral whose friend's first order
 * was paid, delivered and not refunded within the period staff set is qualified, and each qualified
 * one earns its referrer the reward staff set, once, within the monthly cap; a refunded first order,
 * one cancelled or expired unpaid (not_paid),
 * a friend who turns out to be the referrer (the cards are known only now), a referrer at the cap
 * or one whose account was deleted (referrer_deleted: a deleted account is never rewarded) rejects it
 * with its reason. The clock is the caller's. Safe with several CMS processes: every step
 * is a conditional update from the status it read, the reward is unique per referral, and the cap
 * is counted under a lock of the referrer's row (PostgreSQL; SQLite writes one transaction at a time).
 */

interface ReferralRow {
  id: number;
  referrerId: number;
  friendId: number;
  friendOrderId: number;
  referralStatus: "pending" | "qualified";
}

export interface SettleRun {
  qualified: number;
  rewarded: number;
  rejected: number;
}

/** Referrals read per page. */
const PAGE = 100;

const PAID: readonly OrderStatus[] = ["paid", "preparing", "shipped", "delivered", "refunded"];

/** What the friend's first order tells now: paid, delivered when, refunded (wholly or partly). */
async function factsOf(strapi: Core.Strapi, orderId: number): Promise<FriendOrderFacts> {
  const order = (await strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: orderId }, select: ["orderStatus"] })) as { orderStatus: OrderStatus } | null;
  // Gone (erased with its account, or removed by staff): never to be paid or delivered.
  if (!order) return { paid: false, deliveredAt: null, refunded: false, closedUnpaid: true };
  const [delivered, refunds, paidPayments] = await Promise.all([
    strapi.db.query(CONTENT_TYPES.orderEvent).findOne({
      where: { order: { id: orderId }, to: "delivered" },
      select: ["at"],
      orderBy: { at: "asc" },
    }) as Promise<{ at: string | Date } | null>,
    strapi.db
      .query(CONTENT_TYPES.refund)
      .count({ where: { order: { id: orderId }, refundStatus: { $in: ["pending", "succeeded"] } } }),
    strapi.db.query(CONTENT_TYPES.payment).count({ where: { order: { id: orderId }, paymentStatus: "paid" } }),
  ]);
  const paid = PAID.includes(order.orderStatus) || paidPayments > 0;
  return {
    paid,
    deliveredAt: delivered ? new Date(delivered.at) : null,
    // A paid order cancelled is a refunded one, whatever its refund's state.
    refunded: order.orderStatus === "refunded" || refunds > 0 || (paid && order.orderStatus === "cancelled"),
    // Cancelled unpaid (by the customer, staff, or the payment's expiry): final, not a wait.
    closedUnpaid: !paid && order.orderStatus === "cancelled",
  };
}

/** Moves a referral from the status it was read in; false when another run moved it first. */
async function move(
  strapi: Core.Strapi,
  sql: Sql,
  { id, from, data }: { id: number; from: ReferralRow["referralStatus"]; data: Record<string, unknown> },
): Promise<boolean> {
  const table = tableOf(strapi, CONTENT_TYPES.referral);
  const columns = Object.fromEntries(Object.entries(data).map(([key, value]) => [table.column(key), value]));
  const moved = await sql(table.name)
    .where("id", id)
    .andWhere(table.column("referralStatus"), from)
    .update({ ...columns, [table.column("updatedAt")]: new Date() });
  return moved === 1;
}

const reject = (strapi: Core.Strapi, row: ReferralRow, reason: ReferralRejection, now: Date) =>
  move(strapi, strapi.db.connection, {
    id: row.id,
    from: row.referralStatus,
    data: { referralStatus: "rejected", reason, decidedAt: now },
  });

/**
 * The reward of a qualified referral, in one transaction under the referrer's lock: this month's
 * rewards counted, then the referral rewarded and its reward written, or rejected at the cap.
 */
async function reward(
  strapi: Core.Strapi,
  row: ReferralRow,
  { facts, settings, now }: { facts: FriendOrderFacts; settings: ReferralSettings; now: Date },
): Promise<"rewarded" | "rejected" | null> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const users = tableOf(strapi, CONTENT_TYPES.user).name;
    const referrer =
      strapi.db.dialect.client === "postgres"
        ? await trx(users).where("id", row.referrerId).forNoKeyUpdate().first("id")
        : await trx(users).where("id", row.referrerId).first("id");
    // Deleted since it qualified (read under the row's lock: a deletion now waits for this reward, which
    // then goes with the account's other rewards): a deleted account is never rewarded.
    if (referrer === undefined) {
      const moved = await move(strapi, trx, {
        id: row.id,
        from: "qualified",
        data: { referralStatus: "rejected", reason: "referrer_deleted", decidedAt: now },
      });
      return moved ? "rejected" : null;
    }
    const referrals = tableOf(strapi, CONTENT_TYPES.referral);
    const month = referralMonthOf(now);
    const counted = (await trx(referrals.name)
      .where(referrals.column("referrerId"), row.referrerId)
      .andWhere(referrals.column("referralStatus"), "rewarded")
      .andWhere(referrals.column("rewardMonth"), month)
      .count({ count: "*" })) as { count: number | string }[];
    const step = nextReferralStep(facts, settings, { now, rewardsThisMonth: Number(counted[0]?.count ?? 0) });
    if (step.kind === "wait") return null;
    if (step.kind === "reject") {
      const moved = await move(strapi, trx, {
        id: row.id,
        from: "qualified",
        data: { referralStatus: "rejected", reason: step.reason, decidedAt: now },
      });
      return moved ? "rejected" : null;
    }
    const moved = await move(strapi, trx, {
      id: row.id,
      from: "qualified",
      data: { referralStatus: "rewarded", rewardMonth: month, decidedAt: now },
    });
    if (!moved) return null;
    const rewards = tableOf(strapi, CONTENT_TYPES.referralReward);
    await trx(rewards.name)
      .insert({
        [rewards.column("referralId")]: row.id,
        [rewards.column("userId")]: row.referrerId,
        [rewards.column("kind")]: settings.reward.kind,
        [rewards.column("value")]: settings.reward.value,
        [rewards.column("earnedAt")]: now,
        [rewards.column("documentId")]: newDocumentId(),
        [rewards.column("createdAt")]: now,
        [rewards.column("updatedAt")]: now,
        [rewards.column("publishedAt")]: now,
      })
      .onConflict(rewards.column("referralId"))
      .ignore();
    return "rewarded";
  });
}

/** One referral: rejected, left waiting, qualified, rewarded. */
async function settleOne(
  strapi: Core.Strapi,
  row: ReferralRow,
  { settings, now, run }: { settings: ReferralSettings; now: Date; run: SettleRun },
): Promise<void> {
  const facts = await factsOf(strapi, row.friendOrderId);
  let current = row;
  if (row.referralStatus === "pending") {
    const [referrer, friend] = await Promise.all([
      referralPartyOf(strapi, row.referrerId),
      referralPartyOf(strapi, row.friendId),
    ]);
    // The referrer's account deleted since: nobody to reward, ever (docs/decisions/040), so the
    // referral is closed rather than read again by every run.
    if (!referrer) {
      if (await reject(strapi, row, "referrer_deleted", now)) run.rejected++;
      return;
    }
    // The friend's deleted: nothing to compare them with yet; left as it is.
    if (!friend) return;
    const self = selfReferralReason(referrer, friend);
    // Without its cap (counted under the lock below): whether the order has earned it at all.
    const step = self === null ? nextReferralStep(facts, settings, { now, rewardsThisMonth: 0 }) : null;
    if (self !== null || step?.kind === "reject") {
      if (await reject(strapi, row, self ?? (step as { reason: ReferralRejection }).reason, now)) run.rejected++;
      return;
    }
    if (step?.kind === "wait") return;
    const qualified = await move(strapi, strapi.db.connection, {
      id: row.id,
      from: "pending",
      data: { referralStatus: "qualified" },
    });
    if (!qualified) return;
    run.qualified++;
    current = { ...row, referralStatus: "qualified" };
  }
  const outcome = await reward(strapi, current, { facts, settings, now });
  if (outcome === "rewarded") run.rewarded++;
  if (outcome === "rejected") run.rejected++;
}

/** The job's run at `now`: every pending and qualified referral, oldest first, in pages. */
export async function settleReferrals(strapi: Core.Strapi, now: Date): Promise<SettleRun> {
  const settings = await loadReferralSettings(strapi);
  const run: SettleRun = { qualified: 0, rewarded: 0, rejected: 0 };
  let after = 0;
  for (;;) {
    const rows = (await strapi.db.query(CONTENT_TYPES.referral).findMany({
      where: { id: { $gt: after }, referralStatus: { $in: ["pending", "qualified"] } },
      select: ["id", "referrerId", "friendId", "friendOrderId", "referralStatus"],
      orderBy: { id: "asc" },
      limit: PAGE,
    })) as ReferralRow[];
    for (const row of rows) await settleOne(strapi, row, { settings, now, run });
    if (rows.length < PAGE) return run;
    after = rows[rows.length - 1]!.id;
  }
}
