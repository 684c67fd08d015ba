import { FREQUENCIES, LOCALES, UNAMBIGUOUS_CODE_ALPHABET } from "@shop/domain";
import { z } from "zod";
import {
  accountSchema,
  addressSchema,
  changePasswordBody,
  emailConfirmationBody,
  emailField,
  newsletterAnswerSchema,
  newsletterBody,
} from "./account";
import { GIFT_CARD_STATUSES } from "./gift-card-staff";
import { orderSchema } from "./order";
import { ORDER_AUDIENCES } from "./order-limits";
import { SUBSCRIPTION_STATUSES } from "@shop/domain/subscriptions";
import { REFERRAL_REJECTIONS, REFERRAL_REWARD_KINDS, REFERRAL_STATUSES } from "@shop/domain/referrals";
import { GIFT_CARD_ENTRY_KINDS } from "@shop/domain/gift-cards";

/**
 * The newsletter for visitors and customers (double opt-in), and what a customer can do with their
 * own data: take a copy, delete the account, read their referral code (docs/decisions/013). Bodies
 * are strict, like every account call's (account.ts), and reuse its fields.
 */

// ---- Newsletter, for visitors too ----------------------------------------------------------------

/** An e-mailed link's token: the same field as the account links'. */
const tokenField = emailConfirmationBody.shape.confirmation;

/**
 * POST /newsletter/subscribe: a visitor's request from the footer. Answered `{ ok: true }` whatever
 * the address (okAnswerSchema); the subscription starts when the e-mailed link is opened.
 */
export const newsletterSubscribeBody = z.strictObject({
  email: emailField,
  locale: newsletterBody.shape.locale,
  // Consent is only consent to something: the words shown beside the field are kept with it.
  wording: newsletterBody.shape.wording.pipe(z.string({ error: "required" })),
  source: z.literal("footer", { error: "invalidChoice" }).default("footer"),
});
export type NewsletterSubscribeBody = z.output<typeof newsletterSubscribeBody>;

/**
 * POST /newsletter/confirm (the token of the confirmation link) and POST /newsletter/unsubscribe
 * (the token of the unsubscribe link every newsletter mail carries).
 */
export const newsletterTokenBody = z.strictObject({ token: tokenField });
export type NewsletterTokenBody = z.output<typeof newsletterTokenBody>;

/** POST /newsletter/confirm: confirmed; the address, so that the page can say which one. */
export const newsletterConfirmAnswerSchema = z.object({ status: z.literal("subscribed"), email: z.string() });
export type NewsletterConfirmAnswer = z.output<typeof newsletterConfirmAnswerSchema>;

/** POST /newsletter/unsubscribe: the same answer the second time. */
export const newsletterUnsubscribeAnswerSchema = z.object({ status: z.literal("unsubscribed") });
export type NewsletterUnsubscribeAnswer = z.output<typeof newsletterUnsubscribeAnswerSchema>;

// ---- Referral code -------------------------------------------------------------------------------

/** Eight characters nobody misreads: 31^8 codes (about 40 bits), plenty for a code shared openly. */
export const REFERRAL_CODE_LENGTH = 8;

export const referralCodeSchema = z
  .string()
  .regex(new RegExp(`^[${UNAMBIGUOUS_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`), { error: "invalidCode" });

/** GET /users/me/referral. */
export const referralAnswerSchema = z.object({ code: referralCodeSchema });
export type ReferralAnswer = z.output<typeof referralAnswerSchema>;

// ---- A copy of the customer's data ---------------------------------------------------------------

/** How a session was opened. */
export const SIGN_IN_METHODS = ["password", "register", "reset", "change", "code", "social"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A signed-in device, without its secret. */
export const accountSessionSchema = z.object({
  createdAt: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  userAgent: z.string().nullable(),
  expiresAt: z.string(),
  /** The session that asked for the copy. */
  current: z.boolean(),
});

/**
 * One attempt to pay an order, as the customer's copy shows it: never a card's number, token or
 * saved reference (the gateway holds the card; the shop keeps only its reference, and not in here).
 */
export const exportedPaymentSchema = z.object({
  reference: z.string(),
  provider: z.string(),
  status: z.enum(["pending", "paid", "failed", "voided"]),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  /** Whether the customer asked the gateway to keep the card for the subscription's next deliveries. */
  cardSaved: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

/** An order with its lines, totals, delivery, invoice, history and every attempt to pay it. */
export const exportedOrderSchema = orderSchema.extend({ payments: z.array(exportedPaymentSchema) });

/** A regular delivery: what every delivery repeats, where it goes, and the next date. */
export const exportedSubscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  frequency: z.enum(FREQUENCIES),
  locale: z.enum(LOCALES),
  audience: z.enum(ORDER_AUDIENCES),
  boxes: z.unknown(),
  extras: z.unknown(),
  slotCode: z.string(),
  deliveryAddress: z.unknown(),
  notes: z.string().nullable(),
  invoice: z.unknown().nullable(),
  nextDeliveryDate: z.string(),
  /** The order that began it. */
  firstOrder: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * GET /users/me/export: every piece of the customer's data, as a JSON file
 * (`Content-Disposition: attachment; filename="imperfecta-<date>.json"`): the account, addresses,
 * orders (lines and payments), subscriptions, the newsletter's consent history, the sessions, the
 * sign-ins of other companies (Apple, Google, Microsoft, Facebook) linked to the account, the
 * referrals and rewards, and the gift cards kept in the account or bought.
 */
/** A sign-in through another company linked to the account: the provider and its id of the person. */
export const linkedSignInSchema = z.object({
  provider: z.enum(["apple", "google", "microsoft", "facebook"]),
  subject: z.string(),
});

/** A friend the customer brought, as their referrals page shows them (GET /referrals/mine and the export). */
export const referredFriendSchema = z.object({
  /** Masked: a first name and an initial, never the friend's e-mail or surname. */
  name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  reason: z.enum(REFERRAL_REJECTIONS).nullable(),
  /** When the friend placed their first order (ISO instant). */
  since: z.string(),
});

/** A reward the customer earned for a friend (GET /referrals/mine and the export). */
export const referralRewardSchema = z.object({
  kind: z.enum(REFERRAL_REWARD_KINDS),
  /** Basis points for a percentage, cents for an amount. */
  value: z.number().int().nonnegative(),
  earnedAt: z.string(),
  /** Null while it waits for the next order or renewal. */
  usedAt: z.string().nullable(),
  /** Cents it took off the order it was used on; null while it waits. */
  saved: z.number().int().nonnegative().nullable(),
});

/** The customer's refer-a-friend: the friends they brought (masked as on their page) and their rewards. */
export const exportedReferralsSchema = z.object({
  friends: z.array(referredFriendSchema),
  rewards: z.array(referralRewardSchema),
  /** The code of someone else the customer's first order used, and what it took off; null if none. */
  invitedWith: z.object({ code: z.string(), discount: z.number().int().nonnegative() }).nullable(),
});

/** A gift card movement as the customer's copy shows it: never its key or a staff note. */
export const exportedGiftCardMovementSchema = z.object({
  kind: z.enum(GIFT_CARD_ENTRY_KINDS),
  /** Cents: positive adds to the balance, negative takes from it. */
  amount: z.number().int(),
  at: z.string(),
  /** The order it paid or gave back, by number; null for the others. */
  order: z.string().nullable(),
});

/**
 * Gift cards: those kept in the account (for its renewals), with their balance and every movement,
 * and those the customer bought (by their e-mail), with the recipient they named. Never a code:
 * only its last four characters.
 */
export const exportedGiftCardsSchema = z.object({
  kept: z.array(
    z.object({
      tail: z.string(),
      balance: z.number().int(),
      ownedSince: z.string().nullable(),
      movements: z.array(exportedGiftCardMovementSchema),
    }),
  ),
  bought: z.array(
    z.object({
      tail: z.string(),
      amount: z.number().int(),
      status: z.enum(GIFT_CARD_STATUSES),
      senderName: z.string().nullable(),
      recipientName: z.string(),
      recipientEmail: z.string(),
      message: z.string().nullable(),
      sendOn: z.string().nullable(),
      sentAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: accountSchema,
  referralCode: referralCodeSchema,
  addresses: z.array(addressSchema),
  orders: z.array(exportedOrderSchema),
  subscriptions: z.array(exportedSubscriptionSchema),
  newsletter: newsletterAnswerSchema,
  sessions: z.array(accountSessionSchema),
  linkedSignIns: z.array(linkedSignInSchema),
  referrals: exportedReferralsSchema,
  giftCards: exportedGiftCardsSchema,
});
export type AccountExport = z.output<typeof accountExportSchema>;

// ---- Deleting the account ------------------------------------------------------------------------

/**
 * DELETE /users/me. `currentPassword` is required (and checked) when the account has a password;
 * an account without one (Sign in with Apple) only confirms.
 */
export const deleteAccountBody = z.strictObject({
  currentPassword: changePasswordBody.shape.currentPassword.optional(),
  confirm: z.literal(true, { error: "required" }),
});
export type DeleteAccountBody = z.output<typeof deleteAccountBody>;

/**
 * What the law makes the shop keep after deleting an account, each a code (docs/decisions/023):
 * - `orders`: the orders and their invoice data, as accounting and tax records (six years, Código
 *   de Comercio art. 30), pseudonymised: no account, e-mail, phone, marketing consent, delivery
 *   street or notes; an order still on its way keeps its delivery address until it is delivered.
 * - `consentLog`: the newsletter consent history, detached from the account (the e-mail address
 *   replaced by a keyed hash), as proof that mails were sent with consent (GDPR art. 7(1)).
 */
export const DELETION_KEPT = ["orders", "consentLog"] as const;
export type DeletionKept = (typeof DELETION_KEPT)[number];

/** An order still to be delivered after the deletion (paid before it): its number and date. */
export const deletionDeliverySchema = z.object({ number: z.string(), date: z.string() });

/**
 * What deleting the account stopped: subscriptions cancelled (no further deliveries), unpaid orders
 * cancelled (by number), and the paid orders that will still be delivered.
 */
export const deletionStoppedSchema = z.object({
  subscriptions: z.number().int().min(0),
  unpaidOrders: z.array(z.string()),
  stillDelivered: z.array(deletionDeliverySchema),
  /**
   * Gift cards that were kept in the account: they left it and were not deleted (their codes still
   * work, with their balance, for whoever holds them; docs/decisions/023).
   */
  giftCardsReleased: z.number().int().min(0),
});
export type DeletionStopped = z.output<typeof deletionStoppedSchema>;

export const deleteAccountAnswerSchema = z.object({
  deleted: z.literal(true),
  kept: z.array(z.enum(DELETION_KEPT)),
  stopped: deletionStoppedSchema,
});
export type DeleteAccountAnswer = z.output<typeof deleteAccountAnswerSchema>;
