import Stripe from "stripe";
import { stripeClient, type StripeSettings } from "../stripe";
import type { RefundGateway, RefundResult } from "./gateway";

/**
 * Stripe's refunds (the official SDK): one Refund of the payment's PaymentIntent, created under the
 * shop's key as the idempotency key (a retry after a timeout names the same refund) and with that key
 * in its metadata, so that its webhook events are matched to the shop's record however they race.
 */

/** The metadata field that names the shop's refund key (read back by src/ordering/refunds/notifications.ts). */
export const REFUND_KEY_METADATA = "refund_key";

function resultOf(refund: Stripe.Refund): RefundResult {
  if (refund.status === "succeeded") return { status: "succeeded", providerRef: refund.id };
  if (refund.status === "failed" || refund.status === "canceled") {
    return { status: "failed", providerRef: refund.id, failure: refund.failure_reason ?? refund.status };
  }
  // pending, requires_action: the refund.updated event decides it.
  return { status: "pending", providerRef: refund.id };
}

export function createStripeRefunds(settings: StripeSettings): RefundGateway {
  const stripe = stripeClient(settings);
  return {
    id: "stripe",
    async refund(request) {
      if (request.paymentProviderRef === null || !request.paymentProviderRef.startsWith("pi_")) {
        return { status: "failed", providerRef: null, failure: "no_payment_intent" };
      }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentProviderRef,
            amount: request.amount,
            reason: "requested_by_customer",
            metadata: { [REFUND_KEY_METADATA]: request.key, reference: request.paymentReference },
          },
          { idempotencyKey: `refund-${request.key}` },
        );
        return resultOf(refund);
      } catch (error) {
        // Stripe refused it (already refunded, an amount above what is left): a refusal, not an outage.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          return { status: "failed", providerRef: null, failure: (error.code ?? error.type).slice(0, 255) };
        }
        throw error;
      }
    },
  };
}
