import type { Core } from "@strapi/strapi";
import type { Cents, OrderStatus } from "@shop/domain";
import {
  isDeclineCode,
  nextDunningStep,
  type ChargeAttempt,
  type DunningStep,
  type SubscriptionStatus,
} from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../../content-types";
import { changeOrderStatus, lockOrderRow } from "../../ordering/status";
import { gateways, notifyUrlOf } from "../../payments/gateways";
import { settleOffSessionCharge } from "../../payments/notifications";
import { insertLinks, insertRows } from "../../database/bulk";
import { tableOf, type Sql } from "../../database/sql";
import { queueOrderMails } from "../../email/queue";
import { crashPoint } from "../../http/crash-points";
import { issueOrderInvoice } from "../../invoices/issue";
import type { PaymentRow } from "../../payments/attempts";
import type { OffSessionCard, OffSessionResult, PaymentProviderId } from "../../payments/provider";
import { changeStatus } from "../lifecycle";
import { SubscriptionError } from "../errors";
import { isoDateOf } from "../store";
import { eachAtOnce, PAGE } from "./batches";
import { queueRenewalMail } from "./mails";
import { RENEWAL_JOB } from "./orders";
import { amountDueOf } from "../../gift-cards/redeem";

/**
 * A renewal's second half (docs/decisions/030): its order is charged to the saved card off-session,
 * and then followed by the domain's dunning (nextDunningStep) at every run until it is paid or its
 * packing deadline passes. Each step is claimed on the delivery row by a conditional UPDATE
 * (`chargeAttempts` n -> n+1 with the attempt's payment row, `payLinkSentAt`, `collectionEndedAt`), so
 * two runners do each once. A charge's reference comes from the delivery and the attempt's number:
 * sent again after a crash, it is the same charge at the gateway (Redsys's order number, Stripe's
 * idempotency key, the sandbox's ledger), never a second one.
 */

/** A charge sent but not answered is sent again (same reference) after this long: its runner has died. */
const RESUME_AFTER_MS = 5 * 60_000;

const JOB = { kind: "job", label: RENEWAL_JOB } as const;

interface CollectedDelivery {
  id: number;
  subscriptionId: number;
  date: string;
  chargeAttempts: number;
  payLinkSentAt: string | Date | null;
  order: {
    id: number;
    number: string;
    orderStatus: OrderStatus;
    total: Cents;
    giftCardsPaid: Cents | null;
    expiresAt: string | Date | null;
    locale: string;
  } | null;
}

interface OffSessionPayment extends PaymentRow {
  declineCode: string | null;
  /** When the job sent it, on the job's clock. */
  attemptedAt: string | Date;
}

type SavedCardRow = OffSessionCard & { id: number; provider: PaymentProviderId };

export interface CollectionRun {
  charged: number;
  paid: number;
  declined: number;
  payLinks: number;
  missed: number;
}

/** The payment's reference of a delivery's n-th off-session charge: 12 characters, the first 4 digits (Redsys's order number). */
export function chargeReferenceOf(deliveryId: number, attempt: number): string {
  return `${String(deliveryId).padStart(9, "0")}R${String(attempt).padStart(2, "0")}`;
}

const CARD_FIELDS = [
  "id",
  "provider",
  "last4",
  "sandboxToken",
  "redsysIdentifier",
  "redsysCofTxnid",
  "stripeCustomerId",
  "stripePaymentMethodId",
];

/**
 * The cards the subscriptions' renewals charge, by subscription id: each one's own card, else its
 * customer's default; none when no card is active. Three queries for a page of deliveries.
 */
async function cardsOf(strapi: Core.Strapi, subscriptionIds: readonly number[]): Promise<Map<number, SavedCardRow>> {
  const rows = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { id: { $in: [...new Set(subscriptionIds)] } },
    select: ["id"],
    populate: { paymentMethod: { select: [...CARD_FIELDS, "methodStatus"] }, user: { select: ["id"] } },
  })) as {
    id: number;
    paymentMethod: (SavedCardRow & { methodStatus: string }) | null;
    user: { id: number } | null;
  }[];
  const cards = new Map<number, SavedCardRow>();
  const withoutOwn = new Map<number, number[]>();
  for (const row of rows) {
    if (row.paymentMethod?.methodStatus === "active") cards.set(row.id, row.paymentMethod);
    else if (row.user) withoutOwn.set(row.user.id, [...(withoutOwn.get(row.user.id) ?? []), row.id]);
  }
  if (withoutOwn.size === 0) return cards;
  const defaults = (await strapi.db.query(CONTENT_TYPES.paymentMethod).findMany({
    where: { user: { id: { $in: [...withoutOwn.keys()] } }, methodStatus: "active", isDefault: true },
    select: CARD_FIELDS,
    populate: { user: { select: ["id"] } },
  })) as (SavedCardRow & { user: { id: number } | null })[];
  for (const { user, ...card } of defaults) {
    for (const subscriptionId of withoutOwn.get(user?.id ?? 0) ?? []) {
      if (!cards.has(subscriptionId)) cards.set(subscriptionId, card);
    }
  }
  return cards;
}

/** Off-session payments of the orders, oldest first, by order id. */
async function offSessionPaymentsOf(
  strapi: Core.Strapi,
  orderIds: readonly number[],
): Promise<Map<number, OffSessionPayment[]>> {
  const rows = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { order: { id: { $in: [...orderIds] } }, offSession: true },
    select: ["id", "reference", "provider", "paymentStatus", "amount", "currency", "declineCode", "attemptedAt"],
    populate: { order: { select: ["id"] } },
    orderBy: { id: "asc" },
  })) as OffSessionPayment[];
  const payments = new Map<number, OffSessionPayment[]>(orderIds.map((id) => [id, []]));
  for (const row of rows) if (row.order !== null) payments.get(row.order.id)?.push(row);
  return payments;
}

async function offSessionPayments(strapi: Core.Strapi, orderId: number): Promise<OffSessionPayment[]> {
  return (await offSessionPaymentsOf(strapi, [orderId])).get(orderId) ?? [];
}

/** The decided off-session charges as the dunning rules read them. */
function attemptsOf(payments: readonly OffSessionPayment[]): ChargeAttempt[] {
  return payments.flatMap((payment): ChargeAttempt[] => {
    const at = new Date(payment.attemptedAt);
    if (payment.paymentStatus === "paid") return [{ at, outcome: { paid: true } }];
    if (payment.paymentStatus !== "failed") return [];
    return [
      { at, outcome: { paid: false, decline: isDeclineCode(payment.declineCode) ? payment.declineCode : "unknown" } },
    ];
  });
}

/** Sends the charge to the card's gateway and settles its answer; "unknown" leaves the payment pending for the next run. */
async function sendCharge(
  strapi: Core.Strapi,
  {
    payment,
    card,
    orderNumber,
    now,
  }: { payment: OffSessionPayment; card: SavedCardRow; orderNumber: string; now: Date },
): Promise<OffSessionResult["outcome"]> {
  const result = await askGateway(strapi, { payment, card, orderNumber });
  if (result.outcome === "unknown") return "unknown";
  await settleOffSessionCharge(strapi, payment, answerOf(result), now);
  return result.outcome;
}

/** A decided charge's answer as settleOffSessionCharge takes it. */
function answerOf(result: Exclude<OffSessionResult, { outcome: "unknown" }>) {
  return result.outcome === "paid"
    ? { paid: true as const, providerRef: result.providerRef }
    : { paid: false as const, providerRef: result.providerRef, declineCode: result.decline };
}

/** The gateway's answer to the charge (logged when it is not certain); nothing written. */
async function askGateway(
  strapi: Core.Strapi,
  { payment, card, orderNumber }: { payment: OffSessionPayment; card: SavedCardRow; orderNumber: string },
): Promise<OffSessionResult> {
  const gateway = gateways().byId[payment.provider];
  let result: OffSessionResult;
  if (gateway === undefined) {
    // The card's gateway is no longer configured: it cannot be charged, the customer must pay by the link.
    result = { outcome: "declined", decline: "card_not_supported", providerRef: null, summary: {} };
  } else {
    try {
      result = await gateway.chargeOffSession({
        reference: payment.reference,
        amount: payment.amount,
        currency: "EUR",
        orderNumber,
        description: `Imperfecta ${orderNumber}`,
        notifyUrl: notifyUrlOf(payment.provider),
        card,
      });
    } catch (error) {
      result = { outcome: "unknown", summary: { error: error instanceof Error ? error.message : String(error) } };
    }
  }
  if (result.outcome === "unknown") {
    strapi.log.warn(
      `Renewal charge ${payment.reference}: no certain answer (${JSON.stringify(result.summary)}); asked again later`,
    );
  }
  return result;
}

/**
 * Claims the delivery's next charge (chargeAttempts n -> n+1) and writes its payment, pending, in one
 * transaction; null when another runner claimed it first.
 */
async function claimCharge(
  strapi: Core.Strapi,
  delivery: CollectedDelivery & { order: NonNullable<CollectedDelivery["order"]> },
  card: SavedCardRow,
  now: Date,
): Promise<OffSessionPayment | null> {
  const attempt = delivery.chargeAttempts + 1;
  const reference = chargeReferenceOf(delivery.id, attempt);
  return strapi.db.transaction(async ({ trx }: { trx: Sql }): Promise<OffSessionPayment | null> => {
    await lockOrderRow(strapi, trx, delivery.order.id);
    // The step decided on a reading that may be tens of seconds old: paid by the link since, no charge.
    if (!(await isStillUnpaid(strapi, delivery.order.id))) return null;
    const { count } = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
      // A row planned before the column existed, or by planning's raw insert, holds NULL for none.
      where: {
        id: delivery.id,
        ...(delivery.chargeAttempts === 0
          ? { $or: [{ chargeAttempts: 0 }, { chargeAttempts: null }] }
          : { chargeAttempts: delivery.chargeAttempts }),
      },
      data: { chargeAttempts: attempt },
    })) as { count: number };
    if (count !== 1) return null;
    const created = (await strapi.db.query(CONTENT_TYPES.payment).create({
      data: {
        reference,
        order: delivery.order.id,
        provider: card.provider,
        paymentStatus: "pending",
        // What the subscriber's gift cards left to pay (src/gift-cards/renewals.ts).
        amount: amountDueOf(delivery.order),
        currency: "EUR",
        saveCard: false,
        offSession: true,
        attemptedAt: now,
      },
      select: ["id", "reference", "provider", "paymentStatus", "amount", "currency", "declineCode", "attemptedAt"],
    })) as Omit<OffSessionPayment, "order">;
    return { ...created, order: { id: delivery.order.id } };
  });
}

/** Whether the order is still waiting for its money: unpaid, and no payment of it (on- or off-session) paid. */
async function isStillUnpaid(strapi: Core.Strapi, orderId: number): Promise<boolean> {
  const order = (await strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: orderId }, select: ["orderStatus"] })) as { orderStatus: OrderStatus } | null;
  const paid = await strapi.db
    .query(CONTENT_TYPES.payment)
    .count({ where: { order: { id: orderId }, paymentStatus: "paid" } });
  return (order?.orderStatus === "pending_payment" || order?.orderStatus === "payment_failed") && paid === 0;
}

/** Claims a once-only mark of the delivery (`payLinkSentAt`, `collectionEndedAt`); true for the one caller that set it. */
async function claimMark(
  strapi: Core.Strapi,
  deliveryId: number,
  field: "payLinkSentAt" | "collectionEndedAt",
  now: Date,
): Promise<boolean> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
    where: { id: deliveryId, [field]: null },
    data: { [field]: now },
  })) as { count: number };
  return count === 1;
}

/**
 * The packing deadline came unpaid: the order is cancelled (its slot place freed), the delivery is
 * not packed, and the subscription goes past due, or suspended after two in a row (decision 027),
 * recorded as the job's; the customer is told.
 */
async function giveUp(strapi: Core.Strapi, delivery: CollectedDelivery, now: Date): Promise<boolean> {
  // The claim, the order's cancellation, the subscription's step and its mail commit together: a
  // crash before the commit leaves all of it to the next run, never the step without its mail.
  return strapi.db.transaction(() => giveUpClaimed(strapi, delivery, now));
}

async function giveUpClaimed(strapi: Core.Strapi, delivery: CollectedDelivery, now: Date): Promise<boolean> {
  if (!(await claimMark(strapi, delivery.id, "collectionEndedAt", now))) return false;
  if (delivery.order) {
    await changeOrderStatus(strapi, {
      orderId: delivery.order.id,
      from: ["pending_payment", "payment_failed"],
      to: "cancelled",
      actor: { kind: "system", label: RENEWAL_JOB },
      note: "Renewal unpaid at the packing deadline",
    });
  }
  const row = (await strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { id: delivery.subscriptionId },
    select: ["id", "subscriptionStatus", "missedInARow"],
  })) as { id: number; subscriptionStatus: SubscriptionStatus; missedInARow: number | null } | null;
  if (row === null) return true;
  const unpaidInARow = (row.missedInARow ?? 0) + 1;
  await strapi.db
    .query(CONTENT_TYPES.subscription)
    .update({ where: { id: row.id }, data: { missedInARow: unpaidInARow } });
  let status: SubscriptionStatus = row.subscriptionStatus;
  try {
    status = await changeStatus(
      strapi,
      { id: row.id, from: row.subscriptionStatus },
      { event: { type: "renewalUnpaidAtDeadline", unpaidInARow }, actor: JOB, now },
    );
  } catch (error) {
    // Cancelled (its last box unpaid) or moved meanwhile: the status stays, the delivery is missed all the same.
    if (!(error instanceof SubscriptionError)) throw error;
  }
  await queueRenewalMail(strapi, {
    deliveryId: delivery.id,
    subscriptionId: row.id,
    kind: status === "suspended" ? "suspended" : "missed",
    date: isoDateOf(delivery.date),
    order: delivery.order,
    now,
  });
  return true;
}

type Collected = "charged" | "paid" | "declined" | "payLink" | "missed" | null;

async function charge(
  strapi: Core.Strapi,
  delivery: CollectedDelivery & { order: NonNullable<CollectedDelivery["order"]> },
  card: SavedCardRow,
  now: Date,
): Promise<Collected> {
  const payment = await claimCharge(strapi, delivery, card, now);
  if (payment === null) return null;
  const outcome = await sendCharge(strapi, { payment, card, orderNumber: delivery.order.number, now });
  return outcome === "unknown" ? "charged" : outcome;
}

/** What a step reads besides the delivery: its order's off-session payments and the card to charge. */
interface Known {
  payments: OffSessionPayment[];
  card: SavedCardRow | null;
}

/** One step of one delivery's collection at `now`, with `known` when the page read it; what it did. */
async function collectOne(
  strapi: Core.Strapi,
  delivery: CollectedDelivery,
  { now, known }: { now: Date; known: Known | null },
): Promise<Collected> {
  const { order } = delivery;
  if (order === null || order.expiresAt === null) return null;
  if (order.orderStatus !== "pending_payment" && order.orderStatus !== "payment_failed") {
    // Paid (off-session or by the link): done. Cancelled: the expiry job got there at the deadline first.
    if (order.orderStatus === "cancelled" && now.getTime() >= new Date(order.expiresAt).getTime()) {
      return (await giveUp(strapi, delivery, now)) ? "missed" : null;
    }
    await claimMark(strapi, delivery.id, "collectionEndedAt", now);
    return null;
  }
  const withOrder = { ...delivery, order };
  const { payments, card } = known ?? {
    payments: await offSessionPayments(strapi, order.id),
    card: (await cardsOf(strapi, [delivery.subscriptionId])).get(delivery.subscriptionId) ?? null,
  };
  const unanswered = payments.find((payment) => payment.paymentStatus === "pending");
  if (unanswered !== undefined) {
    // A charge sent by a run that died before its answer: asked again under the same reference.
    if (card === null || now.getTime() - new Date(unanswered.attemptedAt).getTime() < RESUME_AFTER_MS) return null;
    const outcome = await sendCharge(strapi, { payment: unanswered, card, orderNumber: order.number, now });
    return outcome === "paid" ? "paid" : outcome === "declined" ? "declined" : null;
  }
  const step: DunningStep = nextDunningStep(attemptsOf(payments), {
    packingDeadline: new Date(order.expiresAt),
    now,
    payLinkSentAt: delivery.payLinkSentAt === null ? null : new Date(delivery.payLinkSentAt),
  });
  switch (step.action) {
    case "charge":
    case "retry":
      if (step.action === "retry" && step.retryAt.getTime() > now.getTime()) {
        // Waiting for the retry after the first refusal: its mail, if the run that settled the
        // refusal stopped before queueing it (keyed: queued once, whoever gets there).
        if (payments.length === 1) await queueRetrying(strapi, delivery, now);
        return null;
      }
      // No card to charge: only the customer can pay it.
      if (card === null) return sendPayLink(strapi, delivery, now);
      return charge(strapi, withOrder, card, now);
    case "sendPayLink":
      return sendPayLink(strapi, delivery, now);
    case "giveUp":
      return (await giveUp(strapi, delivery, now)) ? "missed" : null;
    case "paid":
    case "awaitPayment":
      return null;
  }
}

/** The pay link's claim and its queued mail, in one transaction: both or neither. */
async function sendPayLink(strapi: Core.Strapi, delivery: CollectedDelivery, now: Date): Promise<Collected> {
  if (delivery.payLinkSentAt !== null) return null;
  const claimed = await strapi.db.transaction(async () => {
    if (!(await claimMark(strapi, delivery.id, "payLinkSentAt", now))) return false;
    await queueRenewalMail(strapi, {
      deliveryId: delivery.id,
      subscriptionId: delivery.subscriptionId,
      kind: "payLink",
      date: isoDateOf(delivery.date),
      order: delivery.order,
      now,
    });
    return true;
  });
  return claimed ? "payLink" : null;
}

const DELIVERY_READ = {
  select: ["id", "subscriptionId", "date", "chargeAttempts", "payLinkSentAt"],
  populate: { order: { select: ["id", "number", "orderStatus", "total", "giftCardsPaid", "expiresAt", "locale"] } },
};

type StoredDelivery = Omit<CollectedDelivery, "chargeAttempts"> & { chargeAttempts: number | null };

const collectedOf = (row: StoredDelivery): CollectedDelivery => ({ ...row, chargeAttempts: row.chargeAttempts ?? 0 });

async function loadDelivery(strapi: Core.Strapi, id: number): Promise<CollectedDelivery | null> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.subscriptionDelivery)
    .findOne({ where: { id }, ...DELIVERY_READ })) as StoredDelivery | null;
  return row === null ? null : collectedOf(row);
}

/** A page's deliveries with what their first step reads, in four queries. */
async function knownOf(strapi: Core.Strapi, page: readonly CollectedDelivery[]): Promise<Map<number, Known>> {
  const orderIds = page.flatMap((delivery) => (delivery.order === null ? [] : [delivery.order.id]));
  const [payments, cards] = await Promise.all([
    offSessionPaymentsOf(strapi, orderIds),
    cardsOf(
      strapi,
      page.map((delivery) => delivery.subscriptionId),
    ),
  ]);
  return new Map(
    page.map((delivery) => [
      delivery.id,
      {
        payments: (delivery.order && payments.get(delivery.order.id)) ?? [],
        card: cards.get(delivery.subscriptionId) ?? null,
      },
    ]),
  );
}

/** A delivery to collect, from its first step (0, on the page's reading) or a later one (read again). */
interface ToCollect {
  delivery: CollectedDelivery;
  fromStep: number;
}

type FirstCharge = CollectedDelivery & { order: NonNullable<CollectedDelivery["order"]>; card: SavedCardRow };

/**
 * The page's deliveries whose step is their first charge, in the common case the page charges at
 * once (chargePage): the order waiting for its money, no charge made yet, an active card of a
 * configured gateway, the deadline still ahead. Every other delivery takes its step on its own.
 */
function firstChargesOf(
  page: readonly CollectedDelivery[],
  known: Map<number, Known>,
  now: Date,
): { first: FirstCharge[]; rest: ToCollect[] } {
  const first: FirstCharge[] = [];
  const rest: ToCollect[] = [];
  for (const delivery of page) {
    const { order } = delivery;
    const { payments, card } = known.get(delivery.id) ?? { payments: [], card: null };
    const isFirstCharge =
      order !== null &&
      order.expiresAt !== null &&
      order.orderStatus === "pending_payment" &&
      delivery.chargeAttempts === 0 &&
      payments.length === 0 &&
      card !== null &&
      gateways().byId[card.provider] !== undefined &&
      nextDunningStep([], { packingDeadline: new Date(order.expiresAt), now, payLinkSentAt: null }).action === "charge";
    if (isFirstCharge) first.push({ ...delivery, order, card });
    else rest.push({ delivery, fromStep: 0 });
  }
  return { first, rest };
}

/**
 * The first charges of a page (docs/decisions/030, "Measured"): claimed in one transaction (each
 * delivery's chargeAttempts 0 -> 1 and its pending payment, under the orders' locks, only for orders
 * still unpaid), sent to the gateway one by one, and their answers settled in one transaction. The
 * refused ones go on with their next step (the retry's mail, or the pay link); an order that is not
 * simply paid (its subscription past due or with a missed delivery before, or paid meanwhile by
 * its link) is settled on its own as any charge is.
 */
async function chargePage(
  strapi: Core.Strapi,
  deliveries: readonly FirstCharge[],
  { now, run }: { now: Date; run: CollectionRun },
): Promise<{ followUp: ToCollect[] }> {
  const followUp: ToCollect[] = [];
  if (deliveries.length === 0) return { followUp };
  let claimed: Awaited<ReturnType<typeof claimFirstCharges>>;
  try {
    claimed = await claimFirstCharges(strapi, deliveries, now);
  } catch (error) {
    // Nothing was written: each takes its step on its own.
    strapi.log.warn(`Renewals: a page's charges not claimed at once (${messageOf(error)}); one by one`);
    return { followUp: deliveries.map((delivery) => ({ delivery, fromStep: 0 })) };
  }
  const answered: { delivery: FirstCharge; payment: OffSessionPayment; result: DecidedResult }[] = [];
  await eachAtOnce(strapi, claimed, async ({ delivery, payment }) => {
    const result = await askGateway(strapi, { payment, card: delivery.card, orderNumber: delivery.order.number });
    if (result.outcome === "unknown") run.charged++;
    else answered.push({ delivery, payment, result });
  });
  // The cluster's crash test dies here, the cards charged and nothing of it written (docs/decisions/051).
  crashPoint("renewalChargedBeforeSettled");
  let settled = new Set<number>();
  try {
    settled = await settleAnswers(strapi, answered, now);
  } catch (error) {
    // Nothing was written: each answer is settled on its own below.
    strapi.log.warn(`Renewals: a page's answers not settled at once (${messageOf(error)}); one by one`);
  }
  for (const { delivery, payment, result } of answered) {
    let outcome: Collected = result.outcome;
    if (!settled.has(payment.id)) {
      // Not one of the page's simple cases: settled as any single charge is.
      try {
        await settleOffSessionCharge(strapi, payment, answerOf(result), now);
      } catch (error) {
        strapi.log.error(`Renewal charge ${payment.reference} not settled: ${messageOf(error)}`);
        outcome = null;
      }
    }
    if (await counted(strapi, run, { delivery, done: outcome, now })) followUp.push({ delivery, fromStep: 1 });
  }
  return { followUp };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

type DecidedResult = Exclude<OffSessionResult, { outcome: "unknown" }>;

/** Locks the orders (by id, so that two runners never deadlock), inside the caller's transaction. */
async function lockOrders(strapi: Core.Strapi, trx: Sql, orderIds: readonly number[]): Promise<void> {
  if (strapi.db.dialect.client !== "postgres") return;
  await trx(tableOf(strapi, CONTENT_TYPES.order).name)
    .whereIn("id", [...orderIds])
    .orderBy("id")
    .forUpdate()
    .select("id");
}

const ids = (rows: ({ id: number } | number)[]): number[] =>
  rows.map((row) => (typeof row === "number" ? row : row.id));

/**
 * claimCharge for a page: under the orders' locks, the deliveries whose order is still unpaid are
 * claimed (chargeAttempts 0 -> 1, one UPDATE; a delivery another runner claimed first is not) and
 * their pending payments written, in one transaction.
 */
async function claimFirstCharges(
  strapi: Core.Strapi,
  deliveries: readonly FirstCharge[],
  now: Date,
): Promise<{ delivery: FirstCharge; payment: OffSessionPayment }[]> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    const orderIds = deliveries.map((delivery) => delivery.order.id);
    await lockOrders(strapi, trx, orderIds);
    const orders = (await strapi.db.query(CONTENT_TYPES.order).findMany({
      where: { id: { $in: orderIds } },
      select: ["id", "orderStatus"],
    })) as { id: number; orderStatus: OrderStatus }[];
    const paid = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
      where: { order: { id: { $in: orderIds } }, paymentStatus: "paid" },
      select: ["id"],
      populate: { order: { select: ["id"] } },
    })) as { order: { id: number } | null }[];
    const paidOrders = new Set(paid.map((payment) => payment.order?.id));
    // The page was read seconds ago: an order paid by its link since gets no charge.
    const unpaid = new Set(
      orders
        .filter((order) => ["pending_payment", "payment_failed"].includes(order.orderStatus))
        .filter((order) => !paidOrders.has(order.id))
        .map((order) => order.id),
    );
    const candidates = deliveries.filter((delivery) => unpaid.has(delivery.order.id));
    if (candidates.length === 0) return [];
    const table = tableOf(strapi, CONTENT_TYPES.subscriptionDelivery);
    const attempts = table.column("chargeAttempts");
    // A row planned before the column existed, or by planning's raw insert, holds NULL for none.
    const mine = new Set(
      ids(
        await trx(table.name)
          .whereIn(
            "id",
            candidates.map((delivery) => delivery.id),
          )
          .where((query) => query.where(attempts, 0).orWhereNull(attempts))
          .update({ [attempts]: 1, [table.column("updatedAt")]: now })
          .returning("id"),
      ),
    );
    const work = candidates.filter((delivery) => mine.has(delivery.id));
    const rows = work.map((delivery) => ({
      reference: chargeReferenceOf(delivery.id, 1),
      provider: delivery.card.provider,
      paymentStatus: "pending" as const,
      // What the subscriber's gift cards left to pay (src/gift-cards/renewals.ts).
      amount: amountDueOf(delivery.order),
      currency: "EUR",
      saveCard: false,
      offSession: true,
      attemptedAt: now,
    }));
    const paymentIds = await insertRows(strapi, { uid: CONTENT_TYPES.payment, rows, now });
    await insertLinks(strapi, trx, {
      uid: CONTENT_TYPES.payment,
      attribute: "order",
      rows: work.map((delivery, index) => ({ rowId: paymentIds[index]!, targetId: delivery.order.id })),
    });
    return work.map((delivery, index) => ({
      delivery,
      payment: { ...rows[index]!, id: paymentIds[index]!, declineCode: null, order: { id: delivery.order.id } },
    }));
  });
}

/** `CASE id WHEN ? THEN ? ... END`: a value per row in one UPDATE. */
function byId(trx: Sql, values: readonly [number, unknown][]) {
  return trx.raw(`CASE ?? ${values.map(() => "WHEN ? THEN ?").join(" ")} END`, [
    "id",
    ...values.flatMap(([id, value]) => [id, value]),
  ]);
}

/**
 * settleOffSessionCharge for a page's answers, in one transaction under the orders' locks: each
 * payment decided once (the same conditional update from pending), a refusal with its decline code,
 * and each paid order moved pending_payment -> paid with its history and its confirmation mail, when
 * that is all its payment does: its subscription is neither pending, past due, nor counting a missed
 * delivery (those are left to settleOffSessionCharge, which brings it back). The ids of the payments
 * it settled.
 */
async function settleAnswers(
  strapi: Core.Strapi,
  answered: readonly { delivery: FirstCharge; payment: OffSessionPayment; result: DecidedResult }[],
  now: Date,
): Promise<Set<number>> {
  if (answered.length === 0) return new Set();
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockOrders(
      strapi,
      trx,
      answered.map(({ delivery }) => delivery.order.id),
    );
    const orders = (await strapi.db.query(CONTENT_TYPES.order).findMany({
      where: { id: { $in: answered.map(({ delivery }) => delivery.order.id) } },
      select: ["id", "orderStatus"],
      populate: { subscription: { select: ["id", "subscriptionStatus", "missedInARow"] } },
    })) as {
      id: number;
      orderStatus: OrderStatus;
      subscription: { id: number; subscriptionStatus: SubscriptionStatus; missedInARow: number | null } | null;
    }[];
    const simplyPaid = new Map(
      orders
        .filter(
          ({ orderStatus, subscription }) =>
            orderStatus === "pending_payment" &&
            (subscription === null ||
              (!["pending", "past_due"].includes(subscription.subscriptionStatus) &&
                (subscription.missedInARow ?? 0) === 0)),
        )
        .map((order) => [order.id, order]),
    );
    const refused = answered.filter(({ result }) => result.outcome === "declined");
    const paid = answered.filter(
      ({ delivery, result }) => result.outcome === "paid" && simplyPaid.has(delivery.order.id),
    );
    const payments = tableOf(strapi, CONTENT_TYPES.payment);
    const decide = async (
      rows: typeof answered,
      { status, from, declineCodes }: { status: "paid" | "failed"; from: string[]; declineCodes: boolean },
    ): Promise<Set<number>> => {
      if (rows.length === 0) return new Set();
      return new Set(
        ids(
          await trx(payments.name)
            .whereIn(
              "id",
              rows.map(({ payment }) => payment.id),
            )
            .whereIn(payments.column("paymentStatus"), from)
            .update({
              [payments.column("paymentStatus")]: status,
              [payments.column("decidedAt")]: now,
              [payments.column("updatedAt")]: now,
              [payments.column("providerRef")]: byId(
                trx,
                rows.map(({ payment, result }) => [payment.id, result.providerRef?.slice(0, 255) ?? null]),
              ),
              ...(declineCodes
                ? {
                    [payments.column("declineCode")]: byId(
                      trx,
                      rows.map(({ payment, result }) => [
                        payment.id,
                        result.outcome === "declined" ? result.decline : null,
                      ]),
                    ),
                  }
                : {}),
            })
            .returning("id"),
        ),
      );
    };
    // As notifications.ts's DECIDABLE: nothing overrides paid.
    const decidedRefusals = await decide(refused, {
      status: "failed",
      from: ["pending", "voided"],
      declineCodes: true,
    });
    const decidedPaid = await decide(paid, {
      status: "paid",
      from: ["pending", "voided", "failed"],
      declineCodes: false,
    });
    const moved = paid.filter(({ payment }) => decidedPaid.has(payment.id));
    if (moved.length > 0) {
      const ordersTable = tableOf(strapi, CONTENT_TYPES.order);
      // changeOrderStatus's clock: the moment of the change.
      const at = new Date();
      const movedIds = ids(
        await trx(ordersTable.name)
          .whereIn(
            "id",
            moved.map(({ delivery }) => delivery.order.id),
          )
          .where(ordersTable.column("orderStatus"), "pending_payment")
          .update({
            [ordersTable.column("orderStatus")]: "paid",
            [ordersTable.column("paidAt")]: at,
            [ordersTable.column("updatedAt")]: at,
          })
          .returning("id"),
      );
      // Locked and read above as pending_payment: every one moves, or the page is written wrong.
      if (movedIds.length !== moved.length) throw new Error(`${movedIds.length} of ${moved.length} orders moved`);
      const eventIds = await insertRows(strapi, {
        uid: CONTENT_TYPES.orderEvent,
        now: at,
        rows: moved.map(({ payment }) => ({
          at,
          from: "pending_payment",
          to: "paid",
          actorKind: "payment",
          actorLabel: `payment:${payment.provider}`,
          note: null,
        })),
      });
      await insertLinks(strapi, trx, {
        uid: CONTENT_TYPES.orderEvent,
        attribute: "order",
        rows: moved.map(({ delivery }, index) => ({ rowId: eventIds[index]!, targetId: delivery.order.id })),
      });
      // Queued with the payment it confirms; the job sends the queue once its run is over
      // (src/jobs/renew-subscriptions.ts), so that rendering mails never slows the run.
      await queueOrderMails(strapi, {
        kind: "confirmation",
        orderIds: moved.map(({ delivery }) => delivery.order.id),
        now: at,
      });
      // The invoices the moved orders asked for (copied from their subscription), last in this same
      // transaction as changeOrderStatus issues them: numbered with the payment or not at all, and
      // attached to the confirmation queued above, which is rendered when sent (docs/decisions/039).
      // One narrow read finds the few that asked; one that fails is logged and owed, never undoing the page.
      const invoiced = (await strapi.db.query(CONTENT_TYPES.order).findMany({
        where: { id: { $in: movedIds }, invoice: { $notNull: true } },
        select: ["id"],
        orderBy: { id: "asc" },
      })) as { id: number }[];
      for (const { id } of invoiced) await issueOrderInvoice(strapi, id, at);
    }
    return new Set([...decidedRefusals, ...moved.map(({ payment }) => payment.id)]);
  });
}

/**
 * Every renewal still being collected takes its next step at `now`: charged, retried, the link
 * sent, or given up at its deadline. A soft refusal of the first charge is retried by later runs,
 * and its customer is told (the `retrying` mail). What this call did, counted.
 */
export async function collectRenewals(strapi: Core.Strapi, now: Date): Promise<CollectionRun> {
  const run: CollectionRun = { charged: 0, paid: 0, declined: 0, payLinks: 0, missed: 0 };
  for (let afterId = 0; ;) {
    const page = (
      (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
        where: { id: { $gt: afterId }, deliveryStatus: "ordered", collectionEndedAt: null, order: { renewal: true } },
        ...DELIVERY_READ,
        orderBy: { id: "asc" },
        limit: PAGE,
      })) as StoredDelivery[]
    ).map(collectedOf);
    if (page.length === 0) break;
    const known = await knownOf(strapi, page);
    const { first, rest } = firstChargesOf(page, known, now);
    const charged = await chargePage(strapi, first, { now, run });
    await eachAtOnce(strapi, [...rest, ...charged.followUp], async ({ delivery, fromStep }) => {
      try {
        await collectDelivery(strapi, delivery, {
          now,
          run,
          known: fromStep === 0 ? (known.get(delivery.id) ?? null) : null,
          fromStep,
        });
      } catch (error) {
        strapi.log.error(
          `Renewal of delivery ${delivery.id} not collected: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    if (page.length < PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return run;
}

/**
 * A delivery's steps at `now` until one leaves nothing more to do in this run (a refusal is followed
 * by its link at once). The first step works on the page's reading; the next ones read again.
 */
async function collectDelivery(
  strapi: Core.Strapi,
  first: CollectedDelivery,
  { now, run, known, fromStep }: { now: Date; run: CollectionRun; known: Known | null; fromStep: number },
): Promise<void> {
  for (let steps = fromStep; steps < 3; steps++) {
    const delivery = steps === 0 ? first : await loadDelivery(strapi, first.id);
    if (delivery === null) return;
    const done = await collectOne(strapi, delivery, { now, known: steps === 0 ? known : null });
    if (!(await counted(strapi, run, { delivery, done, now }))) return;
  }
}

/** Counts a step's outcome in the run; true when the delivery takes its next step at once (a refusal). */
async function counted(
  strapi: Core.Strapi,
  run: CollectionRun,
  { delivery, done, now }: { delivery: CollectedDelivery; done: Collected; now: Date },
): Promise<boolean> {
  if (done === null) return false;
  if (done === "paid") run.paid++;
  if (done === "declined") {
    run.declined++;
    if (delivery.chargeAttempts === 0) await tellRetryIfSoft(strapi, delivery.id, now);
  }
  if (done === "charged") run.charged++;
  if (done === "payLink") run.payLinks++;
  if (done === "missed") run.missed++;
  return done === "declined";
}

/** After the first charge's refusal: the customer hears that it will be tried again, when the rules retry it. */
async function tellRetryIfSoft(strapi: Core.Strapi, id: number, now: Date): Promise<void> {
  const delivery = await loadDelivery(strapi, id);
  if (!delivery?.order?.expiresAt) return;
  const step = nextDunningStep(attemptsOf(await offSessionPayments(strapi, delivery.order.id)), {
    packingDeadline: new Date(delivery.order.expiresAt),
    now,
    payLinkSentAt: null,
  });
  if (step.action !== "retry") return;
  await queueRetrying(strapi, delivery, now);
}

/**
 * The `retrying` mail of a delivery, queued once (its key): the refusal it tells is already written
 * (settled by the charge's own transaction), so a crash before this line is made good by the next
 * run, which finds the delivery waiting for its retry and queues it then (collectOne).
 */
async function queueRetrying(strapi: Core.Strapi, delivery: CollectedDelivery, now: Date): Promise<void> {
  await queueRenewalMail(strapi, {
    deliveryId: delivery.id,
    subscriptionId: delivery.subscriptionId,
    kind: "retrying",
    date: isoDateOf(delivery.date),
    order: delivery.order,
    now,
  });
}
