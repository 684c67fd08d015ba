import type { Core } from "@strapi/strapi";
import type { OrderStatus } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";

/**
 * What an order keeps once its customer has deleted the account (docs/decisions/023). The order is
 * the shop's accounting and tax record, so its lines, totals, dates, zone and invoice data stay; what
 * only served to reach or market to the person goes: the account link, the e-mail, the phones, the
 * marketing consent and its wording. The delivery street, the name on it and the notes go too, once
 * the order no longer needs delivering: of the delivery address only the postcode, city, region and
 * country stay, which show where the goods were supplied (the VAT's place of supply).
 */

/** The statuses after which nothing is delivered any more. */
const DONE: readonly OrderStatus[] = ["delivered", "cancelled", "refunded"];

/** Whether an order in `status` is still to be delivered, and so keeps its delivery address. */
export function stillToDeliver(status: OrderStatus): boolean {
  return status === "paid" || status === "preparing" || status === "shipped";
}

export function isDeliveryDone(status: OrderStatus): boolean {
  return DONE.includes(status);
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;

/** The place of supply of a delivery address: no name, company, street or phone. */
export function placeOfSupply(address: unknown): Json {
  const stored = asObject(address) ?? {};
  return {
    postalCode: stored.postalCode ?? null,
    city: stored.city ?? null,
    region: stored.region ?? null,
    country: stored.country ?? null,
  };
}

/** The invoice data as the law wants it on the invoice (name, tax id, address), without the phone. */
export function invoiceWithoutPhone(invoice: unknown): Json | null {
  const stored = asObject(invoice);
  if (stored === null) return null;
  const address = asObject(stored.address);
  return address === null ? stored : { ...stored, address: { ...address, phone: null } };
}

interface OrderRow {
  id: number;
  orderStatus: OrderStatus;
  deliveryAddress: unknown;
  invoice: unknown;
}

/**
 * Detaches every order of a customer whose account is being deleted, inside the deletion's
 * transaction: how many orders were kept. Saved card references go from all their payments.
 */
export async function detachOrdersOf(strapi: Core.Strapi, userId: number, now: Date): Promise<number> {
  const orders = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: { user: { id: userId } },
    select: ["id", "orderStatus", "deliveryAddress", "invoice"],
  })) as OrderRow[];
  for (const order of orders) {
    await strapi.db.query(CONTENT_TYPES.order).update({
      where: { id: order.id },
      data: {
        user: null,
        email: null,
        marketingConsent: false,
        marketingWording: null,
        invoice: invoiceWithoutPhone(order.invoice),
        detachedAt: now,
        ...(stillToDeliver(order.orderStatus)
          ? {}
          : { deliveryAddress: placeOfSupply(order.deliveryAddress), notes: null }),
      },
    });
  }
  if (orders.length === 0) return 0;
  const payments = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { order: { id: { $in: orders.map((order) => order.id) } } },
    select: ["id"],
  })) as { id: number }[];
  // By id: an UPDATE cannot filter through the payment's relation table.
  if (payments.length > 0) {
    await strapi.db.query(CONTENT_TYPES.payment).updateMany({
      where: { id: { $in: payments.map((payment) => payment.id) } },
      data: { cardToken: null, cardReference: null },
    });
  }
  return orders.length;
}

/**
 * A detached order that was still on its way when its customer left has now been delivered (or
 * cancelled, or refunded): its delivery street, name, phone and notes go. Called with the status
 * change, in its transaction; an order of a live account, or one already reduced, is left alone.
 */
export async function forgetDeliveryOfDetached(strapi: Core.Strapi, orderId: number, to: OrderStatus): Promise<void> {
  if (!isDeliveryDone(to)) return;
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { id: orderId, detachedAt: { $notNull: true } },
    select: ["id", "deliveryAddress"],
  })) as { id: number; deliveryAddress: unknown } | null;
  if (!order) return;
  await strapi.db.query(CONTENT_TYPES.order).update({
    where: { id: order.id },
    data: { deliveryAddress: placeOfSupply(order.deliveryAddress), notes: null },
  });
}
