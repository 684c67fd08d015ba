import { createdOrderSchema, orderSchema, paymentAnswerSchema } from "@shop/contracts";
import { parseOrderNumber } from "@shop/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerCustomer, waitForMail } from "./helpers/accounts";
import { startFakeStripe, type FakeStripe } from "./helpers/fake-stripe";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import {
  createCatalogue,
  createZone,
  finishedDraft,
  firstOfferedDate,
  patchDraft,
  placeOrder,
  type Catalogue,
} from "./helpers/ordering";
import { eventsOf } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// Placing an order when the gateway cannot take it (docs/decisions/015): nothing to pay, less than
// Stripe charges, Stripe down. Stripe is a local fake of its API, pointed at by the official SDK.

const SECRET_KEY = "sk_test_fake51Imperfecta";
const STOREFRONT = "https://shop.example";
const POSTCODE = "46010";

let app: TestStrapi;
let stripe: FakeStripe;
let catalogue: Catalogue;
let choice: { date: string; slot: string };

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  app = await startStrapi({
    SEED_DEMO_DATA: "false",
    STOREFRONT_URL: STOREFRONT,
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: "whsec_fakeImperfectaSigning",
    STRIPE_API_URL: stripe.url,
  });
  catalogue = await createCatalogue(app.strapi);
  // Delivery free everywhere in the zone: a coupon can leave nothing, or a few cents, to pay.
  await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099", fee: 0, freeFrom: null });
  for (const data of [
    { code: "GRATIS", kind: "percentage", value: 100 },
    // 22.00 for the box, 21.70 off: 0.30 left.
    { code: "CASI", kind: "fixed", value: 21.7 },
  ]) {
    await app.strapi
      .documents(CONTENT_TYPES.coupon as never)
      .create({ data: { ...data, minimumOrder: 0, active: true } as never });
  }
  choice = await firstOfferedDate(app.api, POSTCODE);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await stripe?.close();
});

async function draftWith(jwt: string, couponCode: string | null) {
  return finishedDraft(app.api, jwt, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: catalogue.box, quantity: 1 }],
    couponCode,
  });
}

const ordersOf = (userId: number) =>
  app.strapi.db.query(CONTENT_TYPES.order).count({ where: { user: { id: userId } } });

describe("an order with nothing to pay", () => {
  it("is paid at once without a gateway, confirmed by mail, and sends the customer to the paid order's page", async () => {
    const customer = await registerCustomer(app.api);
    const token = await draftWith(customer.jwt, "GRATIS");
    const sessions = stripe.sessions.size;

    const placed = await placeOrder(app.api, token, customer.jwt);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order, payment } = createdOrderSchema.parse(placed.body);
    expect(order).toMatchObject({ status: "paid", canPay: false, totals: { discount: 2200, shipping: 0, total: 0 } });
    expect(payment).toEqual({ method: "GET", url: `${STOREFRONT}/payment-completed/${order.number}`, fields: {} });
    // No gateway was asked, and no attempt recorded.
    expect(stripe.sessions.size).toBe(sessions);
    const orderId = parseOrderNumber(order.number)!;
    expect(await app.strapi.db.query(CONTENT_TYPES.payment).count({ where: { order: { id: orderId } } })).toBe(0);
    expect(await eventsOf(app.strapi, orderId)).toEqual([
      expect.objectContaining({ from: null, to: "pending_payment", actorKind: "customer" }),
      expect.objectContaining({
        from: "pending_payment",
        to: "paid",
        actorKind: "payment",
        actorLabel: "payment:none",
      }),
    ]);
    await waitForMail(app.outboxDir, customer.email, new RegExp(order.number));

    // Paid: nothing more to pay.
    const again = await postJson(`${app.api}/orders/mine/${order.number}/payments`, {}, bearer(customer.jwt));
    expect(errorCode(expectErrorShape(again, 409))).toBe("not_payable");
  });
});

describe("a total under the gateway's smallest charge", () => {
  it("is refused before the order is written (409 amount_too_small), and the draft stays to change", async () => {
    const customer = await registerCustomer(app.api);
    const token = await draftWith(customer.jwt, "CASI");
    const refused = await placeOrder(app.api, token, customer.jwt);
    expect(errorCode(expectErrorShape(refused, 409))).toBe("amount_too_small");
    expect(await ordersOf(customer.user.id)).toBe(0);

    // Without the coupon the same draft becomes an order paid at Stripe.
    expect((await patchDraft(app.api, token, { couponCode: null }, customer.jwt)).status).toBe(200);
    const placed = await placeOrder(app.api, token, customer.jwt);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order, payment } = createdOrderSchema.parse(placed.body);
    expect(payment.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(stripe.sessions.get(payment.url.split("/").at(-1)!)).toMatchObject({ amount_total: 2200 });

    // A waiting order whose total Stripe would not charge (one placed before the shop moved to
    // Stripe) is refused the same way when paid again, with no attempt made.
    const sessions = stripe.sessions.size;
    await app.strapi.db.query(CONTENT_TYPES.order).update({ where: { number: order.number }, data: { total: 30 } });
    const retry = await postJson(`${app.api}/orders/mine/${order.number}/payments`, {}, bearer(customer.jwt));
    expect(errorCode(expectErrorShape(retry, 409))).toBe("amount_too_small");
    expect(stripe.sessions.size).toBe(sessions);
    const shown = orderSchema.parse(
      (await getJson(`${app.api}/orders/mine/${order.number}`, { headers: bearer(customer.jwt) })).body,
    );
    expect(shown.status).toBe("pending_payment");
  });
});

describe("a gateway down when the order is placed", () => {
  it("answers 201 with the order all the same, sending the customer to its payment page to try again", async () => {
    const customer = await registerCustomer(app.api);
    const token = await draftWith(customer.jwt, null);
    stripe.setFailing(true);
    let placed;
    try {
      placed = await placeOrder(app.api, token, customer.jwt, { termsAccepted: true, locale: "ca" });
    } finally {
      stripe.setFailing(false);
    }
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order, payment } = createdOrderSchema.parse(placed.body);
    expect(order).toMatchObject({ status: "pending_payment", canPay: true, locale: "ca" });
    expect(payment).toEqual({ method: "GET", url: `${STOREFRONT}/ca/order/pay?order=${order.number}`, fields: {} });
    // The draft became that order: it cannot make a second one.
    expectErrorShape(await placeOrder(app.api, token, customer.jwt), 404);
    expect(await ordersOf(customer.user.id)).toBe(1);

    // Stripe back, the payment page's button starts a Checkout Session.
    const retry = await postJson(`${app.api}/orders/mine/${order.number}/payments`, {}, bearer(customer.jwt));
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(paymentAnswerSchema.parse(retry.body).payment.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });
});
