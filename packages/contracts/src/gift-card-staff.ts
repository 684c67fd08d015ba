import { GIFT_CARD_ENTRY_KINDS } from "@shop/domain/gift-cards";
import { z } from "zod";

// The CSP of the storefront forbids eval: zod must not probe for it (see ./forms).
z.config({ jitless: true });

/**
 * A gift card's balance checked by its code (no account) and the staff's gift card calls (issue 23,
 * docs/decisions/037): what the storefront sends and what the CMS answers.
 */

/** The balance check's question. A code that cannot be one is answered like an unknown one. */
export const giftCardBalanceBody = z.strictObject({ code: z.string().max(64) });
export type GiftCardBalanceBody = z.output<typeof giftCardBalanceBody>;

/**
 * The answer: a usable card's balance, or "not found" for every failure (unknown, voided, unpaid,
 * mistyped), so that the answer tells nothing more than whether the code can be spent.
 */
export const giftCardBalanceAnswer = z.discriminatedUnion("found", [
  z.strictObject({ found: z.literal(true), balance: z.number().int(), codeTail: z.string() }),
  z.strictObject({ found: z.literal(false) }),
]);
export type GiftCardBalanceAnswer = z.output<typeof giftCardBalanceAnswer>;

/**
 * A card's state (the CMS's `state` attribute: Strapi 5 reserves `status`), which staff read as it is
 * stored, in the shop's page and in the admin panel alike: payment_failed is a purchase whose payment
 * the gateway declined (or that failed), as an order's is (@shop/domain ORDER_STATUSES), final unless
 * the gateway still pays it; expired is a purchase whose payment never came in time (docs/decisions/040).
 * Neither ever holds a balance.
 */
export const GIFT_CARD_STATUSES = ["pending_payment", "payment_failed", "active", "voided", "expired"] as const;
export type GiftCardState = (typeof GIFT_CARD_STATUSES)[number];

/** Staff's search: the last four characters of the code, or a buyer's or recipient's e-mail (or part of one). */
export const GIFT_CARD_SEARCH_MAX = 120;

export const staffGiftCardSchema = z.object({
  id: z.number().int(),
  /** GIFT-000042. */
  label: z.string(),
  codeTail: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  amount: z.number().int(),
  balance: z.number().int(),
  buyerEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientLocale: z.string(),
  senderName: z.string().nullable(),
  sendOn: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The recipient's mail failed too many times and the job stopped trying: staff's resend starts again. */
  mailFailed: z.boolean(),
  createdAt: z.string(),
});
export type StaffGiftCard = z.output<typeof staffGiftCardSchema>;

export const staffGiftCardListSchema = z.object({ cards: z.array(staffGiftCardSchema) });
export type StaffGiftCardList = z.output<typeof staffGiftCardListSchema>;

export const staffGiftCardEntrySchema = z.object({
  kind: z.enum(GIFT_CARD_ENTRY_KINDS),
  amount: z.number().int(),
  reason: z.string().nullable(),
  actor: z.string(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type StaffGiftCardEntry = z.output<typeof staffGiftCardEntrySchema>;

export const staffGiftCardDetailSchema = z.object({
  card: staffGiftCardSchema,
  ledger: z.array(staffGiftCardEntrySchema),
});
export type StaffGiftCardDetail = z.output<typeof staffGiftCardDetailSchema>;

const reasonField = z
  .string({ error: "required" })
  .trim()
  .min(3, { error: "required" })
  .max(500, { error: "tooLong:500" });

/** An idempotency key the page makes once per form: a double submit records one movement. */
const keyField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "invalidKey" });

/** An adjustment in cents, either way, never zero; the reason is kept in the ledger. */
export const staffGiftCardAdjustBody = z.strictObject({
  amount: z
    .number({ error: "required" })
    .int({ error: "notWholeCents" })
    .refine((amount) => amount !== 0, { error: "zero" })
    .refine((amount) => Math.abs(amount) <= 100_000_00, { error: "tooLarge" }),
  reason: reasonField,
  key: keyField,
});
export type StaffGiftCardAdjustBody = z.output<typeof staffGiftCardAdjustBody>;

export const staffGiftCardVoidBody = z.strictObject({ reason: reasonField, key: keyField });
export type StaffGiftCardVoidBody = z.output<typeof staffGiftCardVoidBody>;
