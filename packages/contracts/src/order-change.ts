import { MAX_LINE_QUANTITY } from "@shop/domain";
import { z } from "zod";
import { deliveryAddressSchema, isoDateSchema, orderSchema } from "./order";
import { ORDER_FIELD_MAX } from "./order-limits";

/**
 * A customer changing their own one-off order before its delivery's cut-off (docs/decisions/049):
 * another day and slot of its zone, the delivery address and notes, lower quantities. What may be
 * changed (GET /orders/mine/:number/change), what a change would do (POST …/change/quote) and the
 * change itself (POST …/change), which carries the quote's `basis` and figures back: an order that
 * changed meanwhile is a 409, never a surprise.
 */

/** Why a change is refused, in `details.code` (besides the ordering's date_not_offered, slot_unknown, slot_full, past_cutoff). */
export const ORDER_CHANGE_ERROR_CODES = [
  /** Not a one-off order, or in a status a customer cannot change (prepared, shipped, cancelled…). */
  "not_changeable",
  /** A line asked more than the order has: more needs a new payment, so a new order. */
  "quantity_raised",
  /** Every line would be gone: that is a cancellation. */
  "use_cancel",
  /** The new postcode is of another zone (another delivery price): cancel and order again. */
  "postcode_other_zone",
  /** Lowering the lines would cost more than was paid (a coupon or free delivery lost). */
  "costs_more",
  /** Paid partly with gift cards: what comes back is not for a gateway alone; cancel and order again. */
  "paid_with_gift_card",
  /** The change asks for nothing. */
  "nothing_changed",
  /** The order, or its price, changed since the quote: look again. */
  "order_changed",
  /** An unpaid order's payment is under way for its old amount: finish or cancel it first. */
  "payment_pending",
] as const;
export type OrderChangeErrorCode = (typeof ORDER_CHANGE_ERROR_CODES)[number];

// Newlines are fine in a note to the courier; other control characters are not.
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;

const fields = {
  /** Another delivery day and slot of the order's zone. */
  delivery: z
    .strictObject({
      date: isoDateSchema,
      slot: z
        .string({ error: "required" })
        .trim()
        .min(1, { error: "required" })
        .max(ORDER_FIELD_MAX.slotCode, { error: `tooLong:${ORDER_FIELD_MAX.slotCode}` }),
    })
    .optional(),
  /** The whole delivery address as it should be (its postcode of the same zone). */
  address: deliveryAddressSchema.optional(),
  notes: z
    .string()
    .trim()
    .max(ORDER_FIELD_MAX.notes, { error: `tooLong:${ORDER_FIELD_MAX.notes}` })
    .refine((value) => !CONTROL_BUT_NEWLINE.test(value), { error: "invalidText" })
    .optional(),
  /** New quantities by the line's position in the order (0 removes it); lines not named stay. */
  lines: z
    .array(
      z.strictObject({
        index: z.number({ error: "required" }).int({ error: "invalidChoice" }).min(0, { error: "invalidChoice" }),
        quantity: z
          .number({ error: "required" })
          .int({ error: "invalidChoice" })
          .min(0, { error: "invalidChoice" })
          .max(MAX_LINE_QUANTITY, { error: `tooMany:${MAX_LINE_QUANTITY}` }),
      }),
    )
    .max(100, { error: "tooMany:100" })
    .optional(),
};

/** POST /orders/mine/:number/change/quote. */
export const orderChangeBody = z.strictObject(fields);
export type OrderChangeBody = z.output<typeof orderChangeBody>;

const centsField = z.number().int().nonnegative();

/** POST /orders/mine/:number/change: the change quoted, with what the quote said. */
export const orderChangeConfirmBody = z.strictObject({
  ...fields,
  basis: z.string({ error: "required" }).min(1, { error: "required" }).max(64, { error: "tooLong:64" }),
  expectedTotal: centsField,
  expectedRefund: centsField,
});
export type OrderChangeConfirmBody = z.output<typeof orderChangeConfirmBody>;

const slot = z.object({ code: z.string(), start: z.string(), end: z.string() });
const method = z.enum(["sandbox", "redsys", "stripe"]).nullable();

/** GET /orders/mine/:number/change: whether it may be changed now, until when, and to which days. */
export const orderChangeOptionsSchema = z.object({
  possible: z.boolean(),
  /** The delivery's cut-off; null without a zone to tell it. */
  until: z.string().nullable(),
  /** Why not, when not: past_cutoff or not_changeable. */
  reason: z.enum(["past_cutoff", "not_changeable"]).nullable(),
  /** The order as it is now: what a quote and the change are judged against. */
  basis: z.string(),
  /** The days of the zone still open, with their slots that have a place (the order's own always). */
  days: z.array(
    z.object({
      date: isoDateSchema,
      cutoff: z.string(),
      slots: z.array(slot.extend({ remaining: z.number().int().nullable() })),
    }),
  ),
});
export type OrderChangeOptions = z.output<typeof orderChangeOptionsSchema>;

const totals = z.object({
  goods: centsField,
  discount: centsField,
  shipping: centsField,
  tax: centsField,
  total: centsField,
});

/** POST …/change/quote: what the change would do. */
export const orderChangeQuoteSchema = z.object({
  basis: z.string(),
  delivery: z
    .object({ from: z.object({ date: z.string(), slot }), to: z.object({ date: z.string(), slot }) })
    .nullable(),
  addressChanged: z.boolean(),
  notesChanged: z.boolean(),
  lines: z.array(z.object({ index: z.number().int(), name: z.string(), from: z.number().int(), to: z.number().int() })),
  before: totals,
  after: totals,
  /** The coupon's discount is lost (the goods fall below its minimum). */
  couponLost: z.boolean(),
  /** Delivery was free and no longer is. */
  freeShippingLost: z.boolean(),
  /** What comes back, and through which gateway (null: nothing, or unpaid). */
  refund: centsField,
  method,
});
export type OrderChangeQuote = z.output<typeof orderChangeQuoteSchema>;

/**
 * POST …/change: the order as it is now, what was refunded, and what the change owes but the shop
 * could not confirm was given (kept, staff told: it comes back once they have checked it).
 */
export const orderChangeAnswerSchema = z.object({
  order: orderSchema,
  refunded: centsField,
  refundOwed: centsField.default(0),
  method,
});
export type OrderChangeAnswer = z.output<typeof orderChangeAnswerSchema>;
