import type { Core } from "@strapi/strapi";
import {
  type CancelSubscriptionBody,
  type DonateDeliveryBody,
  type FoodBankList,
  type GiftDeliveryBody,
  type PauseSubscriptionBody,
  type RestartSubscriptionBody,
  type SubscriptionContents,
  type SubscriptionDelivery,
  type SubscriptionDetail,
  type SubscriptionQuote,
  type SubscriptionSummary,
  type UpdateSubscriptionBody,
} from "@shop/contracts";
import {
  cutoffOf,
  isIsoDate,
  shopDateOf,
  zoneForPostcode,
  type IsoDate,
  type IsoWeekday,
  type PriceAudience,
} from "@shop/domain";
import {
  firstChangeableDelivery,
  planPause,
  rhythmAnchor,
  type DeliveryStatus,
  type SubscriptionStatus,
} from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../content-types";
import type { Sql } from "../database/sql";
import { clockOf } from "../delivery/delivery";
import { OrderError } from "../ordering/errors";
import { loadOrderProducts, productName, type OrderProduct } from "../ordering/products";
import { priceDraft } from "../ordering/quote";
import { SubscriptionError, SubscriptionNotFoundError } from "./errors";
import { giveBack, LIMITS, takeAllowance } from "../rate-limits/rate-limits";
import { changeStatus } from "./lifecycle";
import { restartDate, restartWithOrder } from "./restart";
import { boxPricesOn, toldPricesForBoxes } from "./price-notices/told";
import { sendSubscriptionChangedMail, sendGiftMail } from "./mails";
import { bringsABox, COMING_STATUSES, PLANNED_STATUSES, planDeliveries, refreshNextDelivery } from "./plan";
import {
  cardLabel,
  deliveriesFrom,
  deliveryOn,
  draftOf,
  firstDeliveryFrom,
  historyValue,
  isLocked,
  isoDateOf,
  loadOwnSubscription,
  loadOwnSubscriptions,
  lockSubscriptionRow,
  planOf,
  recordChange,
  zoneRulesOf,
  type Actor,
  type DeliveryRow,
  type SubscriptionRow,
  type ZoneRules,
} from "./store";

/**
 * The account area's subscription calls (docs/decisions/028): what a customer sees of their own
 * subscriptions and every change they make. Another customer's subscription and an unknown one are
 * both "not found". Every change is recorded in the history, says which delivery it first applies
 * to, and is confirmed by e-mail; a delivery past its cut-off answers 409 with the first delivery
 * still open. Each delivery is its own row, changed by a conditional UPDATE of that row only, so
 * concurrent changes of different deliveries never overwrite one another.
 */

/** Deliveries the account's pages show. */
const SHOWN_DELIVERIES = 8;

/** The subscription's customer; `actor` when staff act on their behalf (src/subscriptions/staff/). */
export interface Caller {
  userId: number;
  email: string;
  actor?: Actor;
  /** The customer's prices (ordering/quote.ts), when the caller has their row already (the session): one read fewer per subscription priced. */
  audience?: PriceAudience;
}

/** Who the history records: the customer, unless staff act for them. */
const actorOf = (caller: Caller): Actor => caller.actor ?? { kind: "customer", label: caller.email };

// ---- Reading ---------------------------------------------------------------------------------------

interface View {
  row: SubscriptionRow;
  rules: ZoneRules | null;
  contents: SubscriptionContents;
  /** The next delivery's price; a cancelled or suspended one's, the price of the delivery a restart starts with. */
  pricePerDelivery: number | null;
  /** Cancelled or suspended: the delivery a restart made now starts with (restart.ts), or null. */
  restartFrom: IsoDate | null;
}

function contentsOf(row: SubscriptionRow, products: ReadonlyMap<number, OrderProduct>): SubscriptionContents {
  const name = (id: number) => {
    const product = products.get(id);
    return product ? productName(product, row.locale) : `#${id}`;
  };
  return {
    boxes: row.boxes.map((box) => ({
      productId: box.productId,
      name: name(box.productId),
      quantity: box.quantity,
      exclusions: (box.exclusions ?? []).map((id) => ({ id, name: name(id) })),
    })),
    extras: row.extras.map((extra) => ({
      productId: extra.productId,
      name: name(extra.productId),
      quantity: extra.quantity,
    })),
  };
}

/**
 * The next delivery's price: the boxes and extras as a draft of the order flow would price them
 * (shipping included, no coupon), the boxes at the price told for that date as a renewal charges
 * them (price-notices/told.ts; a box not yet told, at today's). Throws the products' refusals
 * (OrderError) when one is no longer sold to this customer.
 */
async function priceOf(
  strapi: Core.Strapi,
  row: Pick<
    SubscriptionRow,
    "boxes" | "extras" | "deliveryAddress" | "frequency" | "locale" | "toldPrices" | "nextDeliveryDate"
  >,
  { userId, audience, now }: { userId: number; audience?: PriceAudience; now: Date },
): Promise<number> {
  const boxPrices = boxPricesOn(row, isoDateOf(row.nextDeliveryDate));
  const priced = await priceDraft(strapi, draftOf(row), {
    userId,
    audience,
    locale: row.locale,
    now,
    boxPrices,
    saleLimits: "grandfathered",
  });
  return priced.totals.total;
}

async function viewOf(
  strapi: Core.Strapi,
  row: SubscriptionRow,
  { userId, audience, now }: { userId: number; audience?: PriceAudience; now: Date },
): Promise<View> {
  const ids = [
    ...row.boxes.flatMap((box) => [box.productId, ...(box.exclusions ?? [])]),
    ...row.extras.map((extra) => extra.productId),
  ];
  const products = await loadOrderProducts(strapi, ids);
  const rules = await zoneRulesOf(strapi, row, now);
  const restartFrom = await restartDate(strapi, row, { rules, now });
  let pricePerDelivery: number | null = null;
  try {
    // A restart's order is priced for its own date (restart.ts): the page tells that price.
    pricePerDelivery = await priceOf(
      strapi,
      { ...row, nextDeliveryDate: restartFrom ?? row.nextDeliveryDate },
      { userId, audience, now },
    );
  } catch (error) {
    // A product no longer sold, or the zone closed: the price cannot be told until the box is changed.
    if (!(error instanceof OrderError)) throw error;
  }
  return { row, rules, contents: contentsOf(row, products), pricePerDelivery, restartFrom };
}

/**
 * The next delivery that brings a box, with its cut-off; for a subscription not yet planned, its
 * stored next date. From `deliveries` (deliveriesFrom today) when the caller has read them already.
 */
async function nextDeliveryOf(
  strapi: Core.Strapi,
  view: View,
  now: Date,
  deliveries?: readonly DeliveryRow[],
): Promise<SubscriptionSummary["nextDelivery"]> {
  const { row, rules } = view;
  const coming = deliveries
    ? deliveries.find(bringsABox)
    : await firstDeliveryFrom(strapi, row.id, { from: shopDateOf(now), statuses: COMING_STATUSES });
  if (coming) {
    return { date: coming.date, cutoff: new Date(coming.cutoffAt).toISOString(), locked: isLocked(coming, now) };
  }
  if (row.subscriptionStatus !== "pending" || !rules) return null;
  const date = isoDateOf(row.nextDeliveryDate);
  const cutoff = cutoffOf(rules.zone, date, rules.closedDays);
  return { date, cutoff: cutoff.toISOString(), locked: cutoff.getTime() <= now.getTime() };
}

async function summaryOf(
  strapi: Core.Strapi,
  view: View,
  now: Date,
  deliveries?: readonly DeliveryRow[],
): Promise<SubscriptionSummary> {
  return {
    id: view.row.documentId,
    status: view.row.subscriptionStatus,
    frequency: view.row.frequency,
    weekday: planOf(view.row).weekday,
    contents: view.contents,
    pricePerDelivery: view.pricePerDelivery,
    nextDelivery: await nextDeliveryOf(strapi, view, now, deliveries),
  };
}

interface CardRow {
  reference: string;
  brand: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
}

/** The history's fields whose values are product lines ({ productId, quantity, ... }[]). */
const PRODUCT_LINE_FIELDS = new Set(["boxes", "extras"]);

const productIdsOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.flatMap((line: unknown) =>
        line !== null && typeof line === "object" && typeof (line as { productId?: unknown }).productId === "number"
          ? [(line as { productId: number }).productId]
          : [],
      )
    : [];

/**
 * The history's boxes and extras as the customer reads them: each line with its product's name in
 * the subscription's language (a product no longer in the catalogue: "#id"), the quantity kept.
 * Stored as ids only, so a name always says the product as it is called now.
 */
async function namedHistory<Entry extends { field: string; from: unknown; to: unknown }>(
  strapi: Core.Strapi,
  entries: readonly Entry[],
  locale: SubscriptionRow["locale"],
): Promise<Entry[]> {
  const lined = entries.filter((entry) => PRODUCT_LINE_FIELDS.has(entry.field));
  const ids = [...new Set(lined.flatMap((entry) => [...productIdsOf(entry.from), ...productIdsOf(entry.to)]))];
  if (ids.length === 0) return [...entries];
  const products = await loadOrderProducts(strapi, ids);
  const named = (value: unknown) =>
    Array.isArray(value)
      ? value.map((line: unknown) => {
          const { productId, quantity } = (line ?? {}) as { productId?: unknown; quantity?: unknown };
          if (typeof productId !== "number") return line;
          const product = products.get(productId);
          return { productId, quantity, name: product ? productName(product, locale) : `#${productId}` };
        })
      : value;
  return entries.map((entry) =>
    PRODUCT_LINE_FIELDS.has(entry.field) ? { ...entry, from: named(entry.from), to: named(entry.to) } : entry,
  );
}

/** `deliveries`: deliveriesFrom today, when the caller has read them already (a subscription's page). */
async function detailOf(
  strapi: Core.Strapi,
  view: View,
  now: Date,
  deliveries?: readonly DeliveryRow[],
): Promise<SubscriptionDetail> {
  const { row, rules } = view;
  const [history, card, coming] = await Promise.all([
    strapi.db.query(CONTENT_TYPES.subscriptionChange).findMany({
      where: { subscription: { id: row.id } },
      select: ["at", "actorKind", "field", "from", "to"],
      orderBy: [{ at: "desc" }, { id: "desc" }],
    }) as Promise<{ at: string | Date; actorKind: Actor["kind"]; field: string; from: unknown; to: unknown }[]>,
    strapi.db.query(CONTENT_TYPES.subscription).findOne({
      where: { id: row.id },
      select: ["id"],
      populate: { paymentMethod: { select: ["reference", "brand", "last4", "expiryMonth", "expiryYear"] } },
    }) as Promise<{ paymentMethod: CardRow | null } | null>,
    deliveries ?? deliveriesFrom(strapi, row.id, shopDateOf(now)),
  ]);
  const slot = rules?.zone.slots.find((each) => each.code === row.slotCode) ?? null;
  const method = card?.paymentMethod ?? null;
  const lastDelivery = row.subscriptionStatus === "cancelled" ? (coming.filter(bringsABox).at(-1)?.date ?? null) : null;
  return {
    ...(await summaryOf(strapi, view, now, coming)),
    locale: row.locale,
    audience: row.audience,
    createdAt: new Date(row.createdAt).toISOString(),
    zoneName: rules?.zone.name ?? "",
    slot: slot && { code: slot.code, start: clockOf(slot.start), end: clockOf(slot.end) },
    slotChoices: (rules?.zone.slots ?? []).map(({ code, start, end }) => ({ code, start, end })),
    weekdayChoices: [...(rules?.zone.weekdays ?? [])],
    address: row.deliveryAddress,
    notes: row.notes ?? "",
    card:
      method && method.last4
        ? {
            id: method.reference,
            brand: method.brand ?? "",
            last4: method.last4,
            expiry:
              method.expiryMonth && method.expiryYear
                ? `${String(method.expiryMonth).padStart(2, "0")}/${String(method.expiryYear).slice(-2)}`
                : "",
          }
        : null,
    pausedUntil: row.pausedUntil ? isoDateOf(row.pausedUntil) : null,
    pauseReason: row.pauseReason ?? null,
    cancelReason: row.cancelReason ?? null,
    cancelsOn: row.cancelsOn ? isoDateOf(row.cancelsOn) : null,
    lastDelivery,
    history: await namedHistory(
      strapi,
      history.map((entry) => ({
        at: new Date(entry.at).toISOString(),
        actor: entry.actorKind,
        field: entry.field,
        from: historyValue(entry.from),
        to: historyValue(entry.to),
      })),
      row.locale,
    ),
    restartFrom: view.restartFrom,
    orderToPay: row.subscriptionStatus === "pending" ? payableFirstOrder(row, now) : null,
  };
}

/** The first order's number while it can still be paid (not paid, not cancelled, before its deadline). */
function payableFirstOrder(row: SubscriptionRow, now: Date): string | null {
  const order = row.firstOrder;
  if (!order?.number || !["pending_payment", "payment_failed"].includes(order.orderStatus ?? "")) return null;
  return order.expiresAt && new Date(order.expiresAt).getTime() <= now.getTime() ? null : order.number;
}

async function ownView(strapi: Core.Strapi, caller: Caller, id: string, now: Date): Promise<View> {
  const row = await loadOwnSubscription(strapi, caller.userId, id);
  if (!row) throw new SubscriptionNotFoundError("No such subscription");
  return viewOf(strapi, row, { userId: caller.userId, audience: caller.audience, now });
}

export async function listOwnSubscriptions(
  strapi: Core.Strapi,
  caller: Caller,
  now: Date,
): Promise<SubscriptionSummary[]> {
  const rows = await loadOwnSubscriptions(strapi, caller.userId);
  const summaries: SubscriptionSummary[] = [];
  for (const row of rows)
    summaries.push(
      await summaryOf(
        strapi,
        await viewOf(strapi, row, { userId: caller.userId, audience: caller.audience, now }),
        now,
      ),
    );
  return summaries;
}

export async function showOwnSubscription(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  now: Date,
): Promise<SubscriptionDetail> {
  return detailOf(strapi, await ownView(strapi, caller, id, now), now);
}

function deliveryOf(row: DeliveryRow, view: View, now: Date): SubscriptionDelivery {
  const charged = row.deliveryStatus !== "skipped";
  return {
    date: row.date,
    plannedDate: row.plannedDate,
    change: row.dateChange,
    status: row.deliveryStatus,
    cutoff: new Date(row.cutoffAt).toISOString(),
    locked: isLocked(row, now),
    contents: view.contents,
    price: !charged ? 0 : (row.order?.total ?? view.pricePerDelivery),
    orderNumber: row.order?.number ?? null,
    giftTo: row.giftRecipient?.name ?? null,
    foodBank: row.foodBank?.name ?? null,
  };
}

/** The deliveries a page lists, of `rows` (deliveriesFrom today, soonest first). */
const shownDeliveries = (rows: readonly DeliveryRow[], view: View, now: Date): SubscriptionDelivery[] =>
  rows.slice(0, SHOWN_DELIVERIES).map((row) => deliveryOf(row, view, now));

async function comingDeliveriesOf(strapi: Core.Strapi, view: View, now: Date): Promise<SubscriptionDelivery[]> {
  return shownDeliveries(
    await deliveriesFrom(strapi, view.row.id, shopDateOf(now), { limit: SHOWN_DELIVERIES }),
    view,
    now,
  );
}

export async function ownDeliveries(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  now: Date,
): Promise<SubscriptionDelivery[]> {
  return comingDeliveriesOf(strapi, await ownView(strapi, caller, id, now), now);
}

/** One subscription and its coming deliveries, worked out from one view (a subscription's page: decision 024). */
export async function ownSubscriptionWithDeliveries(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  now: Date,
): Promise<{ detail: SubscriptionDetail; deliveries: SubscriptionDelivery[] }> {
  const view = await ownView(strapi, caller, id, now);
  // Read once for the page: the detail's next and last deliveries, and the list it shows.
  const coming = await deliveriesFrom(strapi, view.row.id, shopDateOf(now));
  return {
    detail: await detailOf(strapi, view, now, coming),
    deliveries: shownDeliveries(coming, view, now),
  };
}

export async function listFoodBanks(strapi: Core.Strapi): Promise<FoodBankList["foodBanks"]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.foodBank).findMany({
    where: { active: true },
    select: ["documentId", "name", "city"],
    orderBy: [{ city: "asc" }, { name: "asc" }],
  })) as { documentId: string; name: string; city: string }[];
  return rows.map((row) => ({ id: row.documentId, name: row.name, city: row.city }));
}

// ---- Changing one delivery -------------------------------------------------------------------------

/** A stored delivery as the domain's change rules read it (decision 027: one rule for "open"). */
const changeableOf = (row: DeliveryRow) => ({
  date: row.date,
  status: row.deliveryStatus,
  change: row.dateChange,
  cutoffAt: row.cutoffAt,
});

/**
 * The first delivery a change made now still reaches, by the domain's firstChangeableDelivery: not
 * locked nor ordered (the first paid order's delivery is ordered while its cut-off may be ahead), not
 * dropped by the calendar, its stored cut-off ahead. Null when none is.
 */
async function firstOpenDelivery(strapi: Core.Strapi, view: View, now: Date): Promise<IsoDate | null> {
  const rows = await deliveriesFrom(strapi, view.row.id, shopDateOf(now));
  return firstChangeableDelivery(rows.map(changeableOf), { now })?.date ?? null;
}

function requireChangeable(view: View): void {
  if (!(PLANNED_STATUSES as readonly SubscriptionStatus[]).includes(view.row.subscriptionStatus)) {
    throw new SubscriptionError("status_not_allowed", { status: 409, path: ["status"] });
  }
}

type DeliveryAction = "skip" | "restore" | "gift" | "donate";

const ACTION_FROM: Record<DeliveryAction, readonly DeliveryStatus[]> = {
  skip: ["scheduled", "gifted", "donated"],
  restore: ["skipped", "gifted", "donated"],
  gift: ["scheduled"],
  donate: ["scheduled"],
};

const ACTION_TO: Record<DeliveryAction, DeliveryStatus> = {
  skip: "skipped",
  restore: "scheduled",
  gift: "gifted",
  donate: "donated",
};

/**
 * Moves one delivery from one of the action's statuses to its own, by one conditional UPDATE of
 * that row that also requires its cut-off to be still ahead: a lock by the job and a change racing
 * it cannot both win. 404 for a date that is not one of the subscription's deliveries; 409
 * delivery_locked (with the first date still open) past the cut-off; 409 delivery_unchanged when
 * the delivery is not in a status the action changes (or the calendar dropped it).
 */
async function changeDelivery(
  strapi: Core.Strapi,
  caller: Caller,
  {
    id,
    date,
    action,
    data = {},
    to = {},
  }: {
    id: string;
    date: string;
    action: DeliveryAction;
    data?: Record<string, unknown>;
    to?: Record<string, unknown>;
  },
  now: Date,
): Promise<{ view: View; delivery: SubscriptionDelivery }> {
  const view = await ownView(strapi, caller, id, now);
  if (!isIsoDate(date)) throw new SubscriptionNotFoundError("No such delivery");
  const current = await deliveryOn(strapi, view.row.id, date);
  if (!current) throw new SubscriptionNotFoundError("No such delivery");
  if (isLocked(current, now)) {
    throw new SubscriptionError("delivery_locked", {
      status: 409,
      path: ["date"],
      date: await firstOpenDelivery(strapi, view, now),
    });
  }
  requireChangeable(view);
  if (current.dateChange === "dropped" || !ACTION_FROM[action].includes(current.deliveryStatus)) {
    throw new SubscriptionError("delivery_unchanged", { status: 409, path: ["date"] });
  }
  const moved = await strapi.db.transaction(async () => {
    const { count } = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
      where: {
        id: current.id,
        deliveryStatus: current.deliveryStatus,
        cutoffAt: { $gt: now },
      },
      data: { deliveryStatus: ACTION_TO[action], skippedByPause: false, ...data },
    })) as { count: number };
    if (count !== 1) return false;
    if (action === "donate" || current.deliveryStatus === "donated") {
      // The food bank is a relation: written by the query engine, once the status is won.
      await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).update({
        where: { id: current.id },
        data: { foodBank: action === "donate" ? to.foodBankId : null },
      });
    }
    await recordChange(strapi, view.row.id, {
      actor: actorOf(caller),
      field: `delivery:${date}`,
      from: current.deliveryStatus,
      to: { status: ACTION_TO[action], ...to },
      at: now,
    });
    return true;
  });
  const after = (await deliveryOn(strapi, view.row.id, date))!;
  if (!moved) {
    // Locked or changed by another request meanwhile: say which.
    if (isLocked(after, now)) {
      throw new SubscriptionError("delivery_locked", {
        status: 409,
        path: ["date"],
        date: await firstOpenDelivery(strapi, view, now),
      });
    }
    throw new SubscriptionError("delivery_unchanged", { status: 409, path: ["date"] });
  }
  await refreshNextDelivery(strapi, view.row.id, now);
  return { view, delivery: deliveryOf(after, view, now) };
}

async function confirmDeliveryChange(
  strapi: Core.Strapi,
  { view, delivery }: { view: View; delivery: SubscriptionDelivery },
  change: "skip" | "restore" | "gift" | "donate",
  now: Date,
): Promise<SubscriptionDelivery> {
  await sendSubscriptionChangedMail(strapi, {
    row: view.row,
    change,
    appliesFrom: delivery.date,
    nextDelivery: (await nextDeliveryOf(strapi, view, now))?.date ?? null,
    pricePerDelivery: view.pricePerDelivery,
  });
  return delivery;
}

export async function skipDelivery(strapi: Core.Strapi, caller: Caller, id: string, date: string, now: Date) {
  return confirmDeliveryChange(
    strapi,
    await changeDelivery(strapi, caller, { id, date, action: "skip", data: { giftRecipient: null } }, now),
    "skip",
    now,
  );
}

export async function restoreDelivery(strapi: Core.Strapi, caller: Caller, id: string, date: string, now: Date) {
  return confirmDeliveryChange(
    strapi,
    await changeDelivery(strapi, caller, { id, date, action: "restore", data: { giftRecipient: null } }, now),
    "restore",
    now,
  );
}

export async function giftDelivery(
  strapi: Core.Strapi,
  caller: Caller,
  { id, date, body }: { id: string; date: string; body: GiftDeliveryBody },
  now: Date,
) {
  const own = await loadOwnSubscription(strapi, caller.userId, id);
  if (!own) throw new SubscriptionNotFoundError("No such subscription");
  const rules = await zoneRulesOf(strapi, own, now);
  // The box goes out on the subscription's round: the friend must live where that round goes.
  if (!rules || !zoneForPostcode([rules.zone], body.address.postalCode)) {
    throw new SubscriptionError("not_covered", { path: ["address", "postalCode"] });
  }
  // Counted per account (never by the client's address, which a proxy or a header may claim).
  const giver = String(caller.userId);
  await takeAllowance("giftsPerAccount", giver, {
    code: "too_many_gifts",
    message: `At most ${LIMITS.giftsPerAccount.points} deliveries can be gifted a day`,
  });
  const recipient = {
    name: body.address.fullName,
    email: body.email,
    phone: body.address.phone ?? "",
    address: body.address,
    note: body.note,
  };
  const changed = await changeDelivery(
    strapi,
    caller,
    { id, date, action: "gift", data: { giftRecipient: recipient }, to: { giftTo: recipient.name } },
    now,
  ).catch(async (error: unknown) => {
    // Nothing gifted, nothing mailed: the attempt does not count.
    await giveBack("giftsPerAccount", giver);
    throw error;
  });
  sendGiftMail(strapi, { row: changed.view.row, date, recipient });
  return confirmDeliveryChange(strapi, changed, "gift", now);
}

export async function donateDelivery(
  strapi: Core.Strapi,
  caller: Caller,
  { id, date, body }: { id: string; date: string; body: DonateDeliveryBody },
  now: Date,
) {
  const bank = (await strapi.db.query(CONTENT_TYPES.foodBank).findOne({
    where: { documentId: body.foodBankId, active: true },
    select: ["id", "name"],
  })) as { id: number; name: string } | null;
  if (!bank) throw new SubscriptionError("food_bank_unknown", { path: ["foodBankId"] });
  return confirmDeliveryChange(
    strapi,
    await changeDelivery(
      strapi,
      caller,
      { id, date, action: "donate", data: { giftRecipient: null }, to: { foodBankId: bank.id, foodBank: bank.name } },
      now,
    ),
    "donate",
    now,
  );
}

// ---- Changing the subscription ---------------------------------------------------------------------

export interface ChangeOutcome {
  subscription: SubscriptionDetail;
  appliesFrom: IsoDate | null;
}

async function answerChange(
  strapi: Core.Strapi,
  caller: Caller,
  {
    id,
    change,
    appliesFrom,
  }: { id: string; change: Parameters<typeof sendSubscriptionChangedMail>[1]["change"]; appliesFrom: IsoDate | null },
  now: Date,
): Promise<ChangeOutcome> {
  const view = await ownView(strapi, caller, id, now);
  const subscription = await detailOf(strapi, view, now);
  await sendSubscriptionChangedMail(strapi, {
    row: view.row,
    change,
    appliesFrom,
    nextDelivery: subscription.nextDelivery?.date ?? null,
    pricePerDelivery: subscription.pricePerDelivery,
    lastDelivery: subscription.lastDelivery,
  });
  return { subscription, appliesFrom };
}

/** Deliveries that come whatever the customer changes now: being prepared, or ordered and charged. */
const FIXED_STATUSES: readonly DeliveryStatus[] = ["locked", "ordered"];

/** Rolls a change back: the renewal job ordered a delivery the change was reaching. */
class RacedByRenewalError extends Error {}

/**
 * Writes a change in one transaction, and rolls it back when the renewal job ordered one of the
 * deliveries it reaches (read open: `reached`) meanwhile, at their cut-off: that delivery comes and
 * is charged, so the change cannot start there. 409 delivery_locked with the first delivery still
 * open, as for a change of a locked delivery.
 */
async function writeUnlessRenewed(
  strapi: Core.Strapi,
  { view, reached, now }: { view: View; reached: readonly DeliveryRow[]; now: Date },
  write: () => Promise<void>,
): Promise<void> {
  const raced = await strapi.db
    .transaction(async () => {
      await write();
      if (reached.length === 0) return false;
      const taken = await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).count({
        where: { id: { $in: reached.map((row) => row.id) }, deliveryStatus: { $in: [...FIXED_STATUSES] } },
      });
      if (taken > 0) throw new RacedByRenewalError();
      return false;
    })
    .catch((error: unknown) => {
      if (error instanceof RacedByRenewalError) return true;
      throw error;
    });
  if (raced) {
    throw new SubscriptionError("delivery_locked", {
      status: 409,
      path: ["date"],
      date: await firstOpenDelivery(strapi, view, now),
    });
  }
}

/** Skips, by the pause, the open deliveries in [from, until] (those already skipped, gifted or donated stay so). */
async function skipForPause(
  strapi: Core.Strapi,
  subscriptionId: number,
  { from, until }: { from: IsoDate; until: IsoDate },
  now: Date,
) {
  await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
    where: { subscriptionId, deliveryStatus: "scheduled", date: { $gte: from, $lte: until }, cutoffAt: { $gt: now } },
    data: { deliveryStatus: "skipped", skippedByPause: true },
  });
}

export async function pauseSubscription(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  body: PauseSubscriptionBody,
  now: Date,
): Promise<ChangeOutcome> {
  const view = await ownView(strapi, caller, id, now);
  if (!view.rules) throw new SubscriptionError("status_not_allowed", { status: 409, path: ["status"] });
  // Locked and ordered deliveries come anyway: the pause starts at the first open one (the domain's rule).
  const rows = await deliveriesFrom(strapi, view.row.id, shopDateOf(now));
  const plan = planPause(
    body.option === undefined ? { until: body.until! } : { length: body.option },
    rows.map(changeableOf),
    {
      now,
      zone: view.rules.zone,
      closedDays: view.rules.closedDays,
    },
  );
  if (!plan.ok)
    throw new SubscriptionError("invalid_pause", { path: [body.option === undefined ? "until" : "option"] });
  const { pause } = plan;
  // What the pause skips, as read: the renewal job may order one of them meanwhile.
  const skipped = rows.filter(
    (row) =>
      row.date >= pause.from && row.date <= pause.until && row.deliveryStatus === "scheduled" && !isLocked(row, now),
  );
  await writeUnlessRenewed(strapi, { view, reached: skipped, now }, async () => {
    await changeStatus(
      strapi,
      { id: view.row.id, from: view.row.subscriptionStatus },
      {
        event: { type: "pause", until: pause.until },
        actor: actorOf(caller),
        now,
        data: { pausedUntil: pause.until, pauseReason: body.reason || null },
      },
    );
    await recordChange(strapi, view.row.id, {
      actor: actorOf(caller),
      field: "pausedUntil",
      from: view.row.pausedUntil ? isoDateOf(view.row.pausedUntil) : null,
      to: pause.until,
      at: now,
    });
    await skipForPause(strapi, view.row.id, pause, now);
  });
  // The pause may reach past the deliveries planned so far: those are planned skipped now.
  await planDeliveries(strapi, view.row.id, now);
  await refreshNextDelivery(strapi, view.row.id, now);
  return answerChange(strapi, caller, { id, change: "pause", appliesFrom: pause.from }, now);
}

export async function resumeSubscription(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  now: Date,
): Promise<ChangeOutcome> {
  const view = await ownView(strapi, caller, id, now);
  await strapi.db.transaction(async () => {
    await changeStatus(
      strapi,
      { id: view.row.id, from: view.row.subscriptionStatus },
      { event: { type: "resume" }, actor: actorOf(caller), now, data: { pausedUntil: null } },
    );
    await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).updateMany({
      where: { subscriptionId: view.row.id, deliveryStatus: "skipped", skippedByPause: true, cutoffAt: { $gt: now } },
      data: { deliveryStatus: "scheduled", skippedByPause: false },
    });
  });
  await planDeliveries(strapi, view.row.id, now);
  await refreshNextDelivery(strapi, view.row.id, now);
  return answerChange(
    strapi,
    caller,
    { id, change: "resume", appliesFrom: await firstOpenDelivery(strapi, view, now) },
    now,
  );
}

/**
 * Cancels from the first delivery still open: those after it are removed, and the locked ones
 * (already being prepared and charged) still come; the last of them is the answer's lastDelivery.
 */
export async function cancelSubscription(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  body: CancelSubscriptionBody,
  now: Date,
): Promise<ChangeOutcome> {
  const view = await ownView(strapi, caller, id, now);
  // From the first delivery still open (as for every change); locked and ordered ones still come.
  const rows = await deliveriesFrom(strapi, view.row.id, shopDateOf(now));
  const effectiveFrom = firstChangeableDelivery(rows.map(changeableOf), { now })?.date ?? null;
  const cancelsOn = effectiveFrom ?? shopDateOf(now);
  // What this cancellation removes, as read: the renewal job may order one of them meanwhile.
  const removed = rows.filter((row) => row.date >= cancelsOn && !isLocked(row, now));
  await writeUnlessRenewed(strapi, { view, reached: removed, now }, async () => {
    await changeStatus(
      strapi,
      { id: view.row.id, from: view.row.subscriptionStatus },
      {
        event: { type: "cancel" },
        actor: actorOf(caller),
        now,
        data: { cancelReason: body.reason || null, cancelsOn, pausedUntil: null },
      },
    );
    // Not locked and not ordered: nothing of them was prepared or charged.
    await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).deleteMany({
      where: {
        subscriptionId: view.row.id,
        date: { $gte: cancelsOn },
        deliveryStatus: { $notIn: [...FIXED_STATUSES] },
        cutoffAt: { $gt: now },
      },
    });
  });
  return answerChange(strapi, caller, { id, change: "cancel", appliesFrom: effectiveFrom }, now);
}

/** The restart's answer: the change's, and the order of the delivery it starts with, to be paid on its pay page. */
export interface RestartOutcome extends ChangeOutcome {
  orderNumber: string;
}

/**
 * A cancelled or suspended subscription starts again (restart.ts): pending, with the order of the
 * delivery it starts with (the one the page said, restartFrom), until that order is paid on-session.
 * 409 status_not_allowed for any other status or when no delivery can be planned (the zone closed).
 */
export async function restartSubscription(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  body: RestartSubscriptionBody,
  now: Date,
): Promise<RestartOutcome> {
  const view = await ownView(strapi, caller, id, now);
  const date = view.restartFrom;
  if (!view.rules || date === null)
    throw new SubscriptionError("status_not_allowed", { status: 409, path: ["status"] });
  if (body.restartFrom !== undefined && body.restartFrom !== date) {
    // Its cut-off passed since the page said it (or the zone's calendar changed): the customer is told the new one.
    throw new SubscriptionError("delivery_locked", { status: 409, path: ["restartFrom"], date });
  }
  const orderNumber = await restartWithOrder(strapi, view.row, {
    rules: view.rules,
    date,
    actor: actorOf(caller),
    now,
  });
  return { ...(await answerChange(strapi, caller, { id, change: "restart", appliesFrom: date }, now)), orderNumber };
}

/** The latest delivery from today that comes whatever is changed now (locked, ordered, past its cut-off), or null. */
async function lastFixedDelivery(strapi: Core.Strapi, view: View, now: Date): Promise<IsoDate | null> {
  const rows = await deliveriesFrom(strapi, view.row.id, shopDateOf(now));
  const fixed = rows.filter(
    (row) => isLocked(row, now) && row.deliveryStatus !== "skipped" && row.dateChange !== "dropped",
  );
  return fixed.at(-1)?.date ?? null;
}

/** A change of the subscription worked out, not yet written: the fields, the history lines, the new price. */
interface PlannedChange {
  data: Record<string, unknown>;
  changes: { field: string; from: unknown; to: unknown }[];
  rhythmChanged: boolean;
  first: IsoDate | null;
  /** The first delivery the change reaches: `first`, or the new rhythm's first day. */
  appliesFrom: IsoDate | null;
  /** One delivery's price after the change (null when it cannot be told). */
  pricePerDelivery: number | null;
}

/** The customer's active saved card by its reference, or card_unknown (another's, removed, failed). */
async function ownCard(strapi: Core.Strapi, userId: number, reference: string) {
  const card = (await strapi.db.query(CONTENT_TYPES.paymentMethod).findOne({
    where: { reference, user: { id: userId }, methodStatus: "active" },
    select: ["id", "brand", "last4"],
  })) as { id: number; brand: string | null; last4: string | null } | null;
  if (!card) throw new SubscriptionError("card_unknown", { path: ["paymentMethodId"] });
  return card;
}

/**
 * Checks a change as a PATCH asks it and works out what it writes: every product checked and priced
 * as the order flow does (400 with its path), the slot, weekday and address against the zone, the
 * card among the customer's. The quote and the PATCH both ask this, so they never disagree.
 */
async function planChange(
  strapi: Core.Strapi,
  caller: Caller,
  view: View,
  body: UpdateSubscriptionBody,
  now: Date,
): Promise<PlannedChange> {
  const { row, rules } = view;
  requireChangeable(view);
  if (!rules) throw new SubscriptionError("status_not_allowed", { status: 409, path: ["status"] });
  const data: Record<string, unknown> = {};
  const changes: PlannedChange["changes"] = [];
  const set = (field: keyof SubscriptionRow, value: unknown) => {
    if (JSON.stringify(row[field]) === JSON.stringify(value)) return;
    data[field] = value;
    changes.push({ field, from: row[field], to: value });
  };

  const boxes = body.boxes ?? row.boxes;
  const extras =
    body.extras === undefined
      ? row.extras
      : body.extras.map((extra) => ({ ...extra, frequency: "every_delivery" as const }));
  const frequency = body.frequency ?? row.frequency;
  const address = body.address ?? row.deliveryAddress;
  let pricePerDelivery = view.pricePerDelivery;
  const priced = { ...row, boxes, extras, frequency };
  if (body.boxes !== undefined || body.extras !== undefined) {
    // Checks every product as the order flow does (400 with the product's path), and prices the new box.
    pricePerDelivery = await priceOf(strapi, priced, { userId: caller.userId, now });
    if (body.boxes !== undefined) set("boxes", boxes);
    if (body.extras !== undefined) set("extras", extras);
  } else if (body.frequency !== undefined) {
    // A frequency may have its own discount; a box no longer sold does not block the change (its price is untold).
    pricePerDelivery = await priceOf(strapi, priced, { userId: caller.userId, now }).catch((error: unknown) => {
      if (error instanceof OrderError) return null;
      throw error;
    });
  }
  if (body.slot !== undefined) {
    if (!rules.zone.slots.some((slot) => slot.code === body.slot)) {
      throw new SubscriptionError("slot_unknown", { path: ["slot"] });
    }
    set("slotCode", body.slot);
  }
  if (body.address !== undefined) {
    if (!zoneForPostcode([rules.zone], address.postalCode)) {
      throw new SubscriptionError("not_covered", { path: ["address", "postalCode"] });
    }
    set("deliveryAddress", address);
  }
  if (body.paymentMethodId !== undefined) {
    const card = await ownCard(strapi, caller.userId, body.paymentMethodId);
    const current = (await strapi.db.query(CONTENT_TYPES.subscription).findOne({
      where: { id: row.id },
      select: ["id"],
      populate: { paymentMethod: { select: ["id", "brand", "last4"] } },
    })) as { paymentMethod: { id: number; brand: string | null; last4: string | null } | null } | null;
    if (current?.paymentMethod?.id !== card.id) {
      data.paymentMethod = card.id;
      changes.push({ field: "card", from: cardLabel(current?.paymentMethod ?? null), to: cardLabel(card) });
    }
  }
  const plan = planOf(row);
  const weekday = (body.weekday ?? plan.weekday) as IsoWeekday;
  if (body.weekday !== undefined && !rules.zone.weekdays.includes(weekday)) {
    throw new SubscriptionError("weekday_not_offered", { path: ["weekday"] });
  }
  const first = await firstOpenDelivery(strapi, view, now);
  const rhythmChanged = weekday !== plan.weekday || frequency !== row.frequency;
  if (rhythmChanged) {
    set("frequency", frequency);
    set("weekday", weekday);
    // The weeks keep counting from the old anchor on a new weekday alone; a new frequency starts its own.
    const anchor = rhythmAnchor(
      {
        weekday,
        frequency,
        notBefore: first ?? shopDateOf(now),
        lastFixed: await lastFixedDelivery(strapi, view, now),
        keepWeeksOf: frequency === row.frequency ? plan.anchor : null,
      },
      { now, zone: rules.zone, closedDays: rules.closedDays },
    );
    set("anchorDate", anchor);
  }
  const appliesFrom = rhythmChanged ? ((data.anchorDate as IsoDate | undefined) ?? first) : first;
  if (body.appliesFrom !== undefined && body.appliesFrom !== appliesFrom) {
    // The delivery the customer was told has been locked since: they decide again, told the new one.
    throw new SubscriptionError("delivery_locked", { status: 409, path: ["appliesFrom"], date: appliesFrom });
  }
  return { data, changes, rhythmChanged, first, appliesFrom, pricePerDelivery };
}

/**
 * What a change would mean, nothing written: the first delivery it reaches and one delivery's price
 * after it. A new weekday or frequency reaches the first delivery of the new rhythm, which is not
 * planned yet: the answer is then that rhythm's anchor (before the calendar may move it).
 */
export async function quoteChange(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  body: UpdateSubscriptionBody,
  now: Date,
): Promise<SubscriptionQuote> {
  const view = await ownView(strapi, caller, id, now);
  const { appliesFrom, pricePerDelivery } = await planChange(strapi, caller, view, body, now);
  return { appliesFrom, pricePerDelivery };
}

/**
 * Boxes, extras, frequency, weekday, slot, address, card: from the first delivery still open. A new
 * weekday or frequency replans the deliveries from there (those not yet locked are planned again,
 * skips and gifts among them dropped: they were for dates of the old rhythm).
 */
export async function updateSubscription(
  strapi: Core.Strapi,
  caller: Caller,
  id: string,
  body: UpdateSubscriptionBody,
  now: Date,
): Promise<ChangeOutcome> {
  // Read, planned and written under the subscription's row lock, in one transaction: a second
  // change at once waits, then plans from this one's result (never from the row as both read it).
  const appliesFrom = await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockSubscriptionRow(strapi, trx, id);
    const view = await ownView(strapi, caller, id, now);
    const { row } = view;
    const { data, changes, rhythmChanged, first } = await planChange(strapi, caller, view, body, now);
    if (changes.length === 0) return first;
    if (data.boxes !== undefined) {
      // A new box's price is the one the quote told; renewals charge it until a price notice.
      const boxes = data.boxes as SubscriptionRow["boxes"];
      const todays = await loadOrderProducts(
        strapi,
        boxes.map((box) => box.productId),
      );
      data.toldPrices = toldPricesForBoxes(row.toldPrices, boxes, todays);
    }
    if (data.paymentMethod !== undefined) {
      // Locks the card's row while it is still active: a removal racing this change waits for it, then
      // finds the card in use (card-setup.ts); one that came first leaves it removed, and this is refused.
      const { count } = (await strapi.db.query(CONTENT_TYPES.paymentMethod).updateMany({
        where: { id: data.paymentMethod, methodStatus: "active" },
        data: { methodStatus: "active" },
      })) as { count: number };
      if (count !== 1) throw new SubscriptionError("card_unknown", { path: ["paymentMethodId"] });
    }
    await strapi.db.query(CONTENT_TYPES.subscription).update({ where: { id: row.id }, data });
    for (const change of changes) {
      await recordChange(strapi, row.id, { actor: actorOf(caller), ...change, at: now });
    }
    if (rhythmChanged) {
      await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).deleteMany({
        where: {
          subscriptionId: row.id,
          date: { $gte: first ?? shopDateOf(now) },
          deliveryStatus: { $notIn: ["locked", "ordered"] },
          cutoffAt: { $gt: now },
        },
      });
      await planDeliveries(strapi, row.id, now);
    }
    await refreshNextDelivery(strapi, row.id, now);
    return rhythmChanged ? await firstOpenDelivery(strapi, view, now) : first;
  });
  return answerChange(strapi, caller, { id, change: "update", appliesFrom }, now);
}
