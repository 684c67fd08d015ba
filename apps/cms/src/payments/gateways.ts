import type { Locale } from "@shop/domain";
import { storefrontLink } from "../storefront-links";
import { getEnv, type Env } from "../env";
import type { PaymentProvider, PaymentProviderId } from "./provider";
import { createRedsysProvider } from "./redsys";
import { createSandboxProvider, type SandboxProvider } from "./sandbox";
import { createStripeProvider, type StripeProvider } from "./stripe";

/**
 * The payment gateways of this process (docs/decisions/015): the one that takes new payments
 * (PAYMENT_PROVIDER), and every one whose notifications are accepted, built once per configuration
 * from the adapters beside this file. Attempts (./attempts.ts) and notifications (./notifications.ts)
 * ask this registry; nothing else builds an adapter.
 */

export interface Gateways {
  /** Takes new payments (PAYMENT_PROVIDER). */
  active: PaymentProvider;
  /** Every gateway whose notifications are accepted: the active one, and Redsys or Stripe while their keys are set. */
  byId: Partial<Record<PaymentProviderId, PaymentProvider>>;
  sandbox: SandboxProvider | undefined;
  stripe: StripeProvider | undefined;
}

const gatewaysByEnv = new WeakMap<Env, Gateways>();

/** Where each gateway posts its notifications (src/api/payment/routes/payment.ts). */
const NOTIFY_PATHS = {
  sandbox: "/api/payments/sandbox/notification",
  redsys: "/api/payments/redsys/notification",
  stripe: "/api/payments/stripe/webhook",
} as const satisfies Record<PaymentProviderId, string>;

/** Where a gateway posts its notifications about an attempt, on the CMS's public address. */
export function notifyUrlOf(id: PaymentProviderId): string {
  return `${getEnv().publicUrl}${NOTIFY_PATHS[id]}`;
}

/** The sandbox page of one attempt, on the CMS itself. */
export function sandboxPageUrl(reference: string): string {
  return `${getEnv().publicUrl}/api/payments/sandbox/${encodeURIComponent(reference)}`;
}

function buildGateways(env: Env): Gateways {
  const { provider, sandboxSecret, redsys, stripe } = env.payments;
  // The sandbox approves payments for anyone who asks: it exists only while it is the chosen gateway.
  const sandbox =
    provider === "sandbox" ? createSandboxProvider({ secret: sandboxSecret, pageUrl: sandboxPageUrl }) : undefined;
  const stripeProvider = stripe === undefined ? undefined : createStripeProvider(stripe);
  const byId: Gateways["byId"] = {
    ...(sandbox === undefined ? {} : { sandbox }),
    ...(redsys === undefined ? {} : { redsys: createRedsysProvider(redsys) }),
    ...(stripeProvider === undefined ? {} : { stripe: stripeProvider }),
  };
  const active = byId[provider];
  // env.ts refuses a chosen gateway without its settings, so this is a bug, not a configuration.
  if (active === undefined) throw new Error(`The payment provider ${provider} has no settings`);
  return { active, byId, sandbox, stripe: stripeProvider };
}

export function gateways(): Gateways {
  const env = getEnv();
  let built = gatewaysByEnv.get(env);
  if (built === undefined) {
    built = buildGateways(env);
    gatewaysByEnv.set(env, built);
  }
  return built;
}

/** The storefront pages a customer comes back to from the gateway, in the order's language. */
export function returnUrlsOf(order: { number: string; locale: Locale }) {
  return {
    completed: storefrontLink("paymentCompleted", order.locale, {}, { slug: order.number }),
    failed: storefrontLink("paymentFailed", order.locale, {}, { slug: order.number }),
  };
}
