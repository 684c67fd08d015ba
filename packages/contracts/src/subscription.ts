import { FREQUENCIES, LOCALES, MAX_BOXES, MAX_LINE_QUANTITY } from "@shop/domain";
import {
  DELIVERY_STATUSES,
  PAUSE_LENGTHS,
  SUBSCRIPTION_ACTORS,
  SUBSCRIPTION_STATUSES,
} from "@shop/domain/subscriptions";
import { z } from "zod";
import { emailField } from "./account";
import { MAX_EXTRAS, ORDER_AUDIENCES, ORDER_FIELD_MAX } from "./order-limits";
import { deliveryAddressSchema, draftBoxSchema, isoDateSchema } from "./order";

// The CSP of the storefront forbids eval: zod must not probe for it (see ./forms).
z.config({ jitless: true });

/**
 * A customer's subscriptions (docs/decisions/028): the list, one subscription with its history, its
 * coming deliveries, and every change the customer makes from the account area. The storefront's
 * server calls these signed in; the CMS parses every body with them. Another customer's subscription
 * or an unknown id answers 404; a change to a delivery whose cut-off has passed answers 409 with
 * `details.date`, the first delivery the change could still apply to.
 */

/** How the zone's calendar changed a delivery's planned date: moved to another day, or dropped. */
export const DELIVERY_DATE_CHANGES = ["none", "moved", "dropped"] as const;
export type DeliveryDateChange = (typeof DELIVERY_DATE_CHANGES)[number];

export const SUBSCRIPTION_FIELD_MAX = {
  /** Why a customer pauses or cancels. */
  reason: 500,
  /** The note that goes with a box sent to a friend. */
  giftNote: 300,
} as const satisfies Record<string, number>;

/** Why a change is refused, in `details.code` (and the field error's message). */
export const SUBSCRIPTION_ERROR_CODES = [
  /** The delivery's cut-off has passed (409; `details.date` says the first delivery still open). */
  "delivery_locked",
  /** The delivery is not in a state this action changes (restore of a scheduled one, skip of a gifted one). */
  "delivery_unchanged",
  /** The subscription's status does not allow this (pause a cancelled one, restart an active one). */
  "status_not_allowed",
  /** The zone does not deliver on that weekday, or has no such slot. */
  "weekday_not_offered",
  "slot_unknown",
  /** The address (or the friend's) is outside the subscription's delivery zone. */
  "not_covered",
  /** The pause's end is not after the next delivery, or too far away. */
  "invalid_pause",
  /** The food bank is unknown or no longer takes boxes. */
  "food_bank_unknown",
  /** The card is not one of the customer's active saved cards. */
  "card_unknown",
] as const;
export type SubscriptionErrorCode = (typeof SUBSCRIPTION_ERROR_CODES)[number];

const centsField = z.number().int().nonnegative();
const weekdayField = z.number().int().min(1, { error: "invalidChoice" }).max(7, { error: "invalidChoice" });
const instantField = z.string();
const reasonField = z
  .string()
  .trim()
  .max(SUBSCRIPTION_FIELD_MAX.reason, { error: `tooLong:${SUBSCRIPTION_FIELD_MAX.reason}` })
  .default("");

// ---- Answers -------------------------------------------------------------------------------------

/** What every delivery brings: boxes (with what the customer leaves out) and extras, named in the subscription's language. */
export const subscriptionContentsSchema = z.object({
  boxes: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      quantity: z.number().int().positive(),
      exclusions: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  extras: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int().positive() })),
});
export type SubscriptionContents = z.output<typeof subscriptionContentsSchema>;

/**
 * A delivery date, the instant after which it can no longer be changed, and whether no change
 * reaches it any more: past its cut-off, locked, or ordered (the first paid order's delivery is
 * ordered while its cut-off may still be ahead).
 */
export const deliveryWithCutoffSchema = z.object({ date: isoDateSchema, cutoff: instantField, locked: z.boolean() });

/** One subscription in GET /subscriptions/mine. */
export const subscriptionSummarySchema = z.object({
  /** The subscription's documentId: what the account's URLs carry. */
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  frequency: z.enum(FREQUENCIES),
  /** ISO weekday of the deliveries, Monday 1. */
  weekday: weekdayField,
  contents: subscriptionContentsSchema,
  /**
   * What one delivery costs at today's prices (shipping included), in cents; null when one of its
   * products is no longer sold (the customer must change the box).
   */
  pricePerDelivery: centsField.nullable(),
  /** The next delivery that will come (none while paused past the horizon, cancelled or suspended). */
  nextDelivery: deliveryWithCutoffSchema.nullable(),
});
export type SubscriptionSummary = z.output<typeof subscriptionSummarySchema>;

export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSummarySchema) });
export type SubscriptionList = z.output<typeof subscriptionListSchema>;

/** One entry of the history: who changed what, from what to what (values as stored). */
export const subscriptionHistoryEntrySchema = z.object({
  at: instantField,
  actor: z.enum(SUBSCRIPTION_ACTORS),
  /** The field or action: "status", "boxes", "weekday", "delivery:2026-12-09", ... */
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});
export type SubscriptionHistoryEntry = z.output<typeof subscriptionHistoryEntrySchema>;

const slotSchema = z.object({ code: z.string(), start: z.string(), end: z.string() });

/** GET /subscriptions/mine/:id. */
export const subscriptionDetailSchema = subscriptionSummarySchema.extend({
  locale: z.enum(LOCALES),
  audience: z.enum(ORDER_AUDIENCES),
  createdAt: instantField,
  zoneName: z.string(),
  /** The slot as the zone has it now; null when staff removed it (the customer must choose another). */
  slot: slotSchema.nullable(),
  /** The slots the customer may move to, and the zone's delivery weekdays. */
  slotChoices: z.array(slotSchema),
  weekdayChoices: z.array(weekdayField),
  address: deliveryAddressSchema,
  notes: z.string(),
  /** The saved card the renewals charge, if one is chosen. */
  card: z.object({ id: z.string(), brand: z.string(), last4: z.string(), expiry: z.string() }).nullable(),
  pausedUntil: isoDateSchema.nullable(),
  pauseReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The day a cancellation takes effect: no delivery after it. */
  cancelsOn: isoDateSchema.nullable(),
  /** When cancelled: the last box that still comes (a locked or ordered one), or null if none. */
  lastDelivery: isoDateSchema.nullable(),
  /** Every change, newest first. */
  history: z.array(subscriptionHistoryEntrySchema),
  /**
   * Cancelled or suspended: the delivery a restart now would start with (its order is paid on the
   * pay page first, decision 027); null otherwise, or when none can be planned (the zone closed).
   */
  restartFrom: isoDateSchema.nullable().default(null),
  /** Pending: the number of the order whose payment starts it (the first order, or a restart's), while payable. */
  orderToPay: z.string().nullable().default(null),
});
export type SubscriptionDetail = z.output<typeof subscriptionDetailSchema>;

/** One coming delivery in GET /subscriptions/mine/:id/deliveries. */
export const subscriptionDeliverySchema = z.object({
  date: isoDateSchema,
  /** The date the frequency gave; differs from `date` when the calendar moved it (change "moved"). */
  plannedDate: isoDateSchema,
  change: z.enum(DELIVERY_DATE_CHANGES),
  status: z.enum(DELIVERY_STATUSES),
  cutoff: instantField,
  /** Past its cut-off: skip, restore, gift, donate and changes of the subscription no longer reach it. */
  locked: z.boolean(),
  contents: subscriptionContentsSchema,
  /** What this delivery is charged, in cents: 0 when skipped, null when its price cannot be told. */
  price: centsField.nullable(),
  /** Its order, once made. */
  orderNumber: z.string().nullable(),
  /** Sent to a friend: their name. */
  giftTo: z.string().nullable(),
  /** Donated: the food bank's name. */
  foodBank: z.string().nullable(),
});
export type SubscriptionDelivery = z.output<typeof subscriptionDeliverySchema>;

/** The next deliveries, soonest first; a dropped date is listed (status skipped, change "dropped") so the customer is told. */
export const subscriptionDeliveriesSchema = z.object({ deliveries: z.array(subscriptionDeliverySchema) });
export type SubscriptionDeliveries = z.output<typeof subscriptionDeliveriesSchema>;

/**
 * The answer to every change: the subscription as it is now, and the first delivery the change
 * applies to (null when none comes, e.g. cancelled with nothing left to deliver).
 */
export const subscriptionChangeAnswerSchema = z.object({
  subscription: subscriptionDetailSchema,
  appliesFrom: isoDateSchema.nullable(),
});
export type SubscriptionChangeAnswer = z.output<typeof subscriptionChangeAnswerSchema>;

/**
 * The answer to POST /subscriptions/mine/:id/restart: the subscription (pending), the delivery it
 * starts with (`appliesFrom`) and that delivery's order, which the customer pays on its pay page.
 */
export const subscriptionRestartAnswerSchema = subscriptionChangeAnswerSchema.extend({ orderNumber: z.string() });

/** The answer to skip, restore, gift and donate: that delivery as it is now (the change applies to it alone). */
export const deliveryChangeAnswerSchema = z.object({ delivery: subscriptionDeliverySchema });
export type DeliveryChangeAnswer = z.output<typeof deliveryChangeAnswerSchema>;

/** GET /food-banks: those that take boxes now. */
export const foodBankListSchema = z.object({
  foodBanks: z.array(z.object({ id: z.string(), name: z.string(), city: z.string() })),
});
export type FoodBankList = z.output<typeof foodBankListSchema>;

// ---- Bodies --------------------------------------------------------------------------------------

/** POST .../deliveries/:date/gift: the friend's address (its fullName and phone are theirs, the phone required), e-mail and a note. */
export const giftDeliveryBody = z.strictObject({
  address: deliveryAddressSchema.refine((address) => (address.phone ?? "") !== "", {
    error: "required",
    path: ["phone"],
  }),
  email: emailField,
  note: z
    .string()
    .trim()
    .max(SUBSCRIPTION_FIELD_MAX.giftNote, { error: `tooLong:${SUBSCRIPTION_FIELD_MAX.giftNote}` })
    .default(""),
});
export type GiftDeliveryBody = z.output<typeof giftDeliveryBody>;

/** POST .../deliveries/:date/donate. */
export const donateDeliveryBody = z.strictObject({ foodBankId: z.string().trim().min(1).max(64) });
export type DonateDeliveryBody = z.output<typeof donateDeliveryBody>;

/** POST /subscriptions/mine/:id/pause: one of the options, or until a date (the first delivery after it comes again). */
export const pauseSubscriptionBody = z
  .strictObject({
    option: z.enum(PAUSE_LENGTHS, { error: "invalidChoice" }).optional(),
    until: isoDateSchema.optional(),
    reason: reasonField,
  })
  .refine((body) => (body.option === undefined) !== (body.until === undefined), {
    error: "required",
    path: ["option"],
  });
export type PauseSubscriptionBody = z.output<typeof pauseSubscriptionBody>;

/** POST /subscriptions/mine/:id/cancel. */
export const cancelSubscriptionBody = z.strictObject({ reason: reasonField });
export type CancelSubscriptionBody = z.output<typeof cancelSubscriptionBody>;

/** POST .../skip, .../restore, /resume: nothing to say. */
export const emptySubscriptionBody = z.strictObject({});

/**
 * POST /subscriptions/mine/:id/restart: the delivery the page said it starts with (restartFrom);
 * 409 delivery_locked with the new one's date when that is no longer it.
 */
export const restartSubscriptionBody = z.strictObject({ restartFrom: isoDateSchema.optional() });
export type RestartSubscriptionBody = z.output<typeof restartSubscriptionBody>;

/** PATCH /subscriptions/mine/:id: any of these, at least one. Applies from the first delivery still open. */
export const updateSubscriptionBody = z
  .strictObject({
    boxes: z
      .array(draftBoxSchema)
      .min(1, { error: "required" })
      .max(MAX_BOXES, { error: `tooMany:${MAX_BOXES}` })
      .optional(),
    extras: z
      .array(
        z.strictObject({
          productId: z.number().int().positive(),
          quantity: z
            .number()
            .int()
            .min(1)
            .max(MAX_LINE_QUANTITY, { error: `tooMany:${MAX_LINE_QUANTITY}` }),
        }),
      )
      .max(MAX_EXTRAS, { error: `tooMany:${MAX_EXTRAS}` })
      .optional(),
    frequency: z.enum(FREQUENCIES, { error: "invalidChoice" }).optional(),
    weekday: weekdayField.optional(),
    slot: z.string().trim().min(1).max(ORDER_FIELD_MAX.slotCode).optional(),
    address: deliveryAddressSchema.optional(),
    /** One of the customer's active saved cards (its id in GET /payment-methods/mine): what renewals charge. */
    paymentMethodId: z.string().trim().min(1).max(40).optional(),
    /**
     * The first delivery the customer was told the change reaches (the quote's `appliesFrom`): when
     * that delivery has been locked since, the change is refused (409 delivery_locked with the
     * delivery it would reach now) instead of reaching a later one unasked.
     */
    appliesFrom: isoDateSchema.optional(),
  })
  .refine(({ appliesFrom: _told, ...change }) => Object.values(change).some((value) => value !== undefined), {
    error: "required",
  });
export type UpdateSubscriptionBody = z.output<typeof updateSubscriptionBody>;

/**
 * POST /subscriptions/mine/:id/quote, with a PATCH's body: what the change would mean, nothing
 * changed. The first delivery it would reach and the price of one delivery after it (null when one
 * of its products cannot be priced); refused as the PATCH would be (400 with the field, 409 status).
 */
export const subscriptionQuoteSchema = z.object({
  appliesFrom: isoDateSchema.nullable(),
  pricePerDelivery: centsField.nullable(),
});
export type SubscriptionQuote = z.output<typeof subscriptionQuoteSchema>;
