import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local HTTP server speaking the few calls of Stripe's API the CMS makes (Checkout Sessions,
 * Customers, PaymentIntents and SetupIntents), so that tests point the official SDK at it
 * (STRIPE_API_URL) and never reach the internet. It checks the secret key, keeps what it was sent,
 * honours idempotency keys as Stripe does, and builds the signed webhook events Stripe would send.
 */

/** What a call sent: its form fields flattened as Stripe's SDK encodes them ("metadata[reference]"). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripe {
  /** The API's base URL, for STRIPE_API_URL. */
  url: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, StripeObject>;
  /** Marks a session paid (or not) as Checkout would when the customer pays; the updated session. */
  completeSession(sessionId: string, options?: { paid?: boolean }): StripeObject;
  /** Marks a setup session's SetupIntent succeeded, with a card. */
  completeSetup(sessionId: string): StripeObject;
  /** Off-session PaymentIntents of this PaymentMethod are refused with this decline code (Stripe's card_error). */
  declinePaymentMethod(paymentMethodId: string, declineCode: string): void;
  /** While true, every call answers 500 as Stripe does when it is in trouble. */
  setFailing(failing: boolean): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString("hex")}`;

async function readForm(request: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")).entries());
}

/** The `metadata[...]` fields of a form as an object. */
function mapOf(form: Record<string, string>, name: string): Record<string, string> {
  const prefix = `${name}[`;
  return Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith(prefix) && key.indexOf("]") === key.length - 1)
      .map(([key, value]) => [key.slice(prefix.length, -1), value]),
  );
}

function checkoutSession(form: Record<string, string>): StripeObject {
  const id = newId("cs");
  const unitAmount = Number(form["line_items[0][price_data][unit_amount]"] ?? 0);
  const quantity = Number(form["line_items[0][quantity]"] ?? 1);
  const mode = form.mode ?? "payment";
  return {
    id,
    object: "checkout.session",
    mode,
    url: `https://checkout.stripe.test/c/pay/${id}`,
    amount_total: mode === "payment" ? unitAmount * quantity : null,
    currency: form.currency ?? form["line_items[0][price_data][currency]"] ?? null,
    client_reference_id: form.client_reference_id ?? null,
    customer: form.customer ?? null,
    customer_email: form.customer_email ?? null,
    metadata: mapOf(form, "metadata"),
    payment_intent: null,
    setup_intent: mode === "setup" ? newId("seti") : null,
    payment_status: mode === "payment" ? "unpaid" : "no_payment_required",
    status: "open",
    locale: form.locale ?? null,
    success_url: form.success_url ?? null,
    cancel_url: form.cancel_url ?? null,
  };
}

export async function startFakeStripe({ secretKey }: { secretKey: string }): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, StripeObject>();
  const intents = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const byIdempotencyKey = new Map<string, StripeObject>();
  const declines = new Map<string, string>();
  let failing = false;

  function create(key: string | undefined, make: () => StripeObject): StripeObject {
    const earlier = key === undefined ? undefined : byIdempotencyKey.get(key);
    if (earlier !== undefined) return earlier;
    const made = make();
    if (key !== undefined) byIdempotencyKey.set(key, made);
    return made;
  }

  function route(method: string, path: string, form: Record<string, string>, key: string | undefined) {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      return create(key, () => {
        const session = checkoutSession(form);
        sessions.set(session.id, session);
        if (typeof session.setup_intent === "string") {
          const waiting = { status: "requires_payment_method", payment_method: null, customer: session.customer };
          setupIntents.set(session.setup_intent, { id: session.setup_intent, object: "setup_intent", ...waiting });
        }
        return session;
      });
    }
    if (method === "POST" && path === "/v1/customers") {
      return create(key, () => ({ id: newId("cus"), object: "customer", email: form.email ?? null }));
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      // A confirmed intent: succeeded, or refused as a card error for a card set to decline.
      return create(key, () => {
        const made = {
          id: newId("pi"),
          object: "payment_intent",
          amount: Number(form.amount),
          currency: form.currency,
          customer: form.customer ?? null,
          payment_method: form.payment_method ?? null,
          metadata: mapOf(form, "metadata"),
        };
        const decline = declines.get(form.payment_method ?? "");
        const intent = { ...made, status: decline === undefined ? "succeeded" : "requires_payment_method" };
        intents.set(intent.id, intent);
        if (decline === undefined) return intent;
        return {
          id: intent.id,
          error: { type: "card_error", code: "card_declined", decline_code: decline, payment_intent: intent },
        };
      });
    }
    const intent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === "GET" && intent) return intents.get(intent[1]!);
    const setup = /^\/v1\/setup_intents\/([\w-]+)$/.exec(path);
    if (method === "GET" && setup) return setupIntents.get(setup[1]!);
    const paymentMethod = /^\/v1\/payment_methods\/([\w-]+)$/.exec(path);
    if (method === "GET" && paymentMethod) {
      // Every card of the fake is Stripe's test Visa.
      const card = { brand: "visa", last4: "4242", exp_month: 8, exp_year: 2031 };
      return { id: paymentMethod[1]!, object: "payment_method", type: "card", card };
    }
    return undefined;
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const form = await readForm(request);
      const url = new URL(request.url ?? "/", "http://fake-stripe");
      const key = request.headers["idempotency-key"];
      const idempotencyKey = Array.isArray(key) ? key[0] : key;
      requests.push({ method: request.method ?? "GET", path: url.pathname, form, idempotencyKey });
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
        response.end(JSON.stringify(body));
      };
      if (failing) {
        reply(500, { error: { type: "api_error", message: "An unknown error occurred" } });
        return;
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        reply(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      const found = route(request.method ?? "GET", url.pathname, form, idempotencyKey);
      if (found === undefined) {
        reply(404, { error: { type: "invalid_request_error", message: `No such thing: ${url.pathname}` } });
        return;
      }
      // A card error is answered 402, as Stripe does, with the intent inside it.
      if ("error" in found) reply(402, { error: found.error });
      else reply(200, found);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    completeSession(sessionId, { paid = true } = {}) {
      const session = sessions.get(sessionId);
      if (session === undefined) throw new Error(`No session ${sessionId}`);
      const customer = session.customer ?? newId("cus");
      const intent = { id: newId("pi"), object: "payment_intent", payment_method: newId("pm"), customer };
      intents.set(intent.id, intent);
      Object.assign(session, {
        status: "complete",
        payment_status: paid ? "paid" : "unpaid",
        payment_intent: intent.id,
        customer:
          session.metadata && (session.metadata as Record<string, string>).save_card === "true" ? customer : null,
      });
      return session;
    },
    completeSetup(sessionId) {
      const session = sessions.get(sessionId);
      if (session === undefined || typeof session.setup_intent !== "string") throw new Error(`No setup ${sessionId}`);
      const setupIntent = {
        id: session.setup_intent,
        object: "setup_intent",
        status: "succeeded",
        payment_method: newId("pm"),
        customer: session.customer,
      };
      setupIntents.set(setupIntent.id, setupIntent);
      Object.assign(session, { status: "complete" });
      return session;
    },
    declinePaymentMethod(paymentMethodId, declineCode) {
      declines.set(paymentMethodId, declineCode);
    },
    setFailing(value) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook event about a session, as Stripe posts it: the JSON body and its Stripe-Signature header. */
export function signedEvent(
  type: string,
  object: StripeObject,
  { secret, timestamp = Math.floor(Date.now() / 1000) }: { secret: string; timestamp?: number },
) {
  const body = JSON.stringify({
    id: newId("evt"),
    object: "event",
    api_version: "2025-01-01",
    created: timestamp,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { body, signature };
}
