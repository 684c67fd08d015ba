import { GIFT_CARD_AMOUNT_REFUSALS, GIFT_CARD_DESIGNS, GIFT_CARD_SEND_ON_REFUSALS } from "@shop/domain/gift-cards";
import { isIsoDate, LOCALES } from "@shop/domain";
import { z } from "zod";
import { emailField } from "./account";
import { paymentStartSchema } from "./order";

// The CSP of the storefront forbids eval: zod must not probe for it (see ./forms).
z.config({ jitless: true });

/**
 * Buying a gift card (issue 23, docs/decisions/033 and 036): what the storefront's create screen
 * sends, the offer it shows, and the purchase as the buyer sees it after paying. The CMS parses every
 * body with these and answers a refusal with the field's path and a code (the codes below, or
 * the common "required", "invalidEmail", "tooLong:N", "invalidChoice", "invalidDate").
 */

export const GIFT_CARD_FIELD_MAX = { name: 80, message: 500 } as const;

/** The codes of a refused amount or sending day, besides the common ones. */
export const GIFT_CARD_FIELD_CODES = [...GIFT_CARD_AMOUNT_REFUSALS, ...GIFT_CARD_SEND_ON_REFUSALS] as const;

const tooLong = (max: number) => ({ error: `tooLong:${max}` });

const requiredText = (max: number) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(max, tooLong(max));

/** Optional free text: empty is null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => (value === undefined || value === null || value === "" ? null : value));

const localeField = z.enum(LOCALES, { error: "invalidChoice" });

/** POST /gift-cards/purchases: a card to make and pay. The amount is a choice the CMS checks against its own offer. */
export const giftCardPurchaseBody = z.strictObject({
  /** Cents: one of the offered amounts, or whole euros within the limits. */
  amount: z.number({ error: "required" }).int({ error: "not_whole_euros" }).positive({ error: "below_minimum" }),
  design: z.enum(GIFT_CARD_DESIGNS, { error: "invalidChoice" }),
  recipientName: requiredText(GIFT_CARD_FIELD_MAX.name),
  recipientEmail: emailField,
  recipientLocale: localeField,
  message: optionalText(GIFT_CARD_FIELD_MAX.message),
  senderName: requiredText(GIFT_CARD_FIELD_MAX.name),
  buyerEmail: emailField,
  /** The day the recipient's e-mail goes out (Madrid); null: as soon as it is paid. */
  sendOn: z.string().refine(isIsoDate, { error: "invalidDate" }).nullable(),
  /** The buyer's language: their receipt, the gateway's page and the pages they come back to. */
  locale: localeField,
});
export type GiftCardPurchaseBody = z.output<typeof giftCardPurchaseBody>;

const centsField = z.number().int().nonnegative();

/** GET /gift-cards/offer: the amounts offered (the boxes' prices, with VAT) and the custom amount's limits. */
export const giftCardOfferSchema = z.object({
  amounts: z.array(centsField),
  limits: z.object({ minimum: centsField, maximum: centsField }),
  designs: z.array(z.enum(GIFT_CARD_DESIGNS)),
});
export type GiftCardOffer = z.output<typeof giftCardOfferSchema>;

/** The answer to a purchase: its token (the storefront keeps it in an httpOnly cookie) and where to pay. */
export const giftCardPurchaseStartSchema = z.object({
  token: z.string().min(1),
  payment: paymentStartSchema,
});

/**
 * GET /gift-cards/purchases/current (the token in a header): the purchase as its buyer typed it, and
 * what became of it. `state`: paid (the card is issued), voided (issued, then cancelled by staff), failed (the last payment was refused or
 * abandoned), pending (the gateway has not said yet), expired (the bank approved it after the purchase
 * had been given up: no card, the money is refunded; docs/decisions/040).
 */
export const giftCardPurchaseSchema = z.object({
  state: z.enum(["pending", "paid", "voided", "failed", "expired"]),
  amount: centsField,
  design: z.enum(GIFT_CARD_DESIGNS),
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientLocale: localeField,
  message: z.string().nullable(),
  senderName: z.string().nullable(),
  buyerEmail: z.string(),
  sendOn: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type GiftCardPurchase = z.output<typeof giftCardPurchaseSchema>;

/** The header the purchase's token travels in (never a URL, which gateways and logs keep). */
export const GIFT_CARD_PURCHASE_HEADER = "x-gift-card-purchase";
