import type { Core } from "@strapi/strapi";
import {
  isInvoiceable,
  mayChangeStatus,
  OrderStatusChangeError,
  type OrderStatus,
  type StatusActor,
} from "@shop/domain";
import { getEnv } from "../env";
import { releaseCouponUse } from "../coupons/coupons";
import { releaseReferralHolds } from "../referrals/pricing";
import { forgetDeliveryOfDetached } from "./pseudonyms";
import { releaseSlotPlace } from "../delivery/slot-places";
import { tableOf, type Sql } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";
import { afterAnswer } from "../http/after-answer";
import { activateSubscription, planDeliveries } from "../subscriptions/plan";
import { settleFirstOrderUnpaid, settleRenewalPaid } from "../subscriptions/lifecycle";
import { restoreGiftCardsOfOrder } from "../gift-cards/redeem";
import { issueCancellationCorrective, issueOrderInvoice } from "../invoices/issue";

/**
 * An order's status moves only here (docs/decisions/015): by one conditional UPDATE from the
 * statuses the caller expects, so that of two callers racing (a gateway's notification replayed, the
 * expiry job in two processes, staff and a webhook) exactly one moves it; the change is recorded in
 * the order's history with who made it, in the same transaction. Cancelling frees the order's
 * delivery slot place and coupon use, once.
 */

/**
 * Orders (and subscriptions) keep their status as `orderStatus` (`subscriptionStatus`): Strapi 5's
 * content manager reads a document's `status` as its draft-or-published state, which would hide an
 * attribute of that name from staff and refuse every save of it.
 */

export interface StatusChange {
  orderId: number;
  /** The status (or statuses) the caller expects the order to be in now. */
  from: OrderStatus | readonly OrderStatus[];
  to: OrderStatus;
  /** Who: the kind the domain's rules know, and a label for the history ("payment:redsys", a staff e-mail). */
  actor: { kind: StatusActor; label: string };
  note?: string;
}

interface OrderStatusRow {
  id: number;
  orderStatus: OrderStatus;
  slotKey: string | null;
  subscription: { id: number } | null;
}

/**
 * When an order placed now must be paid by. Set once, at creation: a new attempt after a failed one
 * never moves it, or declining and retrying would hold a slot place and a coupon use for ever.
 */
export function paymentDeadline(now: Date): Date {
  return new Date(now.getTime() + getEnv().orderPaymentTtlMinutes * 60 * 1000);
}

/**
 * Takes the order's row lock for the rest of the caller's transaction, before anything else of the
 * order is written: every path that changes an order and its payments (a gateway's notification, a
 * new attempt, a cancellation) then locks the order first and its payments after, so two of them
 * cannot deadlock on PostgreSQL. SQLite writes one transaction at a time and needs nothing.
 */
export async function lockOrderRow(strapi: Core.Strapi, sql: Sql, orderId: number): Promise<void> {
  if (strapi.db.dialect.client !== "postgres") return;
  await sql(tableOf(strapi, CONTENT_TYPES.order).name).where("id", orderId).forUpdate().select("id");
}

/** Whether an order's time to be paid is over (an order without a deadline never runs out of it). */
export function isPastDeadline({ expiresAt }: { expiresAt: string | Date | null }, now: Date): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}

/** What a status brings with it besides itself: the payment's time. */
function dataFor(to: OrderStatus, now: Date): Record<string, unknown> {
  if (to === "paid") return { orderStatus: to, paidAt: now };
  return { orderStatus: to };
}

/**
 * A subscription lives by its first order: active once paid, its first delivery that order's and
 * the ones ahead planned once the payment is committed (docs/decisions/028); if it never is, cancelled
 * (a restarted suspended one suspended again: subscriptions/lifecycle.ts).
 */
async function settleSubscription(
  strapi: Core.Strapi,
  subscriptionId: number,
  { to, actor, now }: { to: OrderStatus; actor: StatusChange["actor"]; now: Date },
): Promise<void> {
  if (to === "paid") {
    const subscriptionActor = { kind: actor.kind === "staff" ? "staff" : "job", label: actor.label } as const;
    if (!(await activateSubscription(strapi, subscriptionId, { now, actor: subscriptionActor }))) {
      // Not its first order: a renewal's, paid by a retry or by the customer's link (decision 030).
      await settleRenewalPaid(strapi, subscriptionId, { now, actor: subscriptionActor });
      return;
    }
    await strapi.db.transaction(async ({ onCommit }: { onCommit: (callback: () => void) => void }) => {
      onCommit(() =>
        afterAnswer(strapi, `plan the deliveries of subscription ${subscriptionId}`, async () => {
          await planDeliveries(strapi, subscriptionId, new Date());
        }),
      );
    });
    return;
  }
  if (to !== "cancelled") return;
  // A pending subscription's first order (or restart's) cancelled unpaid: the job's consequence of
  // it, whoever cancelled the order (the expiry job, staff), recorded under the order's actor's name.
  await settleFirstOrderUnpaid(strapi, subscriptionId, { now, actor: { kind: "job", label: actor.label } });
}

/**
 * Frees what an order holds (its slot place, its coupon use), once: the first caller claims the
 * release with a conditional update, later ones find it done. Inside the caller's transaction when
 * there is one. True when this call released them.
 */
export async function releaseOrderHolds(strapi: Core.Strapi, orderId: number): Promise<boolean> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const { count } = (await strapi.db.query(CONTENT_TYPES.order).updateMany({
      where: { id: orderId, holdsReleasedAt: null },
      data: { holdsReleasedAt: new Date() },
    })) as { count: number };
    if (count !== 1) return false;
    const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { id: orderId },
      select: ["slotKey"],
    })) as { slotKey: string | null } | null;
    if (order?.slotKey) await releaseSlotPlace(strapi, trx, order.slotKey);
    await releaseCouponUse(strapi, trx, orderId);
    await releaseReferralHolds(strapi, trx, orderId);
    return true;
  });
}

/**
 * Voids the order's attempts still waiting for the customer (a newer attempt replaces them, or the
 * order is cancelled): the sandbox page refuses them. A real gateway may still take the money of
 * one; its notification then flags the payment for staff (src/payments/notifications.ts).
 */
export async function voidPendingAttempts(strapi: Core.Strapi, orderId: number): Promise<void> {
  const pending = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { order: { id: orderId }, paymentStatus: "pending" },
    select: ["id"],
  })) as { id: number }[];
  if (pending.length === 0) return;
  await strapi.db.query(CONTENT_TYPES.payment).updateMany({
    where: { id: { $in: pending.map(({ id }) => id) }, paymentStatus: "pending" },
    data: { paymentStatus: "voided" },
  });
}

/** Moves the order from `status` to `change.to` if nobody moved it first; the history entry with it. */
async function moveOnce(strapi: Core.Strapi, order: OrderStatusRow, change: StatusChange, now: Date): Promise<boolean> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.order).updateMany({
    where: { id: order.id, orderStatus: order.orderStatus },
    data: dataFor(change.to, now),
  })) as { count: number };
  if (count !== 1) return false;
  await strapi.db.query(CONTENT_TYPES.orderEvent).create({
    data: {
      order: order.id,
      at: now,
      from: order.orderStatus,
      to: change.to,
      actorKind: change.actor.kind,
      actorLabel: change.actor.label.slice(0, 200),
      note: change.note ?? null,
    },
  });
  if (change.to === "cancelled") {
    await releaseOrderHolds(strapi, order.id);
    await voidPendingAttempts(strapi, order.id);
  }
  // Never to be delivered: its gift cards get back what it took of them, once (docs/decisions/033).
  // A refunded order does not: refunding the gateway's part says nothing of the cards' part, which
  // staff give back only by asking (refunds/staff.ts, docs/decisions/038).
  const giftCardsRestored = change.to === "cancelled" ? await restoreGiftCardsOfOrder(strapi, order.id) : 0;
  if (order.subscription)
    await settleSubscription(strapi, order.subscription.id, { to: change.to, actor: change.actor, now });
  // An order whose customer deleted the account kept its delivery address only to be delivered.
  await forgetDeliveryOfDetached(strapi, order.id, change.to);
  // The invoices last, so that the invoice counter's row lock is held for as short a time as
  // possible (until this transaction commits), still in this transaction: with the payment or not at
  // all, so the series has no gap (docs/decisions/039). An invoice that cannot be issued is logged
  // and left to the owed-invoices job; it never stops the change. A later move of an order paid
  // without its invoice (to preparing, shipped, delivered) tries again, once by its issue key.
  // Issued on a later move, it missed the paid order's confirmation: it is mailed on its own.
  if (isInvoiceable(change.to)) {
    await issueOrderInvoice(strapi, order.id, now, { mailLate: change.to !== "paid" });
  }
  // Cancelled: what went back to the gift cards is corrected; a gateway refund is corrected by its
  // own corrective invoice once it succeeds, and money the shop keeps stays invoiced.
  if (change.to === "cancelled") await issueCancellationCorrective(strapi, order.id, { giftCardsRestored, now });
  return true;
}

/**
 * Moves an order to `to` if it is in one of the `from` statuses now, recording the change. True only
 * for the caller that moved it; false when the order is elsewhere (already moved, unknown). Throws
 * OrderStatusChangeError when the domain's rules do not let `actor` make that change from one of
 * `from`: a caller asking for it is a bug, not a race.
 */
export async function changeOrderStatus(strapi: Core.Strapi, change: StatusChange): Promise<boolean> {
  const expected: readonly OrderStatus[] = typeof change.from === "string" ? [change.from] : change.from;
  for (const from of expected) {
    if (!mayChangeStatus(change.actor.kind, from, change.to)) throw new OrderStatusChangeError(from, change.to);
  }
  const now = new Date();
  return strapi.db.transaction(async () => {
    // Another caller may move the order between the read and the update: read again, a few times.
    for (let attempt = 0; attempt <= expected.length; attempt++) {
      const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
        where: { id: change.orderId },
        select: ["id", "orderStatus", "slotKey"],
        populate: { subscription: { select: ["id"] } },
      })) as OrderStatusRow | null;
      if (!order || !expected.includes(order.orderStatus)) return false;
      if (await moveOnce(strapi, order, change, now)) return true;
    }
    return false;
  });
}
