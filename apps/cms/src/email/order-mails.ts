import type { Core } from "@strapi/strapi";
import { toLocale, type Locale } from "@shop/domain";
import { storefrontLink } from "../storefront-links";
import { sendEmail } from "./send";
import type { OrderMailProps } from "./templates/order-message";
import { CONTENT_TYPES } from "../content-types";
import { toOrderContents, type StoredOrderContents } from "../ordering/lines";
import { orderInvoiceAttachments } from "../invoices/mine";

/**
 * The customer's mails about an order (docs/decisions/015): its confirmation once paid, a failed
 * payment with the link to pay again, and its shipping, rendered by the order templates beside this
 * file. Payments (src/payments/) and staff marking an order shipped (src/ordering/admin.ts) send them.
 */

export type OrderMailKind = "confirmation" | "payment_failed" | "shipped" | "invoice";

const TEMPLATES = {
  confirmation: "orderConfirmation",
  payment_failed: "orderPaymentFailed",
  shipped: "orderShipped",
  invoice: "orderInvoice",
} as const satisfies Record<OrderMailKind, string>;

/** The mails that carry the order's invoice: its confirmation, and the invoice issued after it. */
const WITH_INVOICE: ReadonlySet<OrderMailKind> = new Set(["confirmation", "invoice"]);

export interface OrderMailRow extends StoredOrderContents {
  id: number;
  number: string;
  locale: string;
  email: string | null;
  /** Set when the customer deleted their account: the order is kept without anyone to write to (decision 023). */
  detachedAt?: string | Date | null;
  user: { email: string; firstName: string | null } | null;
  giftCardsPaid?: number | null;
}

/** Where the mail's button goes: the order in the account, or the page to pay it again. */
function mailUrl(kind: OrderMailKind, order: OrderMailRow, locale: Locale): string {
  return kind === "payment_failed"
    ? storefrontLink("orderPay", locale, { order: order.number })
    : storefrontLink("orderDetail", locale, {}, { id: order.number });
}

function mailProps(
  kind: OrderMailKind,
  order: OrderMailRow,
  locale: Locale,
  invoiceNumber: string | null,
): OrderMailProps {
  return {
    name: order.user?.firstName ?? null,
    number: order.number,
    ...toOrderContents(order),
    url: mailUrl(kind, order, locale),
    giftCardsPaid: Number(order.giftCardsPaid ?? 0),
    invoiceNumber,
  };
}

/** What an order's mails read: the order, its lines and its customer's address and name. */
const ORDER_MAIL_POPULATE = { lines: true, user: { select: ["email", "firstName"] } } as const;

/**
 * The orders' rows for their mails in one read (the mail queue's page, src/email/queue.ts), by id;
 * an order missing from the map is gone.
 */
export async function findOrdersForMails(
  strapi: Core.Strapi,
  orderIds: readonly number[],
): Promise<Map<number, OrderMailRow>> {
  if (orderIds.length === 0) return new Map();
  const orders = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: { id: { $in: [...new Set(orderIds)] } },
    populate: ORDER_MAIL_POPULATE,
  })) as OrderMailRow[];
  return new Map(orders.map((order) => [order.id, order]));
}

/**
 * Mails the customer about their order, in the order's language; nothing for an order whose customer
 * deleted their account. Throws when the order or its address is missing. `order`: its row, when the
 * caller read it already (findOrdersForMails; null when it is gone); otherwise read here.
 */
export async function sendOrderMail(
  strapi: Core.Strapi,
  kind: OrderMailKind,
  orderId: number,
  { order: read }: { order?: OrderMailRow | null } = {},
): Promise<void> {
  const order =
    read !== undefined
      ? read
      : ((await strapi.db.query(CONTENT_TYPES.order).findOne({
          where: { id: orderId },
          populate: ORDER_MAIL_POPULATE,
        })) as OrderMailRow | null);
  if (order?.detachedAt) {
    // The customer asked to be forgotten: nobody to tell, and nothing is wrong.
    strapi.log.info(`Order ${order.number}: no ${kind} mail, the customer deleted their account`);
    return;
  }
  const to = order?.email ?? order?.user?.email;
  if (order === null || to === undefined || to === null) throw new Error(`Order ${orderId} has no one to mail`);
  const locale = toLocale(order.locale);
  // The paid order's invoice goes with its confirmation (docs/decisions/039), or on its own when late.
  const attachments = WITH_INVOICE.has(kind)
    ? await orderInvoiceAttachments(strapi, order.id, { forConfirmation: kind === "confirmation" })
    : [];
  const invoiceNumber = attachments[0]?.filename.replace(/\.pdf$/, "") ?? null;
  await sendEmail(strapi, {
    template: TEMPLATES[kind],
    props: mailProps(kind, order, locale, invoiceNumber),
    to,
    locale,
    ...(attachments.length > 0 ? { attachments } : {}),
  });
}
