import { LOCALES } from "@shop/domain";
import { z } from "zod";
import { paymentStartSchema } from "./order";

// The CSP of the storefront forbids eval: zod must not probe for it (see ./forms).
z.config({ jitless: true });

/**
 * A customer's saved cards (docs/decisions/029): the list, adding one without paying, the default,
 * removal. The storefront's server calls these signed in; the CMS parses every body with them. A
 * card of another customer, or one that does not exist, answers 404; removing a card that a
 * subscription still charges answers 409 with `details.code = "card_in_use"`.
 */

/** pending: at the gateway, not yet confirmed; failed: the gateway refused it; removed: by the customer. */
export const PAYMENT_METHOD_STATUSES = ["pending", "active", "failed", "removed"] as const;

export const CARD_PROVIDERS = ["sandbox", "redsys", "stripe"] as const;

/** Why a card could not be saved, as the storefront explains it. */
export const CARD_FAILURE_REASONS = ["declined", "authentication_failed", "cancelled", "error"] as const;
export type CardFailureReason = (typeof CARD_FAILURE_REASONS)[number];

/** One saved card as its owner sees it: never a gateway's reference, never more than four digits. */
export const customerCardSchema = z.object({
  /** The card's reference at the shop (twelve letters and digits): the id of the calls below. */
  id: z.string(),
  provider: z.enum(CARD_PROVIDERS),
  status: z.enum(PAYMENT_METHOD_STATUSES),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expiryMonth: z.number().int().min(1).max(12).nullable(),
  expiryYear: z.number().int().nullable(),
  isDefault: z.boolean(),
  failureReason: z.enum(CARD_FAILURE_REASONS).nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type CustomerCard = z.output<typeof customerCardSchema>;

/** GET /payment-methods/mine: the active cards, the default first. */
export const customerCardListSchema = z.object({ data: z.array(customerCardSchema) });

/** GET /payment-methods/mine/:id: one card in any state (the outcome pages read it). */
export const customerCardAnswerSchema = z.object({ data: customerCardSchema });

/** POST /payment-methods/mine/setup: which gateway (the shop's own by default). */
/**
 * POST /payment-methods/mine/setup. `locale`: the language of the page the customer adds the card
 * from, which the outcome page (add-payment-completed or -failed) is shown in; the account's
 * preferred language when not given.
 */
export const cardSetupBodySchema = z.strictObject({
  provider: z.enum(CARD_PROVIDERS).optional(),
  locale: z.enum(LOCALES).optional(),
});

/** The answer to a setup: the pending card and where to send the browser. */
export const cardSetupAnswerSchema = z.object({ data: customerCardSchema, payment: paymentStartSchema });
