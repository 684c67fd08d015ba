import { z } from "zod";
import { addressSchema } from "./account";
import { ORDER_LIST_MAX_LIMIT } from "./order-limits";
import { accountGiftCardsSchema, orderSummarySchema } from "./order";
import { customerCardSchema } from "./payment-method";
import { subscriptionDeliverySchema, subscriptionDetailSchema, subscriptionSummarySchema } from "./subscription";

/**
 * GET /users/me/overview (docs/decisions/024): what one account page shows of the customer's own
 * data, in one call. A signed-in page view then costs the CMS one round trip and one session check
 * however many of the customer's lists it shows (the account home: orders and subscriptions; the
 * profile: address book, cards and gift cards; a subscription's page: it, its deliveries, and the book
 * or the cards when their change form is open).
 * Each part is answered only when asked for; a subscription that is not the caller's answers 404.
 * A part the CMS failed to read is null, the others answered all the same (the page shows them and
 * says that one could not be read).
 */

/** The lists a page may ask for by name in `include`, comma-separated. */
export const OVERVIEW_LISTS = ["subscriptions", "addresses", "cards", "giftCards"] as const;
export type OverviewList = (typeof OVERVIEW_LISTS)[number];

export const accountOverviewQuery = z.object({
  include: z
    .string()
    .max(100)
    .optional()
    .transform((text) => (text ? text.split(",") : []))
    .pipe(z.array(z.enum(OVERVIEW_LISTS))),
  /** The newest orders, this many. */
  orders: z.coerce.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).optional(),
  /** One subscription (its documentId) with its coming deliveries. */
  subscription: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/)
    .optional(),
});
export type AccountOverviewQuery = z.output<typeof accountOverviewQuery>;

export const accountOverviewSchema = z.object({
  orders: z.array(orderSummarySchema).nullable().optional(),
  subscriptions: z.array(subscriptionSummarySchema).nullable().optional(),
  subscription: z
    .object({ detail: subscriptionDetailSchema, deliveries: z.array(subscriptionDeliverySchema) })
    .nullable()
    .optional(),
  addresses: z.array(addressSchema).nullable().optional(),
  /** The active cards, the default first. */
  cards: z.array(customerCardSchema).nullable().optional(),
  /** The gift cards kept in the account, as GET /gift-cards/mine answers them. */
  giftCards: accountGiftCardsSchema.nullable().optional(),
});
export type AccountOverview = z.output<typeof accountOverviewSchema>;
