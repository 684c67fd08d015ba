import type { Core } from "@strapi/strapi";
import { parseOrderNumber, type Cents, type OrderStatus } from "@shop/domain";
import { z } from "zod";
import { CONTENT_TYPES } from "../../content-types";
import { giftCardsRestorableOf, restoreGiftCardsOfOrder } from "../../gift-cards/redeem";
import { OrderError, OrderNotFoundError } from "../errors";
import { refundOrder, type RefundAnswer } from "./refunds";
import { paidPaymentsOf, refundableOf, refundsOfOrder, type RefundRow } from "./store";
import { issueGiftCardsCorrective } from "../../invoices/issue";

/**
 * Staff's refunds in the admin panel (docs/decisions/031): what an order took and has given back,
 * and a refund of part or all of what is left, through the payment's gateway, with a reason. Staff
 * are whoever holds the staff tools' refund permission; the routes' policies check it.
 */

/**
 * POST /staff-tools/orders/:number/refunds: cents through the gateway, cents given back to the gift
 * cards that paid the order (docs/decisions/038: never given back by a gateway refund alone), a
 * reason, and the form's key (a retry is the same refund). One of the two amounts above 0.
 */
export const staffRefundBody = z
  .strictObject({
    amount: z.number({ error: "required" }).int({ error: "wholeCents" }).min(0, { error: "aboveZero" }),
    giftCards: z.number().int({ error: "wholeCents" }).min(0, { error: "aboveZero" }).optional(),
    reason: z.string({ error: "required" }).trim().min(3, { error: "required" }).max(500, { error: "tooLong:500" }),
    key: z.string({ error: "required" }).regex(/^[\w-]{8,80}$/, { error: "must be 8 to 80 letters, digits, - or _" }),
    /** A paid payment's reference other than the one that paid the order (a second payment taken by mistake). */
    payment: z.string().max(40).optional(),
  })
  .refine((body) => body.amount > 0 || (body.giftCards ?? 0) > 0, { error: "aboveZero", path: ["amount"] });
export type StaffRefundBody = z.output<typeof staffRefundBody>;

export interface StaffRefundView {
  key: string;
  amount: Cents;
  status: RefundRow["refundStatus"];
  provider: RefundRow["provider"];
  providerRef: string | null;
  reason: string | null;
  origin: RefundRow["origin"];
  by: string | null;
  at: string;
  failure: string | null;
}

export interface StaffOrderRefunds {
  number: string;
  status: OrderStatus;
  /** What gift cards paid of the order, what of it was given back to them, and what may still be. */
  giftCards: { paid: Cents; restored: Cents; restorable: Cents };
  payments: { reference: string; provider: string; amount: Cents; refundable: Cents; note: string | null }[];
  refunds: StaffRefundView[];
}

const viewOf = (refund: RefundRow): StaffRefundView => ({
  key: refund.key,
  amount: refund.amount,
  status: refund.refundStatus,
  provider: refund.provider,
  providerRef: refund.providerRef,
  reason: refund.reason,
  origin: refund.origin,
  by: refund.actorLabel,
  at: new Date(refund.createdAt).toISOString(),
  failure: refund.failure,
});

async function orderOf(
  strapi: Core.Strapi,
  number: string,
): Promise<{ id: number; number: string; orderStatus: OrderStatus; giftCardsPaid: number | null }> {
  const id = parseOrderNumber(number);
  const row =
    id === null
      ? null
      : ((await strapi.db
          .query(CONTENT_TYPES.order)
          .findOne({ where: { id }, select: ["id", "number", "orderStatus", "giftCardsPaid"] })) as {
          id: number;
          number: string;
          orderStatus: OrderStatus;
          giftCardsPaid: number | null;
        } | null);
  if (row === null) throw new OrderNotFoundError("No such order");
  return row;
}

export async function staffOrderRefunds(strapi: Core.Strapi, number: string): Promise<StaffOrderRefunds> {
  const order = await orderOf(strapi, number);
  const restorable = await giftCardsRestorableOf(strapi, order.id);
  const paidCards = Number(order.giftCardsPaid ?? 0);
  const payments = [];
  for (const payment of await paidPaymentsOf(strapi, order.id)) {
    payments.push({
      reference: payment.reference,
      provider: payment.provider,
      amount: payment.amount,
      refundable: await refundableOf(strapi, payment),
      note: payment.staffNote,
    });
  }
  return {
    number: order.number,
    status: order.orderStatus,
    giftCards: { paid: Number(order.giftCardsPaid ?? 0), restored: paidCards - restorable, restorable },
    payments,
    refunds: (await refundsOfOrder(strapi, order.id)).map(viewOf),
  };
}

/** What staff's refund `key` gave back to the order's gift cards, over all its tries. */
async function giftCardsRestoredUnder(strapi: Core.Strapi, orderId: number, key: string): Promise<Cents> {
  const entries = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
    where: { orderId, kind: "restored", idempotencyKey: { $endsWith: `:${key}` } },
    select: ["amount"],
  })) as { amount: number }[];
  return entries.reduce((sum, entry) => sum + Number(entry.amount), 0);
}

export async function staffRefund(
  strapi: Core.Strapi,
  { number, body, staffEmail }: { number: string; body: StaffRefundBody; staffEmail: string },
): Promise<{ refund: StaffRefundView | null; giftCardsRestored: Cents; replayed: boolean }> {
  const order = await orderOf(strapi, number);
  // Staff's keys and the shop's own (a cancellation's, a gateway's) never meet.
  const key = `staff-${body.key}`;
  const giftCards = body.giftCards ?? 0;
  // Checked before the gateway is asked, so that a refused card part refunds nothing; a retry of a
  // key whose card part was given back is not refused (it gives nothing more).
  if (giftCards > 0 && giftCards > (await giftCardsRestorableOf(strapi, order.id))) {
    const given = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).count({
      where: { orderId: order.id, kind: "restored", idempotencyKey: { $endsWith: `:${key}` } },
    })) as number;
    if (given === 0)
      throw new OrderError("exceeds_refundable", ["giftCards"], {
        status: 409,
        message: "More than the gift cards paid of this order and have not had back",
      });
  }
  let answer: RefundAnswer | null = null;
  if (body.amount > 0)
    answer = await refundOrder(strapi, {
      orderId: order.id,
      amount: body.amount,
      reason: body.reason,
      key,
      actor: { origin: "staff", label: staffEmail },
      ...(body.payment === undefined ? {} : { paymentReference: body.payment }),
      settleAs: "refunded",
    });
  const giftCardsRestored =
    giftCards > 0 ? await restoreGiftCardsOfOrder(strapi, order.id, { upTo: giftCards, key, actor: "staff" }) : 0;
  // Given back to the cards is a refund too: the invoice's corrective one (docs/decisions/039), for
  // all that this key gave back, not only what this call did: a retry after a corrective invoice
  // that failed restores nothing more but still issues it (once, by its issue key).
  if (giftCards > 0) {
    const restoredUnderKey = await giftCardsRestoredUnder(strapi, order.id, key);
    if (restoredUnderKey > 0) {
      await issueGiftCardsCorrective(strapi, {
        orderId: order.id,
        amount: restoredUnderKey,
        key,
        reason: body.reason ?? null,
        now: new Date(),
      });
    }
  }
  return {
    refund: answer === null ? null : viewOf(answer.refund),
    giftCardsRestored,
    replayed: answer === null ? giftCardsRestored === 0 : answer.replayed,
  };
}
