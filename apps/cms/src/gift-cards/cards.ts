import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import { drawGiftCardCode, giftCardTailOf, normalizeGiftCardCode } from "@shop/domain/gift-cards";
import type { Locale } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { giftCardKeyedHash } from "./code-key";
import { recordMovement, type MovementResult } from "./ledger";
import { sealGiftCardCode } from "./sealed-code";

/**
 * Gift cards (docs/decisions/033): made unpaid when bought, given their balance when the payment
 * is confirmed. The code is shown once, to whoever made the card, and then only its keyed hash and
 * last four characters are kept; a typed code is found by its hash.
 */

/** What a gateway's page, the statement and the receipt call a card (GIFT-000042): never its code. */
export const giftCardLabel = (giftCardId: number) => `GIFT-${String(giftCardId).padStart(6, "0")}`;

/** What a code is stored and looked up as: under GIFT_CARD_CODE_KEY (./code-key.ts), whose rotation voids every code. */
export const codeHashOf = (code: string) => giftCardKeyedHash("shop gift card codes", code);

export interface NewGiftCard {
  amount: number;
  buyerEmail: string;
  senderName: string | null;
  recipientName: string;
  recipientEmail: string;
  recipientLocale: Locale;
  message: string | null;
  design: string | null;
  /** The day the recipient's e-mail goes out (Madrid); null: as soon as it is paid. */
  sendOn: string | null;
  /** A purchase's keyed token hash, by which its buyer's pages find it (./purchase.ts); none for cards staff make. */
  purchaseKey?: string | null;
  /** The buyer's language: their receipt's. */
  buyerLocale?: Locale;
}

/** A new card waiting for its payment, and its code: the only time the code exists outside an e-mail. */
export async function createGiftCard(strapi: Core.Strapi, card: NewGiftCard): Promise<{ id: number; code: string }> {
  if (!Number.isSafeInteger(card.amount) || card.amount <= 0) throw new RangeError(`Not an amount: ${card.amount}`);
  const code = drawGiftCardCode(randomBytes);
  const row = (await strapi.db.query(CONTENT_TYPES.giftCard).create({
    data: {
      ...card,
      codeHash: codeHashOf(code),
      codeTail: giftCardTailOf(code),
      // Kept sealed only until the recipient's e-mail has gone (./sending.ts, docs/decisions/037).
      codeSealed: sealGiftCardCode(code),
      state: "pending_payment",
    },
  })) as { id: number };
  return { id: row.id, code };
}

/**
 * The card's balance once its payment is confirmed: its "issued" movement, keyed by the payment, so
 * that a notification received twice issues it once.
 */
export async function issueGiftCard(
  strapi: Core.Strapi,
  giftCardId: number,
  { paymentKey }: { paymentKey: string },
): Promise<MovementResult> {
  const card = (await strapi.db
    .query(CONTENT_TYPES.giftCard)
    .findOne({ where: { id: giftCardId }, select: ["id", "amount"] })) as { amount: number } | null;
  if (card === null) throw new Error(`No gift card ${giftCardId}`);
  return recordMovement(strapi, giftCardId, {
    kind: "issued",
    amount: Number(card.amount),
    idempotencyKey: `issue:${paymentKey}`,
    actor: "job",
  });
}

/**
 * The usable card a typed code stands for, or null: a mistyped code, an unknown one, an unpaid card
 * and a voided one all look alike to whoever typed it (the balance check answers them the same way).
 */
export async function findGiftCardByCode(
  strapi: Core.Strapi,
  typed: string,
): Promise<{ id: number; codeTail: string; state: string } | null> {
  const code = normalizeGiftCardCode(typed);
  if (code === null) return null;
  return (await strapi.db.query(CONTENT_TYPES.giftCard).findOne({
    where: { codeHash: codeHashOf(code), state: "active" },
    select: ["id", "codeTail", "state"],
  })) as { id: number; codeTail: string; state: string } | null;
}
