import Stripe from "stripe";
import type { PaymentStart } from "@shop/contracts";
import type { Locale } from "@shop/domain";
import type { DeclineCode } from "@shop/domain/subscriptions";
import {
  headerValue,
  PaymentNotificationError,
  type OffSessionResult,
  type PaymentNotification,
  type PaymentProvider,
  type SavedCard,
  type VerifiedNotification,
} from "./provider";

/**
 * Stripe (the official SDK): a Checkout Session per attempt, whose hosted page the customer is sent
 * to, and a signed webhook that tells how it ended. Webhooks are verified over the raw body with
 * the endpoint's signing secret and a 300-second tolerance, so a captured event cannot be replayed
 * later (and a replay within it changes nothing: payments are decided once).
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API server (the tests' fake); Stripe's own when unset. */
  apiUrl: string | undefined;
}

/** Seconds a webhook's signed timestamp may be old. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe charges nothing under 0.50 € (its minimum charge amounts): Checkout refuses a smaller session. */
const MINIMUM_EUR_CENTS = 50;

/** Checkout has no Catalan page: Spanish is what a Catalan customer reads next. */
const CHECKOUT_LOCALES = { es: "es", ca: "es", pt: "pt" } as const satisfies Record<Locale, string>;

const SAVE_CARD = "save_card";

/** Stripe's decline codes (and card error codes) as the dunning rules read them; any other is `unknown`. */
const STRIPE_DECLINES: Readonly<Record<string, DeclineCode>> = {
  insufficient_funds: "insufficient_funds",
  card_velocity_exceeded: "limit_exceeded",
  withdrawal_count_limit_exceeded: "limit_exceeded",
  issuer_not_available: "issuer_unavailable",
  processing_error: "processing_error",
  try_again_later: "try_again_later",
  do_not_honor: "do_not_honor",
  generic_decline: "do_not_honor",
  expired_card: "card_expired",
  lost_card: "card_lost_or_stolen",
  stolen_card: "card_lost_or_stolen",
  pickup_card: "card_lost_or_stolen",
  incorrect_number: "card_invalid",
  invalid_account: "card_invalid",
  card_not_supported: "card_not_supported",
  fraudulent: "fraud_suspected",
  revocation_of_authorization: "consent_revoked",
  revocation_of_all_authorizations: "consent_revoked",
  authentication_required: "authentication_required",
};

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes (or later than 24 hours) from now. */
const CHECKOUT_MIN_LIFETIME_S = 30 * 60 + 60;
const CHECKOUT_MAX_LIFETIME_S = 24 * 60 * 60 - 60;

/**
 * When the Checkout Session stops taking the card (Unix seconds): at the order's payment deadline,
 * so that nobody pays an order the expiry job is about to cancel, within the lifetime Stripe allows
 * (a payment taken after the deadline all the same is flagged for staff, src/payments/notifications.ts).
 */
export function checkoutExpiry(payBy: Date | null, now: Date): number {
  const nowS = Math.floor(now.getTime() / 1000);
  const wanted = payBy === null ? nowS + CHECKOUT_MAX_LIFETIME_S : Math.floor(payBy.getTime() / 1000);
  return Math.min(Math.max(wanted, nowS + CHECKOUT_MIN_LIFETIME_S), nowS + CHECKOUT_MAX_LIFETIME_S);
}

export function stripeClient(settings: StripeSettings): Stripe {
  const server = settings.apiUrl === undefined ? undefined : new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    // No usage figures sent to Stripe; one retry, made safe by idempotency keys.
    telemetry: false,
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(server === undefined
      ? {}
      : {
          host: server.hostname,
          port: server.port || (server.protocol === "https:" ? 443 : 80),
          protocol: server.protocol === "https:" ? "https" : "http",
        }),
  });
}

/** A card-setup attempt: the customer saves a card without paying (a subscription's payment method). */
interface CardSetupAttempt {
  reference: string;
  customerEmail: string;
  /** The customer's Stripe Customer, if they already have one. */
  stripeCustomerId: string | null;
  locale: Locale;
  returnUrls: { completed: string; failed: string };
}

export interface StripeProvider extends PaymentProvider {
  /** Where to send the customer to save a card (Checkout in setup mode, which makes the SetupIntent). */
  startCardSetup(attempt: CardSetupAttempt): Promise<PaymentStart & { stripeCustomerId: string }>;
  /** The card a SetupIntent saved, once it succeeded, with its brand, last four digits and expiry; null while it has not. */
  savedCardOfSetup(setupIntentId: string): Promise<SavedCard | null>;
  /** A webhook's event once its signature holds (card setups read it, docs/decisions/029); throws PaymentNotificationError. */
  verifiedEvent(notification: PaymentNotification): Stripe.Event;
}

function idOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === "string" ? value : value.id;
}

function signatureProblem(error: unknown): string {
  if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
    return /timestamp outside/i.test(error.message) ? "stale_timestamp" : "bad_signature";
  }
  return "malformed";
}

export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = stripeClient(settings);

  function constructEvent(rawBody: string | Buffer, signature: string | undefined): Stripe.Event {
    if (signature === undefined) throw new PaymentNotificationError("bad_signature");
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      throw new PaymentNotificationError(signatureProblem(error));
    }
  }

  /** A saved PaymentMethod with its brand, last four digits and expiry, as the customer's cards show it. */
  async function savedCardOfMethod(method: string, customer: string | null): Promise<SavedCard> {
    const card = (await stripe.paymentMethods.retrieve(method)).card;
    return {
      token: method,
      reference: customer,
      card: {
        brand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        expiryMonth: card?.exp_month ?? null,
        expiryYear: card?.exp_year ?? null,
      },
    };
  }

  /** The card a paid session saved for later (a subscription's payment: its first, or a renewal's by its link). */
  async function savedCardOf(session: Stripe.Checkout.Session): Promise<SavedCard | undefined> {
    const intentId = idOf(session.payment_intent);
    if (session.metadata?.[SAVE_CARD] !== "true" || intentId === null) return undefined;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    const method = idOf(intent.payment_method);
    return method === null ? undefined : savedCardOfMethod(method, idOf(session.customer));
  }

  async function sessionOutcome(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<VerifiedNotification> {
    const reference = session.metadata?.reference ?? session.client_reference_id;
    const summary = {
      event: event.type,
      eventId: event.id,
      session: session.id,
      mode: session.mode,
      paymentStatus: session.payment_status,
      amount: session.amount_total,
      currency: session.currency,
    };
    if (reference === null || session.mode !== "payment") return { outcome: "ignored", reference, summary };
    const decided =
      event.type === "checkout.session.async_payment_failed" || event.type === "checkout.session.expired"
        ? "failed"
        : session.payment_status === "paid" || session.payment_status === "no_payment_required"
          ? "paid"
          : undefined;
    // A completed session whose bank transfer or debit is still on its way: its later event decides.
    if (decided === undefined) return { outcome: "ignored", reference, summary };
    const savedCard = decided === "paid" ? await savedCardOf(session) : undefined;
    return {
      outcome: decided,
      reference,
      amount: session.amount_total ?? 0,
      currency: (session.currency ?? "").toUpperCase(),
      providerRef: idOf(session.payment_intent) ?? session.id,
      ...(savedCard === undefined ? {} : { savedCard }),
      summary,
    };
  }

  return {
    id: "stripe",
    minimumAmount: MINIMUM_EUR_CENTS,

    async start(attempt) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "eur",
                unit_amount: attempt.amount,
                product_data: { name: attempt.description },
              },
            },
          ],
          customer_email: attempt.customerEmail,
          client_reference_id: attempt.reference,
          locale: CHECKOUT_LOCALES[attempt.locale],
          metadata: { reference: attempt.reference, order: attempt.orderNumber, [SAVE_CARD]: String(attempt.saveCard) },
          payment_intent_data: {
            description: attempt.description,
            metadata: { reference: attempt.reference, order: attempt.orderNumber },
            // A subscription's first payment keeps the card, attached to a Customer, for its renewals.
            ...(attempt.saveCard ? { setup_future_usage: "off_session" as const } : {}),
          },
          ...(attempt.saveCard ? { customer_creation: "always" as const } : {}),
          success_url: attempt.returnUrls.completed,
          cancel_url: attempt.returnUrls.failed,
          expires_at: checkoutExpiry(attempt.payBy, new Date()),
        },
        { idempotencyKey: `checkout-${attempt.reference}` },
      );
      if (session.url === null) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { method: "GET", url: session.url, fields: {} };
    },

    async chargeOffSession(charge): Promise<OffSessionResult> {
      const { stripeCustomerId: customer, stripePaymentMethodId: paymentMethod } = charge.card;
      const summary = { reference: charge.reference, amount: charge.amount };
      if (!customer || !paymentMethod)
        return { outcome: "declined", decline: "card_invalid", providerRef: null, summary };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amount,
            currency: "eur",
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { reference: charge.reference, order: charge.orderNumber, renewal: "true" },
          },
          // Sent again after a crash, the same key answers the first request's result: one charge.
          { idempotencyKey: `renewal-${charge.reference}` },
        );
        const answered = { ...summary, intent: intent.id, status: intent.status };
        if (intent.status === "succeeded") return { outcome: "paid", providerRef: intent.id, summary: answered };
        if (intent.status === "requires_action") {
          return { outcome: "declined", decline: "authentication_required", providerRef: intent.id, summary: answered };
        }
        return { outcome: "unknown", summary: answered };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const code = error.decline_code ?? error.code ?? "";
          const decline = STRIPE_DECLINES[code] ?? "unknown";
          return {
            outcome: "declined",
            decline,
            providerRef: error.payment_intent?.id ?? null,
            summary: { ...summary, code, decline },
          };
        }
        // A network error, Stripe's own error, or the same key still in flight: ask again later.
        return { outcome: "unknown", summary: { ...summary, error: error instanceof Error ? error.message : "error" } };
      }
    },

    async verify(notification) {
      const event = constructEvent(notification.rawBody, headerValue(notification.headers, "stripe-signature"));
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
        case "checkout.session.async_payment_failed":
        case "checkout.session.expired":
          return sessionOutcome(event, event.data.object);
        default:
          return { outcome: "ignored", reference: null, summary: { event: event.type, eventId: event.id } };
      }
    },

    async startCardSetup(attempt) {
      const idempotencyKey = `setup-${attempt.reference}`;
      const stripeCustomerId =
        attempt.stripeCustomerId ??
        (
          await stripe.customers.create(
            { email: attempt.customerEmail },
            { idempotencyKey: `${idempotencyKey}-customer` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "setup",
          currency: "eur",
          customer: stripeCustomerId,
          client_reference_id: attempt.reference,
          locale: CHECKOUT_LOCALES[attempt.locale],
          metadata: { reference: attempt.reference },
          setup_intent_data: { metadata: { reference: attempt.reference } },
          success_url: attempt.returnUrls.completed,
          cancel_url: attempt.returnUrls.failed,
        },
        { idempotencyKey },
      );
      if (session.url === null) throw new Error(`Stripe gave setup session ${session.id} no URL`);
      return { method: "GET", url: session.url, fields: {}, stripeCustomerId };
    },

    async savedCardOfSetup(setupIntentId) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId);
      const method = idOf(intent.payment_method);
      if (intent.status !== "succeeded" || method === null) return null;
      return savedCardOfMethod(method, idOf(intent.customer));
    },

    verifiedEvent(notification) {
      return constructEvent(notification.rawBody, headerValue(notification.headers, "stripe-signature"));
    },
  };
}
