import type { Core } from "@strapi/strapi";
import type { Cents } from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import type { PaymentProviderId } from "../../payments/provider";

/**
 * The refunds' rows (api::payment.refund, docs/decisions/031) and what is left to refund of a payment.
 * A refund counts against its payment from the moment it is asked (pending) until the gateway refuses
 * it (failed): two refunds racing can never together ask for more than was paid.
 */

export type RefundStatus = "pending" | "succeeded" | "failed";
export type RefundOrigin = "staff" | "customer" | "gateway";

export interface RefundRow {
  id: number;
  key: string;
  provider: PaymentProviderId;
  amount: Cents;
  currency: string;
  reason: string | null;
  origin: RefundOrigin;
  actorLabel: string | null;
  refundStatus: RefundStatus;
  providerRef: string | null;
  failure: string | null;
  createdAt: string | Date;
  decidedAt: string | Date | null;
  order: { id: number } | null;
  payment: { id: number } | null;
}

/** A payment that took money, as a refund needs it. */
export interface PaidPayment {
  id: number;
  reference: string;
  provider: PaymentProviderId;
  amount: Cents;
  currency: string;
  providerRef: string | null;
  /** Set when the payment did not pay its order (money taken for a cancelled order, a second payment). */
  staffNote: string | null;
  order: { id: number } | null;
}

/** Statuses that hold money of the payment: given back, or on its way back. */
export const COUNTED: readonly RefundStatus[] = ["pending", "succeeded"];

const REFUND_FIELDS = [
  "id",
  "key",
  "provider",
  "amount",
  "currency",
  "reason",
  "origin",
  "actorLabel",
  "refundStatus",
  "providerRef",
  "failure",
  "createdAt",
  "decidedAt",
] as const;

const REFUND_POPULATE = { order: { select: ["id"] }, payment: { select: ["id"] } } as const;

export async function findRefund(strapi: Core.Strapi, where: Record<string, unknown>): Promise<RefundRow | null> {
  return (await strapi.db.query(CONTENT_TYPES.refund).findOne({
    where,
    select: [...REFUND_FIELDS],
    populate: REFUND_POPULATE,
  })) as RefundRow | null;
}

/** The order's refunds, oldest first. */
export async function refundsOfOrder(strapi: Core.Strapi, orderId: number): Promise<RefundRow[]> {
  return (await strapi.db.query(CONTENT_TYPES.refund).findMany({
    where: { order: { id: orderId } },
    select: [...REFUND_FIELDS],
    populate: REFUND_POPULATE,
    orderBy: { id: "asc" },
  })) as RefundRow[];
}

const PAYMENT_FIELDS = ["id", "reference", "provider", "amount", "currency", "providerRef", "staffNote"] as const;

/** The order's paid payments, the one that paid the order first (no staff note), then the oldest. */
export async function paidPaymentsOf(strapi: Core.Strapi, orderId: number): Promise<PaidPayment[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { order: { id: orderId }, paymentStatus: "paid" },
    select: [...PAYMENT_FIELDS],
    populate: { order: { select: ["id"] } },
    orderBy: { id: "asc" },
  })) as PaidPayment[];
  return [...rows].sort((a, b) => Number(a.staffNote !== null) - Number(b.staffNote !== null));
}

export async function findPaidPayment(
  strapi: Core.Strapi,
  where: Record<string, unknown>,
): Promise<PaidPayment | null> {
  return (await strapi.db.query(CONTENT_TYPES.payment).findOne({
    where: { ...where, paymentStatus: "paid" },
    select: [...PAYMENT_FIELDS],
    populate: { order: { select: ["id"] } },
  })) as PaidPayment | null;
}

/** What is left to refund of a payment: its amount less every refund given or on its way. */
export async function refundableOf(strapi: Core.Strapi, payment: Pick<PaidPayment, "id" | "amount">): Promise<Cents> {
  // With the id: a filter through a relation makes Strapi select DISTINCT, which would fold equal amounts.
  const refunds = (await strapi.db.query(CONTENT_TYPES.refund).findMany({
    where: { payment: { id: payment.id }, refundStatus: { $in: [...COUNTED] } },
    select: ["id", "amount"],
  })) as { amount: number }[];
  return payment.amount - refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

/**
 * The place of the next refund of a payment ("<payment id>:<n>"), unique among refunds: whatever the
 * database's isolation, two refunds that counted the same earlier ones cannot both be written, and
 * the second is claimed again against what the first left.
 */
export async function nextClaimOf(strapi: Core.Strapi, paymentId: number): Promise<string> {
  const earlier = await strapi.db.query(CONTENT_TYPES.refund).count({ where: { payment: { id: paymentId } } });
  return `${paymentId}:${earlier + 1}`;
}

/** The key a gateway's refund is known by, unique among refunds: one row per refund whatever tells of it. */
export const gatewayKeyOf = (provider: PaymentProviderId, providerRef: string): string =>
  `${provider}:${providerRef}`.slice(0, 300);
