import type { Core } from "@strapi/strapi";
import type { GiftCardState, StaffGiftCard, StaffGiftCardDetail, StaffGiftCardEntry } from "@shop/contracts";
import { giftCardBalance, type GiftCardEntryKind } from "@shop/domain/gift-cards";
import { CONTENT_TYPES } from "../content-types";
import { ledgerOf, recordMovement, type MovementResult } from "./ledger";
import { GIFT_CARD_MAIL_TRIES, sendGiftCardMail, type GiftCardSendOutcome } from "./sending";

/**
 * Staff's gift card tools (issue 23, docs/decisions/037): the storefront's /admin/gift-cards for a
 * user with the Staff role, and the same calls for the admin panel. Search, a card with its ledger,
 * resend the recipient's mail, adjust with a reason, void. Movements go through the ledger's one
 * `recordMovement`, keyed by the form's key, so a double submit records one.
 */

/** The users-permissions role the admin panel grants to shop staff (Settings > Users & Permissions > Roles). */
export const STAFF_ROLE = {
  type: "staff",
  name: "Staff",
  description: "Shop staff: the storefront's staff pages (gift cards).",
} as const;

/** Whether the signed-in user holds the Staff role: every staff call answers 404 to anyone else. */
export async function isStaffUser(strapi: Core.Strapi, userId: number): Promise<boolean> {
  const user = (await strapi.db.query(CONTENT_TYPES.user).findOne({
    where: { id: userId },
    select: ["id"],
    populate: { role: { select: ["type"] } },
  })) as { role: { type: string } | null } | null;
  return user?.role?.type === STAFF_ROLE.type;
}

/** The Staff role, made once if it is missing (run at boot). */
export async function ensureStaffRole(strapi: Core.Strapi): Promise<void> {
  const roles = strapi.db.query(CONTENT_TYPES.userRole);
  if (await roles.findOne({ where: { type: STAFF_ROLE.type }, select: ["id"] })) return;
  await roles.create({ data: { ...STAFF_ROLE } });
}

const CARD_FIELDS = [
  "id",
  "codeTail",
  "state",
  "amount",
  "buyerEmail",
  "recipientName",
  "recipientEmail",
  "recipientLocale",
  "senderName",
  "sendOn",
  "sentAt",
  "sendFailures",
  "createdAt",
] as const;

type CardRow = Omit<StaffGiftCard, "label" | "balance" | "sentAt" | "createdAt" | "mailFailed" | "status"> & {
  state: GiftCardState;
  sentAt: string | Date | null;
  sendFailures: number | null;
  createdAt: string | Date;
};

const iso = (value: string | Date) => new Date(value).toISOString();
const label = (id: number) => `GIFT-${String(id).padStart(6, "0")}`;

/** Cards shown per search: a tail is shared by about 1 card in 923,521, an e-mail by a few. */
const SEARCH_LIMIT = 50;

async function balancesOf(strapi: Core.Strapi, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
    where: { giftCardId: { $in: [...ids] } },
    select: ["giftCardId", "amount"],
  })) as { giftCardId: number; amount: number }[];
  const balances = new Map<number, number>();
  for (const row of rows)
    balances.set(Number(row.giftCardId), (balances.get(Number(row.giftCardId)) ?? 0) + Number(row.amount));
  return balances;
}

function staffCard({ sendFailures, state, ...row }: CardRow, balance: number): StaffGiftCard {
  return {
    ...row,
    // The API keeps the name `status`; only the CMS's attribute is `state` (Strapi 5 reserves `status`).
    status: state,
    mailFailed: row.sentAt === null && Number(sendFailures ?? 0) >= GIFT_CARD_MAIL_TRIES,
    amount: Number(row.amount),
    label: label(row.id),
    balance,
    senderName: row.senderName ?? null,
    sendOn: row.sendOn ?? null,
    sentAt: row.sentAt === null ? null : iso(row.sentAt),
    createdAt: iso(row.createdAt),
  };
}

/**
 * Cards by the last four characters of their code (exactly, as printed: case and an ambiguous
 * letter aside) or by a buyer's or recipient's e-mail (a part of one is enough), newest first.
 */
export async function searchGiftCards(strapi: Core.Strapi, query: string): Promise<StaffGiftCard[]> {
  const q = query.trim();
  if (q.length < 3) return [];
  const where = /^[0-9A-Za-z]{4}$/.test(q)
    ? { $or: [{ codeTail: q.toUpperCase() }, { buyerEmail: { $containsi: q } }, { recipientEmail: { $containsi: q } }] }
    : { $or: [{ buyerEmail: { $containsi: q } }, { recipientEmail: { $containsi: q } }] };
  const rows = (await strapi.db.query(CONTENT_TYPES.giftCard).findMany({
    where,
    select: [...CARD_FIELDS],
    orderBy: { id: "desc" },
    limit: SEARCH_LIMIT,
  })) as CardRow[];
  const ids = rows.map((row) => row.id);
  const balances = await balancesOf(strapi, ids);
  return rows.map((row) => staffCard(row, balances.get(row.id) ?? 0));
}

/** One card with its ledger, oldest movement first; null when there is none with that id. */
export async function giftCardForStaff(strapi: Core.Strapi, giftCardId: number): Promise<StaffGiftCardDetail | null> {
  const row = (await strapi.db
    .query(CONTENT_TYPES.giftCard)
    .findOne({ where: { id: giftCardId }, select: [...CARD_FIELDS] })) as CardRow | null;
  if (row === null) return null;
  const entries = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
    where: { giftCardId },
    select: ["kind", "amount", "reason", "actor", "orderId", "createdAt"],
    orderBy: { id: "asc" },
  })) as (Omit<StaffGiftCardEntry, "createdAt"> & { createdAt: string | Date })[];
  const ledger = entries.map((entry) => ({
    kind: entry.kind as GiftCardEntryKind,
    amount: Number(entry.amount),
    reason: entry.reason ?? null,
    actor: entry.actor,
    orderId: entry.orderId === null || entry.orderId === undefined ? null : Number(entry.orderId),
    createdAt: iso(entry.createdAt),
  }));
  return { card: staffCard(row, giftCardBalance(ledger)), ledger };
}

/** Who did it, kept with the reason: the ledger's actor says only "staff". */
const signed = (reason: string, staffEmail: string) => `${reason} (${staffEmail})`.slice(0, 500);

export async function adjustGiftCard(
  strapi: Core.Strapi,
  giftCardId: number,
  { amount, reason, key, staffEmail }: { amount: number; reason: string; key: string; staffEmail: string },
): Promise<MovementResult> {
  return recordMovement(strapi, giftCardId, {
    kind: "adjusted",
    amount,
    reason: signed(reason, staffEmail),
    idempotencyKey: `staff:adjust:${key}`,
    actor: "staff",
  });
}

/** Voids the card: a movement of exactly its balance (the rules refuse any other), then nothing more. */
export async function voidGiftCard(
  strapi: Core.Strapi,
  giftCardId: number,
  { reason, key, staffEmail }: { reason: string; key: string; staffEmail: string },
): Promise<MovementResult> {
  const entries = await ledgerOf(strapi, giftCardId);
  const idempotencyKey = `staff:void:${key}`;
  // A repeated void (a double submit) repeats the amount it recorded, the balance then being 0.
  const before = entries.find((entry) => entry.idempotencyKey === idempotencyKey);
  return recordMovement(strapi, giftCardId, {
    kind: "voided",
    amount: before?.amount ?? -giftCardBalance(entries),
    reason: signed(reason, staffEmail),
    idempotencyKey,
    actor: "staff",
  });
}

/** The recipient's mail again, now (with a new code once the first mail has gone: ./sending.ts). */
export function resendGiftCard(strapi: Core.Strapi, giftCardId: number, now: Date): Promise<GiftCardSendOutcome> {
  return sendGiftCardMail(strapi, giftCardId, { now, resend: true });
}
