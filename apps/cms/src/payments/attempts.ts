import { createHash, randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type { Order, PaymentStart } from "@shop/contracts";
import { paymentReference, toLocale, type Cents, type Locale, type OrderStatus } from "@shop/domain";
import { storefrontLink } from "../email/links";
import { sendEmail } from "../email/send";
import type { OrderMailProps } from "../email/templates/order-message";
import { getEnv, type Env } from "../env";
import { createRedsysProvider } from "./redsys";
import { createSandboxProvider, type SandboxProvider } from "./sandbox";
import { createStripeProvider, type StripeProvider } from "./stripe";
import {
  PaymentNotificationError,
  type PaymentNotification,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentProviderId,
  type VerifiedNotification,
} from "./provider";
import { afterAnswer } from "../services/after-answer";
import type { Sql } from "../delivery/slot-places";
import { OrderError, OrderNotFoundError } from "../ordering/errors";
import { changeOrderStatus, isPastDeadline, lockOrderRow, ORDER_UID, voidPendingAttempts } from "../ordering/status";

/**
 * Paying orders (docs/decisions/015). Every attempt is a `payment` row with its own reference; the
 * gateway's notification, verified by its adapter (src/payments/), decides it once, by a conditional
 * update from `pending`: the first valid notification wins and moves the order, every replay or late
 * duplicate changes nothing. Every notification is logged (`payment-notification`), refused ones with
 * the reason. The customer's return to the shop never decides anything: it only reads the order.
 */

export const PAYMENT_UID = "api::payment.payment";
export const NOTIFICATION_UID = "api::payment.payment-notification";
const EVENT_UID = "api::order.order-event";

/** What a notification did, as the log records it. */
type NotificationEffect = "applied" | "flagged" | "repeated" | "ignored" | "unknown_payment" | "refused";

/**
 * A payment's state is `paymentStatus`, not `status`: Strapi 5's content manager reads `status` as a
 * document's draft-or-published state (as the order's `orderStatus`, src/services/order-status.ts).
 */
interface PaymentRow {
  id: number;
  reference: string;
  provider: PaymentProviderId;
  /** `voided`: replaced by a newer attempt, or its order cancelled, before the gateway decided it. */
  paymentStatus: "pending" | "paid" | "failed" | "voided";
  amount: Cents;
  currency: string;
  order: { id: number } | null;
}

interface PayableOrder {
  id: number;
  number: string;
  orderStatus: OrderStatus;
  total: Cents;
  locale: string;
  email: string | null;
  purchase: "once" | "subscription";
  expiresAt: string | Date | null;
  user: { email: string } | null;
}

// ---- The gateways --------------------------------------------------------------------------------

interface Gateways {
  /** Takes new payments (PAYMENT_PROVIDER). */
  active: PaymentProvider;
  /** Every gateway whose notifications are accepted: the active one, and Redsys or Stripe while their keys are set. */
  byId: Partial<Record<PaymentProviderId, PaymentProvider>>;
  sandbox: SandboxProvider | undefined;
  stripe: StripeProvider | undefined;
}

const gatewaysByEnv = new WeakMap<Env, Gateways>();

/** Where each gateway posts its notifications (src/api/payment/routes/payment.ts). */
const NOTIFY_PATHS = {
  sandbox: "/api/payments/sandbox/notification",
  redsys: "/api/payments/redsys/notification",
  stripe: "/api/payments/stripe/webhook",
} as const satisfies Record<PaymentProviderId, string>;

/** The sandbox page of one attempt, on the CMS itself. */
export function sandboxPageUrl(reference: string): string {
  return `${getEnv().publicUrl}/api/payments/sandbox/${encodeURIComponent(reference)}`;
}

function buildGateways(env: Env): Gateways {
  const { provider, sandboxSecret, redsys, stripe } = env.payments;
  // The sandbox approves payments for anyone who asks: it exists only while it is the chosen gateway.
  const sandbox =
    provider === "sandbox" ? createSandboxProvider({ secret: sandboxSecret, pageUrl: sandboxPageUrl }) : undefined;
  const stripeProvider = stripe === undefined ? undefined : createStripeProvider(stripe);
  const byId: Gateways["byId"] = {
    ...(sandbox === undefined ? {} : { sandbox }),
    ...(redsys === undefined ? {} : { redsys: createRedsysProvider(redsys) }),
    ...(stripeProvider === undefined ? {} : { stripe: stripeProvider }),
  };
  const active = byId[provider];
  // env.ts refuses a chosen gateway without its settings, so this is a bug, not a configuration.
  if (active === undefined) throw new Error(`The payment provider ${provider} has no settings`);
  return { active, byId, sandbox, stripe: stripeProvider };
}

export function gateways(): Gateways {
  const env = getEnv();
  let built = gatewaysByEnv.get(env);
  if (built === undefined) {
    built = buildGateways(env);
    gatewaysByEnv.set(env, built);
  }
  return built;
}

// ---- Starting an attempt -------------------------------------------------------------------------

/** The storefront pages a customer comes back to from the gateway, in the order's language. */
function returnUrlsOf(order: { number: string; locale: Locale }) {
  return {
    completed: storefrontLink("paymentCompleted", order.locale, {}, { slug: order.number }),
    failed: storefrontLink("paymentFailed", order.locale, {}, { slug: order.number }),
  };
}

async function payableOrder(strapi: Core.Strapi, orderId: number): Promise<PayableOrder> {
  const order = (await strapi.db.query(ORDER_UID).findOne({
    where: { id: orderId },
    select: ["id", "number", "orderStatus", "total", "locale", "email", "purchase", "expiresAt"],
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
 * An order with nothing to pay (a coupon covering everything, and free delivery): no gateway
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
  if (order.total === 0) return payWithoutGateway(strapi, order);
  checkChargeable(order.total);
  const gateway = gateways().active;
  const reference = paymentReference(randomBytes(12));
  const saveCard = order.purchase === "subscription";
  // One attempt open at a time: an earlier page left open must not take a second payment. The
  // order's lock makes two starts at once (two tabs) take turns, so the later one voids the other.
  await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockOrderRow(strapi, trx, order.id);
    await voidPendingAttempts(strapi, order.id);
    await strapi.db.query(PAYMENT_UID).create({
      data: {
        reference,
        order: order.id,
        provider: gateway.id,
        paymentStatus: "pending",
        amount: order.total,
        currency: "EUR",
        saveCard,
      },
    });
  });
  const locale = toLocale(order.locale);
  try {
    return await gateway.start({
      reference,
      amount: order.total,
      currency: "EUR",
      orderNumber: order.number,
      description: `Imperfecta ${order.number}`,
      locale,
      customerEmail: order.email ?? order.user?.email ?? "",
      returnUrls: returnUrlsOf({ number: order.number, locale }),
      notifyUrl: `${getEnv().publicUrl}${NOTIFY_PATHS[gateway.id]}`,
      saveCard,
      payBy: order.expiresAt === null ? null : new Date(order.expiresAt),
    });
  } catch (error) {
    // The gateway is down or refused the attempt: nobody can pay it, and the customer may try again.
    await strapi.db
      .query(PAYMENT_UID)
      .updateMany({ where: { reference, paymentStatus: "pending" }, data: { paymentStatus: "voided" } });
    strapi.log.error(
      `Order ${order.number}: ${gateway.id} did not start a payment (${error instanceof Error ? error.message : String(error)})`,
    );
    throw new OrderError("payment_unavailable", [], {
      status: 503,
      message: "The payment gateway cannot take this payment now; try again in a few minutes",
    });
  }
}

// ---- Notifications -------------------------------------------------------------------------------

interface NotificationAnswer {
  /** 200 for everything the gateway need not send again; 400 for a refused one; 404 for a gateway that is off. */
  status: 200 | 400 | 404;
  effect: NotificationEffect;
  reason?: string;
}

interface LogEntry {
  provider: PaymentProviderId;
  reference: string | null;
  valid: boolean;
  outcome?: VerifiedNotification["outcome"];
  effect: NotificationEffect;
  reason?: string;
  summary?: Record<string, unknown>;
}

async function logNotification(strapi: Core.Strapi, input: PaymentNotification, entry: LogEntry): Promise<void> {
  await strapi.db.query(NOTIFICATION_UID).create({
    data: {
      provider: entry.provider,
      reference: entry.reference?.slice(0, 40) ?? null,
      valid: entry.valid,
      outcome: entry.outcome ?? null,
      effect: entry.effect,
      reason: entry.reason?.slice(0, 100) ?? null,
      // Enough to match a notification against the gateway's records, without keeping its content.
      bodyHash: createHash("sha256").update(input.rawBody).digest("hex"),
      summary: entry.summary ?? null,
    },
  });
}

/** Why a verified notification cannot be about this payment: another gateway's, another amount or currency. */
function mismatchOf(payment: PaymentRow, providerId: PaymentProviderId, outcome: PaymentOutcome): string | null {
  if (payment.provider !== providerId) return "provider_mismatch";
  if (outcome.amount !== payment.amount) return "amount_mismatch";
  if (outcome.currency !== payment.currency) return "currency_mismatch";
  return null;
}

/**
 * What a payment may be when a notification decides it. A voided attempt is decided too: a real
 * gateway may still have taken its money, which must not be lost. For the same reason "paid" also
 * overrides "failed" (a bank's late approval after a refusal it sent first; Stripe's
 * async_payment_succeeded after async_payment_failed); nothing overrides "paid".
 */
const DECIDABLE: Readonly<Record<PaymentOutcome["outcome"], readonly PaymentRow["paymentStatus"][]>> = {
  paid: ["pending", "voided", "failed"],
  failed: ["pending", "voided"],
};

/** Decides the payment if it is still undecided (see DECIDABLE); false when another notification decided it first. */
async function decidePayment(strapi: Core.Strapi, payment: PaymentRow, outcome: PaymentOutcome): Promise<boolean> {
  const { count } = (await strapi.db.query(PAYMENT_UID).updateMany({
    where: { id: payment.id, paymentStatus: { $in: [...DECIDABLE[outcome.outcome]] } },
    data: {
      paymentStatus: outcome.outcome,
      decidedAt: new Date(),
      providerRef: outcome.providerRef?.slice(0, 255) ?? null,
      ...(outcome.savedCard === undefined
        ? {}
        : { cardToken: outcome.savedCard.token, cardReference: outcome.savedCard.reference }),
    },
  })) as { count: number };
  return count === 1;
}

/**
 * Money arrived for an order that can no longer be paid (cancelled by the expiry job while the
 * customer was at the bank, or paid already by another attempt). The money was taken: it must not
 * be dropped silently. The payment stays paid, and a note in the order's history (a change from
 * its status to itself) asks staff to refund it or to reinstate the order.
 */
async function flagForStaff(
  strapi: Core.Strapi,
  payment: PaymentRow,
  order: { id: number; orderStatus: OrderStatus },
): Promise<void> {
  const note = `Payment ${payment.reference} (${payment.amount} cents, ${payment.provider}) was taken while the order was ${order.orderStatus}: refund it or reinstate the order.`;
  await strapi.db.query(PAYMENT_UID).update({ where: { id: payment.id }, data: { staffNote: note } });
  await strapi.db.query(EVENT_UID).create({
    data: {
      order: order.id,
      at: new Date(),
      from: order.orderStatus,
      to: order.orderStatus,
      actorKind: "payment",
      actorLabel: `payment:${payment.provider}`,
      note,
    },
  });
  strapi.log.warn(`Order ${order.id}: ${note}`);
}

type Settlement = { effect: "applied" | "flagged"; mail: "confirmation" | "payment_failed" | null };

async function settlePaid(strapi: Core.Strapi, payment: PaymentRow, orderId: number): Promise<Settlement> {
  const actor = { kind: "payment" as const, label: `payment:${payment.provider}` };
  const moved = await changeOrderStatus(strapi, {
    orderId,
    from: ["pending_payment", "payment_failed"],
    to: "paid",
    actor,
  });
  if (moved) return { effect: "applied", mail: "confirmation" };
  const order = (await strapi.db
    .query(ORDER_UID)
    .findOne({ where: { id: orderId }, select: ["id", "orderStatus"] })) as {
    id: number;
    orderStatus: OrderStatus;
  } | null;
  if (order !== null) await flagForStaff(strapi, payment, order);
  return { effect: "flagged", mail: null };
}

/**
 * A refused attempt fails the order only if it is the order's latest: a late refusal of an earlier
 * attempt must not fail the order while the customer is paying it again.
 */
async function settleFailed(strapi: Core.Strapi, payment: PaymentRow, orderId: number): Promise<Settlement> {
  const newer = await strapi.db
    .query(PAYMENT_UID)
    .count({ where: { order: { id: orderId }, id: { $gt: payment.id } } });
  if (newer > 0) return { effect: "applied", mail: null };
  const moved = await changeOrderStatus(strapi, {
    orderId,
    from: "pending_payment",
    to: "payment_failed",
    actor: { kind: "payment", label: `payment:${payment.provider}` },
  });
  return { effect: "applied", mail: moved ? "payment_failed" : null };
}

async function findPayment(strapi: Core.Strapi, reference: string): Promise<PaymentRow | null> {
  return (await strapi.db.query(PAYMENT_UID).findOne({
    where: { reference },
    select: ["id", "reference", "provider", "paymentStatus", "amount", "currency"],
    populate: { order: { select: ["id"] } },
  })) as PaymentRow | null;
}

async function verifyWith(
  gateway: PaymentProvider,
  input: PaymentNotification,
): Promise<VerifiedNotification | PaymentNotificationError> {
  try {
    return await gateway.verify(input);
  } catch (error) {
    if (error instanceof PaymentNotificationError) return error;
    throw error;
  }
}

/**
 * Applies a gateway's notification: verify it, log it, and if it is the first valid word on a
 * pending payment, decide the payment and move its order (paid, or payment failed), then mail the
 * customer. A replay, or a second notification for a decided payment, changes nothing and answers
 * 200 (gateways send again what is not answered 2xx); a notification that cannot be trusted (bad
 * signature, another amount, currency or merchant) answers 400 and is logged with the reason; one
 * for a gateway that is off answers 404 and is not logged.
 */
export async function applyNotification(
  strapi: Core.Strapi,
  providerId: PaymentProviderId,
  input: PaymentNotification,
): Promise<NotificationAnswer> {
  const log = (entry: Omit<LogEntry, "provider">) => logNotification(strapi, input, { provider: providerId, ...entry });
  const gateway = gateways().byId[providerId];
  // Not logged: anyone may post here without a key, and a row per request would fill the database.
  if (gateway === undefined) {
    return { status: 404, effect: "refused", reason: "provider_off" };
  }
  const verified = await verifyWith(gateway, input);
  if (verified instanceof PaymentNotificationError) {
    await log({ reference: verified.reference, valid: false, effect: "refused", reason: verified.reason });
    return { status: 400, effect: "refused", reason: verified.reason };
  }
  const { reference, summary } = verified;
  if (verified.outcome === "ignored" || reference === null) {
    await log({ reference, valid: true, outcome: "ignored", effect: "ignored", summary });
    return { status: 200, effect: "ignored" };
  }
  const payment = await findPayment(strapi, reference);
  // Signed by the gateway but about no attempt of this shop (another shop on the same account).
  if (payment === null || payment.order === null) {
    await log({ reference, valid: true, outcome: verified.outcome, effect: "unknown_payment", summary });
    return { status: 200, effect: "unknown_payment" };
  }
  const mismatch = mismatchOf(payment, providerId, verified);
  if (mismatch !== null) {
    await log({ reference, valid: false, outcome: verified.outcome, effect: "refused", reason: mismatch, summary });
    return { status: 400, effect: "refused", reason: mismatch };
  }
  const orderId = payment.order.id;
  const settlement = await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    // The order first, as a cancellation locks it (services/order-status.ts): never a deadlock.
    await lockOrderRow(strapi, trx, orderId);
    if (!(await decidePayment(strapi, payment, verified))) return null;
    return verified.outcome === "paid" ? settlePaid(strapi, payment, orderId) : settleFailed(strapi, payment, orderId);
  });
  const effect = settlement?.effect ?? "repeated";
  await log({ reference, valid: true, outcome: verified.outcome, effect, summary });
  const mail = settlement?.mail ?? null;
  if (mail !== null) afterAnswer(strapi, `send the ${mail} mail`, () => sendOrderMail(strapi, mail, orderId));
  return { status: 200, effect };
}

// ---- The sandbox page's payments -----------------------------------------------------------------

export interface SandboxPayment {
  reference: string;
  orderId: number;
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
  const payment = (await strapi.db.query(PAYMENT_UID).findOne({
    where: { reference, provider: "sandbox" },
    select: ["reference", "paymentStatus", "amount", "currency"],
    populate: { order: { select: ["id", "number", "locale", "orderStatus", "expiresAt"] } },
  })) as
    | (Omit<PaymentRow, "order"> & {
        order: Pick<PayableOrder, "id" | "number" | "locale" | "orderStatus" | "expiresAt"> | null;
      })
    | null;
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

// ---- The order mails -----------------------------------------------------------------------------

type OrderMailKind = "confirmation" | "payment_failed" | "shipped";

const TEMPLATES = {
  confirmation: "orderConfirmation",
  payment_failed: "orderPaymentFailed",
  shipped: "orderShipped",
} as const satisfies Record<OrderMailKind, string>;

interface OrderMailRow {
  id: number;
  number: string;
  locale: string;
  email: string | null;
  /** Set when the customer deleted their account: the order is kept without anyone to write to (decision 023). */
  detachedAt?: string | Date | null;
  purchase: Order["purchase"];
  frequency: Order["frequency"];
  goods: Cents;
  discount: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
  couponCode: string | null;
  zoneName: string | null;
  deliveryDate: string;
  slotCode: string;
  slotStart: string;
  slotEnd: string;
  deliveryAddress: Order["delivery"]["address"];
  notes: string | null;
  lines: (Omit<Order["lines"][number], "taxRate" | "exclusions"> & { taxRate: number | string; exclusions: unknown })[];
  user: { email: string; firstName: string | null } | null;
}

/** A box's left-out foods as the order keeps them: `{ id, name }` entries (or bare names). */
function exclusionNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const name = typeof item === "object" && item !== null ? (item as { name?: unknown }).name : item;
    return typeof name === "string" && name !== "" ? [name] : [];
  });
}

function mailLines(rows: OrderMailRow["lines"]): Order["lines"] {
  return rows.map((line) => ({
    kind: line.kind,
    productId: line.productId,
    name: line.name,
    quantity: line.quantity,
    frequency: line.frequency ?? null,
    unitPrice: line.unitPrice,
    taxRate: Number(line.taxRate),
    gross: line.gross,
    tax: line.tax,
    discount: line.discount,
    exclusions: exclusionNames(line.exclusions),
  }));
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
    purchase: order.purchase,
    frequency: order.frequency ?? null,
    lines: mailLines(order.lines),
    totals: {
      goods: order.goods,
      discount: order.discount,
      shipping: order.shipping,
      tax: order.tax,
      total: order.total,
    },
    couponCode: order.couponCode ?? null,
    delivery: {
      date: String(order.deliveryDate).slice(0, 10),
      slot: { code: order.slotCode, start: order.slotStart, end: order.slotEnd },
      zoneName: order.zoneName ?? "",
      address: order.deliveryAddress,
      notes: order.notes ?? "",
    },
    url: mailUrl(kind, order, locale),
  };
}

/**
 * Mails the customer about their order, in the order's language; nothing for an order whose customer
 * deleted their account. Throws when the order or its address is missing.
 */
export async function sendOrderMail(strapi: Core.Strapi, kind: OrderMailKind, orderId: number): Promise<void> {
  const order = (await strapi.db.query(ORDER_UID).findOne({
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
