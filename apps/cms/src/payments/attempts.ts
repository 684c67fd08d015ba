import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type { PaymentStart } from "@shop/contracts";
import { paymentReference, toLocale, type Cents, type Locale, type OrderStatus } from "@shop/domain";
import { sendOrderMail } from "../email/order-mails";
import type { PaymentProviderId } from "./provider";
import { afterAnswer } from "../http/after-answer";
import { insertLinks, insertRows } from "../database/bulk";
import type { Sql } from "../database/sql";
import { OrderError, OrderNotFoundError } from "../ordering/errors";
import { changeOrderStatus, isPastDeadline, lockOrderRow, voidPendingAttempts } from "../ordering/status";
import { gateways, notifyUrlOf, returnUrlsOf } from "./gateways";
import { CONTENT_TYPES } from "../content-types";
import { amountDueOf } from "../gift-cards/redeem";
import { giftCardReturnUrls, giftCardSandboxView } from "../gift-cards/purchase";

/**
 * Paying orders (docs/decisions/015): the attempts. Every attempt is a `payment` row with its own
 * reference, started here with the active gateway (./gateways.ts); the gateway's notification
 * decides it (./notifications.ts). The customer's return to the shop never decides anything: it
 * only reads the order.
 */

/**
 * A payment's state is `paymentStatus`, not `status`: Strapi 5's content manager reads `status` as a
 * document's draft-or-published state (as the order's `orderStatus`, src/ordering/status.ts).
 */
export interface PaymentRow {
  id: number;
  reference: string;
  provider: PaymentProviderId;
  /** `voided`: replaced by a newer attempt, or its order cancelled, before the gateway decided it. */
  paymentStatus: "pending" | "paid" | "failed" | "voided";
  amount: Cents;
  currency: string;
  order: { id: number } | null;
  /** A gift card's purchase instead of an order's payment (src/gift-cards/purchase.ts). */
  giftCardId?: number | null;
}

export interface PayableOrder {
  id: number;
  number: string;
  orderStatus: OrderStatus;
  total: Cents;
  /** What gift cards paid of the total at placement: the gateway is asked for the rest. */
  giftCardsPaid: Cents | null;
  locale: string;
  email: string | null;
  purchase: "once" | "subscription";
  expiresAt: string | Date | null;
  user: { email: string } | null;
}

async function payableOrder(strapi: Core.Strapi, orderId: number): Promise<PayableOrder> {
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { id: orderId },
    select: ["id", "number", "orderStatus", "total", "giftCardsPaid", "locale", "email", "purchase", "expiresAt"],
    populate: { user: { select: ["email"] } },
  })) as PayableOrder | null;
  if (order === null) throw new OrderNotFoundError("No such order");
  return order;
}

/** A failed payment's order waits for another attempt: reopen it (its payment deadline stays the one set at creation). */
async function reopenForPayment(strapi: Core.Strapi, order: PayableOrder): Promise<PayableOrder> {
  if (order.orderStatus !== "payment_failed") return order;
  await changeOrderStatus(strapi, {
    orderId: order.id,
    from: "payment_failed",
    to: "pending_payment",
    actor: { kind: "customer", label: "customer" },
  });
  // Whoever reopened it (this call, or one racing it), read what it is now.
  return payableOrder(strapi, order.id);
}

/**
 * Refuses, with OrderError amount_too_small (409), a total above zero that the shop's gateway will
 * not charge (Stripe's 0.50 €): better said before an order is written than as a gateway's error.
 */
export function checkChargeable(total: Cents): void {
  const { active } = gateways();
  if (total > 0 && total < active.minimumAmount) {
    throw new OrderError("amount_too_small", [], {
      status: 409,
      message: `${active.id} charges at least ${active.minimumAmount} cents; this order's total is ${total}`,
    });
  }
}

/**
 * An order with nothing to pay (a coupon covering everything and free delivery, or gift cards): no gateway
 * charges 0 €, and none is needed. It is paid at once, recorded as the payment system's change
 * ("payment:none"), its confirmation mailed, and the customer sent straight to the storefront's
 * page of the paid order. Of two calls racing, one pays it and mails; both send the customer there.
 */
async function payWithoutGateway(strapi: Core.Strapi, order: PayableOrder): Promise<PaymentStart> {
  const moved = await changeOrderStatus(strapi, {
    orderId: order.id,
    from: "pending_payment",
    to: "paid",
    actor: { kind: "payment", label: "payment:none" },
  });
  if (moved) afterAnswer(strapi, "send the confirmation mail", () => sendOrderMail(strapi, "confirmation", order.id));
  const { completed } = returnUrlsOf({ number: order.number, locale: toLocale(order.locale) });
  return { method: "GET", url: completed, fields: {} };
}

/**
 * A new attempt to pay an order waiting for payment (a failed one is reopened first): a payment
 * row under a new reference, and where the gateway wants the customer's browser; an order of 0 €
 * is paid without a gateway. Throws OrderError not_payable (409) for an order that is paid,
 * cancelled, or past its payment deadline (the expiry job is about to cancel it: a payment then
 * would take money for an order without its slot), and amount_too_small (409) for a total the
 * gateway does not charge.
 */
export async function startPayment(strapi: Core.Strapi, { orderId }: { orderId: number }): Promise<PaymentStart> {
  const found = await payableOrder(strapi, orderId);
  // Checked before reopening: a failed order past its deadline stays failed until the job cancels it.
  const order = isPastDeadline(found, new Date()) ? found : await reopenForPayment(strapi, found);
  if (order.orderStatus !== "pending_payment" || isPastDeadline(order, new Date())) {
    throw new OrderError("not_payable", [], {
      status: 409,
      message: `Order ${order.number} cannot be paid now (${order.orderStatus})`,
    });
  }
  const due = amountDueOf(order);
  if (due === 0) return payWithoutGateway(strapi, order);
  checkChargeable(due);
  // One attempt open at a time: an earlier page left open must not take a second payment. The
  // order's lock makes two starts at once (two tabs) take turns, so the later one voids the other.
  const attempt = await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockOrderRow(strapi, trx, order.id);
    await voidPendingAttempts(strapi, order.id);
    return recordAttempt(strapi, trx, { orderId: order.id, amount: due, purchase: order.purchase });
  });
  return openAttempt(strapi, order, attempt);
}

/** An attempt written, pending, not yet handed to its gateway. */
export interface RecordedAttempt {
  reference: string;
  provider: PaymentProviderId;
  amount: Cents;
  saveCard: boolean;
}

/**
 * Writes a new pending attempt of `amount` for the order, under a new reference, with the active
 * gateway. Inside the caller's `strapi.db.transaction`, whose `trx` is `sql`, which either holds the order's lock with its older
 * attempts voided (startPayment) or has just written the order, which has none yet (the placement:
 * one transaction for the order and its first attempt, src/ordering/orders.ts).
 */
export async function recordAttempt(
  strapi: Core.Strapi,
  sql: Sql,
  { orderId, amount, purchase }: { orderId: number; amount: Cents; purchase: PayableOrder["purchase"] | null },
): Promise<RecordedAttempt> {
  const attempt = {
    reference: paymentReference(randomBytes(12)),
    provider: gateways().active.id,
    amount,
    // A subscription's card is kept for its renewals (docs/decisions/029).
    saveCard: purchase === "subscription",
  };
  // Written without reading it back (src/database/bulk.ts): nothing here needs more than its reference.
  const [paymentId] = await insertRows(strapi, {
    uid: CONTENT_TYPES.payment,
    now: new Date(),
    rows: [{ ...attempt, paymentStatus: "pending", currency: "EUR" }],
  });
  await insertLinks(strapi, sql, {
    uid: CONTENT_TYPES.payment,
    attribute: "order",
    rows: [{ rowId: paymentId!, targetId: orderId }],
  });
  return attempt;
}

/**
 * Hands a recorded attempt to its gateway: where the customer's browser goes. Should the gateway be
 * down or refuse it, nobody can pay that attempt: it is voided, and OrderError payment_unavailable
 * (503) says the customer may try again.
 */
export async function openAttempt(
  strapi: Core.Strapi,
  order: Pick<PayableOrder, "number" | "locale" | "email" | "expiresAt"> & { user?: PayableOrder["user"] },
  { reference, provider, amount, saveCard }: RecordedAttempt,
): Promise<PaymentStart> {
  const gateway = gateways().byId[provider];
  const locale = toLocale(order.locale);
  try {
    if (gateway === undefined) throw new Error("its settings are gone");
    return await gateway.start({
      reference,
      amount,
      currency: "EUR",
      orderNumber: order.number,
      description: `Imperfecta ${order.number}`,
      locale,
      customerEmail: order.email ?? order.user?.email ?? "",
      returnUrls: returnUrlsOf({ number: order.number, locale }),
      notifyUrl: notifyUrlOf(provider),
      saveCard,
      payBy: order.expiresAt === null ? null : new Date(order.expiresAt),
    });
  } catch (error) {
    await strapi.db
      .query(CONTENT_TYPES.payment)
      .updateMany({ where: { reference, paymentStatus: "pending" }, data: { paymentStatus: "voided" } });
    strapi.log.error(
      `Order ${order.number}: ${provider} did not start a payment (${error instanceof Error ? error.message : String(error)})`,
    );
    throw new OrderError("payment_unavailable", [], {
      status: 503,
      message: "The payment gateway cannot take this payment now; try again in a few minutes",
    });
  }
}

// ---- The sandbox page's payments -----------------------------------------------------------------

export interface SandboxPayment {
  reference: string;
  /** Null for a gift card's purchase, which has no order (src/gift-cards/purchase.ts). */
  orderId: number | null;
  status: PaymentRow["paymentStatus"];
  /** Still to decide: pending, and its order still waiting for payment before its deadline. */
  open: boolean;
  /** Where "back to the shop" leads: the paid order's page, or the failed one's. */
  returnUrl: string;
  amount: Cents;
  currency: string;
  orderNumber: string;
  locale: Locale;
  returnUrls: { completed: string; failed: string };
}

/**
 * A sandbox attempt as the shop knows it; null when there is none (or the sandbox is off). Its page
 * also shows the customer's decision, which the sandbox records first (src/payments/sandbox-notifications.ts).
 * `now` says whether the order's deadline has passed: the caller's clock, so that tests can set it.
 */
export async function findSandboxPayment(
  strapi: Core.Strapi,
  reference: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<SandboxPayment | null> {
  if (gateways().sandbox === undefined || reference.length > 40) return null;
  const payment = (await strapi.db.query(CONTENT_TYPES.payment).findOne({
    where: { reference, provider: "sandbox" },
    select: ["reference", "paymentStatus", "amount", "currency", "giftCardId"],
    populate: { order: { select: ["id", "number", "locale", "orderStatus", "expiresAt"] } },
  })) as
    | (Omit<PaymentRow, "order"> & {
        order: Pick<PayableOrder, "id" | "number" | "locale" | "orderStatus" | "expiresAt"> | null;
      })
    | null;
  if (payment !== null && payment.order === null && typeof payment.giftCardId === "number") {
    return giftCardSandboxPayment(strapi, payment, payment.giftCardId);
  }
  if (payment === null || payment.order === null) return null;
  const { order } = payment;
  const locale = toLocale(order.locale);
  const returnUrls = returnUrlsOf({ number: order.number, locale });
  const paid = payment.paymentStatus === "paid" || order.orderStatus === "paid";
  return {
    reference: payment.reference,
    orderId: order.id,
    status: payment.paymentStatus,
    open:
      payment.paymentStatus === "pending" &&
      order.orderStatus === "pending_payment" &&
      !isPastDeadline({ expiresAt: order.expiresAt }, now),
    returnUrl: paid ? returnUrls.completed : returnUrls.failed,
    amount: payment.amount,
    currency: payment.currency,
    orderNumber: payment.order.number,
    locale,
    returnUrls,
  };
}

/** A gift card purchase's sandbox attempt: open while pending and its card not yet issued; no deadline. */
async function giftCardSandboxPayment(
  strapi: Core.Strapi,
  payment: Pick<PaymentRow, "reference" | "paymentStatus" | "amount" | "currency">,
  giftCardId: number,
): Promise<SandboxPayment | null> {
  const card = await giftCardSandboxView(strapi, giftCardId);
  if (card === null) return null;
  const returnUrls = giftCardReturnUrls(card.locale);
  const paid = payment.paymentStatus === "paid" || card.issued;
  return {
    reference: payment.reference,
    orderId: null,
    status: payment.paymentStatus,
    open: payment.paymentStatus === "pending" && !card.issued,
    returnUrl: paid ? returnUrls.completed : returnUrls.failed,
    amount: payment.amount,
    currency: payment.currency,
    orderNumber: card.label,
    locale: card.locale,
    returnUrls,
  };
}
