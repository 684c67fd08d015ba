import type { Core } from "@strapi/strapi";
import type { AccountExport, GiftCardState } from "@shop/contracts";
import { orderNumberOf } from "@shop/domain";
import { giftCardBalance, type GiftCardEntryKind } from "@shop/domain/gift-cards";
import { CONTENT_TYPES } from "../content-types";

/**
 * Gift cards in a customer's data rights (docs/decisions/023): their copy lists the cards kept in
 * their account (balance and every movement) and the cards they bought (by their e-mail, with the
 * recipient they named); never a code, only its last four characters. Deleting the account releases
 * the cards it kept: a card is money, and its code still works for whoever holds it.
 */

const iso = (value: string | Date) => new Date(value).toISOString();

interface CardRow {
  id: number;
  codeTail: string;
  amount: number;
  state: GiftCardState;
  senderName: string | null;
  recipientName: string;
  recipientEmail: string;
  message: string | null;
  sendOn: string | null;
  sentAt: string | Date | null;
  ownedSince: string | Date | null;
  createdAt: string | Date;
}

interface EntryRow {
  kind: GiftCardEntryKind;
  amount: number | string;
  orderId: number | null;
  idempotencyKey: string;
  createdAt: string | Date;
}

async function movementsOf(strapi: Core.Strapi, giftCardId: number) {
  const rows = (await strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
    where: { giftCardId },
    select: ["kind", "amount", "orderId", "idempotencyKey", "createdAt"],
    orderBy: { id: "asc" },
  })) as EntryRow[];
  const entries = rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  return {
    balance: giftCardBalance(entries),
    movements: entries.map((row) => ({
      kind: row.kind,
      amount: row.amount,
      at: iso(row.createdAt),
      order: row.orderId === null ? null : orderNumberOf(row.orderId),
    })),
  };
}

/** The gift cards part of GET /users/me/export. */
export async function exportGiftCards(
  strapi: Core.Strapi,
  user: { id: number; email: string },
): Promise<AccountExport["giftCards"]> {
  const [owned, bought] = (await Promise.all([
    strapi.db.query(CONTENT_TYPES.giftCard).findMany({ where: { ownerId: user.id }, orderBy: { id: "asc" } }),
    strapi.db
      .query(CONTENT_TYPES.giftCard)
      .findMany({ where: { buyerEmail: { $eqi: user.email } }, orderBy: { id: "asc" } }),
  ])) as [CardRow[], CardRow[]];
  const kept = [];
  for (const card of owned) {
    kept.push({
      tail: card.codeTail,
      ...(await movementsOf(strapi, card.id)),
      ownedSince: card.ownedSince ? iso(card.ownedSince) : null,
    });
  }
  return {
    kept,
    bought: bought.map((card) => ({
      tail: card.codeTail,
      amount: Number(card.amount),
      status: card.state,
      senderName: card.senderName ?? null,
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      message: card.message ?? null,
      sendOn: card.sendOn ? String(card.sendOn).slice(0, 10) : null,
      sentAt: card.sentAt ? iso(card.sentAt) : null,
      createdAt: iso(card.createdAt),
    })),
  };
}

/**
 * Deleting the account: the cards it kept leave it (no owner, no "owned since") and are not deleted,
 * so that a code still works, with its balance, for whoever holds it; their ledgers stay as they
 * are (the movements name orders, which are kept pseudonymised). How many cards were released.
 */
export async function releaseAccountGiftCards(strapi: Core.Strapi, userId: number): Promise<number> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.giftCard).updateMany({
    where: { ownerId: userId },
    data: { ownerId: null, ownedSince: null },
  })) as { count: number };
  return count;
}
