import type Stripe from "stripe";
import { z } from "zod";
import type { CardFailureReason, PaymentStart } from "@shop/contracts";
import type { Locale } from "@shop/domain";
import { getEnv } from "../env";
import type { CardSetupOutcome, GatewayReferences } from "./card-setup";
import { gateways } from "./gateways";
import {
  PaymentNotificationError,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentProviderId,
  type SavedCard,
} from "./provider";
import { SANDBOX_CARD, type SandboxProvider } from "./sandbox";
import type { StripeProvider } from "./stripe";

/**
 * Each gateway's part in saving a card without paying (docs/decisions/029), on the adapters beside
 * this file (their signing and settings, never a copy): where the customer's browser goes, and what a
 * signed notification says about a setup.
 */

export interface CardSetupAttempt {
  /** The card's reference at the shop: Redsys's Ds_Merchant_Order, Stripe's metadata. */
  reference: string;
  customerEmail: string;
  locale: Locale;
  returnUrls: { completed: string; failed: string };
  /** The customer's Stripe Customer from an earlier card. */
  stripeCustomerId: string | null;
}

/** A notification that cannot be trusted, with the reason for the log. */
export interface RefusedSetup {
  refused: string;
  reference: string | null;
}

interface CardGateway {
  start(attempt: CardSetupAttempt): Promise<{ start: PaymentStart; stripeCustomerId?: string }>;
  /** The setup's outcome; null when the notification is about no card setup (or decides nothing). */
  verify(input: PaymentNotification): Promise<CardSetupOutcome | RefusedSetup | null>;
}

/** Where the gateways post their word on a card setup (src/api/payment-method/routes); Stripe uses its one webhook. */
const CARD_NOTIFY_PATHS = {
  redsys: "/api/payment-methods/redsys/notification",
} as const;

/** The sandbox's card page of one setup, on the CMS itself. */
export function sandboxCardPageUrl(reference: string): string {
  return `${getEnv().publicUrl}/api/payment-methods/sandbox/${encodeURIComponent(reference)}`;
}

/**
 * Where each gateway's saved-card references are kept on a card: a setup's and a paid attempt's
 * (a renewal paid by its link, docs/decisions/030) alike.
 */
export function gatewayReferencesOf(provider: PaymentProviderId, saved: SavedCard): GatewayReferences {
  switch (provider) {
    case "sandbox":
      return { sandboxToken: saved.token };
    case "redsys":
      return { redsysIdentifier: saved.token, redsysCofTxnid: saved.reference };
    case "stripe":
      return { stripePaymentMethodId: saved.token, stripeCustomerId: saved.reference };
  }
}

function refusedOf(error: unknown): RefusedSetup {
  if (error instanceof PaymentNotificationError) return { refused: error.reason, reference: error.reference };
  throw error;
}

// ---- Sandbox -------------------------------------------------------------------------------------

const sandboxCardMessage = z.strictObject({
  kind: z.literal("card_setup"),
  reference: z.string().min(1).max(40),
  outcome: z.enum(["active", "failed"]),
  reason: z.enum(["declined", "authentication_failed"]).optional(),
  token: z.string().max(255).optional(),
  expiryYear: z.number().int().optional(),
});

function sandboxGateway(): SandboxProvider {
  const sandbox = gateways().sandbox;
  if (sandbox === undefined) throw new Error("The sandbox gateway is off");
  return sandbox;
}

/** The signed notification the sandbox's card page sends once the customer has answered. */
export function sandboxCardNotification(
  reference: string,
  answer:
    | { outcome: "active"; token: string; expiryYear: number }
    | { outcome: "failed"; reason: "declined" | "authentication_failed" },
): PaymentNotification {
  return sandboxGateway().signed({ kind: "card_setup", reference, ...answer });
}

const sandboxCards: CardGateway = {
  async start({ reference }) {
    return { start: { method: "GET", url: sandboxCardPageUrl(reference), fields: {} } };
  },

  async verify(input) {
    let body: string;
    try {
      body = sandboxGateway().verifiedBody(input);
    } catch (error) {
      return refusedOf(error);
    }
    let parsed;
    try {
      parsed = sandboxCardMessage.safeParse(JSON.parse(body));
    } catch {
      return { refused: "malformed", reference: null };
    }
    if (!parsed.success) return { refused: "malformed", reference: null };
    const message = parsed.data;
    const summary = { outcome: message.outcome, reason: message.reason ?? null };
    if (message.outcome === "failed" || message.token === undefined || message.expiryYear === undefined) {
      return {
        outcome: "failed",
        reference: message.reference,
        reason: message.reason ?? "error",
        providerRef: null,
        summary,
      };
    }
    return {
      outcome: "active",
      reference: message.reference,
      card: { ...SANDBOX_CARD, expiryYear: message.expiryYear },
      references: gatewayReferencesOf("sandbox", { token: message.token, reference: null }),
      providerRef: null,
      summary,
    };
  },
};

// ---- Redsys --------------------------------------------------------------------------------------

/**
 * Redsys's answers that mean something else than a plain refusal: 0184, the cardholder's
 * authentication failed; 9915, the customer cancelled on Redsys's page.
 */
function redsysFailure(response: unknown): CardFailureReason {
  if (response === "0184") return "authentication_failed";
  if (response === "9915") return "cancelled";
  return "declined";
}

function redsysGateway(): PaymentProvider {
  const redsys = gateways().byId.redsys;
  if (redsys === undefined) throw new Error("The Redsys gateway is off");
  return redsys;
}

const redsysCards: CardGateway = {
  async start(attempt) {
    // A customer-initiated tokenisation (COF_INI=S, COF_TYPE=R, IDENTIFIER=REQUIRED: the adapter's
    // saveCard) of 0 €: Redsys authenticates the cardholder (3-D Secure) and verifies the card
    // without charging it, and answers with the reference and the first transaction's id.
    const start = await redsysGateway().start({
      reference: attempt.reference,
      amount: 0,
      currency: "EUR",
      orderNumber: attempt.reference,
      description: "Imperfecta",
      locale: attempt.locale,
      customerEmail: attempt.customerEmail,
      returnUrls: attempt.returnUrls,
      notifyUrl: `${getEnv().publicUrl}${CARD_NOTIFY_PATHS.redsys}`,
      saveCard: true,
      payBy: null,
    });
    return { start };
  },

  async verify(input) {
    let verified;
    try {
      verified = await redsysGateway().verify(input);
    } catch (error) {
      return refusedOf(error);
    }
    if (verified.outcome === "ignored" || verified.reference === null) return null;
    const { reference, summary } = verified;
    // A tokenisation charges nothing: any other amount is not one of ours.
    if (verified.amount !== 0 || verified.currency !== "EUR") return { refused: "amount_mismatch", reference };
    const saved = verified.savedCard;
    if (verified.outcome === "failed" || saved === undefined) {
      return {
        outcome: "failed",
        reference,
        reason: verified.outcome === "failed" ? redsysFailure(summary.response) : "error",
        providerRef: verified.providerRef,
        summary,
      };
    }
    return {
      outcome: "active",
      reference,
      card: saved.card ?? { brand: null, last4: null, expiryMonth: null, expiryYear: null },
      references: gatewayReferencesOf("redsys", saved),
      providerRef: verified.providerRef,
      summary,
    };
  },
};

// ---- Stripe --------------------------------------------------------------------------------------

function stripeGateway(): StripeProvider {
  const stripe = gateways().stripe;
  if (stripe === undefined) throw new Error("The Stripe gateway is off");
  return stripe;
}

/** Stripe's codes of a SetupIntent's last error that are the cardholder's authentication. */
function stripeFailure(error: Stripe.SetupIntent["last_setup_error"]): CardFailureReason {
  const code = error?.code ?? "";
  return code.startsWith("authentication") || code === "setup_intent_authentication_failure"
    ? "authentication_failed"
    : "declined";
}

/** The card a succeeded SetupIntent saved, as an outcome; null while Stripe says it has not. */
async function stripeActive(
  reference: string,
  setupIntentId: string,
  summary: CardSetupOutcome["summary"],
): Promise<CardSetupOutcome | null> {
  const saved = await stripeGateway().savedCardOfSetup(setupIntentId);
  if (saved === null) return null;
  return {
    outcome: "active",
    reference,
    card: saved.card ?? { brand: null, last4: null, expiryMonth: null, expiryYear: null },
    references: gatewayReferencesOf("stripe", saved),
    providerRef: setupIntentId,
    summary,
  };
}

const idOf = (value: string | { id: string } | null) =>
  value === null || typeof value === "string" ? value : value.id;

const stripeCards: CardGateway = {
  async start(attempt) {
    const { stripeCustomerId, ...start } = await stripeGateway().startCardSetup(attempt);
    return { start, stripeCustomerId };
  },

  async verify(input) {
    let event: Stripe.Event;
    try {
      event = stripeGateway().verifiedEvent(input);
    } catch (error) {
      // One webhook for payments and setups: the payments' service refuses it, and logs it once.
      if (error instanceof PaymentNotificationError) return null;
      throw error;
    }
    const summary = { event: event.type, eventId: event.id };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.expired": {
        const session = event.data.object;
        const reference = session.metadata?.reference ?? session.client_reference_id;
        if (session.mode !== "setup" || reference === null) return null;
        if (event.type === "checkout.session.expired") {
          return { outcome: "failed", reference, reason: "cancelled", providerRef: session.id, summary };
        }
        const intent = idOf(session.setup_intent);
        return intent === null ? null : stripeActive(reference, intent, summary);
      }
      case "setup_intent.succeeded":
      case "setup_intent.setup_failed": {
        const intent = event.data.object;
        const reference = intent.metadata?.reference;
        if (reference === undefined) return null;
        if (event.type === "setup_intent.succeeded") return stripeActive(reference, intent.id, summary);
        return {
          outcome: "failed",
          reference,
          reason: stripeFailure(intent.last_setup_error),
          providerRef: intent.id,
          summary,
        };
      }
      default:
        return null;
    }
  },
};

const CARD_GATEWAYS = {
  sandbox: sandboxCards,
  redsys: redsysCards,
  stripe: stripeCards,
} as const satisfies Record<PaymentProviderId, CardGateway>;

export function cardGatewayOf(id: PaymentProviderId): CardGateway {
  return CARD_GATEWAYS[id];
}
