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

/** Letters and digits nobody confuses when reading a code aloud or typing it: no 0/O, 1/I/L. */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;

export const referralCodeSchema = z
  .string()
  .regex(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`), { error: "invalidCode" });

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

/** What the shop will add to the copy once it keeps it (orders come with ordering and payments). */
export const EXPORT_NOT_YET_KEPT = ["orders"] as const;

/**
 * GET /users/me/export: every piece of the customer's data, as a JSON file
 * (`Content-Disposition: attachment; filename="imperfecta-<date>.json"`).
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: accountSchema,
  referralCode: referralCodeSchema,
  addresses: z.array(addressSchema),
  newsletter: newsletterAnswerSchema,
  sessions: z.array(accountSessionSchema),
  notYetKept: z.array(z.enum(EXPORT_NOT_YET_KEPT)),
  /** In the customer's language: what is not in the file yet, and why. */
  note: z.string(),
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
 * What the law makes the shop keep after deleting an account, each a code:
 * - `consentLog`: the newsletter consent history, detached from the account (the e-mail address
 *   replaced by a keyed hash), as proof that mails were sent with consent (GDPR art. 7(1)).
 */
export const DELETION_KEPT = ["consentLog"] as const;
export type DeletionKept = (typeof DELETION_KEPT)[number];

export const deleteAccountAnswerSchema = z.object({
  deleted: z.literal(true),
  kept: z.array(z.enum(DELETION_KEPT)),
});
export type DeleteAccountAnswer = z.output<typeof deleteAccountAnswerSchema>;
