import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "../src/payments/stripe";
import { startPayment } from "../src/payments/attempts";
import { registerCustomer } from "./helpers/accounts";
import { startFakeStripe, signedEvent, type FakeStripe } from "./helpers/fake-stripe";
import { errorCode, expectErrorShape, getJson } from "./helpers/http";
import { createTestOrder, eventsOf, flushServerWork, orderMailsTo, orderStatusOf } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// Stripe (docs/decisions/015): Checkout Sessions created through the official SDK against a local
// fake of Stripe's API (never the internet), and webhooks verified with the signing secret and a
// 300-second tolerance.

const SECRET_KEY = "sk_test_fake51Imperfecta";
const WEBHOOK_SECRET = "whsec_fakeImperfectaSigning";
const STOREFRONT = "https://shop.example";

let app: TestStrapi;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  app = await startStrapi({
    SEED_DEMO_DATA: "false",
    STOREFRONT_URL: STOREFRONT,
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});

afterAll(async () => {
  await app?.stop();
  await stripe?.close();
});

async function stripeOrder(options: { purchase?: "once" | "subscription"; locale?: "es" | "ca" | "pt" } = {}) {
  const customer = await registerCustomer(app.api, { firstName: "Rita" });
  const order = await createTestOrder(app.strapi, {
    userId: customer.user.id,
    email: customer.email,
    locale: options.locale ?? "pt",
    purchase: options.purchase ?? "once",
  });
  const start = await startPayment(app.strapi, { orderId: order.id });
  const sessionId = start.url.split("/").at(-1) ?? "";
  const session = stripe.sessions.get(sessionId);
  if (session === undefined) throw new Error(`the fake made no session ${sessionId}`);
  return { customer, order, start, session };
}

const webhook = (event: { body: string; signature: string }) =>
  getJson(`${app.api}/payments/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.body,
  });

async function logOf(reference: string) {
  return (
    (await app.strapi.db.query(CONTENT_TYPES.paymentNotification).findMany({
      where: { reference },
      orderBy: { id: "asc" },
    })) as { valid: boolean; effect: string; reason: string | null }[]
  ).map(({ valid, effect, reason }) => [valid, effect, reason]);
}

describe("a Stripe payment", () => {
  it("starts a Checkout Session for the order's amount and sends the customer to its page", async () => {
    const { customer, order, start, session } = await stripeOrder();
    expect(start).toEqual({ method: "GET", url: session.url, fields: {} });
    const reference = (session.metadata as Record<string, string>).reference ?? "";
    expect(reference).toMatch(/^\d{4}[0-9A-Za-z]{8}$/);

    const request = stripe.requests.find((each) => each.path === "/v1/checkout/sessions");
    expect(request?.idempotencyKey).toBe(`checkout-${reference}`);
    expect(request?.form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": String(order.total),
      customer_email: customer.email,
      client_reference_id: reference,
      locale: "pt",
      "metadata[reference]": reference,
      "metadata[order]": order.number,
      success_url: `${STOREFRONT}/pt/payment-completed/${order.number}`,
      cancel_url: `${STOREFRONT}/pt/payment-failed/${order.number}`,
    });
    expect(request?.form["payment_intent_data[setup_future_usage]"]).toBeUndefined();
  });

  it("keeps the card of a subscription's first payment for its renewals", async () => {
    const { session } = await stripeOrder({ purchase: "subscription" });
    const request = stripe.requests.filter((each) => each.path === "/v1/checkout/sessions").at(-1);
    expect(request?.form).toMatchObject({
      "payment_intent_data[setup_future_usage]": "off_session",
      customer_creation: "always",
      "metadata[save_card]": "true",
    });
    const reference = (session.metadata as Record<string, string>).reference ?? "";
    const paid = stripe.completeSession(session.id);
    expect((await webhook(signedEvent("checkout.session.completed", paid, { secret: WEBHOOK_SECRET }))).status).toBe(
      200,
    );
    const payment = (await app.strapi.db.query(CONTENT_TYPES.payment).findOne({ where: { reference } })) as {
      paymentStatus: string;
      cardToken: string | null;
      cardReference: string | null;
    };
    expect(payment.paymentStatus).toBe("paid");
    expect(payment.cardToken).toMatch(/^pm_test_/);
    expect(payment.cardReference).toMatch(/^cus_test_/);
  });
});

describe("Stripe's webhook", () => {
  it("pays the order for a completed, paid session; a replay changes nothing", async () => {
    const { customer, order, session } = await stripeOrder();
    const reference = (session.metadata as Record<string, string>).reference ?? "";
    const event = signedEvent("checkout.session.completed", stripe.completeSession(session.id), {
      secret: WEBHOOK_SECRET,
    });

    const answer = await webhook(event);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect((await eventsOf(app.strapi, order.id)).map((each) => each.actorLabel)).toEqual(["payment:stripe"]);

    expect((await webhook(event)).status).toBe(200);
    expect(await eventsOf(app.strapi, order.id)).toHaveLength(1);
    expect(await logOf(reference)).toEqual([
      [true, "applied", null],
      [true, "repeated", null],
    ]);
    await flushServerWork();
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)).toHaveLength(1);
  });

  it("refuses a bad signature and a timestamp older than 300 seconds, logging both", async () => {
    const { order, session } = await stripeOrder();
    const reference = (session.metadata as Record<string, string>).reference ?? "";
    const paid = stripe.completeSession(session.id);

    const forged = signedEvent("checkout.session.completed", paid, { secret: "whsec_someoneElse" });
    const refused = await webhook(forged);
    expectErrorShape(refused, 400);
    expect(errorCode(refused.body)).toBe("bad_signature");

    const old = signedEvent("checkout.session.completed", paid, {
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const stale = await webhook(old);
    expectErrorShape(stale, 400);
    expect(errorCode(stale.body)).toBe("stale_timestamp");

    const unsigned = await getJson(`${app.api}/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: forged.body,
    });
    expect(errorCode(unsigned.body)).toBe("bad_signature");

    // A body changed after signing.
    const altered = { ...signedEvent("checkout.session.completed", paid, { secret: WEBHOOK_SECRET }) };
    altered.body = altered.body.replace(`"amount_total":${order.total}`, '"amount_total":1');
    expect(errorCode((await webhook(altered)).body)).toBe("bad_signature");

    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");
    const refusals = await app.strapi.db.query(CONTENT_TYPES.paymentNotification).findMany({
      where: { provider: "stripe", valid: false },
      select: ["reason"],
    });
    expect((refusals as { reason: string }[]).map((row) => row.reason)).toEqual(
      expect.arrayContaining(["bad_signature", "stale_timestamp"]),
    );
    expect(await logOf(reference)).toEqual([]);
  });

  it("fails the order for an expired session and mails the link to pay again", async () => {
    const { customer, order, session } = await stripeOrder({ locale: "es" });
    const expired = { ...session, status: "expired" };
    expect((await webhook(signedEvent("checkout.session.expired", expired, { secret: WEBHOOK_SECRET }))).status).toBe(
      200,
    );
    expect(await orderStatusOf(app.strapi, order.id)).toBe("payment_failed");
    await flushServerWork();
    const [mail] = orderMailsTo(app.outboxDir, customer.email, order.number);
    expect(mail).toContain(`${STOREFRONT}/order/pay?order=${order.number}`);
  });

  it("waits on a completed session whose payment is still on its way, and ignores other events", async () => {
    const { order, session } = await stripeOrder();
    const reference = (session.metadata as Record<string, string>).reference ?? "";
    const unpaid = stripe.completeSession(session.id, { paid: false });
    expect((await webhook(signedEvent("checkout.session.completed", unpaid, { secret: WEBHOOK_SECRET }))).status).toBe(
      200,
    );
    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");

    const other = signedEvent("customer.created", { id: "cus_test_x", object: "customer" }, { secret: WEBHOOK_SECRET });
    expect((await webhook(other)).status).toBe(200);

    const succeeded = { ...unpaid, payment_status: "paid" };
    await webhook(signedEvent("checkout.session.async_payment_succeeded", succeeded, { secret: WEBHOOK_SECRET }));
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await logOf(reference)).toEqual([
      [true, "ignored", null],
      [true, "applied", null],
    ]);
  });
});

describe("saving a card with a SetupIntent", () => {
  it("sends the customer to Checkout in setup mode, then reads the card the SetupIntent saved", async () => {
    const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url });
    const start = await provider.startCardSetup({
      reference: "5555SeTuP001",
      customerEmail: "rita@example.com",
      stripeCustomerId: null,
      locale: "ca",
      returnUrls: {
        completed: `${STOREFRONT}/ca/add-payment-completed`,
        failed: `${STOREFRONT}/ca/add-payment-failed`,
      },
    });
    expect(start.method).toBe("GET");
    expect(start.stripeCustomerId).toMatch(/^cus_test_/);
    const customerRequest = stripe.requests.find((each) => each.path === "/v1/customers");
    expect(customerRequest?.form).toEqual({ email: "rita@example.com" });
    const setupRequest = stripe.requests.filter((each) => each.path === "/v1/checkout/sessions").at(-1);
    expect(setupRequest?.form).toMatchObject({
      mode: "setup",
      currency: "eur",
      customer: start.stripeCustomerId,
      locale: "es",
      "setup_intent_data[metadata][reference]": "5555SeTuP001",
    });

    const session = stripe.sessions.get(start.url.split("/").at(-1) ?? "");
    const setupIntent = String(session?.setup_intent);
    expect(await provider.savedCardOfSetup(setupIntent)).toBeNull();
    stripe.completeSetup(session?.id ?? "");
    expect(await provider.savedCardOfSetup(setupIntent)).toEqual({
      token: expect.stringMatching(/^pm_test_/),
      reference: start.stripeCustomerId,
      // What the customer is shown of it (docs/decisions/029): the fake's test Visa.
      card: { brand: "visa", last4: "4242", expiryMonth: 8, expiryYear: 2031 },
    });
  });

  it("is refused by Stripe with another key", async () => {
    const provider = createStripeProvider({
      secretKey: "sk_test_wrong",
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: stripe.url,
    });
    await expect(provider.savedCardOfSetup("seti_test_x")).rejects.toThrow(/Invalid API Key/);
  });
});
