import { createHash } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type Stripe from "stripe";
import { CONTENT_TYPES } from "../../content-types";
import type { Sql } from "../../database/sql";
import { afterAnswer } from "../../http/after-answer";
import { gateways } from "../../payments/gateways";
import { PaymentNotificationError, type PaymentNotification, type PaymentProviderId } from "../../payments/provider";
import { REDSYS_REFUND } from "../../payments/refunds/redsys";
import { REFUND_KEY_METADATA } from "../../payments/refunds/stripe";
import { lockOrderRow } from "../status";
import { sendRefundMail } from "./mail";
import { decideRefund, settleOrderAfterRefund } from "./refunds";
import { issueCorrectiveInvoice } from "../../invoices/issue";
import {
  COUNTED,
  findPaidPayment,
  findRefund,
  gatewayKeyOf,
  nextClaimOf,
  refundableOf,
  type PaidPayment,
  type RefundRow,
  type RefundStatus,
} from "./store";

/**
 * A gateway's word on a refund (docs/decisions/031): Stripe's refund and charge.refunded events, and
 * Redsys's notification of a transaction of type 3. A refund the shop asked for is found by its key
 * (Stripe's metadata), the gateway's id of the refund, or as the one pending refund of that payment
 * and amount, and only its status is updated; a refund made in the gateway's own panel is recorded
 * once, under a key made from the gateway's id. Replaying a notification finds the row it made and
 * changes nothing. Every refund notification is logged with the payments' (`payment-notification`).
 */

type Effect = "applied" | "repeated" | "ignored" | "unknown_payment" | "refused";

interface NotificationAnswer {
  status: 200 | 400;
  effect: Effect;
  reason?: string;
}

/** One refund as a gateway tells of it. */
interface ToldRefund {
  /** Finds the payment: Stripe's PaymentIntent id, Redsys's order number (the payment's reference). */
  payment: { providerRef: string } | { reference: string };
  providerRef: string;
  amount: number;
  status: RefundStatus;
  /** The shop's key, when the refund was asked by the shop (Stripe's metadata). */
  key: string | null;
}

/** What a status may become by a gateway's later word: a pending refund settles; a given one may still fail. */
const NEXT: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = {
  pending: ["succeeded", "failed"],
  succeeded: ["failed"],
  failed: [],
};

async function log(
  strapi: Core.Strapi,
  input: PaymentNotification,
  entry: {
    provider: PaymentProviderId;
    reference: string | null;
    valid: boolean;
    effect: Effect;
    reason: string;
    summary?: object;
  },
) {
  await strapi.db.query(CONTENT_TYPES.paymentNotification).create({
    data: {
      provider: entry.provider,
      reference: entry.reference?.slice(0, 40) ?? null,
      valid: entry.valid,
      outcome: "ignored",
      effect: entry.effect,
      reason: entry.reason.slice(0, 100),
      bodyHash: createHash("sha256").update(input.rawBody).digest("hex"),
      summary: entry.summary ?? null,
    },
  });
}

// ---- Reading the gateways' notifications ------------------------------------------------------------

const STRIPE_REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed", "charge.refund.updated"]);

function stripeStatusOf(refund: Stripe.Refund): RefundStatus {
  if (refund.status === "succeeded") return "succeeded";
  if (refund.status === "failed" || refund.status === "canceled") return "failed";
  return "pending";
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === "string" ? value : value.id;

function toldOfStripeRefund(refund: Stripe.Refund, fallbackIntent: string | null): ToldRefund | null {
  const intent = idOf(refund.payment_intent) ?? fallbackIntent;
  if (intent === null) return null;
  return {
    payment: { providerRef: intent },
    providerRef: refund.id,
    amount: refund.amount,
    status: stripeStatusOf(refund),
    key: refund.metadata?.[REFUND_KEY_METADATA] ?? null,
  };
}

/** The refunds a Stripe event tells of; null when it is not about refunds. Throws on a bad signature. */
function stripeRefunds(input: PaymentNotification): { told: ToldRefund[]; summary: object } | null {
  const stripe = gateways().stripe;
  if (stripe === undefined) return null;
  const event = stripe.verifiedEvent(input);
  const summary = { event: event.type, eventId: event.id };
  if (STRIPE_REFUND_EVENTS.has(event.type)) {
    const told = toldOfStripeRefund(event.data.object as Stripe.Refund, null);
    return { told: told === null ? [] : [told], summary };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    // The charge lists its refunds only where the API version still includes them; the refund
    // events tell of each one anyway.
    const told = (charge.refunds?.data ?? []).flatMap(
      (refund) => toldOfStripeRefund(refund, idOf(charge.payment_intent)) ?? [],
    );
    return { told, summary: { ...summary, amountRefunded: charge.amount_refunded } };
  }
  return null;
}

/** A Redsys notification of a refund (transaction type 3); null for any other. Throws on a bad signature. */
async function redsysRefunds(input: PaymentNotification): Promise<{ told: ToldRefund[]; summary: object } | null> {
  const redsys = gateways().byId.redsys;
  if (redsys === undefined) return null;
  const verified = await redsys.verify(input);
  const summary = verified.summary;
  if (
    verified.outcome !== "ignored" ||
    String(summary.transactionType) !== REDSYS_REFUND ||
    verified.reference === null
  ) {
    return null;
  }
  const amount = Number(summary.amount);
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new PaymentNotificationError("malformed_amount", verified.reference);
  const authorisation = typeof summary.authorisationCode === "string" ? summary.authorisationCode.trim() : "";
  const parameters = typeof input.form?.Ds_MerchantParameters === "string" ? input.form.Ds_MerchantParameters : "";
  return {
    told: [
      {
        payment: { reference: verified.reference },
        // Without an authorisation code, the signed parameters name the refund: a replay is the same one.
        providerRef: authorisation || `params-${createHash("sha256").update(parameters).digest("hex").slice(0, 32)}`,
        amount,
        status: Number(summary.response) === 900 ? "succeeded" : "failed",
        key: null,
      },
    ],
    summary,
  };
}

// ---- Recording them ---------------------------------------------------------------------------------

/** The shop's refund a gateway tells of: by key, by the gateway's id, or the pending one of that amount. */
async function matchingRefund(strapi: Core.Strapi, payment: PaidPayment, told: ToldRefund): Promise<RefundRow | null> {
  if (told.key !== null) {
    const byKey = await findRefund(strapi, { key: told.key });
    if (byKey !== null) return byKey;
  }
  const byRef = await findRefund(strapi, { gatewayKey: gatewayKeyOf(payment.provider, told.providerRef) });
  if (byRef !== null) return byRef;
  // The gateway's notification overtook its answer to the shop's own request (Redsys's REST refund).
  return findRefund(strapi, {
    payment: { id: payment.id },
    amount: told.amount,
    refundStatus: "pending",
    providerRef: null,
  });
}

async function updateKnown(
  strapi: Core.Strapi,
  refund: RefundRow,
  told: ToldRefund,
  payment: PaidPayment,
): Promise<Effect> {
  if (refund.refundStatus === told.status && refund.providerRef !== null) return "repeated";
  if (refund.refundStatus === "pending") {
    await decideRefund(
      strapi,
      refund.id,
      { status: told.status, providerRef: told.providerRef },
      { provider: payment.provider, now: new Date() },
    );
    // A refund the gateway first answered pending: its corrective invoice once it succeeded (decision 039).
    if (told.status === "succeeded") await issueCorrectiveInvoice(strapi, refund.id, new Date());
    return "applied";
  }
  if (!NEXT[refund.refundStatus].includes(told.status)) return "repeated";
  const { count } = (await strapi.db.query(CONTENT_TYPES.refund).updateMany({
    where: { id: refund.id, refundStatus: refund.refundStatus },
    data: { refundStatus: told.status, failure: "failed_after_success", decidedAt: new Date() },
  })) as { count: number };
  if (count === 1)
    strapi.log.warn(`Refund ${refund.key} failed at ${payment.provider} after it was given: tell the customer`);
  return count === 1 ? "applied" : "repeated";
}

/** A refund made at the gateway (its panel): recorded once, under the gateway's id, within what is left. */
async function recordNew(strapi: Core.Strapi, payment: PaidPayment, told: ToldRefund): Promise<RefundRow | null> {
  const orderId = payment.order?.id;
  if (orderId === undefined) return null;
  const key = `gateway-${gatewayKeyOf(payment.provider, told.providerRef)}`.slice(0, 120);
  try {
    return await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
      await lockOrderRow(strapi, trx, orderId);
      if ((await findRefund(strapi, { key })) !== null) return null;
      const left = await refundableOf(strapi, payment);
      if (COUNTED.includes(told.status) && told.amount > left) {
        // The gateway gave back more than the shop knows to be left: recorded all the same (the money
        // is gone), and said loudly, for staff to look into.
        strapi.log.warn(
          `Refund ${told.providerRef} of payment ${payment.reference}: ${told.amount} cents, ${left} were left`,
        );
      }
      const created = (await strapi.db.query(CONTENT_TYPES.refund).create({
        data: {
          key,
          order: orderId,
          payment: payment.id,
          provider: payment.provider,
          amount: told.amount,
          currency: payment.currency,
          reason: "Made at the payment gateway",
          origin: "gateway",
          actorLabel: `gateway:${payment.provider}`,
          refundStatus: told.status,
          claim: await nextClaimOf(strapi, payment.id),
          providerRef: told.providerRef.slice(0, 255),
          gatewayKey: gatewayKeyOf(payment.provider, told.providerRef),
          decidedAt: told.status === "pending" ? null : new Date(),
          createdAt: new Date(),
        },
      })) as { id: number };
      return findRefund(strapi, { id: created.id });
    });
  } catch (error) {
    // The same notification delivered twice at once: the unique key kept one row.
    if ((await findRefund(strapi, { key })) !== null) return null;
    throw error;
  }
}

async function recordTold(strapi: Core.Strapi, told: ToldRefund, provider: PaymentProviderId): Promise<Effect> {
  const payment = await findPaidPayment(strapi, { provider, ...told.payment });
  if (payment === null || payment.order === null) return "unknown_payment";
  const known = await matchingRefund(strapi, payment, told);
  if (known !== null) return updateKnown(strapi, known, told, payment);
  // A refused refund made at the gateway gave nothing back: nothing to record.
  if (told.status === "failed") return "ignored";
  const created = await recordNew(strapi, payment, told);
  if (created === null) return "repeated";
  await settleOrderAfterRefund(strapi, created, {
    orderId: payment.order.id,
    paymentId: payment.id,
    settleAs: "refunded",
    actor: { kind: "payment", label: `refund:${provider}` },
  });
  afterAnswer(strapi, `send the refund mail of ${created.key}`, () => sendRefundMail(strapi, created.id));
  return "applied";
}

/**
 * Applies a gateway's notification if it is about a refund; null when it is about something else
 * (a payment: src/payments/notifications.ts decides it). 400 for one that cannot be trusted.
 */
export async function applyRefundNotification(
  strapi: Core.Strapi,
  provider: PaymentProviderId,
  input: PaymentNotification,
): Promise<NotificationAnswer | null> {
  if (provider !== "stripe" && provider !== "redsys") return null;
  let read: { told: ToldRefund[]; summary: object } | null;
  try {
    read = provider === "stripe" ? stripeRefunds(input) : await redsysRefunds(input);
  } catch (error) {
    // Not trusted: the payments' service refuses and logs it as it does every other.
    if (error instanceof PaymentNotificationError) return null;
    throw error;
  }
  if (read === null) return null;
  const effects: Effect[] = [];
  for (const told of read.told) effects.push(await recordTold(strapi, told, provider));
  const effect = effects.find((each) => each === "applied") ?? effects[0] ?? "ignored";
  const reference = read.told[0]?.providerRef ?? null;
  await log(strapi, input, { provider, reference, valid: true, effect, reason: "refund", summary: read.summary });
  return { status: 200, effect };
}
