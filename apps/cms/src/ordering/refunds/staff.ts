import type { Core } from "@strapi/strapi";
import { parseOrderNumber, type Cents, type OrderStatus } from "@shop/domain";
import { z } from "zod";
import { CONTENT_TYPES } from "../../content-types";
import { OrderNotFoundError } from "../errors";
import { refundOrder, type RefundAnswer } from "./refunds";
import { paidPaymentsOf, refundableOf, refundsOfOrder, type RefundRow } from "./store";

/**
 * Staff's refunds in the admin panel (docs/decisions/031): what an order took and has given back,
 * and a refund of part or all of what is left, through the payment's gateway, with a reason. Staff
 * are whoever holds the staff tools' refund permission; the routes' policies check it.
 */

/** POST /staff-tools/orders/:number/refunds: cents, a reason, and the form's key (a retry is the same refund). */
export const staffRefundBody = z.strictObject({
  amount: z.number({ error: "required" }).int({ error: "wholeCents" }).positive({ error: "aboveZero" }),
  reason: z.string({ error: "required" }).trim().min(3, { error: "required" }).max(500, { error: "tooLong:500" }),
  key: z.string({ error: "required" }).regex(/^[\w-]{8,80}$/, { error: "must be 8 to 80 letters, digits, - or _" }),
  /** A paid payment's reference other than the one that paid the order (a second payment taken by mistake). */
  payment: z.string().max(40).optional(),
});
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
): Promise<{ id: number; number: string; orderStatus: OrderStatus }> {
  const id = parseOrderNumber(number);
  const row =
    id === null
      ? null
      : ((await strapi.db
          .query(CONTENT_TYPES.order)
          .findOne({ where: { id }, select: ["id", "number", "orderStatus"] })) as {
          id: number;
          number: string;
          orderStatus: OrderStatus;
        } | null);
  if (row === null) throw new OrderNotFoundError("No such order");
  return row;
}

export async function staffOrderRefunds(strapi: Core.Strapi, number: string): Promise<StaffOrderRefunds> {
  const order = await orderOf(strapi, number);
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
    payments,
    refunds: (await refundsOfOrder(strapi, order.id)).map(viewOf),
  };
}

export async function staffRefund(
  strapi: Core.Strapi,
  { number, body, staffEmail }: { number: string; body: StaffRefundBody; staffEmail: string },
): Promise<{ refund: StaffRefundView; replayed: boolean }> {
  const order = await orderOf(strapi, number);
  const answer: RefundAnswer = await refundOrder(strapi, {
    orderId: order.id,
    amount: body.amount,
    reason: body.reason,
    // Staff's keys and the shop's own (a cancellation's, a gateway's) never meet.
    key: `staff-${body.key}`,
    actor: { origin: "staff", label: staffEmail },
    ...(body.payment === undefined ? {} : { paymentReference: body.payment }),
    settleAs: "refunded",
  });
  return { refund: viewOf(answer.refund), replayed: answer.replayed };
}
