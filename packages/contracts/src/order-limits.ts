/**
 * The new-order flow's limits and codes, without zod (as ./account-limits): the storefront's steps
 * import these with their first load (inputs' maxLength, the choices), and the schemas (./order)
 * only on the server.
 */

export const ORDER_FIELD_MAX = {
  /** Courier notes of a delivery. */
  notes: 500,
  couponCode: 40,
  /** A gift card's code as typed: 20 characters, with dashes and spaces. */
  giftCardCode: 40,
  /** A slot's code, as staff name it in a zone ("morning"). */
  slotCode: 40,
  /** Draft tokens are 64 hex characters; anything much longer is not one of ours. */
  draftToken: 256,
  /** The consent wording kept with an area-interest request. */
  wording: 2000,
} as const satisfies Record<string, number>;

/** Distinct extras in one order. */
export const MAX_EXTRAS = 40;
/** Orders one page of the account's list shows, and the most it may ask for. */
export const ORDER_LIST_DEFAULT_LIMIT = 20;
export const ORDER_LIST_MAX_LIMIT = 100;

/**
 * Orders one customer may have waiting for payment (pending or failed) at once: each holds a slot
 * place and a coupon use until it is paid or expires.
 */
export const MAX_UNPAID_ORDERS = 3;

/** Gift cards one order may be paid with. */
export const MAX_GIFT_CARDS_PER_ORDER = 5;

/**
 * Why an account cannot place an order now, though its draft is complete: the summary says it
 * before the customer presses "Pay" (the quote's `orderLimit`), never only at "Pay"
 * (docs/decisions/021). too_many_unpaid: MAX_UNPAID_ORDERS orders wait for payment; too_many_orders:
 * the account's allowance of orders placed is used up for now (a 429 with this code at "Pay").
 */
export const ORDER_LIMIT_CODES = ["too_many_unpaid", "too_many_orders"] as const;

/** The header the storefront's server passes the draft's token in (never in a URL, which logs keep). */
export const ORDER_DRAFT_HEADER = "x-order-draft";

/** The steps of the flow whose data the draft keeps, in order; each answer says which are done. */
export const DRAFT_STEPS = ["postcode", "plan", "box", "extras", "delivery"] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

/** Who an order is priced for: consumers with VAT included, companies net (@shop/domain, prices.ts). */
export const ORDER_AUDIENCES = ["consumer", "business"] as const;

export const QUOTE_LINE_KINDS = ["box", "extra"] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

/**
 * Why a full invoice asked for from a paid order's page is refused (docs/decisions/039), in
 * `details.code`: an order not paid (yet), one cancelled or refunded (nothing left to invoice), or
 * asked for after invoiceRequestLastDay (@shop/domain).
 */
export const INVOICE_REQUEST_ERROR_CODES = ["invoice_unpaid", "invoice_not_invoiceable", "invoice_too_late"] as const;
export type InvoiceRequestErrorCode = (typeof INVOICE_REQUEST_ERROR_CODES)[number];

/**
 * Why the CMS refuses a step or an order, in `details.code` and as the field error's message; the
 * storefront words them (beside the field of `path`). The coupon's refusals are @shop/domain's
 * COUPON_REFUSALS, on the path ["couponCode"].
 */
export const ORDER_ERROR_CODES = [
  /** Not a Spanish or Portuguese postcode. */
  "invalid_postcode",
  /** No delivery zone takes this postcode. */
  "not_covered",
  /** No such product, or not on sale. */
  "unknown_product",
  /** A box line names a product that is not a box. */
  "not_a_box",
  /** An exclusion names a product that is not a single item of produce. */
  "not_an_item",
  /** An extra names a product that is neither an item nor a complementary product. */
  "not_an_extra",
  /** Sold only to the other kind of customer (a company-only product for a consumer, and vice versa). */
  "not_for_you",
  /** The same product twice where once is meant (a box with the same exclusions, an extra). */
  "duplicate_line",
  /** An extra for every delivery in a one-off purchase. */
  "needs_subscription",
  /** A seasonal box is not sold on the delivery date (@shop/domain sale-season). */
  "out_of_season",
  /** A seasonal box is not sold in the delivery zone of the postcode. */
  "not_sold_in_zone",
  /** A seasonal box in a subscription: it is sold for one delivery at a time (docs/decisions/042). */
  "once_only",
  /** The date is not a delivery day of the zone, is closed, or is past its cut-off. */
  "date_not_offered",
  /** The zone has no slot of that code. */
  "slot_unknown",
  /** Every place of the slot on that date is taken. */
  "slot_full",
  /** The address-book entry is not the customer's (or the draft has no customer yet). */
  "unknown_address",
  /** The delivery address is outside the zone of the draft's postcode. */
  "address_not_covered",
  /** An order asked for before every step is done; `path` names the first missing step. */
  "draft_incomplete",
  /** The order is not waiting for a payment (paid, cancelled…). */
  "not_payable",
  /** The total is above zero but below the smallest charge the shop's gateway takes (Stripe: 0.50 €). */
  "amount_too_small",
  /** The customer already has MAX_UNPAID_ORDERS orders waiting for payment: each holds a slot place and a coupon use. */
  "too_many_unpaid",
  /** The total is not the one the customer was shown (a price, fee or coupon changed since): they look again. */
  "price_changed",
  /** The payment gateway could not start a payment (down, too slow): the customer tries again later. */
  "payment_unavailable",
  /**
   * A gift card code that cannot be used: mistyped, unknown, unpaid, voided, spent or another
   * account's. One answer for all, so that guessing learns nothing (docs/decisions/033).
   */
  "gift_card_invalid",
  /** The order already has MAX_GIFT_CARDS_PER_ORDER cards. */
  "too_many_gift_cards",
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

/** Why a refund or a customer's cancellation of an order is refused (docs/decisions/031), in `details.code`. */
export const REFUND_ERROR_CODES = [
  /** The order has no paid payment left to refund (unpaid, refunded already). */
  "not_refundable",
  /** The amount asked is more than what remains refundable of the order's payment. */
  "exceeds_refundable",
  /** The refund's key was used before for another order or amount. */
  "refund_key_reused",
  /** The order cannot be cancelled by its customer in its status (prepared, shipped, cancelled…). */
  "not_cancellable",
  /** The delivery's cut-off has passed: the order is being packed and can no longer be cancelled. */
  "past_cutoff",
  /** The gateway refused the refund (its reason in the message). */
  "refund_refused",
  /** The gateway could not be reached to refund: try again later (the same key never refunds twice). */
  "refund_unavailable",
] as const;
export type RefundErrorCode = (typeof REFUND_ERROR_CODES)[number];

/**
 * The codes of a field's format, besides the account forms' (ACCOUNT_ERROR_CODES: required,
 * tooLong:<max>, invalidChoice, invalidPostalCode, invalidTaxId, invalidPhone): "tooMany:<max>"
 * (exclusions, boxes, extras, a line's quantity), a date that does not exist, a control character in
 * a note.
 */
export const ORDER_FIELD_ERROR_CODES = ["tooMany", "invalidDate", "invalidText"] as const;
