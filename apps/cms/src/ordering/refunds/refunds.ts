import type { Core } from "@strapi/strapi";
import { hasNotLeft, mayChangeStatus, REFUNDABLE_STATUSES, type Cents, type OrderStatus } from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import type { Sql } from "../../database/sql";
import { afterAnswer } from "../../http/after-answer";
import { refundGatewayOf, type RefundResult } from "../../payments/refunds/gateway";
import { OrderError } from "../errors";
import { changeOrderStatus, lockOrderRow, releaseOrderHolds } from "../status";
import { sendRefundMail } from "./mail";
import { issueCorrectiveInvoice } from "../../invoices/issue";
import {
  findPaidPayment,
  findRefund,
  gatewayKeyOf,
  nextClaimOf,
  paidPaymentsOf,
  refundableOf,
  type PaidPayment,
  type RefundOrigin,
  type RefundRow,
} from "./store";

/**
 * Refunds of an order's payment through the gateway that took it (docs/decisions/031), wholly or
 * partly, asked by staff or by the customer cancelling before the cut-off. A refund is claimed first
 * (a pending row, under the order's row lock, against what is left of the payment), then asked of the
 * gateway, then settled with the gateway's answer: two refunds racing cannot ask for more than was
 * paid, and the same key asked twice is the same refund. Once the payment that paid the order is
 * refunded in full the order is settled (cancelled or refunded) and, if its goods had not left, its
 * slot place and coupon use are freed.
 */

export interface RefundActor {
  origin: Exclude<RefundOrigin, "gateway">;
  /** Staff's e-mail, the customer's "customer:<id>". */
  label: string;
}

/**
 * A refund of whatever is left of the payment when the refund is claimed (under the order's lock): a
 * customer's cancellation gives everything back, and a change of the same order refunding part of it
 * in the meantime must not make the cancellation ask for more than is left.
 */
export const ALL_LEFT = "all left";

export interface RefundAsk {
  orderId: number;
  amount: Cents | typeof ALL_LEFT;
  reason: string;
  /** The caller's idempotency key: asked again, the same refund is answered, never a second one. */
  key: string;
  actor: RefundActor;
  /** The paid payment to refund; the one that paid the order by default. */
  paymentReference?: string;
  /** What the order becomes once refunded in full: cancelled (a customer's cancellation) or refunded. */
  settleAs: "cancelled" | "refunded";
}

/** A refund as the caller is answered: the row, and whether this call made it or found it made. */
export interface RefundAnswer {
  refund: RefundRow;
  replayed: boolean;
}

const MAX_REASON = 500;

function checkAmount(amount: RefundAsk["amount"]): void {
  if (amount === ALL_LEFT) return;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new OrderError("exceeds_refundable", ["amount"], {
      message: "The amount must be a whole number of cents above 0",
    });
  }
}

/** A refund the gateway did not give: the caller's answer (asked again with its key, the same answer). */
function throwIfFailed(refund: RefundRow): void {
  if (refund.refundStatus !== "failed") return;
  const unreachable = refund.failure === "unreachable";
  throw new OrderError(unreachable ? "refund_unavailable" : "refund_refused", ["amount"], {
    status: unreachable ? 503 : 409,
    message: unreachable
      ? "The payment gateway could not be reached: nothing was refunded, try again with a new key"
      : `The payment gateway refused the refund (${refund.failure ?? "no reason given"})`,
  });
}

/**
 * A key asked again: the same refund if it is the same order and amount (any amount for a refund of
 * all that was left), else a mistake of the caller.
 */
function replayOf(existing: RefundRow, ask: RefundAsk): RefundAnswer {
  const sameAmount = ask.amount === ALL_LEFT || existing.amount === ask.amount;
  if (existing.order?.id !== ask.orderId || !sameAmount) {
    throw new OrderError("refund_key_reused", ["key"], {
      status: 409,
      message: "This refund key was used for another refund: send a new key",
    });
  }
  throwIfFailed(existing);
  return { refund: existing, replayed: true };
}

async function paymentToRefund(strapi: Core.Strapi, ask: RefundAsk): Promise<PaidPayment> {
  if (ask.paymentReference !== undefined) {
    const payment = await findPaidPayment(strapi, { reference: ask.paymentReference, order: { id: ask.orderId } });
    if (payment === null)
      throw new OrderError("not_refundable", ["payment"], {
        status: 409,
        message: "No such paid payment of this order",
      });
    return payment;
  }
  for (const payment of await paidPaymentsOf(strapi, ask.orderId)) {
    if ((await refundableOf(strapi, payment)) > 0) return payment;
  }
  throw new OrderError("not_refundable", [], { status: 409, message: "Nothing of this order is left to refund" });
}

/**
 * Claims the refund: under the order's row lock, checks what is left of the payment and writes the
 * refund as pending. Returns the existing refund when the key was claimed meanwhile.
 */
async function claimRefund(strapi: Core.Strapi, ask: RefundAsk, now: Date): Promise<RefundAnswer> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockOrderRow(strapi, trx, ask.orderId);
    return claimRefundLocked(strapi, ask, now);
  });
}

/**
 * The claim itself, inside the caller's transaction, which holds the order's row lock already: a
 * change of the order (src/ordering/changes/change.ts) claims its refund with the change it pays
 * back, so that a cancellation or staff's refund after it counts it as given. Throws OrderError
 * exceeds_refundable or not_refundable, and then the caller's transaction writes nothing.
 */
export async function claimRefundLocked(strapi: Core.Strapi, ask: RefundAsk, now: Date): Promise<RefundAnswer> {
  checkAmount(ask.amount);
  const existing = await findRefund(strapi, { key: ask.key });
  if (existing !== null) return replayOf(existing, ask);
  const order = (await strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: ask.orderId }, select: ["id", "orderStatus"] })) as { orderStatus: OrderStatus } | null;
  if (order === null || !(REFUNDABLE_STATUSES as readonly OrderStatus[]).includes(order.orderStatus)) {
    throw new OrderError("not_refundable", [], { status: 409, message: "This order has no payment to refund" });
  }
  const payment = await paymentToRefund(strapi, ask);
  const left = await refundableOf(strapi, payment);
  const amount = ask.amount === ALL_LEFT ? left : ask.amount;
  if (amount <= 0)
    throw new OrderError("not_refundable", [], { status: 409, message: "Nothing of this payment is left to refund" });
  if (amount > left) {
    throw new OrderError("exceeds_refundable", ["amount"], {
      status: 409,
      message: `At most ${left} cents are left to refund of this order`,
    });
  }
  const refund = (await strapi.db.query(CONTENT_TYPES.refund).create({
    data: {
      key: ask.key,
      order: ask.orderId,
      payment: payment.id,
      provider: payment.provider,
      amount,
      currency: payment.currency,
      reason: ask.reason.slice(0, MAX_REASON),
      origin: ask.actor.origin,
      actorLabel: ask.actor.label.slice(0, 200),
      refundStatus: "pending",
      claim: await nextClaimOf(strapi, payment.id),
      createdAt: now,
    },
  })) as { id: number };
  const claimed = await findRefund(strapi, { id: refund.id });
  if (claimed === null) throw new Error(`Refund ${refund.id} could not be read back`);
  return { refund: claimed, replayed: false };
}

/** Claims made at once that counted the same refunds: each loser claims again, this many times at most. */
const CLAIM_ATTEMPTS = 10;

/**
 * Claims the refund, again when a refund racing it took its place first (the unique claim or key
 * refused the row): the same key is then answered as that refund, another key is checked again
 * against what is left now.
 */
async function claimWithRetries(strapi: Core.Strapi, ask: RefundAsk, now: Date): Promise<RefundAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await claimRefund(strapi, ask, now);
    } catch (error) {
      if (error instanceof OrderError) throw error;
      const raced = await findRefund(strapi, { key: ask.key });
      if (raced !== null) return replayOf(raced, ask);
      if (attempt >= CLAIM_ATTEMPTS) throw error;
    }
  }
}

/** Writes the gateway's answer on a refund still pending; false when a notification decided it first. */
export async function decideRefund(
  strapi: Core.Strapi,
  refundId: number,
  result: RefundResult,
  { provider, now }: { provider: RefundRow["provider"]; now: Date },
): Promise<boolean> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.refund).updateMany({
    where: { id: refundId, refundStatus: "pending" },
    data: {
      refundStatus: result.status,
      ...(result.providerRef === null
        ? {}
        : { providerRef: result.providerRef.slice(0, 255), gatewayKey: gatewayKeyOf(provider, result.providerRef) }),
      failure: result.failure?.slice(0, 255) ?? null,
      decidedAt: result.status === "pending" ? null : now,
    },
  })) as { count: number };
  return count === 1;
}

/** Asks the gateway; an outage is a failed refund (retried under a new key) and a 503 for the caller. */
async function askGateway(strapi: Core.Strapi, refund: RefundRow, payment: PaidPayment): Promise<RefundResult> {
  const gateway = refundGatewayOf(refund.provider);
  if (gateway === undefined) return { status: "failed", providerRef: null, failure: "gateway_off" };
  try {
    return await gateway.refund({
      key: refund.key,
      paymentReference: payment.reference,
      paymentProviderRef: payment.providerRef,
      amount: refund.amount,
      currency: refund.currency,
    });
  } catch (error) {
    strapi.log.error(`Refund ${refund.key}: ${refund.provider} could not be reached: ${String(error)}`);
    return { status: "failed", providerRef: null, failure: "unreachable" };
  }
}

type StatusActorOf = Parameters<typeof changeOrderStatus>[1]["actor"];

/**
 * After a refund was given: a note in the order's history, and, once the payment that paid the
 * order has nothing left, the order settled and its holds freed if its goods had not left. Safe to
 * run twice (a notification and the gateway's answer both arriving): status changes and the release
 * of holds happen once.
 */
export async function settleOrderAfterRefund(
  strapi: Core.Strapi,
  refund: Pick<RefundRow, "id" | "amount" | "provider" | "reason" | "key">,
  {
    orderId,
    paymentId,
    settleAs,
    actor,
  }: { orderId: number; paymentId: number; settleAs: "cancelled" | "refunded"; actor: StatusActorOf },
): Promise<void> {
  const order = (await strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: orderId }, select: ["id", "orderStatus"] })) as {
    id: number;
    orderStatus: OrderStatus;
  } | null;
  if (order === null) return;
  await strapi.db.query(CONTENT_TYPES.orderEvent).create({
    data: {
      order: orderId,
      at: new Date(),
      from: order.orderStatus,
      to: order.orderStatus,
      actorKind: actor.kind,
      actorLabel: actor.label.slice(0, 200),
      note: `Refund of ${refund.amount} cents through ${refund.provider} (${refund.key})${refund.reason ? `: ${refund.reason}` : ""}`.slice(
        0,
        1000,
      ),
    },
  });
  const payment = (await strapi.db
    .query(CONTENT_TYPES.payment)
    .findOne({ where: { id: paymentId }, select: ["id", "amount", "staffNote"] })) as {
    id: number;
    amount: number;
    staffNote: string | null;
  } | null;
  // After the order is settled: the corrective invoice never stands between a refund and its order's
  // status (it logs its own failure and is issued later by the owed-invoices job).
  const issueCorrective = async () => {
    // An invoiced order's refund gets its corrective invoice (docs/decisions/039); once, and only once succeeded.
    await issueCorrectiveInvoice(strapi, refund.id, new Date());
  };
  // A payment that did not pay the order (flagged for staff) gives its money back without moving the order.
  if (payment === null || payment.staffNote !== null || (await refundableOf(strapi, payment)) > 0) {
    await issueCorrective();
    return;
  }
  const from = order.orderStatus;
  const to = settleAs === "cancelled" && mayChangeStatus(actor.kind, from, "cancelled") ? "cancelled" : "refunded";
  // A gateway's word settles an order that staff or the customer could not (prepared meanwhile).
  const mover = mayChangeStatus(actor.kind, from, to)
    ? actor
    : { kind: "payment" as const, label: `refund:${refund.provider}` };
  if (from !== "cancelled" && from !== "refunded" && mayChangeStatus(mover.kind, from, to)) {
    await changeOrderStatus(strapi, { orderId, from, to, actor: mover, note: `Refunded in full (${refund.key})` });
  }
  // Goods that never left: their slot place and coupon use go back (once; a cancellation did it already).
  if (hasNotLeft(from)) await releaseOrderHolds(strapi, orderId);
  await issueCorrective();
}

const STATUS_ACTOR_OF = { staff: "staff", customer: "customer" } as const;

/**
 * Refunds `amount` of the order's payment through its gateway. Throws OrderError: 409 when nothing or
 * less is left to refund, for a key used for another refund, and when the gateway refuses; 503 when
 * it cannot be reached. The customer is mailed once the gateway accepted it.
 */
export async function refundOrder(strapi: Core.Strapi, ask: RefundAsk, now = new Date()): Promise<RefundAnswer> {
  checkAmount(ask.amount);
  const existing = await findRefund(strapi, { key: ask.key });
  if (existing !== null) return replayOf(existing, ask);
  const claimed = await claimWithRetries(strapi, ask, now);
  if (claimed.replayed) return claimed;
  return askClaimedRefund(strapi, claimed, ask);
}

/**
 * Asks the gateway for a refund claimed and committed, writes its answer and settles the order.
 * Throws OrderError refund_refused or refund_unavailable when the gateway did not give it (the
 * refund is then failed: no money moved); any other error came after the gateway was asked, and
 * the money may have gone back.
 */
export async function askClaimedRefund(
  strapi: Core.Strapi,
  claimed: RefundAnswer,
  ask: RefundAsk,
): Promise<RefundAnswer> {
  const payment = await findPaidPayment(strapi, { id: claimed.refund.payment?.id ?? 0 });
  if (payment === null) throw new Error(`Refund ${claimed.refund.key} lost its payment`);
  const result = await askGateway(strapi, claimed.refund, payment);
  await decideRefund(strapi, claimed.refund.id, result, { provider: claimed.refund.provider, now: new Date() });
  const refund = (await findRefund(strapi, { id: claimed.refund.id })) ?? claimed.refund;
  throwIfFailed(refund);
  await settleOrderAfterRefund(strapi, refund, {
    orderId: ask.orderId,
    paymentId: payment.id,
    settleAs: ask.settleAs,
    actor: { kind: STATUS_ACTOR_OF[ask.actor.origin], label: ask.actor.label },
  });
  afterAnswer(strapi, `send the refund mail of ${refund.key}`, () => sendRefundMail(strapi, refund.id));
  return { refund, replayed: false };
}
