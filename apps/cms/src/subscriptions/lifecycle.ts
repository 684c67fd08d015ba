import type { Core } from "@strapi/strapi";
import { shopDateOf } from "@shop/domain";
import {
  SUBSCRIPTION_STATUSES,
  transitionSubscription,
  type SubscriptionEvent,
  type SubscriptionStatus,
} from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../content-types";
import { SubscriptionError } from "./errors";
import { historyValue, recordChange, type Actor } from "./store";

/**
 * A subscription's status moves only here, by the domain's transitionSubscription: one conditional
 * UPDATE from the status the caller read, so that of two callers racing (a customer's two tabs, the
 * job ending a pause while the customer resumes) exactly one moves it, and the change is recorded in
 * the history with who made it.
 */

/**
 * Applies `event` to a subscription read in `from`, writing `data` with the new status. 409
 * status_not_allowed when the rules refuse it, or when someone else moved the subscription first.
 * The new status.
 */
export async function changeStatus(
  strapi: Core.Strapi,
  { id, from }: { id: number; from: SubscriptionStatus },
  {
    event,
    actor,
    now,
    data = {},
  }: { event: SubscriptionEvent; actor: Actor; now: Date; data?: Record<string, unknown> },
): Promise<SubscriptionStatus> {
  const result = transitionSubscription(from, event, actor.kind);
  if (!result.ok) throw new SubscriptionError("status_not_allowed", { status: 409, path: ["status"] });
  return strapi.db.transaction(async () => {
    const { count } = (await strapi.db.query(CONTENT_TYPES.subscription).updateMany({
      where: { id, subscriptionStatus: from },
      data: { ...data, subscriptionStatus: result.to },
    })) as { count: number };
    if (count !== 1) throw new SubscriptionError("status_not_allowed", { status: 409, path: ["status"] });
    if (result.changed) await recordChange(strapi, id, { actor, field: "status", from, to: result.to, at: now });
    return result.to;
  });
}

/**
 * A renewal was paid (docs/decisions/030): the run of unpaid deliveries ends, and a past-due
 * subscription is active again (renewalPaid). Inside the payment's transaction.
 */
export async function settleRenewalPaid(
  strapi: Core.Strapi,
  subscriptionId: number,
  { now, actor }: { now: Date; actor: Actor },
): Promise<void> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.subscription)
    .findOne({ where: { id: subscriptionId }, select: ["subscriptionStatus", "missedInARow"] })) as {
    subscriptionStatus: SubscriptionStatus;
    missedInARow: number | null;
  } | null;
  if (row === null) return;
  if ((row.missedInARow ?? 0) > 0) {
    await strapi.db
      .query(CONTENT_TYPES.subscription)
      .update({ where: { id: subscriptionId }, data: { missedInARow: 0 } });
  }
  if (row.subscriptionStatus !== "past_due") return;
  try {
    await changeStatus(
      strapi,
      { id: subscriptionId, from: "past_due" },
      { event: { type: "renewalPaid" }, actor, now },
    );
  } catch (error) {
    // Moved by someone else since it was read (cancelled by its customer): nothing to reactivate.
    if (!(error instanceof SubscriptionError)) throw error;
  }
}

/**
 * The status a pending subscription's last restart left (its history's latest status change, when
 * that made it pending), or null for one never started before (its first order of all).
 */
async function restartedFrom(strapi: Core.Strapi, subscriptionId: number): Promise<SubscriptionStatus | null> {
  const last = (await strapi.db.query(CONTENT_TYPES.subscriptionChange).findOne({
    where: { subscription: { id: subscriptionId }, field: "status" },
    select: ["from", "to"],
    orderBy: { id: "desc" },
  })) as { from: unknown; to: unknown } | null;
  if (last === null || historyValue(last.to) !== "pending") return null;
  const from = historyValue(last.from);
  return (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(from) ? (from as SubscriptionStatus) : null;
}

/**
 * A pending subscription's first order was cancelled unpaid (its payment time ran out, or staff
 * cancelled it): the domain's firstOrderExpired, recorded with `actor`. A restart of a suspended
 * subscription goes back to suspended, anything else is cancelled. Inside the order's transaction.
 */
export async function settleFirstOrderUnpaid(
  strapi: Core.Strapi,
  subscriptionId: number,
  { now, actor }: { now: Date; actor: Actor },
): Promise<void> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.subscription)
    .findOne({ where: { id: subscriptionId }, select: ["subscriptionStatus"] })) as {
    subscriptionStatus: SubscriptionStatus;
  } | null;
  if (row?.subscriptionStatus !== "pending") return;
  try {
    await changeStatus(
      strapi,
      { id: subscriptionId, from: "pending" },
      { event: { type: "firstOrderExpired", restartedFrom: await restartedFrom(strapi, subscriptionId) }, actor, now },
    );
  } catch (error) {
    // Paid or moved by someone else since it was read: nothing to settle.
    if (!(error instanceof SubscriptionError)) throw error;
  }
}

const JOB: Actor = { kind: "job", label: "job:plan-subscription-deliveries" };

/**
 * Pauses whose last day is before today (in Madrid) end: the subscription is active again, recorded
 * as the job's. The deliveries after the pause were planned scheduled already. How many ended.
 */
export async function endDuePauses(strapi: Core.Strapi, now: Date): Promise<number> {
  const due = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { subscriptionStatus: "paused", pausedUntil: { $lt: shopDateOf(now) } },
    select: ["id"],
  })) as { id: number }[];
  let ended = 0;
  for (const { id } of due) {
    try {
      await changeStatus(
        strapi,
        { id, from: "paused" },
        { event: { type: "pauseEnded" }, actor: JOB, now, data: { pausedUntil: null } },
      );
      ended++;
    } catch (error) {
      // Resumed (or cancelled) by its customer since the list was read: nothing left to do.
      if (!(error instanceof SubscriptionError)) throw error;
    }
  }
  return ended;
}

/** Statuses of a subscription that still goes on: all but cancelled. */
export const LIVE_STATUSES = [
  "pending",
  "active",
  "paused",
  "past_due",
  "suspended",
] as const satisfies readonly SubscriptionStatus[];

/**
 * The customer's account is being deleted (src/accounts/data-rights.ts): each subscription still going
 * on is cancelled, recorded as the customer's, and its deliveries not yet locked or ordered are removed.
 * Locked and ordered ones are delivered as any paid order is. How many were cancelled.
 */
export async function cancelForDeletedAccount(
  strapi: Core.Strapi,
  subscriptions: readonly { id: number; subscriptionStatus: SubscriptionStatus }[],
  { now, actor }: { now: Date; actor: Actor },
): Promise<number> {
  let cancelled = 0;
  for (const { id, subscriptionStatus } of subscriptions) {
    await strapi.db.transaction(async () => {
      const { count } = (await strapi.db.query(CONTENT_TYPES.subscription).updateMany({
        where: { id, subscriptionStatus },
        data: { subscriptionStatus: "cancelled", cancelsOn: shopDateOf(now), pausedUntil: null },
      })) as { count: number };
      if (count !== 1) return;
      cancelled++;
      await recordChange(strapi, id, { actor, field: "status", from: subscriptionStatus, to: "cancelled", at: now });
      await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).deleteMany({
        where: { subscriptionId: id, deliveryStatus: { $notIn: ["locked", "ordered"] }, cutoffAt: { $gt: now } },
      });
    });
  }
  return cancelled;
}
