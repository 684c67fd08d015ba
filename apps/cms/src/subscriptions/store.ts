import type { Core } from "@strapi/strapi";
import { EMPTY_ORDER_DRAFT, type DeliveryAddress, type OrderDraft } from "@shop/contracts";
import {
  isoWeekdayOf,
  shiftIsoDate,
  shopDateOf,
  type ClosedDay,
  type DeliveryZone,
  type Frequency,
  type IsoDate,
  type IsoWeekday,
  type Locale,
} from "@shop/domain";
import {
  takesChanges,
  type DeliveryStatus,
  type SubscriptionActor,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from "@shop/domain/subscriptions";
import { loadClosedDays, loadZones } from "../delivery/delivery";
import { CONTENT_TYPES } from "../content-types";
import { tableOf, type Sql } from "../database/sql";
import type { ToldPrices } from "./price-notices/told";

/**
 * A subscription and its deliveries as stored (docs/decisions/028), read the one way every
 * subscription service reads them, and the history every change writes.
 */

export interface StoredBox {
  productId: number;
  quantity: number;
  exclusions: number[];
}

export interface StoredExtra {
  productId: number;
  quantity: number;
  frequency?: string;
}

export interface SubscriptionRow {
  id: number;
  documentId: string;
  subscriptionStatus: SubscriptionStatus;
  frequency: Frequency;
  weekday: number | null;
  anchorDate: string | null;
  locale: Locale;
  audience: "consumer" | "business";
  boxes: StoredBox[];
  extras: StoredExtra[];
  slotCode: string;
  deliveryAddress: DeliveryAddress;
  notes: string | null;
  nextDeliveryDate: string;
  pausedUntil: string | null;
  pauseReason: string | null;
  cancelReason: string | null;
  cancelsOn: string | null;
  /** The invoice details the subscription's orders copy (null: none asked for). */
  invoice: unknown;
  /** The box prices the subscriber was told (null before the snapshot existed): price-notices/told.ts. */
  toldPrices: ToldPrices | null;
  createdAt: string | Date;
  zone: { id: number } | null;
  user: { id: number; email: string; firstName: string | null } | null;
  /** The order that starts it: the order flow's first order, or a restart's (restart.ts). */
  firstOrder: {
    id: number;
    number: string | null;
    deliveryDate: string;
    orderStatus?: string;
    expiresAt?: string | Date | null;
  } | null;
}

const POPULATE = {
  zone: { select: ["id"] },
  user: { select: ["id", "email", "firstName"] },
  firstOrder: { select: ["id", "number", "deliveryDate", "orderStatus", "expiresAt"] },
} as const;

/** "2026-12-09" from a date column (PostgreSQL's driver may answer a Date or a longer string). */
export function isoDateOf(value: string | Date): IsoDate {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

export async function loadSubscription(strapi: Core.Strapi, id: number): Promise<SubscriptionRow | null> {
  return (await strapi.db
    .query(CONTENT_TYPES.subscription)
    .findOne({ where: { id }, populate: POPULATE })) as SubscriptionRow | null;
}

/**
 * Takes the subscription's row lock (by its documentId) for the rest of the caller's transaction, so
 * that a change read, planned and written there runs whole before the next: two changes of its
 * weekday or frequency at once would otherwise each plan from the row as it was and leave a plan of
 * neither. SQLite writes one transaction at a time and needs none.
 */
export async function lockSubscriptionRow(strapi: Core.Strapi, trx: Sql, documentId: string): Promise<void> {
  if (strapi.db.dialect.client !== "postgres") return;
  await trx(tableOf(strapi, CONTENT_TYPES.subscription).name).where("document_id", documentId).forUpdate().select("id");
}

/** The customer's subscription by its documentId, or null (unknown, or another customer's). */
export async function loadOwnSubscription(
  strapi: Core.Strapi,
  userId: number,
  documentId: string,
): Promise<SubscriptionRow | null> {
  return (await strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { documentId, user: { id: userId } },
    populate: POPULATE,
  })) as SubscriptionRow | null;
}

export async function loadOwnSubscriptions(strapi: Core.Strapi, userId: number): Promise<SubscriptionRow[]> {
  return (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
    where: { user: { id: userId } },
    populate: POPULATE,
    orderBy: { id: "desc" },
  })) as SubscriptionRow[];
}

/**
 * The rhythm of a subscription. Rows made before weekday and anchorDate were stored take them from
 * the first order's delivery (else the next delivery): its weekday, and its week as the first.
 */
export function planOf(row: SubscriptionRow): SubscriptionPlan {
  const anchor = isoDateOf(row.anchorDate ?? row.firstOrder?.deliveryDate ?? row.nextDeliveryDate);
  return {
    frequency: row.frequency,
    weekday: (row.weekday ?? isoWeekdayOf(anchor)) as IsoWeekday,
    anchor,
  };
}

/**
 * One delivery of the subscription as a draft of the order flow: its boxes and extras to the same
 * address, priced by the same code (the account's price of a delivery, and a renewal's order).
 */
export function draftOf(row: Pick<SubscriptionRow, "boxes" | "extras" | "deliveryAddress" | "frequency">): OrderDraft {
  return {
    ...EMPTY_ORDER_DRAFT,
    postcode: row.deliveryAddress.postalCode,
    purchase: "subscription",
    frequency: row.frequency,
    boxes: row.boxes.map((box) => ({
      productId: box.productId,
      quantity: box.quantity,
      exclusions: box.exclusions ?? [],
    })),
    extras: row.extras.map((extra) => ({
      productId: extra.productId,
      quantity: extra.quantity,
      frequency: "every_delivery" as const,
    })),
  };
}

/** What the calendar of a subscription's zone needs at `now`. */
export interface ZoneRules {
  zone: DeliveryZone;
  closedDays: readonly ClosedDay[];
}

/** The subscription's zone as it is now, with its closed days; null when staff made it inactive. */
export async function zoneRulesOf(strapi: Core.Strapi, row: SubscriptionRow, now: Date): Promise<ZoneRules | null> {
  const zone = (await loadZones(strapi)).find((each) => each.id === row.zone?.id);
  if (!zone) return null;
  // From yesterday in Madrid: a cut-off counted back through an earlier day is past anyway.
  return { zone, closedDays: await loadClosedDays(strapi, shiftIsoDate(shopDateOf(now), -1)) };
}

export interface DeliveryRow {
  id: number;
  date: string;
  plannedDate: string;
  dateChange: "none" | "moved" | "dropped";
  deliveryStatus: DeliveryStatus;
  skippedByPause: boolean;
  cutoffAt: string | Date;
  giftRecipient: { name: string; email: string } | null;
  order: { number: string | null; total: number } | null;
  foodBank: { name: string } | null;
}

/** What a delivery row is read with, and its dates as ISO days. */
const DELIVERY_POPULATE = { order: { select: ["number", "total"] }, foodBank: { select: ["name"] } };
const deliveryRowOf = (row: DeliveryRow): DeliveryRow => ({
  ...row,
  date: isoDateOf(row.date),
  plannedDate: isoDateOf(row.plannedDate),
});

/** The subscription's deliveries from `from` on, soonest first (`limit` of them when given). */
export async function deliveriesFrom(
  strapi: Core.Strapi,
  subscriptionId: number,
  from: IsoDate,
  { limit }: { limit?: number } = {},
): Promise<DeliveryRow[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
    where: { subscriptionId, date: { $gte: from } },
    populate: DELIVERY_POPULATE,
    orderBy: { date: "asc" },
    ...(limit === undefined ? {} : { limit }),
  })) as DeliveryRow[];
  return rows.map(deliveryRowOf);
}

/**
 * The subscription's first delivery from `from` on whose status is one of `statuses`: its date,
 * cut-off and status only (a summary's next delivery: one statement, where deliveriesFrom reads every
 * coming row and its order and food bank).
 */
export async function firstDeliveryFrom(
  strapi: Core.Strapi,
  subscriptionId: number,
  { from, statuses }: { from: IsoDate; statuses: readonly DeliveryStatus[] },
): Promise<Pick<DeliveryRow, "date" | "cutoffAt" | "deliveryStatus"> | null> {
  const row = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
    where: { subscriptionId, date: { $gte: from }, deliveryStatus: { $in: [...statuses] } },
    select: ["date", "cutoffAt", "deliveryStatus"],
    orderBy: { date: "asc" },
  })) as Pick<DeliveryRow, "date" | "cutoffAt" | "deliveryStatus"> | null;
  return row === null ? null : { ...row, date: isoDateOf(row.date) };
}

/** The subscription's delivery on `date`, or null: the row a change is about, read by its own key. */
export async function deliveryOn(
  strapi: Core.Strapi,
  subscriptionId: number,
  date: IsoDate,
): Promise<DeliveryRow | null> {
  const row = (await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
    where: { subscriptionId, date },
    populate: DELIVERY_POPULATE,
  })) as DeliveryRow | null;
  return row === null ? null : deliveryRowOf(row);
}

/**
 * Whether the delivery no longer takes changes: locked or ordered already, or its stored cut-off has
 * come (the domain's takesChanges; a dropped delivery is told apart by its dateChange).
 */
export function isLocked(row: Pick<DeliveryRow, "date" | "cutoffAt" | "deliveryStatus">, now: Date): boolean {
  return !takesChanges({ date: row.date, status: row.deliveryStatus, cutoffAt: row.cutoffAt }, { now });
}

export interface Actor {
  kind: SubscriptionActor;
  /** The customer's or staff member's e-mail, or the job's name. */
  label: string;
}

/** One history entry: who changed what, from what to what. Inside the caller's transaction when there is one. */
export async function recordChange(
  strapi: Core.Strapi,
  subscriptionId: number,
  { actor, field, from, to, at }: { actor: Actor; field: string; from: unknown; to: unknown; at: Date },
): Promise<void> {
  await strapi.db.query(CONTENT_TYPES.subscriptionChange).create({
    data: {
      subscription: subscriptionId,
      at,
      actorKind: actor.kind,
      actorLabel: actor.label.slice(0, 200),
      field,
      // Wrapped: Strapi's JSON field stores a bare string unquoted (invalid JSON on PostgreSQL).
      from: { value: from ?? null },
      to: { value: to ?? null },
    },
  });
}

/** "VISA •••• 4242" for the history: what a card was and is, never its references. */
export const cardLabel = (card: { brand: string | null; last4: string | null } | null) =>
  card ? `${card.brand ?? ""} •••• ${card.last4 ?? ""}`.trim() : null;

/** A history value as recordChange wrapped it. */
export function historyValue(stored: unknown): unknown {
  return stored !== null && typeof stored === "object" && "value" in stored ? stored.value : stored;
}
