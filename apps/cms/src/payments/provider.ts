import type { PaymentStart } from "@shop/contracts";
import type { Cents, Locale } from "@shop/domain";
import type { DeclineCode } from "@shop/domain/subscriptions";
import type { PAYMENT_PROVIDERS } from "../env";

/**
 * One way of taking a payment (docs/decisions/015): the sandbox page, Redsys or Stripe. An adapter
 * only speaks its gateway's language: it starts an attempt and verifies what the gateway says about
 * it. What a verified outcome does to the order (src/payments/notifications.ts) is the same for all.
 */

export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** The only currency the shop charges in. */
type PaymentCurrency = "EUR";

/** One attempt to pay an order, as the gateway is told about it. */
export interface PaymentAttempt {
  /** The attempt's own reference (paymentReference in @shop/domain): new for every attempt. */
  reference: string;
  amount: Cents;
  currency: PaymentCurrency;
  /** The order number people read (IMP-0000042). */
  orderNumber: string;
  /** What the customer's bank statement and the gateway's page show. */
  description: string;
  /** The language of the gateway's page, where it has one. */
  locale: Locale;
  customerEmail: string;
  /** The storefront pages the customer comes back to; they only read the order's state. */
  returnUrls: { completed: string; failed: string };
  /** Where the gateway posts its notification (server to server). */
  notifyUrl: string;
  /** Keep a reference to the card for later charges (a subscription's renewals). */
  saveCard: boolean;
  /** The order's payment deadline: a gateway page that can expire should not outlive it. */
  payBy: Date | null;
}

/** A notification as it reached the CMS: everything a gateway signs is in the raw body or the form. */
export interface PaymentNotification {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body exactly as received: signatures are computed over its bytes. */
  rawBody: string | Buffer;
  /** The body parsed as a form (Redsys posts application/x-www-form-urlencoded). */
  form?: Readonly<Record<string, unknown>>;
}

/** What the customer is shown of a saved card: the brand, the last four digits and the expiry, never more. */
export interface CardDetails {
  brand: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
}

/** A card kept for later charges: a token at the gateway, never the card's number. */
export interface SavedCard {
  /** Redsys: Ds_Merchant_Identifier; Stripe: the PaymentMethod's id. */
  token: string;
  /** Redsys: the first charge's Ds_Merchant_Cof_Txnid, which later charges quote; Stripe: the Customer's id. */
  reference: string | null;
  /** What the gateway told of the card, where it tells it (docs/decisions/029). */
  card?: CardDetails;
}

/** What a verified notification says about one attempt. */
export interface PaymentOutcome {
  outcome: "paid" | "failed";
  reference: string;
  amount: Cents;
  currency: string;
  /** The gateway's own id of the operation (Redsys's authorisation code, Stripe's session id). */
  providerRef: string | null;
  savedCard?: SavedCard;
  /** What the notification said, for the log: codes and ids, never card data. */
  summary: Record<string, string | number | boolean | null>;
}

/** A genuine notification that decides nothing (an event the shop does not act on, a refund's echo). */
interface IgnoredNotification {
  outcome: "ignored";
  reference: string | null;
  summary: Record<string, string | number | boolean | null>;
}

export type VerifiedNotification = PaymentOutcome | IgnoredNotification;

/**
 * Thrown by `verify` when a notification cannot be trusted: a bad or missing signature, fields
 * that do not parse, another merchant's. The controller answers 400 and the log keeps the reason.
 */
export class PaymentNotificationError extends Error {
  override readonly name = "PaymentNotificationError";

  constructor(
    /** A short code for the log: bad_signature, malformed, merchant_mismatch... */
    readonly reason: string,
    /** The attempt it claims to be about, when that much could be read. */
    readonly reference: string | null = null,
  ) {
    super(`Payment notification refused: ${reason}`);
  }
}

/** What a merchant-initiated charge quotes of a saved card (docs/decisions/029): the gateway's references, never the number. */
export interface OffSessionCard {
  last4: string | null;
  sandboxToken: string | null;
  redsysIdentifier: string | null;
  redsysCofTxnid: string | null;
  stripeCustomerId: string | null;
  stripePaymentMethodId: string | null;
}

/** A merchant-initiated charge of a saved card: a subscription's renewal (docs/decisions/030). */
export interface OffSessionCharge {
  /**
   * The payment's reference, derived from the delivery and the attempt's number: Redsys's order
   * number and Stripe's idempotency key, so that sending the same charge again (a run resumed after a
   * crash) is the same charge at the gateway, never a second one.
   */
  reference: string;
  amount: Cents;
  currency: PaymentCurrency;
  orderNumber: string;
  description: string;
  /** Where the gateway also posts its notification (Redsys does for REST operations too). */
  notifyUrl: string;
  card: OffSessionCard;
}

/** The gateway's answer to an off-session charge. */
export type OffSessionResult =
  | { outcome: "paid"; providerRef: string | null; summary: Record<string, string | number | boolean | null> }
  | {
      outcome: "declined";
      /** The gateway's answer mapped to the domain's neutral codes (dunning). */
      decline: DeclineCode;
      providerRef: string | null;
      summary: Record<string, string | number | boolean | null>;
    }
  /**
   * No certain answer (a timeout, a gateway's error, Redsys refusing the order number as already
   * used): the charge may or may not have been made. It is asked again with the same reference,
   * never as a new charge.
   */
  | { outcome: "unknown"; summary: Record<string, string | number | boolean | null> };

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** The smallest amount the gateway charges: a total above zero but below it is refused before an attempt. */
  readonly minimumAmount: Cents;
  /** Where to send the customer's browser to pay this attempt. */
  start(attempt: PaymentAttempt): Promise<PaymentStart>;
  /** Checks a notification's signature and reads it; throws PaymentNotificationError when it is not to be trusted. */
  verify(notification: PaymentNotification): Promise<VerifiedNotification>;
  /** Charges a saved card without the customer (merchant-initiated); the same `reference` twice is one charge. */
  chargeOffSession(charge: OffSessionCharge): Promise<OffSessionResult>;
}

/** A header's single value (Node gives repeated headers as an array). */
export function headerValue(headers: PaymentNotification["headers"], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
