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
import type { Sql } from "../../database/sql";
import { changeOrderStatus, lockOrderRow } from "../../ordering/status";
import { gateways, notifyUrlOf } from "../../payments/gateways";
import { settleOffSessionCharge } from "../../payments/notifications";
import type { PaymentRow } from "../../payments/attempts";
import type { OffSessionCard, OffSessionResult, PaymentProviderId } from "../../payments/provider";
import { changeStatus } from "../lifecycle";
import { SubscriptionError } from "../errors";
import { isoDateOf } from "../store";
import { eachAtOnce, PAGE } from "./batches";
import { sendRenewalMail } from "./mails";
import { RENEWAL_JOB } from "./orders";

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
    return "unknown";
  }
  await settleOffSessionCharge(
    strapi,
    payment,
    result.outcome === "paid"
      ? { paid: true, providerRef: result.providerRef }
      : { paid: false, providerRef: result.providerRef, declineCode: result.decline },
    now,
  );
  return result.outcome;
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
        amount: delivery.order.total,
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
  await sendRenewalMail(strapi, {
    subscriptionId: row.id,
    kind: status === "suspended" ? "suspended" : "missed",
    date: isoDateOf(delivery.date),
    order: delivery.order,
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
      if (step.action === "retry" && step.retryAt.getTime() > now.getTime()) return null;
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

async function sendPayLink(strapi: Core.Strapi, delivery: CollectedDelivery, now: Date): Promise<Collected> {
  if (delivery.payLinkSentAt !== null || !(await claimMark(strapi, delivery.id, "payLinkSentAt", now))) return null;
  await sendRenewalMail(strapi, {
    subscriptionId: delivery.subscriptionId,
    kind: "payLink",
    date: isoDateOf(delivery.date),
    order: delivery.order,
  });
  return "payLink";
}

const DELIVERY_READ = {
  select: ["id", "subscriptionId", "date", "chargeAttempts", "payLinkSentAt"],
  populate: { order: { select: ["id", "number", "orderStatus", "total", "expiresAt", "locale"] } },
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
    await eachAtOnce(strapi, page, async (delivery) => {
      try {
        await collectDelivery(strapi, delivery, { now, run, known: known.get(delivery.id) ?? null });
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
  { now, run, known }: { now: Date; run: CollectionRun; known: Known | null },
): Promise<void> {
  for (let steps = 0; steps < 3; steps++) {
    const delivery = steps === 0 ? first : await loadDelivery(strapi, first.id);
    if (delivery === null) return;
    const done = await collectOne(strapi, delivery, { now, known: steps === 0 ? known : null });
    if (done === null) return;
    if (done === "paid") run.paid++;
    if (done === "declined") {
      run.declined++;
      if (delivery.chargeAttempts === 0) await tellRetryIfSoft(strapi, delivery.id, now);
    }
    if (done === "charged") run.charged++;
    if (done === "payLink") run.payLinks++;
    if (done === "missed") run.missed++;
    if (done !== "declined") return;
  }
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
  await sendRenewalMail(strapi, {
    subscriptionId: delivery.subscriptionId,
    kind: "retrying",
    date: isoDateOf(delivery.date),
    order: delivery.order,
  });
}
