import type { Core } from "@strapi/strapi";
import {
  cutoffOf,
  isCancellableByCustomer,
  parseOrderNumber,
  shiftIsoDate,
  type Cents,
  type OrderStatus,
} from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import { loadClosedDays, loadZones, toDeliveryZone } from "../../delivery/delivery";
import type { PaymentProviderId } from "../../payments/provider";
import { OrderError, OrderNotFoundError } from "../errors";
import { changeOrderStatus } from "../status";
import { ALL_LEFT, refundOrder } from "./refunds";
import { COUNTED, paidPaymentsOf, refundableOf, refundsOfOrder } from "./store";

/**
 * A customer cancels their one-off order from its page (docs/decisions/031) until its delivery's
 * cut-off, when packing begins: an unpaid order is simply cancelled, a paid one is refunded in full
 * through its gateway first and then cancelled; either way its slot place and coupon use are freed.
 * The order's page reads beforehand what would happen (`cancellationOf`).
 */

interface CancelRow {
  id: number;
  orderStatus: OrderStatus;
  purchase: "once" | "subscription";
  deliveryDate: string;
  zone: { id: number } | null;
}

/** What the order's page shows before and after: the refunds so far and what cancelling would do. */
export interface RefundsView {
  refunds: { amount: Cents; at: string; status: "pending" | "succeeded" | "failed" }[];
  cancellation: {
    possible: boolean;
    /** Until when (the delivery's cut-off); null when the order has no zone any more to tell it. */
    until: string | null;
    /** What would be refunded, and through which gateway (to the card or method paid with). */
    refund: Cents;
    method: PaymentProviderId | null;
  };
}

/** The instant the order's delivery closes (its zone's cut-off, closed days counted); null without a zone. */
async function cutoffOfOrder(strapi: Core.Strapi, row: CancelRow): Promise<Date | null> {
  if (row.zone === null) return null;
  const zoneId = row.zone.id;
  // The active zones are kept by the process (docs/decisions/055); a zone staff made inactive since is read.
  const active = (await loadZones(strapi)).find((zone) => zone.id === zoneId);
  const zoneRow =
    active === undefined
      ? await strapi.db.query(CONTENT_TYPES.deliveryZone).findOne({ where: { id: zoneId }, populate: { slots: true } })
      : null;
  const zone = active ?? (zoneRow === null ? null : toDeliveryZone(zoneRow as Parameters<typeof toDeliveryZone>[0]));
  if (zone === null) return null;
  const date = String(row.deliveryDate).slice(0, 10);
  // A cut-off is at most 30 working days (six weeks) before its delivery: closed days before those decide nothing.
  const closedDays = await loadClosedDays(strapi, shiftIsoDate(date, -45));
  return cutoffOf(zone, date, closedDays);
}

async function ownRow(strapi: Core.Strapi, userId: number, number: string): Promise<CancelRow> {
  const id = parseOrderNumber(number);
  const row =
    id === null
      ? null
      : ((await strapi.db.query(CONTENT_TYPES.order).findOne({
          where: { id, user: { id: userId } },
          select: ["id", "orderStatus", "purchase", "deliveryDate"],
          populate: { zone: { select: ["id"] } },
        })) as CancelRow | null);
  if (row === null) throw new OrderNotFoundError("No such order");
  return row;
}

/** What is left to refund of the payment that paid the order, its gateway and its reference. */
async function fullRefundOf(
  strapi: Core.Strapi,
  orderId: number,
): Promise<{ amount: Cents; method: PaymentProviderId | null; reference: string | null }> {
  const [payment] = await paidPaymentsOf(strapi, orderId);
  if (payment === undefined || payment.staffNote !== null) return { amount: 0, method: null, reference: null };
  return { amount: await refundableOf(strapi, payment), method: payment.provider, reference: payment.reference };
}

/** The refunds shown to the customer and what cancelling would do now. */
export async function refundsViewOf(
  strapi: Core.Strapi,
  row: Pick<CancelRow, "id" | "orderStatus" | "purchase" | "deliveryDate" | "zone">,
  now: Date,
): Promise<RefundsView> {
  const refunds = (await refundsOfOrder(strapi, row.id))
    .filter((refund) => COUNTED.includes(refund.refundStatus) || refund.origin === "customer")
    .map((refund) => ({
      amount: refund.amount,
      at: new Date(refund.createdAt).toISOString(),
      status: refund.refundStatus,
    }));
  const cancellable = row.purchase === "once" && isCancellableByCustomer(row.orderStatus);
  const cutoff = cancellable ? await cutoffOfOrder(strapi, row) : null;
  const { amount, method } =
    row.orderStatus === "paid" ? await fullRefundOf(strapi, row.id) : { amount: 0, method: null };
  return {
    refunds,
    cancellation: {
      possible: cancellable && cutoff !== null && now.getTime() < cutoff.getTime(),
      until: cutoff?.toISOString() ?? null,
      refund: amount,
      method,
    },
  };
}

/**
 * POST /orders/mine/:number/cancel. 404 for an order that is not the caller's; 409 not_cancellable
 * (a subscription's order, prepared, shipped, cancelled already) or past_cutoff (with the cut-off);
 * the refund's own refusals (./refunds.ts) when the gateway does not give the money back, in which
 * case the order stays as it was.
 */
export async function cancelOwnOrder(
  strapi: Core.Strapi,
  { userId, number, now }: { userId: number; number: string; now: Date },
): Promise<void> {
  const row = await ownRow(strapi, userId, number);
  if (row.purchase !== "once" || !isCancellableByCustomer(row.orderStatus)) {
    throw new OrderError("not_cancellable", [], {
      status: 409,
      message: `An order that is ${row.orderStatus} cannot be cancelled here`,
    });
  }
  const cutoff = await cutoffOfOrder(strapi, row);
  if (cutoff === null || now.getTime() >= cutoff.getTime()) {
    throw new OrderError("past_cutoff", [], {
      status: 409,
      message: `Orders for this delivery closed at ${cutoff?.toISOString() ?? "its cut-off"}: it is being packed`,
    });
  }
  const actor = { kind: "customer" as const, label: `customer:${userId}` };
  if (row.orderStatus !== "paid") {
    const moved = await changeOrderStatus(strapi, { orderId: row.id, from: row.orderStatus, to: "cancelled", actor });
    if (!moved)
      throw new OrderError("not_cancellable", [], { status: 409, message: "The order changed meanwhile: reload it" });
    return;
  }
  const { amount, reference } = await fullRefundOf(strapi, row.id);
  const failedBefore = (await refundsOfOrder(strapi, row.id)).filter(
    (refund) => refund.origin === "customer" && refund.refundStatus === "failed",
  ).length;
  // Paid, with nothing left to give back (staff refunded it already): only the cancellation is left.
  const cancelOnly = () => changeOrderStatus(strapi, { orderId: row.id, from: "paid", to: "cancelled", actor });
  if (amount === 0 || reference === null) {
    await cancelOnly();
    return;
  }
  try {
    await refundOrder(
      strapi,
      {
        orderId: row.id,
        // What is left of the payment that paid the order when the refund is claimed: a change's or
        // staff's refund claimed meanwhile is counted.
        amount: ALL_LEFT,
        paymentReference: reference,
        reason: "Cancelled by the customer before the cut-off",
        // A double click or a retry is the same refund; after a refund the gateway refused, a new one.
        key: `cancel-${row.id}-${failedBefore}`,
        actor: { origin: "customer", label: actor.label },
        settleAs: "cancelled",
      },
      now,
    );
  } catch (error) {
    // Given back in full meanwhile: as above, only the cancellation is left.
    if (!(error instanceof OrderError && error.code === "not_refundable")) throw error;
    await cancelOnly();
  }
}
