import { createHash } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type { OrderStatus } from "@shop/domain";
import { queueOrderMails, sendQueuedMailsLater } from "../email/queue";
import { crashPoint } from "../http/crash-points";
import type { Sql } from "../database/sql";
import { changeOrderStatus, lockOrderRow } from "../ordering/status";
import type { PaymentRow } from "./attempts";
import { saveSubscriptionCard } from "./card-setup";
import { settleGiftCardPayment } from "../gift-cards/purchase";
import { amountDueOf } from "../gift-cards/redeem";
import { gateways } from "./gateways";
import {
  PaymentNotificationError,
  type PaymentNotification,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentProviderId,
  type VerifiedNotification,
} from "./provider";
import { CONTENT_TYPES } from "../content-types";

/**
 * A gateway's word on a payment (docs/decisions/015), verified by its adapter, decides the attempt
 * once, by a conditional update from `pending`: the first valid notification wins and moves the
 * order, every replay or late duplicate changes nothing. Every notification is logged
 * (`payment-notification`), refused ones with the reason.
 */

/** What a notification did, as the log records it. */
type NotificationEffect = "applied" | "flagged" | "repeated" | "ignored" | "unknown_payment" | "refused";

interface NotificationAnswer {
  /** 200 for everything the gateway need not send again; 400 for a refused one; 404 for a gateway that is off. */
  status: 200 | 400 | 404;
  effect: NotificationEffect;
  reason?: string;
}

interface LogEntry {
  provider: PaymentProviderId;
  reference: string | null;
  valid: boolean;
  outcome?: VerifiedNotification["outcome"];
  effect: NotificationEffect;
  reason?: string;
  summary?: Record<string, unknown>;
}

async function logNotification(strapi: Core.Strapi, input: PaymentNotification, entry: LogEntry): Promise<void> {
  await strapi.db.query(CONTENT_TYPES.paymentNotification).create({
    data: {
      provider: entry.provider,
      reference: entry.reference?.slice(0, 40) ?? null,
      valid: entry.valid,
      outcome: entry.outcome ?? null,
      effect: entry.effect,
      reason: entry.reason?.slice(0, 100) ?? null,
      // Enough to match a notification against the gateway's records, without keeping its content.
      bodyHash: createHash("sha256").update(input.rawBody).digest("hex"),
      summary: entry.summary ?? null,
    },
  });
}

/** Why a verified notification cannot be about this payment: another gateway's, another amount or currency. */
function mismatchOf(payment: PaymentRow, providerId: PaymentProviderId, outcome: PaymentOutcome): string | null {
  if (payment.provider !== providerId) return "provider_mismatch";
  if (outcome.amount !== payment.amount) return "amount_mismatch";
  if (outcome.currency !== payment.currency) return "currency_mismatch";
  return null;
}

/**
 * What a payment may be when a notification decides it. A voided attempt is decided too: a real
 * gateway may still have taken its money, which must not be lost. For the same reason "paid" also
 * overrides "failed" (a bank's late approval after a refusal it sent first; Stripe's
 * async_payment_succeeded after async_payment_failed); nothing overrides "paid".
 */
const DECIDABLE: Readonly<Record<PaymentOutcome["outcome"], readonly PaymentRow["paymentStatus"][]>> = {
  paid: ["pending", "voided", "failed"],
  failed: ["pending", "voided"],
};

/** Decides the payment if it is still undecided (see DECIDABLE); false when another notification decided it first. */
export async function decidePayment(
  strapi: Core.Strapi,
  payment: PaymentRow,
  outcome: PaymentOutcome,
  now: Date,
): Promise<boolean> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.payment).updateMany({
    where: { id: payment.id, paymentStatus: { $in: [...DECIDABLE[outcome.outcome]] } },
    data: {
      paymentStatus: outcome.outcome,
      decidedAt: now,
      providerRef: outcome.providerRef?.slice(0, 255) ?? null,
      ...(outcome.savedCard === undefined
        ? {}
        : { cardToken: outcome.savedCard.token, cardReference: outcome.savedCard.reference }),
    },
  })) as { count: number };
  return count === 1;
}

/**
 * Money arrived for an order that can no longer be paid (cancelled by the expiry job while the
 * customer was at the bank, or paid already by another attempt). The money was taken: it must not
 * be dropped silently. The payment stays paid, and a note in the order's history (a change from
 * its status to itself) asks staff to refund it or to reinstate the order.
 */
async function flagForStaff(
  strapi: Core.Strapi,
  payment: PaymentRow,
  order: { id: number; orderStatus: OrderStatus },
  now: Date,
): Promise<void> {
  const note = `Payment ${payment.reference} (${payment.amount} cents, ${payment.provider}) was taken while the order was ${order.orderStatus}: refund it or reinstate the order.`;
  await strapi.db.query(CONTENT_TYPES.payment).update({ where: { id: payment.id }, data: { staffNote: note } });
  await strapi.db.query(CONTENT_TYPES.orderEvent).create({
    data: {
      order: order.id,
      at: now,
      from: order.orderStatus,
      to: order.orderStatus,
      actorKind: "payment",
      actorLabel: `payment:${payment.provider}`,
      note,
    },
  });
  strapi.log.warn(`Order ${order.id}: ${note}`);
}

type Settlement = { effect: "applied" | "flagged"; mail: "confirmation" | "payment_failed" | null };

/**
 * An attempt that asked for more than the order now costs (one started before the customer lowered
 * the unpaid order and completed at the bank all the same, docs/decisions/049): the payment pays the
 * order, and the history and the log tell staff to refund the excess.
 */
async function flagOverpayment(strapi: Core.Strapi, payment: PaymentRow, orderId: number, now: Date): Promise<void> {
  const order = (await strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: orderId }, select: ["id", "total", "giftCardsPaid"] })) as {
    total: number;
    giftCardsPaid: number | null;
  } | null;
  if (order === null) return;
  const excess = payment.amount - amountDueOf(order);
  if (excess <= 0) return;
  const note = `Payment ${payment.reference} (${payment.amount} cents, ${payment.provider}) took ${excess} cents more than the order costs now (lowered after the payment was started): refund the excess.`;
  await strapi.db.query(CONTENT_TYPES.orderEvent).create({
    data: {
      order: orderId,
      at: now,
      from: "paid",
      to: "paid",
      actorKind: "payment",
      actorLabel: `payment:${payment.provider}`,
      note,
    },
  });
  strapi.log.warn(`Order ${orderId}: ${note}`);
}

async function settlePaid(strapi: Core.Strapi, payment: PaymentRow, orderId: number, now: Date): Promise<Settlement> {
  const actor = { kind: "payment" as const, label: `payment:${payment.provider}` };
  const moved = await changeOrderStatus(strapi, {
    orderId,
    from: ["pending_payment", "payment_failed"],
    to: "paid",
    actor,
  });
  if (moved) {
    await flagOverpayment(strapi, payment, orderId, now);
    return { effect: "applied", mail: "confirmation" };
  }
  const order = (await strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: orderId }, select: ["id", "orderStatus"] })) as {
    id: number;
    orderStatus: OrderStatus;
  } | null;
  if (order !== null) await flagForStaff(strapi, payment, order, now);
  return { effect: "flagged", mail: null };
}

/**
 * A refused attempt fails the order only if it is the order's latest: a late refusal of an earlier
 * attempt must not fail the order while the customer is paying it again.
 */
async function settleFailed(strapi: Core.Strapi, payment: PaymentRow, orderId: number): Promise<Settlement> {
  const newer = await strapi.db
    .query(CONTENT_TYPES.payment)
    .count({ where: { order: { id: orderId }, id: { $gt: payment.id } } });
  if (newer > 0) return { effect: "applied", mail: null };
  const moved = await changeOrderStatus(strapi, {
    orderId,
    from: "pending_payment",
    to: "payment_failed",
    actor: { kind: "payment", label: `payment:${payment.provider}` },
  });
  return { effect: "applied", mail: moved ? "payment_failed" : null };
}

async function findPayment(strapi: Core.Strapi, reference: string): Promise<PaymentRow | null> {
  return (await strapi.db.query(CONTENT_TYPES.payment).findOne({
    where: { reference },
    select: ["id", "reference", "provider", "paymentStatus", "amount", "currency", "giftCardId"],
    populate: { order: { select: ["id"] } },
  })) as PaymentRow | null;
}

async function verifyWith(
  gateway: PaymentProvider,
  input: PaymentNotification,
): Promise<VerifiedNotification | PaymentNotificationError> {
  try {
    return await gateway.verify(input);
  } catch (error) {
    if (error instanceof PaymentNotificationError) return error;
    throw error;
  }
}

/**
 * Applies a gateway's notification: verify it, log it, and if it is the first valid word on a
 * pending payment, decide the payment and move its order (paid, or payment failed), then mail the
 * customer. A replay, or a second notification for a decided payment, changes nothing and answers
 * 200 (gateways send again what is not answered 2xx); a notification that cannot be trusted (bad
 * signature, another amount, currency or merchant) answers 400 and is logged with the reason; one
 * for a gateway that is off answers 404 and is not logged.
 */
export async function applyNotification(
  strapi: Core.Strapi,
  providerId: PaymentProviderId,
  input: PaymentNotification,
  // The gateway's word arrives now; the sandbox's delivery job passes its own clock.
  { now = new Date() }: { now?: Date } = {},
): Promise<NotificationAnswer> {
  const log = (entry: Omit<LogEntry, "provider">) => logNotification(strapi, input, { provider: providerId, ...entry });
  const gateway = gateways().byId[providerId];
  // Not logged: anyone may post here without a key, and a row per request would fill the database.
  if (gateway === undefined) {
    return { status: 404, effect: "refused", reason: "provider_off" };
  }
  const verified = await verifyWith(gateway, input);
  if (verified instanceof PaymentNotificationError) {
    await log({ reference: verified.reference, valid: false, effect: "refused", reason: verified.reason });
    return { status: 400, effect: "refused", reason: verified.reason };
  }
  const { reference, summary } = verified;
  if (verified.outcome === "ignored" || reference === null) {
    await log({ reference, valid: true, outcome: "ignored", effect: "ignored", summary });
    return { status: 200, effect: "ignored" };
  }
  const payment = await findPayment(strapi, reference);
  // A gift card's purchase (src/gift-cards/purchase.ts): the same checks, then the card's own settlement.
  if (payment !== null && payment.order === null && typeof payment.giftCardId === "number") {
    const mismatch = mismatchOf(payment, providerId, verified);
    if (mismatch !== null) {
      await log({ reference, valid: false, outcome: verified.outcome, effect: "refused", reason: mismatch, summary });
      return { status: 400, effect: "refused", reason: mismatch };
    }
    const card = { ...payment, giftCardId: payment.giftCardId };
    const effect = await settleGiftCardPayment(strapi, card, verified, now);
    await log({ reference, valid: true, outcome: verified.outcome, effect, summary });
    return { status: 200, effect };
  }
  // Signed by the gateway but about no attempt of this shop (another shop on the same account).
  if (payment === null || payment.order === null) {
    await log({ reference, valid: true, outcome: verified.outcome, effect: "unknown_payment", summary });
    return { status: 200, effect: "unknown_payment" };
  }
  const mismatch = mismatchOf(payment, providerId, verified);
  if (mismatch !== null) {
    await log({ reference, valid: false, outcome: verified.outcome, effect: "refused", reason: mismatch, summary });
    return { status: 400, effect: "refused", reason: mismatch };
  }
  const orderId = payment.order.id;
  const settlement = await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    // The order first, as a cancellation locks it (src/ordering/status.ts): never a deadlock.
    await lockOrderRow(strapi, trx, orderId);
    const settled = await settleVerified(strapi, { payment, verified, orderId, providerId, now });
    await queueMailOf(strapi, settled, { orderId, now });
    // The cluster's crash test dies here, the order moved but not committed (docs/decisions/051).
    crashPoint("paymentNotificationBeforeCommit");
    return settled;
  });
  const effect = settlement?.effect ?? "repeated";
  await log({ reference, valid: true, outcome: verified.outcome, effect, summary });
  // The cluster's crash test dies here, the order paid and committed, its mail not sent (docs/decisions/051).
  crashPoint("paymentNotificationCommitted");
  if (settlement?.mail) sendQueuedMailsLater(strapi);
  return { status: 200, effect };
}

/**
 * Inside the notification's transaction, the order locked: decides the payment if it is still
 * undecided and moves its order; null when another notification decided it first.
 */
async function settleVerified(
  strapi: Core.Strapi,
  {
    payment,
    verified,
    orderId,
    providerId,
    now,
  }: { payment: PaymentRow; verified: PaymentOutcome; orderId: number; providerId: PaymentProviderId; now: Date },
): Promise<Settlement | null> {
  if (!(await decidePayment(strapi, payment, verified, now))) return null;
  if (verified.outcome === "failed") return settleFailed(strapi, payment, orderId);
  const settled = await settlePaid(strapi, payment, orderId, now);
  const { savedCard: saved } = verified;
  // Decided just now, so once: a subscription's order keeps its card for the renewals to come.
  if (settled.effect === "applied" && saved !== undefined) {
    await saveSubscriptionCard(strapi, {
      orderId,
      provider: providerId,
      saved,
      providerRef: verified.providerRef,
      now,
    });
  }
  return settled;
}

/**
 * Inside the settlement's transaction: its mail (the confirmation, or the payment's failure) as a
 * row of the mail queue (src/email/queue.ts), written with what it tells, as the renewals' are
 * (docs/decisions/030, 043). Sent right after the commit (sendQueuedMailsLater); should the process
 * die first, the queue keeps it for the next renewal run of any process (docs/decisions/051).
 */
async function queueMailOf(
  strapi: Core.Strapi,
  settlement: Settlement | null,
  { orderId, now }: { orderId: number; now: Date },
): Promise<void> {
  if (settlement?.mail) await queueOrderMails(strapi, { kind: settlement.mail, orderIds: [orderId], now });
}

/**
 * A merchant-initiated charge's answer (a subscription's renewal, docs/decisions/030), decided as a
 * notification decides an attempt: once, by the conditional update from pending, the order's lock
 * first. A paid charge moves the order exactly as an on-session payment does (same status path, same
 * confirmation mail); a declined one only decides the payment, with its neutral decline code: the
 * order keeps waiting for a retry or for the customer's link (the renewals' dunning). True when this
 * call decided it; false when a notification or another runner had decided it first.
 */
export async function settleOffSessionCharge(
  strapi: Core.Strapi,
  payment: PaymentRow,
  answer: { paid: true; providerRef: string | null } | { paid: false; providerRef: string | null; declineCode: string },
  now: Date,
): Promise<boolean> {
  if (payment.order === null) return false;
  const orderId = payment.order.id;
  const outcome: PaymentOutcome = {
    outcome: answer.paid ? "paid" : "failed",
    reference: payment.reference,
    amount: payment.amount,
    currency: payment.currency,
    providerRef: answer.providerRef,
    summary: {},
  };
  const settlement = await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockOrderRow(strapi, trx, orderId);
    if (!(await decidePayment(strapi, payment, outcome, now))) return null;
    if (!answer.paid) {
      await strapi.db
        .query(CONTENT_TYPES.payment)
        .update({ where: { id: payment.id }, data: { declineCode: answer.declineCode } });
      return { effect: "applied", mail: null } satisfies Settlement;
    }
    const settled = await settlePaid(strapi, payment, orderId, now);
    await queueMailOf(strapi, settled, { orderId, now });
    return settled;
  });
  if (settlement?.mail) sendQueuedMailsLater(strapi);
  return settlement !== null;
}
