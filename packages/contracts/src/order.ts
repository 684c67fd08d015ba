import {
  COUPON_REFUSALS,
  EXTRA_FREQUENCIES,
  FREQUENCIES,
  isClockTime,
  isIsoDate,
  isValidTaxId,
  LOCALES,
  MAX_BOXES,
  MAX_EXCLUSIONS,
  MAX_LINE_QUANTITY,
  normalizeCouponCode,
  normalizePostcode,
  ORDER_STATUSES,
  parseTaxIdFor,
  PURCHASE_KINDS,
  STATUS_ACTORS,
} from "@shop/domain";
import { FRIEND_CODE_REFUSALS } from "@shop/domain/referrals";
import { z } from "zod";
import { emailField, checkPostalCode, postalAddressFields } from "./account";
import { ACCOUNT_FIELD_MAX } from "./account-limits";
import {
  MAX_EXTRAS,
  ORDER_AUDIENCES,
  ORDER_FIELD_MAX,
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIMIT_CODES,
  ORDER_LIST_MAX_LIMIT,
  QUOTE_LINE_KINDS,
} from "./order-limits";

// The CSP of the storefront forbids eval: zod must not probe for it (see ./forms).
z.config({ jitless: true });

/**
 * Ordering (docs/decisions/015): the draft the new-order flow fills step by step, the quote of its
 * summary, the order as its customer sees it, and the start of a payment. The storefront's server
 * sends and reads these; the CMS parses every body with them and refuses what does not fit (400 in
 * Strapi's shape, the field's path and a code: ./order-limits ORDER_ERROR_CODES, the address
 * fields' codes of ./account). Bodies are strict: a key a call does not take is refused.
 */

const tooLong = (max: number) => ({ error: `tooLong:${max}` });

/** A database id: what the catalogue's products are addressed by in a draft. */
const idField = z.number({ error: "required" }).int({ error: "required" }).positive({ error: "required" });

const quantityField = z
  .number({ error: "required" })
  .int({ error: "invalidChoice" })
  .min(1, { error: "invalidChoice" })
  .max(MAX_LINE_QUANTITY, { error: `tooMany:${MAX_LINE_QUANTITY}` });

/** Whole euro cents; never negative in an answer. */
const centsField = z.number().int().nonnegative();

const localeField = z.enum(LOCALES, { error: "invalidChoice" });

/** "YYYY-MM-DD", a day that exists (no 30 February). */
export const isoDateSchema = z.string({ error: "required" }).refine(isIsoDate, { error: "invalidDate" });

/** A Spanish or Portuguese postcode, in the address book's spelling ("08001", "1100-053"). */
export const postcodeField = z
  .string({ error: "required" })
  .max(16, { error: "invalid_postcode" })
  .transform((value, ctx) => {
    const postcode = normalizePostcode(value);
    if (postcode === null) {
      ctx.addIssue({ code: "custom", message: "invalid_postcode" });
      return z.NEVER;
    }
    return postcode;
  });

// Newlines are fine in a note to the courier; other control characters are not.
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;

const notesField = z
  .string()
  .trim()
  .max(ORDER_FIELD_MAX.notes, tooLong(ORDER_FIELD_MAX.notes))
  .refine((value) => !CONTROL_BUT_NEWLINE.test(value), { error: "invalidText" });

/** Coupon codes are compared in upper case, without spaces around them. */
const couponCodeField = z
  .string()
  .trim()
  .max(ORDER_FIELD_MAX.couponCode, tooLong(ORDER_FIELD_MAX.couponCode))
  .refine((value) => /^[\w-]*$/.test(value), { error: "unknown" })
  .transform((value) => (value === "" ? null : normalizeCouponCode(value)))
  .nullable()
  .transform((value) => value ?? null);

/**
 * A friend's referral code (refer-a-friend, issue 23) as the share link's `?ref=` or the summary
 * brings it: read in upper case without spaces; the CMS says whether it is anyone's. Absent in a
 * draft kept before referrals: null.
 */
const referralCodeField = z
  .string()
  .trim()
  .max(ORDER_FIELD_MAX.couponCode, tooLong(ORDER_FIELD_MAX.couponCode))
  .refine((value) => /^[\w-]*$/.test(value), { error: "unknown" })
  .transform((value) => (value === "" ? null : normalizeCouponCode(value)))
  .nullish()
  .transform((value) => value ?? null);

// ---- The draft -----------------------------------------------------------------------------------

/** A delivery or invoice address: the address book's fields and rules (./account), without its labels. */
export const deliveryAddressSchema = z.strictObject(postalAddressFields).superRefine(checkPostalCode);
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

export const draftBoxSchema = z.strictObject({
  productId: idField,
  /** Items (products of type item) the customer does not want in this box. */
  exclusions: z
    .array(idField)
    .max(MAX_EXCLUSIONS, { error: `tooMany:${MAX_EXCLUSIONS}` })
    .refine((ids) => new Set(ids).size === ids.length, { error: "duplicate_line" })
    .default([]),
  quantity: quantityField,
});
export type DraftBox = z.output<typeof draftBoxSchema>;

export const draftExtraSchema = z.strictObject({
  productId: idField,
  quantity: quantityField,
  frequency: z.enum(EXTRA_FREQUENCIES, { error: "invalidChoice" }).default("once"),
});
export type DraftExtra = z.output<typeof draftExtraSchema>;

export const draftDeliverySchema = z
  .strictObject({
    /** The documentId of an entry of the customer's address book… */
    addressId: z.string().trim().min(1).max(64).nullable().default(null),
    /** …or a new address: exactly one of the two. */
    address: deliveryAddressSchema.nullable().default(null),
    date: isoDateSchema,
    slot: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(ORDER_FIELD_MAX.slotCode, tooLong(ORDER_FIELD_MAX.slotCode)),
    notes: notesField.default(""),
  })
  .superRefine((delivery, ctx) => {
    if ((delivery.addressId === null) === (delivery.address === null)) {
      ctx.addIssue({ code: "custom", path: ["address"], message: "required" });
    }
  });
export type DraftDelivery = z.output<typeof draftDeliverySchema>;

/**
 * The invoice's details, asked for in the order flow or after payment (docs/decisions/039): a name,
 * a tax id and the billing address. The tax id is read with the address's country (@shop/domain
 * parseTaxIdFor): a Spanish NIF/NIE/CIF for an address in Spain, a Portuguese NIF for one in
 * Portugal, or any EU VAT number with its prefix; stored in one spelling.
 */
export const draftInvoiceSchema = z
  .strictObject({
    name: postalAddressFields.fullName,
    taxId: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(ACCOUNT_FIELD_MAX.taxId, tooLong(ACCOUNT_FIELD_MAX.taxId))
      // A tax id of no kind at all is said beside its field with the address's own mistakes; whether
      // it is one of the address's country, once the address is right (below).
      .refine(
        // One problem per field: a blank or overlong one is said as such above.
        (value) => value === "" || value.length > ACCOUNT_FIELD_MAX.taxId || isValidTaxId(value),
        { error: "invalidTaxId" },
      ),
    address: deliveryAddressSchema,
  })
  .transform((invoice, ctx) => {
    const read = parseTaxIdFor(invoice.taxId, invoice.address.country);
    if (!read.ok) {
      ctx.addIssue({ code: "custom", path: ["taxId"], message: read.code });
      return z.NEVER;
    }
    return { ...invoice, taxId: read.taxId.value };
  });
export type DraftInvoice = z.output<typeof draftInvoiceSchema>;

/**
 * An order's invoice details as the CMS answers them: checked when they were given (an order keeps
 * them as they were, even if the rules of the tax id grew since), so not checked again here.
 */
export const orderInvoiceDetailsSchema = z.object({
  name: z.string(),
  taxId: z.string(),
  address: deliveryAddressSchema,
});

const boxesOf = z
  .array(draftBoxSchema)
  .max(MAX_BOXES, { error: `tooMany:${MAX_BOXES}` })
  .superRefine((boxes, ctx) => {
    const seen = new Set<string>();
    boxes.forEach((box, index) => {
      const key = `${box.productId}:${[...box.exclusions].sort((a, b) => a - b).join(",")}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "productId"], message: "duplicate_line" });
      seen.add(key);
    });
  });

const extrasOf = z
  .array(draftExtraSchema)
  .max(MAX_EXTRAS, { error: `tooMany:${MAX_EXTRAS}` })
  .superRefine((extras, ctx) => {
    const seen = new Set<string>();
    extras.forEach((extra, index) => {
      const key = `${extra.productId}:${extra.frequency}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "productId"], message: "duplicate_line" });
      seen.add(key);
    });
  });

const draftFields = {
  postcode: postcodeField.nullable(),
  purchase: z.enum(PURCHASE_KINDS, { error: "invalidChoice" }).nullable(),
  /** Only for a subscription: null in a one-off purchase. */
  frequency: z.enum(FREQUENCIES, { error: "invalidChoice" }).nullable(),
  boxes: boxesOf,
  extras: extrasOf,
  delivery: draftDeliverySchema.nullable(),
  invoice: draftInvoiceSchema.nullable(),
  couponCode: couponCodeField,
  referralCode: referralCodeField,
};

/** The draft as the CMS keeps and answers it: every field empty until its step is done. */
export const orderDraftSchema = z.strictObject(draftFields);
export type OrderDraft = z.output<typeof orderDraftSchema>;

/** A draft before its first step: what a new one holds, and what the flow shows without one. */
export const EMPTY_ORDER_DRAFT: OrderDraft = {
  postcode: null,
  purchase: null,
  frequency: null,
  boxes: [],
  extras: [],
  delivery: null,
  invoice: null,
  couponCode: null,
  referralCode: null,
};

/** PATCH /order-drafts/current: a step sends only its own fields (null clears one). */
export const orderDraftPatchSchema = orderDraftSchema.partial();
export type OrderDraftPatch = z.output<typeof orderDraftPatchSchema>;

/** Every draft answer: the draft, which steps are done, and the token when the draft is new. */
export const orderDraftAnswerSchema = z.object({
  token: z.string().min(1).max(ORDER_FIELD_MAX.draftToken).optional(),
  draft: orderDraftSchema,
  steps: z.object({
    postcode: z.boolean(),
    plan: z.boolean(),
    box: z.boolean(),
    extras: z.boolean(),
    delivery: z.boolean(),
  }),
});
export type OrderDraftAnswer = z.output<typeof orderDraftAnswerSchema>;

// ---- Delivery ------------------------------------------------------------------------------------

/** GET /delivery/coverage and /delivery/calendar: `?postcode=`. */
export const postcodeQuery = z.object({ postcode: postcodeField });

/** GET /delivery/coverage. */
export const coverageAnswerSchema = z.discriminatedUnion("covered", [
  z.object({
    covered: z.literal(true),
    zone: z.object({ name: z.string(), shippingFee: centsField, freeShippingFrom: centsField.nullable() }),
  }),
  z.object({ covered: z.literal(false) }),
]);
export type CoverageAnswer = z.output<typeof coverageAnswerSchema>;

/**
 * GET /delivery/areas: where the shop delivers, when and for how much, as staff keep the zones; what
 * the shop's pages say about fees and areas comes from here (docs/decisions/015). Only what a
 * customer is told: no ids, slots' capacities or inactive zones.
 */
export const deliveryAreasAnswerSchema = z.object({
  areas: z.array(
    z.object({
      name: z.string(),
      /** Postcodes as stored ("08001", "1000-001"): single codes have `from` = `to`. */
      postcodes: z.array(z.object({ from: z.string(), to: z.string() })),
      /** ISO weekdays, Monday 1 to Sunday 7. */
      weekdays: z.array(z.number().int().min(1).max(7)),
      /** Delivery, VAT included, below the threshold. */
      shippingFee: centsField,
      /** Goods after discount from which delivery is free; null: never free. */
      freeShippingFrom: centsField.nullable(),
      /** Orders close `workingDaysBefore` working days before delivery, at `time` in Madrid. */
      cutoff: z.object({ workingDaysBefore: z.number().int().nonnegative(), time: z.string().refine(isClockTime) }),
    }),
  ),
});
export type DeliveryAreasAnswer = z.output<typeof deliveryAreasAnswerSchema>;

/** POST /delivery/area-interest: "tell me when you reach my area", with the consent text shown. */
export const areaInterestBody = z.strictObject({
  email: emailField,
  postcode: postcodeField,
  locale: localeField,
  wording: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(ORDER_FIELD_MAX.wording, tooLong(ORDER_FIELD_MAX.wording)),
});
export type AreaInterestBody = z.output<typeof areaInterestBody>;

const clockTime = z.string().refine(isClockTime);

/** GET /delivery/calendar: the dates still offered (each with a slot left), soonest first. */
export const deliveryCalendarSchema = z.object({
  /** The zone's id: what a seasonal box's zones name (@shop/domain sale-season); null from an older CMS. */
  zone: z.object({ id: z.number().int().nullable().default(null), name: z.string() }),
  dates: z.array(
    z.object({
      date: isoDateSchema,
      /** When ordering for this date closes: an ISO instant. */
      cutoff: z.string(),
      slots: z.array(
        z.object({
          code: z.string(),
          start: clockTime,
          end: clockTime,
          /** Places left; null when the slot has no limit. */
          remaining: z.number().int().nonnegative().nullable(),
        }),
      ),
    }),
  ),
});
export type DeliveryCalendar = z.output<typeof deliveryCalendarSchema>;

/** A card of the summary: its last four characters, its balance and what it pays of this order. */
export const appliedGiftCardSchema = z.object({
  tail: z.string(),
  balance: centsField,
  applied: centsField,
});
export type AppliedGiftCard = z.output<typeof appliedGiftCardSchema>;

// ---- The quote -----------------------------------------------------------------------------------

/** One line of a quote or an order, priced by the CMS from the catalogue (never by the client). */
export const quoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  productId: z.number().int().positive(),
  name: z.string(),
  quantity: z.number().int().positive(),
  /** Extras: once or with every delivery; boxes follow the order's plan (null). */
  frequency: z.enum(EXTRA_FREQUENCIES).nullable(),
  /** The unit price as the audience is shown it: with VAT for consumers, net for companies. */
  unitPrice: centsField,
  taxRate: z.number().min(0).lt(1),
  /** What the line costs before the discount, VAT included. */
  gross: centsField,
  /** The VAT in the line after its share of the discount. */
  tax: centsField,
  /** The line's share of the coupon's discount. */
  discount: centsField,
  /** The names of the foods left out of a box. */
  exclusions: z.array(z.string()),
});
export type QuoteLine = z.output<typeof quoteLineSchema>;

const totalsFields = {
  /** Every line before the discount, VAT included. */
  goods: centsField,
  discount: centsField,
  /** The delivery, VAT included (0 from the zone's free-shipping threshold). */
  shipping: centsField,
  /** All the VAT, the delivery's included. */
  tax: centsField,
  total: centsField,
};

/** An account that cannot place an order until `resetsAt` (an ISO instant), and why (docs/decisions/021). */
export const orderLimitSchema = z.object({ code: z.enum(ORDER_LIMIT_CODES), resetsAt: z.iso.datetime() });
export type OrderLimit = z.output<typeof orderLimitSchema>;

/** GET /order-drafts/current/quote. */
export const orderQuoteSchema = z.object({
  audience: z.enum(ORDER_AUDIENCES),
  lines: z.array(quoteLineSchema),
  ...totalsFields,
  /** The draft's coupon and, when it gives no discount, why. */
  coupon: z.object({ code: z.string(), refusal: z.enum(COUPON_REFUSALS).nullable() }).nullable(),
  freeShippingFrom: centsField.nullable(),
  /**
   * A friend's referral code in the draft: the friend's discount on a first order (its own line at
   * the summary, part of `discount`) or why it gives none. Absent in the CMS's own pricing.
   */
  referral: z
    .object({ code: z.string(), refusal: z.enum(FRIEND_CODE_REFUSALS).nullable(), discount: centsField })
    .nullable()
    .optional(),
  /** The customer's own referral reward, applied by itself to this order (part of `discount`). */
  reward: z.object({ discount: centsField }).nullable().optional(),
  /**
   * The account cannot place an order until `resetsAt` (an ISO instant): said on the summary, before
   * "Pay" (docs/decisions/021). Null signed out, or while the account may order; absent in a quote
   * that was not asked for the summary (the CMS's own pricing).
   */
  orderLimit: orderLimitSchema.nullable().optional(),
  /**
   * The gift cards the customer added to the draft, in the order they are spent, with what each
   * pays of `total` now (docs/decisions/033); absent in the CMS's own pricing.
   */
  giftCards: z.array(appliedGiftCardSchema).optional(),
  /** What is left to pay by card after the gift cards: 0 needs no payment. */
  amountDue: centsField.optional(),
});
export type OrderQuote = z.output<typeof orderQuoteSchema>;

// ---- Orders --------------------------------------------------------------------------------------

/** POST /orders (with the draft's token): the customer's consents and the page's language. */
export const createOrderBody = z
  .strictObject({
    termsAccepted: z.literal(true, { error: "required" }),
    marketingConsent: z.boolean({ error: "required" }).default(false),
    /** The words beside the marketing box, kept with the consent. */
    marketingWording: z
      .string()
      .trim()
      .max(ORDER_FIELD_MAX.wording, tooLong(ORDER_FIELD_MAX.wording))
      .nullish()
      .transform((value) => (value === undefined || value === null || value === "" ? null : value)),
    locale: localeField,
    /**
     * The total (cents) of the summary the customer accepted: the CMS prices the draft again and
     * refuses another total (409 price_changed) rather than charge what was not shown.
     */
    expectedTotal: z.number({ error: "invalid" }).int().min(0).max(100_000_000).optional(),
    /** What the summary said was left to pay after the gift cards: refused (price_changed) when a card's balance moved since. */
    expectedDue: z.number({ error: "invalid" }).int().min(0).max(100_000_000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.marketingConsent && body.marketingWording === null) {
      ctx.addIssue({ code: "custom", path: ["marketingWording"], message: "required" });
    }
  });
export type CreateOrderBody = z.output<typeof createOrderBody>;

/** Where the storefront sends the browser to pay: a redirect (GET) or an auto-submitted form (POST). */
export const paymentStartSchema = z.object({
  method: z.enum(["GET", "POST"]),
  url: z.url(),
  fields: z.record(z.string(), z.string()),
});
export type PaymentStart = z.output<typeof paymentStartSchema>;

const slotSchema = z.object({ code: z.string(), start: clockTime, end: clockTime });

/**
 * An invoice of the order (docs/decisions/039): the full invoice it asked for, and a corrective one
 * per refund (negative total). Its PDF: GET /invoices/mine/:number.
 */
export const orderInvoiceSchema = z.object({
  number: z.string(),
  kind: z.enum(["invoice", "corrective"]),
  issuedAt: z.string(),
  total: z.number().int(),
});
export type OrderInvoice = z.output<typeof orderInvoiceSchema>;

/**
 * POST /orders/mine/:number/invoice: a full invoice asked for after the order was paid, made out to
 * this name, tax id and address (docs/decisions/039).
 */
export const invoiceRequestBody = draftInvoiceSchema;
export type InvoiceRequestBody = DraftInvoice;

/**
 * Its answer: the order's invoice, the one just issued or the one it had (asking twice never issues
 * a second); null when it could not be issued now (the shop issues it within hours and mails it).
 */
export const invoiceRequestAnswerSchema = z.object({ invoice: orderInvoiceSchema.nullable() });
export type InvoiceRequestAnswer = z.output<typeof invoiceRequestAnswerSchema>;

/** GET /orders/mine/:number: the order as its customer sees it. */
export const orderSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  locale: z.enum(LOCALES),
  purchase: z.enum(PURCHASE_KINDS),
  frequency: z.enum(FREQUENCIES).nullable(),
  audience: z.enum(ORDER_AUDIENCES),
  lines: z.array(quoteLineSchema),
  totals: z.object(totalsFields),
  couponCode: z.string().nullable(),
  /** Paid with gift cards at placement (a payment, not a discount: the VAT is on the full total). */
  giftCardsPaid: centsField.optional(),
  /** Of giftCardsPaid, what was given back to the cards since (a cancellation, staff's refund of it). */
  giftCardsRestored: centsField.optional(),
  delivery: z.object({
    date: isoDateSchema,
    slot: slotSchema,
    zoneName: z.string(),
    address: deliveryAddressSchema,
    notes: z.string(),
  }),
  invoice: orderInvoiceDetailsSchema.nullable(),
  /** The invoices issued for it, oldest first; absent where the CMS does not say (an order's list). */
  invoices: z.array(orderInvoiceSchema).optional(),
  /** Every change of status, oldest first. */
  events: z.array(
    z.object({
      at: z.string(),
      from: z.enum(ORDER_STATUSES).nullable(),
      to: z.enum(ORDER_STATUSES),
      actor: z.enum(STATUS_ACTORS),
    }),
  ),
  /** Waiting for a payment the customer may (re)try. */
  canPay: z.boolean(),
  /**
   * Money was taken that did not pay the order (a payment arriving after it was cancelled, or a
   * second one): the shop owes it back, and the customer must not read "we did not charge you".
   */
  refundDue: z.boolean(),
  /** The documentId of the subscription the order began. */
  subscriptionId: z.string().nullable(),
  /** Money given back of the order (docs/decisions/031), oldest first: whole or partial, by staff, the customer's cancellation or the gateway. */
  refunds: z.array(
    z.object({ amount: centsField, at: z.string(), status: z.enum(["pending", "succeeded", "failed"]) }),
  ),
  /**
   * Whether the customer may cancel the order now (a one-off order, unpaid or paid, before its
   * delivery's cut-off `until`), and what cancelling refunds, through which gateway.
   */
  cancellation: z.object({
    possible: z.boolean(),
    until: z.string().nullable(),
    refund: centsField,
    method: z.enum(["sandbox", "redsys", "stripe"]).nullable(),
  }),
});
export type Order = z.output<typeof orderSchema>;

export const orderSummarySchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  total: centsField,
  deliveryDate: isoDateSchema,
  slot: slotSchema.pick({ start: true, end: true }),
  /** Units of every line. */
  itemCount: z.number().int().nonnegative(),
});
export type OrderSummary = z.output<typeof orderSummarySchema>;

/** GET /orders/mine: newest first. */
export const orderListSchema = z.object({ orders: z.array(orderSummarySchema) });
export type OrderList = z.output<typeof orderListSchema>;

/** GET /orders/mine?limit=. */
export const orderListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).default(ORDER_LIST_DEFAULT_LIMIT),
});

/** POST /orders: the new order and where to pay it. */
export const createdOrderSchema = z.object({ order: orderSchema, payment: paymentStartSchema });
export type CreatedOrder = z.output<typeof createdOrderSchema>;

/** POST /orders/mine/:number/payments: a new attempt. */
export const paymentAnswerSchema = z.object({ payment: paymentStartSchema });

// ---- Gift cards as payment (issue 23, docs/decisions/033) --------------------------------------------

/** POST /order-drafts/current/gift-cards and POST /gift-cards/mine: a code as the customer typed it. */
export const giftCardCodeBody = z.strictObject({
  code: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(ORDER_FIELD_MAX.giftCardCode, tooLong(ORDER_FIELD_MAX.giftCardCode)),
});
export type GiftCardCodeBody = z.output<typeof giftCardCodeBody>;

/** GET /gift-cards/mine: the cards in the customer's account, which renewals spend, oldest first. */
export const accountGiftCardsSchema = z.object({
  cards: z.array(z.object({ tail: z.string(), balance: centsField, addedAt: z.string() })),
});
export type AccountGiftCards = z.output<typeof accountGiftCardsSchema>;
