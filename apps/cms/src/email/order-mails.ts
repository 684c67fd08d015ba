import type { Core } from "@strapi/strapi";
import { toLocale, type Locale } from "@shop/domain";
import { storefrontLink } from "../storefront-links";
import { sendEmail } from "./send";
import type { OrderMailProps } from "./templates/order-message";
import { CONTENT_TYPES } from "../content-types";
import { toOrderContents, type StoredOrderContents } from "../ordering/lines";

/**
 * The customer's mails about an order (docs/decisions/015): its confirmation once paid, a failed
 * payment with the link to pay again, and its shipping, rendered by the order templates beside this
 * file. Payments (src/payments/) and staff marking an order shipped (src/ordering/admin.ts) send them.
 */

export type OrderMailKind = "confirmation" | "payment_failed" | "shipped";

const TEMPLATES = {
  confirmation: "orderConfirmation",
  payment_failed: "orderPaymentFailed",
  shipped: "orderShipped",
} as const satisfies Record<OrderMailKind, string>;

interface OrderMailRow extends StoredOrderContents {
  id: number;
  number: string;
  locale: string;
  email: string | null;
  /** Set when the customer deleted their account: the order is kept without anyone to write to (decision 023). */
  detachedAt?: string | Date | null;
  user: { email: string; firstName: string | null } | null;
}

/** Where the mail's button goes: the order in the account, or the page to pay it again. */
function mailUrl(kind: OrderMailKind, order: OrderMailRow, locale: Locale): string {
  return kind === "payment_failed"
    ? storefrontLink("orderPay", locale, { order: order.number })
    : storefrontLink("orderDetail", locale, {}, { id: order.number });
}

function mailProps(kind: OrderMailKind, order: OrderMailRow, locale: Locale): OrderMailProps {
  return {
    name: order.user?.firstName ?? null,
    number: order.number,
    ...toOrderContents(order),
    url: mailUrl(kind, order, locale),
  };
}

/**
 * Mails the customer about their order, in the order's language; nothing for an order whose customer
 * deleted their account. Throws when the order or its address is missing.
 */
export async function sendOrderMail(strapi: Core.Strapi, kind: OrderMailKind, orderId: number): Promise<void> {
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { id: orderId },
    populate: { lines: true, user: { select: ["email", "firstName"] } },
  })) as OrderMailRow | null;
  if (order?.detachedAt) {
    // The customer asked to be forgotten: nobody to tell, and nothing is wrong.
    strapi.log.info(`Order ${order.number}: no ${kind} mail, the customer deleted their account`);
    return;
  }
  const to = order?.email ?? order?.user?.email;
  if (order === null || to === undefined || to === null) throw new Error(`Order ${orderId} has no one to mail`);
  const locale = toLocale(order.locale);
  await sendEmail(strapi, { template: TEMPLATES[kind], props: mailProps(kind, order, locale), to, locale });
}
