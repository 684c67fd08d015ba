import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { DeclineCode } from "@shop/domain/subscriptions";
import {
  headerValue,
  PaymentNotificationError,
  type OffSessionCharge,
  type OffSessionResult,
  type PaymentNotification,
  type PaymentOutcome,
  type PaymentProvider,
} from "./provider";

/**
 * The sandbox gateway (the default): a page of the CMS itself where one approves or declines, so the
 * shop takes orders without a bank. Its answer reaches the shop the way a real gateway's does: a
 * notification signed with HMAC-SHA256 (SANDBOX_PAYMENT_SECRET), verified here and applied by the
 * same service as Redsys's and Stripe's. The page is src/payments/sandbox-page.ts.
 */

const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

export const SANDBOX_DECISIONS = ["approve", "decline"] as const;
export type SandboxDecision = (typeof SANDBOX_DECISIONS)[number];

/** The sandbox's test card: what its pages show and its notifications report (docs/decisions/029). */
export const SANDBOX_CARD = { brand: "visa", last4: "4242", expiryMonth: 12 } as const;

/** How many years ahead the sandbox's test card expires, from the day it is saved. */
export const SANDBOX_CARD_YEARS = 3;

const notificationSchema = z.strictObject({
  reference: z.string().min(1).max(40),
  outcome: z.enum(["paid", "failed"]),
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  /** A paid attempt that asked to keep the card (a subscription's payment): the test card's token. */
  card: z.strictObject({ token: z.string().min(1).max(255), expiryYear: z.number().int() }).optional(),
});
type SandboxMessage = z.output<typeof notificationSchema>;

interface SandboxSettings {
  secret: string;
  /** The page where the customer approves or declines one attempt. */
  pageUrl(reference: string): string;
}

function signatureOf(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

function verifySignature(secret: string, notification: PaymentNotification): string {
  const body = notification.rawBody.toString();
  const given = Buffer.from(headerValue(notification.headers, SANDBOX_SIGNATURE_HEADER) ?? "", "base64url");
  const expected = signatureOf(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new PaymentNotificationError("bad_signature", claimedReference(body));
  }
  return body;
}

/** The reference an unverified body names, for the log only. */
function claimedReference(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const reference = (parsed as { reference?: unknown } | null)?.reference;
    return typeof reference === "string" ? reference.slice(0, 40) : null;
  } catch {
    return null;
  }
}

/**
 * How the sandbox answers an off-session charge (a renewal, docs/decisions/030), by the saved card's
 * last four digits, as Stripe's test cards do: the card page saves 4242, which is charged; staff or a
 * test that give a card one of these endings see the other answers. Any other ending is charged.
 */
export const SANDBOX_OFF_SESSION_CARDS = {
  "9995": "insufficient_funds",
  "0069": "card_expired",
  "3184": "authentication_required",
} as const satisfies Record<string, DeclineCode>;

/** One off-session charge the sandbox decided: its ledger, the "bank statement" tests read. */
export interface SandboxCharge {
  reference: string;
  amount: number;
  result: OffSessionResult;
}

export interface SandboxProvider extends PaymentProvider {
  /** The off-session charges decided so far, one per reference (a reference sent again is answered from here). */
  offSessionCharges(): readonly SandboxCharge[];
  /**
   * The notification the page sends once the customer has decided: what a gateway would post. An
   * approved attempt that asked to keep the card (`saveCard`) carries the test card's token, the
   * same one every time it is sent.
   */
  notificationFor(
    decision: SandboxDecision,
    payment: { reference: string; amount: number; currency: string; saveCard?: boolean },
    options?: { now?: Date },
  ): PaymentNotification;
  /** Any message signed as the sandbox signs its notifications (a card setup's, docs/decisions/029). */
  signed(message: object): PaymentNotification;
  /** The body of a notification whose signature holds; throws PaymentNotificationError. */
  verifiedBody(notification: PaymentNotification): string;
}

export function createSandboxProvider(settings: SandboxSettings): SandboxProvider {
  function signed(message: object): PaymentNotification {
    const rawBody = JSON.stringify(message);
    const signature = signatureOf(settings.secret, rawBody).toString("base64url");
    return { headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature }, rawBody };
  }

  // The sandbox's side of off-session charges: one decision per reference, as a gateway keeps one
  // operation per order number or idempotency key.
  const ledger = new Map<string, SandboxCharge>();

  function decideOffSession(charge: OffSessionCharge): OffSessionResult {
    const decline = (SANDBOX_OFF_SESSION_CARDS as Record<string, DeclineCode>)[charge.card.last4 ?? ""];
    const summary = { reference: charge.reference, amount: charge.amount, last4: charge.card.last4 };
    if (charge.card.sandboxToken === null)
      return { outcome: "declined", decline: "card_invalid", providerRef: null, summary };
    return decline === undefined
      ? { outcome: "paid", providerRef: `sandbox-${charge.reference}`, summary }
      : { outcome: "declined", decline, providerRef: null, summary: { ...summary, decline } };
  }

  return {
    id: "sandbox",
    // As Redsys: any amount above zero.
    minimumAmount: 1,

    async start(attempt) {
      return { method: "GET", url: settings.pageUrl(attempt.reference), fields: {} };
    },

    async verify(notification): Promise<PaymentOutcome> {
      const body = verifySignature(settings.secret, notification);
      let message: SandboxMessage;
      try {
        message = notificationSchema.parse(JSON.parse(body));
      } catch {
        throw new PaymentNotificationError("malformed", claimedReference(body));
      }
      const { card } = message;
      return {
        outcome: message.outcome,
        reference: message.reference,
        amount: message.amount,
        currency: message.currency,
        providerRef: null,
        ...(message.outcome === "paid" && card !== undefined
          ? {
              savedCard: { token: card.token, reference: null, card: { ...SANDBOX_CARD, expiryYear: card.expiryYear } },
            }
          : {}),
        summary: { outcome: message.outcome, amount: message.amount, currency: message.currency },
      };
    },

    notificationFor(decision, payment, { now = new Date() } = {}) {
      const paid = decision === "approve";
      const message: SandboxMessage = {
        reference: payment.reference,
        outcome: paid ? "paid" : "failed",
        amount: payment.amount,
        currency: payment.currency,
        // Derived from the attempt, so that every try of this notification names the same card.
        ...(paid && payment.saveCard
          ? {
              card: {
                token: `sbx_${createHmac("sha256", settings.secret).update(`card:${payment.reference}`).digest("hex").slice(0, 24)}`,
                expiryYear: now.getUTCFullYear() + SANDBOX_CARD_YEARS,
              },
            }
          : {}),
      };
      return signed(message);
    },

    signed,

    async chargeOffSession(charge) {
      const known = ledger.get(charge.reference);
      if (known !== undefined) return known.result;
      const result = decideOffSession(charge);
      ledger.set(charge.reference, { reference: charge.reference, amount: charge.amount, result });
      return result;
    },

    offSessionCharges() {
      return [...ledger.values()];
    },

    verifiedBody(notification) {
      return verifySignature(settings.secret, notification);
    },
  };
}
