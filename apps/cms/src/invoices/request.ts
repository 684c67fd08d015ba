import type { Core } from "@strapi/strapi";
import type { InvoiceRequestBody, InvoiceRequestErrorCode, OrderInvoice } from "@shop/contracts";
import { canRequestInvoice, isInvoiceable, isOpenForPayment, parseOrderNumber, type OrderStatus } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { sendQueuedMailsLater } from "../email/queue";
import type { Sql } from "../database/sql";
import { OrderNotFoundError } from "../ordering/errors";
import { lockOrderRow } from "../ordering/status";
import { invoicesOfOrder } from "./mine";
import { issueOrderInvoice } from "./issue";

/**
 * A full invoice asked for from a paid order's page, after the payment (docs/decisions/039, "A full
 * invoice asked for after payment"): the customer's invoice details are written on the order and the
 * invoice is issued at once by the order flow's own code (issueOrderInvoice: the same series and
 * counter, the same frozen data), mailed on its own with its PDF (`invoice:<id>` in the mail queue,
 * once). Asking again answers the invoice the order has: one order, one invoice number.
 */

/** Why the order cannot be invoiced on request: the controller answers 409 with `code` (details.code). */
export class InvoiceRequestRefused extends Error {
  override readonly name = "InvoiceRequestRefused";
  constructor(
    readonly code: InvoiceRequestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (code: InvoiceRequestErrorCode, message: string) => new InvoiceRequestRefused(code, message);

interface OrderForRequest {
  id: number;
  orderStatus: OrderStatus;
  paidAt: string | Date | null;
  invoice: InvoiceRequestBody | null;
}

/** The order's own invoice (not a corrective one), as its page lists it; null when it has none. */
async function invoiceOf(strapi: Core.Strapi, orderId: number): Promise<OrderInvoice | null> {
  return (await invoicesOfOrder(strapi, orderId)).find((invoice) => invoice.kind === "invoice") ?? null;
}

/**
 * Issues the full invoice of the caller's order `number` made out to `body`, or answers the one it
 * has. `issued`: whether this call issued it. Throws OrderNotFoundError for an order that is not the
 * caller's (404, as an unknown one), InvoiceRequestRefused (409) for one not paid, cancelled or refunded, or
 * asked for after invoiceRequestLastDay. The invoice is null when it could not be issued now (the
 * Shop settings lack the legal details, a database error): the details stay on the order and the
 * hourly owed-invoices job issues and mails it.
 */
export async function requestOrderInvoice(
  strapi: Core.Strapi,
  { userId, number, body, now }: { userId: number; number: string; body: InvoiceRequestBody; now: Date },
): Promise<{ invoice: OrderInvoice | null; issued: boolean }> {
  const orderId = parseOrderNumber(number);
  if (orderId === null) throw new OrderNotFoundError("No such order");
  type Outcome = { existing: OrderInvoice } | { issuedId: number | null };
  const outcome = await strapi.db.transaction(async ({ trx }: { trx: Sql }): Promise<Outcome> => {
    // Two requests at once (a double click, two tabs) run one after the other: the second finds the
    // first's invoice instead of taking a number it would then not use.
    await lockOrderRow(strapi, trx, orderId);
    const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { id: orderId, user: { id: userId } },
      select: ["id", "orderStatus", "paidAt", "invoice"],
    })) as OrderForRequest | null;
    if (order === null) throw new OrderNotFoundError("No such order");
    const existing = await invoiceOf(strapi, orderId);
    if (existing !== null) return { existing };
    // Never paid: nothing to invoice yet.
    if (isOpenForPayment(order.orderStatus)) {
      throw refuse("invoice_unpaid", "The order is not paid: its invoice is issued once it is");
    }
    if (!isInvoiceable(order.orderStatus) || order.paidAt === null) {
      throw refuse("invoice_not_invoiceable", "The order was cancelled or refunded: there is nothing to invoice");
    }
    if (!canRequestInvoice(new Date(order.paidAt), now)) {
      throw refuse("invoice_too_late", "The time to ask for this order's invoice is over: write to the shop");
    }
    // Details given in the order flow stand: the invoice owed is issued with them.
    if (order.invoice === null) {
      await strapi.db.query(CONTENT_TYPES.order).update({ where: { id: orderId }, data: { invoice: body } });
    }
    // The paid-order mail went without it: the invoice goes by mail on its own, once.
    const id = await issueOrderInvoice(strapi, orderId, now, { mailLate: true });
    return { issuedId: id };
  });
  if ("existing" in outcome) return { invoice: outcome.existing, issued: false };
  if (outcome.issuedId === null) return { invoice: null, issued: false };
  // The invoice's mail, queued with it, goes once the answer is out.
  sendQueuedMailsLater(strapi);
  return { invoice: await invoiceOf(strapi, orderId), issued: true };
}
