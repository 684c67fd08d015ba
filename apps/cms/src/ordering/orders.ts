import type { Core } from "@strapi/strapi";
import {
  MAX_UNPAID_ORDERS,
  type CreatedOrder,
  type CreateOrderBody,
  type DeliveryAddress,
  type DraftInvoice,
  type Order,
  type OrderDraft,
  type OrderLimit,
  type OrderSummary,
  type PaymentStart,
} from "@shop/contracts";
import {
  isOpenForPayment,
  isoWeekdayOf,
  orderNumberOf,
  parseOrderNumber,
  type Frequency,
  type IsoDate,
  type Locale,
  type OrderStatus,
  type PriceAudience,
  type StatusActor,
  type TimeSlot,
} from "@shop/domain";
import { storefrontLink } from "../storefront-links";
import { afterAnswer } from "../http/after-answer";
import { takeCouponUse } from "../coupons/coupons";
import { requestFromCheckout } from "../newsletter/newsletter";
import {
  checkDelivery,
  keepInAddressBook,
  openDraft,
  spendDraft,
  type CheckedDelivery,
  type OpenDraft,
} from "./drafts";
import { OrderError, OrderNotFoundError } from "./errors";
import { giveBack, LIMITS, takeAllowance, usedUpFor } from "../rate-limits/rate-limits";
import { isPastDeadline, paymentDeadline } from "./status";
import { checkChargeable, openAttempt, recordAttempt, startPayment, type RecordedAttempt } from "../payments/attempts";
import { insertLinks } from "../database/bulk";
import { insertOrder } from "./new-orders";
import { audienceOf, priceDraft, type PricedDraft } from "./quote";
import { findUser, type AccountUser } from "../accounts/sessions";
import { slotKeyOf, takeSlotPlace } from "../delivery/slot-places";
import { tableOf, type Sql } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";
import { storedExclusions, toOrderContents, type StoredOrderContents } from "./lines";
import { refundsViewOf, type RefundsView } from "./refunds/cancel";
import { toldPricesAtSubscription } from "../subscriptions/price-notices/told";
import { ORDER_FLOW_REFERRALS, takeReferralHolds } from "../referrals/pricing";
import { draftGiftCardsOf, previewGiftCards, spendGiftCardsOnOrder, type AddedGiftCard } from "../gift-cards/redeem";
import { crashPoint } from "../http/crash-points";

/**
 * Placing an order and showing it to its customer (docs/decisions/015). An order is made from a
 * finished draft in one transaction: the draft is spent, the slot place and the coupon use are
 * taken by conditional updates, and the order snapshots its lines, totals (computed here, from the
 * catalogue's prices now), delivery and invoice. Should any of it fail, none of it happened. Orders
 * are addressed by their number and shown only to their customer; any other number is "not found".
 */

/** The first step of the flow a draft has not done: where POST /orders sends the customer back. */
function firstMissingStep(open: OpenDraft): (string | number)[] | null {
  const { draft } = open;
  if (draft.postcode === null) return ["postcode"];
  if (draft.purchase === null) return ["purchase"];
  if (draft.purchase === "subscription" && draft.frequency === null) return ["frequency"];
  if (draft.boxes.length === 0) return ["boxes"];
  if (!open.extrasConfirmed) return ["extras"];
  if (draft.delivery === null) return ["delivery"];
  return null;
}

/** A finished draft checked again now: its prices and its delivery. */
interface ReadyDraft {
  draft: OrderDraft & { delivery: NonNullable<OrderDraft["delivery"]> };
  priced: PricedDraft;
  delivery: CheckedDelivery;
}

async function readyDraft(
  strapi: Core.Strapi,
  open: OpenDraft,
  { userId, audience, locale, now }: { userId: number; audience: PriceAudience; locale: Locale; now: Date },
): Promise<ReadyDraft> {
  const missing = firstMissingStep(open);
  const { draft } = open;
  if (missing !== null || draft.delivery === null) throw new OrderError("draft_incomplete", missing ?? ["delivery"]);
  const priced = await priceDraft(strapi, draft, {
    userId,
    audience,
    locale,
    now,
    referrals: ORDER_FLOW_REFERRALS,
  });
  if (priced.coupon?.refusal) throw new OrderError(priced.coupon.refusal, ["couponCode"]);
  let delivery: CheckedDelivery;
  try {
    delivery = await checkDelivery(strapi, { postcode: draft.postcode, delivery: draft.delivery }, { userId, now });
  } catch (error) {
    // Full by the time the customer pays: a conflict with other orders, not a mistake in the form.
    if (error instanceof OrderError && error.code === "slot_full") {
      throw new OrderError("slot_full", error.path, { status: 409 });
    }
    throw error;
  }
  return { draft: { ...draft, delivery: draft.delivery }, priced, delivery };
}

/** An order's snapshot of one priced line (orderRowOf's lines). */
function lineData(line: PricedDraft["lines"][number]) {
  return {
    kind: line.kind,
    productId: line.productId,
    name: line.name.slice(0, 200),
    quantity: line.quantity,
    frequency: line.frequency,
    unitPrice: line.unitPrice,
    taxRate: line.taxRate,
    gross: line.gross,
    tax: line.tax,
    discount: line.discount,
    exclusions: line.exclusionIds.map((id, index) => ({ id, name: line.exclusions[index] ?? "" })),
    boxKind: line.boxKind,
    size: line.size,
  };
}

/**
 * An order's row from its priced draft, waiting for its payment: the one way an order placed by the
 * customer and a subscription's renewal are written, so that both show alike in the customer's
 * orders, the staff's lists, packing and the delivery sheet.
 */
export function orderRowOf(
  priced: PricedDraft,
  {
    userId,
    email,
    locale,
    purchase,
    frequency,
    delivery,
    invoice,
    expiresAt,
    now,
  }: {
    userId: number;
    email: string;
    locale: Locale;
    purchase: OrderDraft["purchase"];
    frequency: OrderDraft["frequency"];
    delivery: { date: IsoDate; slot: TimeSlot; address: DeliveryAddress; notes: string | null };
    invoice: unknown;
    expiresAt: Date;
    now: Date;
  },
) {
  const { totals, zone } = priced;
  return {
    user: userId,
    email,
    orderStatus: "pending_payment" as const,
    locale,
    audience: priced.quote.audience,
    purchase,
    frequency,
    lines: priced.lines.map(lineData),
    goods: totals.goods,
    discount: totals.discount,
    shipping: totals.shipping,
    shippingTax: totals.shippingTax,
    tax: totals.tax,
    total: totals.total,
    couponCode: priced.coupon && priced.coupon.discount > 0 ? priced.coupon.code : null,
    zone: zone.id,
    zoneName: zone.name,
    deliveryDate: delivery.date,
    slotCode: delivery.slot.code,
    slotStart: delivery.slot.start,
    slotEnd: delivery.slot.end,
    slotKey: slotKeyOf(zone.id, delivery.date, delivery.slot.code),
    postcode: delivery.address.postalCode,
    deliveryAddress: delivery.address,
    notes: delivery.notes,
    invoice,
    expiresAt,
    termsAcceptedAt: now,
  };
}

/** The order's row, with what the customer agreed to, waiting for its payment. */
function orderData(
  ready: ReadyDraft,
  { userId, email, body, now }: { userId: number; email: string; body: CreateOrderBody; now: Date },
) {
  const { draft, priced, delivery } = ready;
  return {
    ...orderRowOf(priced, {
      userId,
      email,
      locale: body.locale,
      purchase: draft.purchase,
      frequency: draft.frequency,
      delivery: {
        date: draft.delivery.date,
        slot: delivery.slot,
        address: delivery.address,
        notes: draft.delivery.notes,
      },
      invoice: draft.invoice,
      expiresAt: paymentDeadline(now),
      now,
    }),
    marketingConsent: body.marketingConsent,
    marketingWording: body.marketingWording,
  };
}

/** The subscription a subscription's first order begins: what every delivery repeats. */
async function createSubscription(
  strapi: Core.Strapi,
  ready: ReadyDraft,
  { orderId, userId, locale }: { orderId: number; userId: number; locale: Locale },
): Promise<number> {
  const { draft, priced, delivery } = ready;
  const frequency = draft.frequency as Frequency;
  const created = (await strapi.db.query(CONTENT_TYPES.subscription).create({
    data: {
      user: userId,
      subscriptionStatus: "pending",
      frequency,
      locale,
      audience: priced.quote.audience,
      boxes: draft.boxes,
      extras: draft.extras.filter((extra) => extra.frequency === "every_delivery"),
      zone: priced.zone.id,
      slotCode: delivery.slot.code,
      deliveryAddress: delivery.address,
      notes: draft.delivery.notes,
      invoice: draft.invoice,
      // What renewals charge for the boxes until a price notice (src/subscriptions/price-notices/).
      toldPrices: toldPricesAtSubscription(priced.lines),
      // Its first delivery is the first order's: the rhythm counts from it, on its weekday, and it is
      // the next delivery until the order is paid and the deliveries are planned (src/subscriptions/).
      weekday: isoWeekdayOf(draft.delivery.date),
      anchorDate: draft.delivery.date,
      nextDeliveryDate: draft.delivery.date,
      firstOrder: orderId,
    },
  })) as { id: number };
  return created.id;
}

/**
 * Inside the order's transaction, until it ends: on PostgreSQL the customer's row is locked (as
 * lockOrderRow locks an order's), so that two orders of one customer are written one after the
 * other and each counts the other's; SQLite runs one write transaction at a time already. FOR NO
 * KEY UPDATE rather than FOR UPDATE: it excludes another placement all the same, without holding
 * up rows that merely refer to the customer (a session, an address) meanwhile.
 */
async function lockCustomerRow(strapi: Core.Strapi, sql: Sql, userId: number): Promise<void> {
  if (strapi.db.dialect.client !== "postgres") return;
  const rows = await sql(tableOf(strapi, CONTENT_TYPES.user).name).where("id", userId).forNoKeyUpdate().select("id");
  // The account deleted since its session was checked (placeOrder reads no customer row of its own).
  if (rows.length === 0) throw new OrderNotFoundError("No such customer");
}

/**
 * Inside the transaction: the unpaid orders counted again under the customer's lock (the count
 * before the transaction let parallel "Pay"s of one account past MAX_UNPAID_ORDERS), the draft
 * spent, the order written, its slot place and coupon use taken.
 */
async function writeOrder(
  strapi: Core.Strapi,
  sql: Sql,
  {
    open,
    ready,
    userId,
    email,
    body,
    giftCards,
    now,
  }: {
    open: OpenDraft;
    ready: ReadyDraft;
    userId: number;
    email: string;
    body: CreateOrderBody;
    /** The draft's gift cards and what the summary said was left to pay after them. */
    giftCards: { cards: AddedGiftCard[]; expectedDue: number };
    now: Date;
  },
): Promise<{ orderId: number; expiresAt: Date; attempt: RecordedAttempt | null }> {
  await lockCustomerRow(strapi, sql, userId);
  await checkUnpaidOrders(strapi, { userId, now });
  if (!(await spendDraft(strapi, open.id))) throw new OrderNotFoundError("No such order draft");
  const data = orderData(ready, { userId, email, body, now });
  const orderId = await insertOrder(strapi, sql, {
    order: data,
    placedBy: { actorKind: "customer", actorLabel: email.slice(0, 200) },
    now,
  });
  const { remaining } = await spendGiftCardsOnOrder(strapi, sql, {
    orderId,
    userId,
    cards: giftCards.cards,
    total: data.total,
    expectedDue: giftCards.expectedDue,
    actor: "customer",
  });

  const { zone } = ready.priced;
  const slot = ready.delivery.slot;
  if (
    !(await takeSlotPlace(strapi, sql, {
      zoneId: zone.id,
      date: data.deliveryDate,
      slotCode: slot.code,
      capacity: slot.capacity,
    }))
  ) {
    throw new OrderError("slot_full", ["delivery", "slot"], { status: 409 });
  }
  const coupon = ready.priced.coupon;
  if (coupon?.couponId && coupon.discount > 0) {
    await takeCouponUse(strapi, sql, { couponId: coupon.couponId, userId, orderId });
  }
  await takeReferralHolds(strapi, sql, { pricing: ready.priced.referral, userId, orderId, now });
  if (ready.draft.purchase === "subscription") {
    const subscription = await createSubscription(strapi, ready, { orderId, userId, locale: body.locale });
    await insertLinks(strapi, sql, {
      uid: CONTENT_TYPES.order,
      attribute: "subscription",
      rows: [{ rowId: orderId, targetId: subscription }],
    });
  }
  // Its first payment attempt with it (decision 056): a new order has no other attempt to void. An
  // order with nothing left to pay is paid after the commit, without a gateway (firstPayment).
  const attempt =
    remaining === 0 ? null : await recordAttempt(strapi, sql, { orderId, amount: remaining, purchase: data.purchase });
  // The cluster's crash test dies here, everything written, nothing committed (docs/decisions/051).
  crashPoint("orderWrittenBeforeCommit");
  return { orderId, expiresAt: data.expiresAt, attempt };
}

/**
 * The payment's start of an order just written: its attempt, recorded with the order, handed to the
 * gateway (or, with nothing left to pay, the order paid without one). Should the gateway fail (down,
 * too slow), the order stands all the same, holding its slot place and coupon use until it is paid
 * or expires: the customer is sent to the storefront's page to pay it, where they try again, and the
 * failure is logged (docs/decisions/015).
 */
async function firstPayment(
  strapi: Core.Strapi,
  {
    orderId,
    attempt,
    order,
  }: {
    orderId: number;
    attempt: RecordedAttempt | null;
    order: { number: string; locale: Locale; email: string; expiresAt: Date };
  },
): Promise<PaymentStart> {
  try {
    return attempt === null ? await startPayment(strapi, { orderId }) : await openAttempt(strapi, order, attempt);
  } catch (error) {
    strapi.log.error(
      `Order ${order.number}: its payment could not be started (${error instanceof Error ? error.message : String(error)}); the customer is sent to pay it again`,
    );
    return { method: "GET", url: storefrontLink("orderPay", order.locale, { order: order.number }), fields: {} };
  }
}

/** The customer's orders waiting for payment and not yet past their deadline: how many, and the first deadline. */
async function unpaidOrders(
  strapi: Core.Strapi,
  { userId, now }: { userId: number; now: Date },
): Promise<{ count: number; firstDeadline: Date | null }> {
  const rows = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: {
      user: { id: userId },
      orderStatus: { $in: ["pending_payment", "payment_failed"] },
      expiresAt: { $gt: now },
    },
    select: ["expiresAt"],
    orderBy: { expiresAt: "asc" },
    // One more than the cap is all that matters: beyond it the answer is the same.
    limit: MAX_UNPAID_ORDERS + 1,
  })) as { expiresAt: string | Date }[];
  return { count: rows.length, firstDeadline: rows[0] ? new Date(rows[0].expiresAt) : null };
}

/**
 * Refuses, with OrderError too_many_unpaid (409), a customer who already has MAX_UNPAID_ORDERS orders
 * waiting for payment and not yet past their deadline: each holds a slot place and a coupon use.
 */
async function checkUnpaidOrders(strapi: Core.Strapi, { userId, now }: { userId: number; now: Date }): Promise<void> {
  const { count } = await unpaidOrders(strapi, { userId, now });
  if (count >= MAX_UNPAID_ORDERS) {
    throw new OrderError("too_many_unpaid", [], {
      status: 409,
      message: `The customer already has ${count} orders waiting for payment`,
    });
  }
}

/** What the per-account allowance of orders placed counts by: the e-mail, as the sign-in failures do. */
const orderAccountKey = (email: string) => email.toLowerCase();

/**
 * Whether the customer could place an order now, as the summary says it before "Pay"
 * (docs/decisions/021): too_many_unpaid until the first waiting order's deadline (paying one frees
 * a place sooner), too_many_orders until the account's allowance of orders placed comes back. Reads
 * only: the account by its id, its waiting orders by an index, and the allowance.
 */
export async function orderLimitOf(
  strapi: Core.Strapi,
  { userId, now = new Date() }: { userId: number | null; now?: Date },
): Promise<OrderLimit | null> {
  if (userId === null) return null;
  const user = await findUser(strapi, { id: userId });
  if (!user) return null;
  const [unpaid, waitMs] = await Promise.all([
    unpaidOrders(strapi, { userId, now }),
    usedUpFor("ordersPerAccount", orderAccountKey(user.email)),
  ]);
  if (unpaid.count >= MAX_UNPAID_ORDERS && unpaid.firstDeadline) {
    return { code: "too_many_unpaid", resetsAt: unpaid.firstDeadline.toISOString() };
  }
  if (waitMs !== null) return { code: "too_many_orders", resetsAt: new Date(now.getTime() + waitMs).toISOString() };
  return null;
}

/**
 * Counts an order against the account's allowance, then the client address's backstop; a refusal
 * of the second gives the first back. 429 too_many_orders when the account's is used up.
 */
async function takeOrderAllowances({ email, clientAddress }: { email: string; clientAddress: string }) {
  await takeAllowance("ordersPerAccount", orderAccountKey(email), {
    code: "too_many_orders",
    message: `This account has placed ${LIMITS.ordersPerAccount.points} orders lately; it may order again later`,
  });
  try {
    await takeAllowance("ordersPerAddress", clientAddress);
  } catch (error) {
    await giveBack("ordersPerAccount", orderAccountKey(email));
    throw error;
  }
}

async function giveBackOrderAllowances({ email, clientAddress }: { email: string; clientAddress: string }) {
  await giveBack("ordersPerAccount", orderAccountKey(email));
  await giveBack("ordersPerAddress", clientAddress);
}

/**
 * POST /orders: places the order of the caller's finished draft and starts its payment (an order
 * of 0 € is paid at once). 400 draft_incomplete (the first missing step's path), a coupon's refusal
 * on ["couponCode"], date_not_offered; 409 slot_full, amount_too_small, too_many_unpaid, price_changed (the
 * total is not the summary's `expectedTotal`); 429 too_many_orders (the account's allowance) or the
 * client address's backstop; 404 for a draft unknown or already spent. Once the order is written
 * the answer is 201, even when its payment could not start.
 */
export async function placeOrder(
  strapi: Core.Strapi,
  {
    customer: user,
    token,
    body,
    clientAddress,
    now = new Date(),
  }: {
    /** The customer as their session read them (one read fewer on the placement's path). */
    customer: Pick<AccountUser, "id" | "email" | "customerKind">;
    token: string;
    body: CreateOrderBody;
    /** The visitor's address, which the newsletter's mail allowance counts by. */
    clientAddress: string;
    now?: Date;
  },
): Promise<CreatedOrder> {
  const userId = user.id;
  const open = await openDraft(strapi, token, { userId, now });
  // Said early, before anything is counted; counted again under the customer's lock (writeOrder).
  await checkUnpaidOrders(strapi, { userId, now });
  const ready = await readyDraft(strapi, open, { userId, audience: audienceOf(user), locale: body.locale, now });
  // Gift cards pay first (docs/decisions/033): what is left is what a gateway is asked for.
  const cards = await draftGiftCardsOf(strapi, open.id, { userId, readWithDraft: open.storedGiftCards });
  const { amountDue } = await previewGiftCards(strapi, cards, ready.priced.totals.total);
  // Refused before anything is written: the customer can still change the draft (its coupon, its cards).
  checkChargeable(amountDue);
  if (body.expectedTotal !== undefined && body.expectedTotal !== ready.priced.totals.total) {
    throw new OrderError("price_changed", ["expectedTotal"], {
      status: 409,
      message: `The summary said ${body.expectedTotal} cents; the order now comes to ${ready.priced.totals.total}`,
    });
  }
  if (body.expectedDue !== undefined && body.expectedDue !== amountDue) {
    throw new OrderError("price_changed", ["expectedDue"], {
      status: 409,
      message: `The summary left ${body.expectedDue} cents to pay after the gift cards; now ${amountDue}`,
    });
  }
  await takeOrderAllowances({ email: user.email, clientAddress });
  const { orderId, expiresAt, attempt } = await strapi.db
    .transaction(({ trx }: { trx: Sql }) =>
      writeOrder(strapi, trx, {
        open,
        ready,
        userId,
        email: user.email,
        body,
        giftCards: { cards, expectedDue: amountDue },
        now,
      }),
    )
    .catch(async (error: unknown) => {
      // Not written (a slot filled meanwhile): it held nothing, so it costs nothing.
      await giveBackOrderAllowances({ email: user.email, clientAddress });
      throw error;
    });
  // The cluster's crash test dies here, the order committed and nobody told (docs/decisions/051).
  crashPoint("orderPlacedBeforeAnswer");
  const number = orderNumberOf(orderId);
  // At once: until the gateway has it, the attempt recorded with the order is one nobody can pay.
  const payment = await firstPayment(strapi, {
    orderId,
    attempt,
    order: { number, locale: body.locale, email: user.email, expiresAt },
  });
  // After the commit, and never failing the order: the book is a convenience, the order is not.
  const typed = ready.draft.delivery.address;
  if (typed) await keepInAddressBook(strapi, { userId, address: typed, orderNumber: number, now });
  const wording = body.marketingConsent ? body.marketingWording : null;
  if (wording !== null) {
    afterAnswer(strapi, "ask for the newsletter from an order's summary", () =>
      requestFromCheckout(strapi, userId, { wording, locale: body.locale }, clientAddress),
    );
  }
  const order = await findOrderView(strapi, { id: orderId });
  if (!order) throw new Error(`Order ${orderId} could not be read back`);
  return { order, payment };
}

// ---- The customer's view -----------------------------------------------------------------------------

interface OrderRow extends StoredOrderContents {
  id: number;
  giftCardsPaid?: number | null;
  giftCardsRestored?: number | null;
  number: string;
  orderStatus: OrderStatus;
  createdAt: string | Date;
  locale: Locale;
  audience: "consumer" | "business";
  postcode: string | null;
  invoice: DraftInvoice | null;
  expiresAt: string | Date | null;
  subscription?: { documentId: string } | null;
  zone: { id: number } | null;
  events?: { at: string | Date; from: OrderStatus | null; to: OrderStatus; actorKind: StatusActor; id: number }[];
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toOrder(
  row: OrderRow,
  { refundDue, refunds, now }: { refundDue: boolean; refunds: RefundsView; now: Date },
): Order {
  return {
    number: row.number,
    status: row.orderStatus,
    createdAt: iso(row.createdAt),
    locale: row.locale,
    audience: row.audience,
    ...toOrderContents(row),
    invoice: row.invoice ?? null,
    giftCardsPaid: Number(row.giftCardsPaid ?? 0),
    giftCardsRestored: Number(row.giftCardsRestored ?? 0),
    // A change from a status to itself is a note for staff (money taken for a cancelled order,
    // src/payments/notifications.ts), not a step of the customer's timeline.
    events: [...(row.events ?? [])]
      .filter((event) => event.from !== event.to)
      .sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || a.id - b.id)
      .map((event) => ({ at: iso(event.at), from: event.from ?? null, to: event.to, actor: event.actorKind })),
    // Past its deadline an order is as good as cancelled (the expiry job has not come by yet).
    canPay: isOpenForPayment(row.orderStatus) && !isPastDeadline(row, now),
    refundDue,
    subscriptionId: row.subscription?.documentId ?? null,
    ...refunds,
  };
}

// The query engine's own read, not the document service's: that one wraps every read in a
// transaction of its own (BEGIN and COMMIT around one SELECT on PostgreSQL), for a type without
// drafts or locales that it has nothing to add to.
const ORDER_POPULATE = {
  lines: true,
  zone: { select: ["id"] },
  subscription: { select: ["documentId"] },
  events: { select: ["id", "at", "from", "to", "actorKind"] },
} as const;

/** The customer's view of an order row read with ORDER_POPULATE. */
async function orderViewOf(strapi: Core.Strapi, row: OrderRow, now: Date): Promise<Order> {
  // A paid payment with a staff note is one that did not pay the order (src/payments/notifications.ts, flagForStaff).
  const [flagged, refunds] = await Promise.all([
    strapi.db.query(CONTENT_TYPES.payment).count({
      where: { order: { id: row.id }, paymentStatus: "paid", staffNote: { $notNull: true } },
    }),
    refundsViewOf(strapi, row, now),
  ]);
  return toOrder(row, { refundDue: flagged > 0, refunds, now });
}

async function findOrderView(strapi: Core.Strapi, where: Record<string, unknown>): Promise<Order | null> {
  const row = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where,
    populate: ORDER_POPULATE,
  })) as OrderRow | null;
  return row && orderViewOf(strapi, row, new Date());
}

/**
 * Every order of the customer as their own order page shows it, oldest first, with its row id (to
 * find its payments): the data copy's (src/accounts/data-rights.ts).
 */
export async function listOwnOrderViews(strapi: Core.Strapi, userId: number): Promise<{ id: number; order: Order }[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: { user: { id: userId }, number: { $notNull: true } },
    populate: ORDER_POPULATE,
    orderBy: { id: "asc" },
  })) as OrderRow[];
  const now = new Date();
  const views = [];
  for (const row of rows) views.push({ id: row.id, order: await orderViewOf(strapi, row, now) });
  return views;
}

/** The caller's order of that number; null for a number that is malformed, unknown or someone else's. */
export async function findOwnOrder(strapi: Core.Strapi, userId: number, number: string): Promise<Order | null> {
  const id = parseOrderNumber(number);
  if (id === null) return null;
  return findOrderView(strapi, { id, user: { id: userId } });
}

/** The caller's orders, newest first. */
export async function listOwnOrders(strapi: Core.Strapi, userId: number, limit: number): Promise<OrderSummary[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: { user: { id: userId }, number: { $notNull: true } },
    select: ["number", "orderStatus", "createdAt", "total", "deliveryDate", "slotStart", "slotEnd"],
    populate: { lines: { select: ["quantity"] } },
    orderBy: { id: "desc" },
    limit,
  })) as (Pick<
    OrderRow,
    "number" | "orderStatus" | "createdAt" | "total" | "deliveryDate" | "slotStart" | "slotEnd"
  > & {
    lines?: { quantity: number }[];
  })[];
  return rows.map((row) => ({
    number: row.number,
    status: row.orderStatus,
    createdAt: iso(row.createdAt),
    total: row.total,
    deliveryDate: String(row.deliveryDate).slice(0, 10),
    slot: { start: row.slotStart, end: row.slotEnd },
    itemCount: (row.lines ?? []).reduce((sum, line) => sum + line.quantity, 0),
  }));
}

/** POST /orders/mine/:number/payments: a new attempt for an order still waiting for its payment; 409 not_payable. */
export async function payOwnOrder(strapi: Core.Strapi, userId: number, number: string): Promise<PaymentStart> {
  const id = parseOrderNumber(number);
  const row =
    id === null
      ? null
      : ((await strapi.db.query(CONTENT_TYPES.order).findOne({
          where: { id, user: { id: userId } },
          select: ["id", "orderStatus"],
        })) as { id: number; orderStatus: OrderStatus } | null);
  if (!row) throw new OrderNotFoundError("No such order");
  if (!isOpenForPayment(row.orderStatus)) throw new OrderError("not_payable", [], { status: 409 });
  return startPayment(strapi, { orderId: row.id });
}

/** What "order again" starts from: the plan, postcode, boxes and extras of one of the caller's orders. */
export async function reorderableOf(
  strapi: Core.Strapi,
  userId: number,
  number: string,
): Promise<Pick<OrderDraft, "postcode" | "purchase" | "frequency" | "boxes" | "extras"> | null> {
  const id = parseOrderNumber(number);
  if (id === null) return null;
  const row = (await strapi.documents(CONTENT_TYPES.order as never).findFirst({
    filters: { id, user: { id: userId } } as never,
    populate: { lines: true } as never,
  })) as unknown as Pick<OrderRow, "postcode" | "purchase" | "frequency" | "lines"> | null;
  if (!row) return null;
  const lines = row.lines ?? [];
  return {
    postcode: row.postcode,
    purchase: row.purchase,
    frequency: row.purchase === "subscription" ? row.frequency : null,
    boxes: lines
      .filter((line) => line.kind === "box")
      .map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        exclusions: storedExclusions(line.exclusions).flatMap((exclusion) =>
          exclusion.id === null ? [] : [exclusion.id],
        ),
      })),
    extras: lines
      .filter((line) => line.kind === "extra")
      .map((line) => ({ productId: line.productId, quantity: line.quantity, frequency: line.frequency ?? "once" })),
  };
}
