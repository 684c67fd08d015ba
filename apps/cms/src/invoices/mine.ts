import type { Core } from "@strapi/strapi";
import type { Order } from "@shop/contracts";
import { isInvoiceNumber, parseOrderNumber, toLocale, type Cents } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import type { EmailAttachment } from "../email/send";
import type { InvoiceRow } from "./issue";
import { invoiceMailKey } from "./mail-key";
import { invoicePdf } from "./pdf";

/**
 * Reading the invoices issued (./issue.ts): the order page's list, the customer's own PDF (nobody
 * else's: another customer's invoice is as unknown as a number never issued), and the paid-order
 * mail's attachment.
 */

/** An invoice as the order's page lists it. */
export interface OrderInvoiceSummary {
  number: string;
  kind: "invoice" | "corrective";
  issuedAt: string;
  total: Cents;
}

type StoredInvoiceRow = Omit<InvoiceRow, "orderNumber" | "locale" | "operationAt"> & {
  locale: string;
  /** Written at issue since the field exists; null on an invoice issued before. */
  operationAt: string | Date | null;
  order: { number: string; paidAt: string | Date | null } | null;
};

const toRow = (row: StoredInvoiceRow): InvoiceRow => ({
  ...row,
  locale: toLocale(row.locale),
  giftCardsPaid: Number(row.giftCardsPaid ?? 0),
  correctsNumber: row.correctsNumber ?? null,
  reason: row.reason ?? null,
  orderNumber: row.order?.number ?? "",
  // The date frozen on the invoice at issue; an invoice issued before the field existed has none,
  // and its order's payment date is read as it always was.
  operationAt: row.kind === "invoice" ? (row.operationAt ?? row.order?.paidAt ?? null) : null,
});

/** The customer's order view with its invoices (GET /orders/mine/:number and its cancellation's answer). */
export async function withInvoices(strapi: Core.Strapi, order: Order): Promise<Order> {
  const id = parseOrderNumber(order.number);
  return { ...order, invoices: id === null ? [] : await invoicesOfOrder(strapi, id) };
}

/** The invoices of an order, oldest first (the invoice, then its corrective ones). */
export async function invoicesOfOrder(strapi: Core.Strapi, orderId: number): Promise<OrderInvoiceSummary[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.invoice).findMany({
    where: { order: { id: orderId } },
    select: ["number", "kind", "issuedAt", "total"],
    orderBy: { id: "asc" },
  })) as { number: string; kind: "invoice" | "corrective"; issuedAt: string | Date; total: number }[];
  return rows.map((row) => ({ ...row, issuedAt: new Date(row.issuedAt).toISOString() }));
}

async function findInvoice(strapi: Core.Strapi, where: Record<string, unknown>): Promise<InvoiceRow | null> {
  const row = (await strapi.db.query(CONTENT_TYPES.invoice).findOne({
    where,
    populate: { order: { select: ["number", "paidAt"] } },
  })) as StoredInvoiceRow | null;
  return row === null ? null : toRow(row);
}

/** The PDF of the caller's own invoice of that number; null for a malformed, unknown or someone else's number. */
export async function ownInvoicePdf(
  strapi: Core.Strapi,
  { userId, number }: { userId: number; number: string },
): Promise<EmailAttachment | null> {
  if (!isInvoiceNumber(number)) return null;
  const invoice = await findInvoice(strapi, { number, order: { user: { id: userId } } });
  if (invoice === null) return null;
  return { filename: `${invoice.number}.pdf`, content: await invoicePdf(invoice), contentType: "application/pdf" };
}

/**
 * The order's invoice as a mail's attachment; none when the order asked for no invoice.
 *
 * Each invoice's PDF reaches the customer by one mail only. An invoice issued late (after the
 * paid-order mail, or while that mail still waited in the queue: a renewal's confirmation) has a
 * mail of its own, queued in the invoice's transaction under invoiceMailKey: that mail carries it,
 * and the confirmation (`forConfirmation`), whenever it is rendered, leaves it out. An invoice issued
 * with the payment has no such mail, and goes with the confirmation.
 */
export async function orderInvoiceAttachments(
  strapi: Core.Strapi,
  orderId: number,
  { forConfirmation }: { forConfirmation: boolean },
): Promise<EmailAttachment[]> {
  const invoice = await findInvoice(strapi, { order: { id: orderId }, kind: "invoice" });
  if (invoice === null) return [];
  if (forConfirmation) {
    const ownMail = await strapi.db
      .query(CONTENT_TYPES.queuedMail)
      .findOne({ where: { dedupeKey: invoiceMailKey(invoice.id) }, select: ["id"] });
    if (ownMail !== null) return [];
  }
  return [{ filename: `${invoice.number}.pdf`, content: await invoicePdf(invoice), contentType: "application/pdf" }];
}
