import type { Core } from "@strapi/strapi";
import { isoDateSchema, SUBSCRIPTION_FIELD_MAX, type SubscriptionDetail } from "@shop/contracts";
import { SUBSCRIPTION_STATUSES, type DeliveryStatus, type SubscriptionStatus } from "@shop/domain/subscriptions";
import { z } from "zod";
import { CONTENT_TYPES } from "../../content-types";
import { SubscriptionNotFoundError } from "../errors";
import {
  cancelSubscription,
  pauseSubscription,
  resumeSubscription,
  showOwnSubscription,
  type Caller,
  type ChangeOutcome,
} from "../self-service";
import { historyValue, isoDateOf } from "../store";

/**
 * Staff's work on subscriptions in the admin panel (issue 22, "Staff"): the list filtered by status
 * and next delivery, one subscription with all its deliveries and its history (who made each change),
 * and pause, resume or cancel on the customer's behalf. Those go through the customer's own calls
 * (src/subscriptions/self-service.ts) with staff as the actor: the same domain transitions
 * (transitionSubscription by actor), the same history and the same confirmation mail to the customer.
 */

const PAGE_SIZE = 50;

const reason = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(SUBSCRIPTION_FIELD_MAX.reason, { error: `tooLong:${SUBSCRIPTION_FIELD_MAX.reason}` });

/** ?status=paused&nextFrom=2026-12-01&nextTo=2026-12-07&page=2, each optional (a repeated one is refused). */
export const staffListQuery = z.strictObject({
  status: z.enum(SUBSCRIPTION_STATUSES, { error: "invalidChoice" }).optional(),
  nextFrom: isoDateSchema.optional(),
  nextTo: isoDateSchema.optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: "invalidNumber" })
    .transform(Number)
    .default(1),
});
export type StaffListQuery = z.output<typeof staffListQuery>;

/** Staff pause until a date they choose, and say why (the customer's call also offers 1 or 2 weeks or months). */
export const staffPauseBody = z.strictObject({ until: isoDateSchema, reason });
export const staffCancelBody = z.strictObject({ reason });
export const staffEmptyBody = z.strictObject({});

interface ListedRow {
  documentId: string;
  subscriptionStatus: SubscriptionStatus;
  frequency: string;
  weekday: number | null;
  nextDeliveryDate: string | Date;
  pausedUntil: string | Date | null;
  cancelsOn: string | Date | null;
  user: { email: string; firstName: string | null; lastName: string | null } | null;
  zone: { name: string } | null;
}

const dateOrNull = (value: string | Date | null) => (value === null ? null : isoDateOf(value));

export async function listStaffSubscriptions(strapi: Core.Strapi, query: StaffListQuery) {
  const nextDeliveryDate = {
    ...(query.nextFrom === undefined ? {} : { $gte: query.nextFrom }),
    ...(query.nextTo === undefined ? {} : { $lte: query.nextTo }),
  };
  const where = {
    ...(query.status === undefined ? {} : { subscriptionStatus: query.status }),
    ...(Object.keys(nextDeliveryDate).length === 0 ? {} : { nextDeliveryDate }),
  };
  const subscriptions = strapi.db.query(CONTENT_TYPES.subscription);
  const [rows, total] = await Promise.all([
    subscriptions.findMany({
      where,
      select: [
        "documentId",
        "subscriptionStatus",
        "frequency",
        "weekday",
        "nextDeliveryDate",
        "pausedUntil",
        "cancelsOn",
      ],
      populate: { user: { select: ["email", "firstName", "lastName"] }, zone: { select: ["name"] } },
      orderBy: [{ nextDeliveryDate: "asc" }, { id: "asc" }],
      limit: PAGE_SIZE,
      offset: (query.page - 1) * PAGE_SIZE,
    }) as Promise<ListedRow[]>,
    subscriptions.count({ where }) as Promise<number>,
  ]);
  return {
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    subscriptions: rows.map((row) => ({
      id: row.documentId,
      status: row.subscriptionStatus,
      customer: row.user && {
        email: row.user.email,
        name: [row.user.firstName, row.user.lastName].filter(Boolean).join(" "),
      },
      frequency: row.frequency,
      weekday: row.weekday,
      zone: row.zone?.name ?? null,
      nextDeliveryDate: isoDateOf(row.nextDeliveryDate),
      pausedUntil: dateOrNull(row.pausedUntil),
      cancelsOn: dateOrNull(row.cancelsOn),
    })),
  };
}

interface Owned {
  id: number;
  user: { id: number; email: string } | null;
}

/** The subscription's customer as the caller of their own calls, with staff as the actor. */
async function onBehalfOf(
  strapi: Core.Strapi,
  documentId: string,
  staffEmail: string,
): Promise<Caller & { rowId: number }> {
  const row = (await strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { documentId },
    select: ["id"],
    populate: { user: { select: ["id", "email"] } },
  })) as Owned | null;
  // A subscription whose customer deleted their account has nobody to act for.
  if (!row?.user) throw new SubscriptionNotFoundError("No such subscription");
  return { rowId: row.id, userId: row.user.id, email: row.user.email, actor: { kind: "staff", label: staffEmail } };
}

interface DeliveryRecord {
  date: string | Date;
  deliveryStatus: DeliveryStatus;
  dateChange: string;
  cutoffAt: string | Date;
  giftRecipient: { name: string } | null;
  order: { number: string | null; orderStatus: string } | null;
  foodBank: { name: string } | null;
}

interface ChangeRecord {
  at: string | Date;
  actorKind: string;
  actorLabel: string;
  field: string;
  from: unknown;
  to: unknown;
}

/** What staff see of one subscription (GET /staff-tools/subscriptions/:id). */
export interface StaffSubscriptionView {
  subscription: SubscriptionDetail;
  customer: { email: string };
  deliveries: {
    date: string;
    status: DeliveryStatus;
    dateChange: string;
    cutoff: string;
    order: { number: string | null; orderStatus: string } | null;
    giftTo: string | null;
    foodBank: string | null;
  }[];
  history: { at: string; actor: string; by: string; field: string; from: unknown; to: unknown }[];
}

export type StaffSubscriptionList = Awaited<ReturnType<typeof listStaffSubscriptions>>;

/** One subscription as the customer sees it, plus every delivery (past ones too) and who made each change. */
export async function staffSubscription(
  strapi: Core.Strapi,
  documentId: string,
  { staffEmail, now }: { staffEmail: string; now: Date },
): Promise<StaffSubscriptionView> {
  const caller = await onBehalfOf(strapi, documentId, staffEmail);
  const [subscription, deliveries, history] = await Promise.all([
    showOwnSubscription(strapi, caller, documentId, now),
    strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
      where: { subscriptionId: caller.rowId },
      select: ["date", "deliveryStatus", "dateChange", "cutoffAt", "giftRecipient"],
      populate: { order: { select: ["number", "orderStatus"] }, foodBank: { select: ["name"] } },
      orderBy: { date: "asc" },
    }) as Promise<DeliveryRecord[]>,
    strapi.db.query(CONTENT_TYPES.subscriptionChange).findMany({
      where: { subscription: { id: caller.rowId } },
      select: ["at", "actorKind", "actorLabel", "field", "from", "to"],
      orderBy: [{ at: "desc" }, { id: "desc" }],
    }) as Promise<ChangeRecord[]>,
  ]);
  return {
    subscription,
    customer: { email: caller.email },
    deliveries: deliveries.map((row) => ({
      date: isoDateOf(row.date),
      status: row.deliveryStatus,
      dateChange: row.dateChange,
      cutoff: new Date(row.cutoffAt).toISOString(),
      order: row.order,
      giftTo: row.giftRecipient?.name ?? null,
      foodBank: row.foodBank?.name ?? null,
    })),
    history: history.map((entry) => ({
      at: new Date(entry.at).toISOString(),
      actor: entry.actorKind,
      by: entry.actorLabel,
      field: entry.field,
      from: historyValue(entry.from),
      to: historyValue(entry.to),
    })),
  };
}

export type StaffAction =
  | { kind: "pause"; body: z.output<typeof staffPauseBody> }
  | { kind: "resume" }
  | { kind: "cancel"; body: z.output<typeof staffCancelBody> };

/** Pauses, resumes or cancels for the customer, recorded as staff's; the customer gets the usual mail. */
export async function actForCustomer(
  strapi: Core.Strapi,
  documentId: string,
  action: StaffAction,
  { staffEmail, now }: { staffEmail: string; now: Date },
): Promise<ChangeOutcome> {
  const caller = await onBehalfOf(strapi, documentId, staffEmail);
  switch (action.kind) {
    case "pause":
      return pauseSubscription(strapi, caller, documentId, action.body, now);
    case "resume":
      return resumeSubscription(strapi, caller, documentId, now);
    case "cancel":
      return cancelSubscription(strapi, caller, documentId, action.body, now);
  }
}
