import type { Cents } from "@shop/domain";
import { getEnv, type Env } from "../../env";
import type { PaymentProviderId } from "../provider";
import { createRedsysRefunds } from "./redsys";
import { createSandboxRefunds } from "./sandbox";
import { createStripeRefunds } from "./stripe";

/**
 * Giving money back through the gateway that took it (docs/decisions/031). An adapter only speaks its
 * gateway's language: it asks for one refund of one payment and says what the gateway answered. What
 * a refund does to the order (src/ordering/refunds/) is the same for all.
 */

/** One refund as the gateway is asked for it. */
export interface RefundRequest {
  /** The shop's key of this refund: the gateway's idempotency key where it has one, so a retry never refunds twice. */
  key: string;
  /** The payment's own reference (Redsys's Ds_Order, Stripe's metadata). */
  paymentReference: string;
  /** What the gateway called the payment (Stripe's PaymentIntent id, Redsys's authorisation code). */
  paymentProviderRef: string | null;
  amount: Cents;
  currency: string;
}

/** What the gateway answered: done, on its way (Stripe's pending), or refused with its reason. */
export interface RefundResult {
  status: "succeeded" | "pending" | "failed";
  /** The gateway's id of the refund (Stripe's re_..., Redsys's authorisation code of the refund). */
  providerRef: string | null;
  /** Why it was refused, for staff and the log: codes, never card data. */
  failure?: string;
}

export interface RefundGateway {
  readonly id: PaymentProviderId;
  refund(request: RefundRequest): Promise<RefundResult>;
}

const byEnv = new WeakMap<Env, Partial<Record<PaymentProviderId, RefundGateway>>>();

function build(env: Env): Partial<Record<PaymentProviderId, RefundGateway>> {
  const { provider, redsys, stripe } = env.payments;
  return {
    // Like its payments, the sandbox refunds only while it is the chosen gateway.
    ...(provider === "sandbox" ? { sandbox: createSandboxRefunds() } : {}),
    ...(redsys === undefined ? {} : { redsys: createRedsysRefunds(redsys) }),
    ...(stripe === undefined ? {} : { stripe: createStripeRefunds(stripe) }),
  };
}

/** The refund adapter of a payment's gateway; undefined when that gateway is no longer configured. */
export function refundGatewayOf(id: PaymentProviderId): RefundGateway | undefined {
  const env = getEnv();
  let built = byEnv.get(env);
  if (built === undefined) {
    built = build(env);
    byEnv.set(env, built);
  }
  return built[id];
}
