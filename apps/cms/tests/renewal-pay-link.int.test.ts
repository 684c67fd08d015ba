import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shiftIsoDate, shopDateOf } from "@shop/domain";
import { bearer, registerCustomer } from "./helpers/accounts";
import { signatureOf, startFakeRedsys, type FakeRedsys } from "./helpers/fake-redsys";
import { getJson, postJson } from "./helpers/http";
import {
  createCatalogue,
  createZone,
  deliveryAddress,
  finishedDraft,
  firstOfferedDate,
  placeOrder,
} from "./helpers/ordering";
import { decideOnSandboxPage, flushServerWork, orderStatusOf } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// A renewal whose off-session charge was refused is paid by the customer on-session, by its pay link
// (docs/decisions/030): the card it is paid with is saved, becomes the customer's default and the
// card the subscription's next renewals charge; a notification sent again saves nothing more. The
// sandbox's page first, then Redsys (its form asks for the card's reference; its notification
// brings it), each on a Strapi of its own.

const MINUTE = 60_000;

/**
 * The CMS's modules as this file calls them (the job, the gateways), loaded afresh after each
 * Strapi's boot: they read the environment once per load, and each describe runs another gateway.
 */
async function cmsModules() {
  vi.resetModules();
  const [
    { renewSubscriptions },
    { flushAfterAnswer },
    { gateways },
    { applyNotification },
    { chargeReferenceOf },
    { planDeliveries },
  ] = await Promise.all([
    import("../src/jobs/renew-subscriptions"),
    import("../src/http/after-answer"),
    import("../src/payments/gateways"),
    import("../src/payments/notifications"),
    import("../src/subscriptions/renewals/collect"),
    import("../src/subscriptions/plan"),
  ]);
  return { renewSubscriptions, flushAfterAnswer, gateways, applyNotification, chargeReferenceOf, planDeliveries };
}

let cms: Awaited<ReturnType<typeof cmsModules>>;
const POSTCODE = "46010";

interface Customer {
  jwt: string;
  email: string;
  userId: number;
}

interface DeliveryRow {
  id: number;
  date: string;
  cutoffAt: string | Date;
  order: { id: number; number: string; orderStatus: string; total: number } | null;
}

interface CardRow {
  id: number;
  provider: string;
  methodStatus: string;
  brand: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  isDefault: boolean;
  sandboxToken: string | null;
  redsysIdentifier: string | null;
  redsysCofTxnid: string | null;
}

const after = (row: { cutoffAt: string | Date }, ms: number) => new Date(new Date(row.cutoffAt).getTime() + ms);

async function customerOf(app: TestStrapi): Promise<Customer> {
  const registered = await registerCustomer(app.api);
  const user = (await app.strapi.db.query(CONTENT_TYPES.user).findOne({ where: { email: registered.email } })) as {
    id: number;
  };
  return { jwt: registered.jwt, email: registered.email, userId: user.id };
}

/**
 * An active weekly subscription of the customer charging `card` (a saved card's gateway fields), its
 * deliveries planned from three days before its first one, a few weeks ahead.
 */
async function subscriptionWithCard(app: TestStrapi, customer: Customer, card: Record<string, unknown>) {
  const { box } = await createCatalogue(app.strapi);
  const zone = await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" });
  const anchor = shiftIsoDate(shopDateOf(new Date()), 21);
  const saved = (await app.strapi.db.query(CONTENT_TYPES.paymentMethod).create({
    data: {
      reference: "0000CARDOLD1",
      user: customer.userId,
      methodStatus: "active",
      brand: "visa",
      expiryMonth: 12,
      expiryYear: 2040,
      locale: "es",
      isDefault: true,
      verifiedAt: new Date(),
      ...card,
    },
  })) as { id: number };
  const created = (await app.strapi.db.query(CONTENT_TYPES.subscription).create({
    data: {
      user: customer.userId,
      subscriptionStatus: "active",
      frequency: "weekly",
      locale: "es",
      audience: "consumer",
      boxes: [{ productId: box, quantity: 1, exclusions: [] }],
      extras: [],
      zone: zone.id,
      slotCode: "morning",
      deliveryAddress: deliveryAddress(POSTCODE),
      nextDeliveryDate: anchor,
      anchorDate: anchor,
      weekday: new Date(`${anchor}T12:00:00Z`).getUTCDay() || 7,
      paymentMethod: saved.id,
    },
  })) as { id: number };
  await cms.planDeliveries(app.strapi, created.id, new Date(`${shiftIsoDate(anchor, -3)}T12:00:00Z`));
  return { id: created.id, oldCardId: saved.id };
}

async function deliveriesOf(app: TestStrapi, subscriptionId: number): Promise<DeliveryRow[]> {
  return (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
    where: { subscriptionId },
    select: ["id", "date", "cutoffAt"],
    populate: { order: { select: ["id", "number", "orderStatus", "total"] } },
    orderBy: { date: "asc" },
  })) as DeliveryRow[];
}

/** The job's run at `now`, with its mails sent; the renewal order of the `index`-th delivery. */
async function renewalOrder(app: TestStrapi, subscriptionId: number, index: number) {
  const delivery = (await deliveriesOf(app, subscriptionId))[index]!;
  await cms.renewSubscriptions(app.strapi, after(delivery, MINUTE));
  await cms.flushAfterAnswer();
  return { delivery, order: (await deliveriesOf(app, subscriptionId))[index]!.order! };
}

async function cardsOf(app: TestStrapi, userId: number): Promise<CardRow[]> {
  return (await app.strapi.db.query(CONTENT_TYPES.paymentMethod).findMany({
    where: { user: { id: userId } },
    select: [
      "id",
      "provider",
      "methodStatus",
      "brand",
      "last4",
      "expiryMonth",
      "expiryYear",
      "isDefault",
      "sandboxToken",
      "redsysIdentifier",
      "redsysCofTxnid",
    ],
    orderBy: { id: "asc" },
  })) as CardRow[];
}

async function subscriptionCardOf(app: TestStrapi, subscriptionId: number): Promise<number | null> {
  const row = (await app.strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { id: subscriptionId },
    select: ["id"],
    populate: { paymentMethod: { select: ["id"] } },
  })) as { paymentMethod: { id: number } | null };
  return row.paymentMethod?.id ?? null;
}

/** The customer starts paying the order on-session, as the pay link's page does: where the gateway wants them. */
async function startPaying(app: TestStrapi, customer: Customer, orderNumber: string) {
  const started = await postJson<{ payment: { method: string; url: string; fields: Record<string, string> } }>(
    `${app.api}/orders/mine/${orderNumber}/payments`,
    {},
    bearer(customer.jwt),
  );
  expect(started.status).toBe(201);
  return started.body.payment;
}

describe("a renewal paid by its link on the sandbox's page", () => {
  let app: TestStrapi;
  let customer: Customer;

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
    cms = await cmsModules();
    customer = await customerOf(app);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it("saves the card paid with as the new default, which the subscription's next renewal charges off-session", async () => {
    // 0069: the sandbox refuses the saved card as expired, a hard refusal: the pay link at once.
    const { id, oldCardId } = await subscriptionWithCard(app, customer, {
      provider: "sandbox",
      last4: "0069",
      sandboxToken: "sandbox-token-old",
    });
    const { order } = await renewalOrder(app, id, 0);
    expect(order.orderStatus).toBe("pending_payment");

    const payment = await startPaying(app, customer, order.number);
    const reference = decodeURIComponent(new URL(payment.url).pathname.split("/").at(-1)!);
    const decided = await decideOnSandboxPage(app.url, payment.url);
    expect(decided.status).toBe(303);
    await flushServerWork();
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");

    const cards = await cardsOf(app, customer.userId);
    expect(cards).toHaveLength(2);
    const [old, saved] = cards;
    expect(old).toMatchObject({ id: oldCardId, methodStatus: "active", isDefault: false });
    expect(saved).toMatchObject({
      provider: "sandbox",
      methodStatus: "active",
      brand: "visa",
      last4: "4242",
      expiryMonth: 12,
      isDefault: true,
      sandboxToken: expect.stringMatching(/^sbx_/),
    });
    expect(saved!.expiryYear).toBeGreaterThan(new Date().getUTCFullYear());
    expect(await subscriptionCardOf(app, id)).toBe(saved!.id);

    // The sandbox sends its word again (a lost acknowledgement): nothing more is saved.
    const again = await cms.applyNotification(
      app.strapi,
      "sandbox",
      cms.gateways().sandbox!.notificationFor("approve", {
        reference,
        amount: order.total,
        currency: "EUR",
        saveCard: true,
      }),
    );
    expect(again).toMatchObject({ status: 200, effect: "repeated" });
    expect(await cardsOf(app, customer.userId)).toHaveLength(2);

    // The next delivery is charged off-session to the new card (4242, which the sandbox pays).
    const next = await renewalOrder(app, id, 1);
    expect(next.order.orderStatus).toBe("paid");
    const charges = cms
      .gateways()
      .sandbox!.offSessionCharges()
      .filter((charge) => charge.reference.startsWith(cms.chargeReferenceOf(next.delivery.id, 1).slice(0, 10)));
    expect(charges).toEqual([expect.objectContaining({ result: expect.objectContaining({ outcome: "paid" }) })]);
    expect(charges[0]!.result.summary).toMatchObject({ last4: "4242" });
  });
});

describe("a subscription's first order paid on the sandbox's page", () => {
  let app: TestStrapi;

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
    cms = await cmsModules();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it("keeps the card paid with as the subscriber's default and the subscription's, for the renewals to charge", async () => {
    const customer = await customerOf(app);
    const { box } = await createCatalogue(app.strapi);
    await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" });
    const token = await finishedDraft(app.api, customer.jwt, {
      postcode: POSTCODE,
      ...(await firstOfferedDate(app.api, POSTCODE)),
      purchase: "subscription",
      boxes: [{ productId: box, quantity: 1 }],
    });
    const placed = (await placeOrder(app.api, token, customer.jwt)).body as { order: { number: string } };
    const payment = await startPaying(app, customer, placed.order.number);
    const decided = await decideOnSandboxPage(app.url, payment.url);
    expect(decided.status).toBe(303);
    await flushServerWork();

    const order = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { number: placed.order.number },
      select: ["id"],
      populate: { subscription: { select: ["id", "subscriptionStatus"] } },
    })) as { id: number; subscription: { id: number; subscriptionStatus: string } };
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    const cards = await cardsOf(app, customer.userId);
    expect(cards).toEqual([
      expect.objectContaining({ provider: "sandbox", methodStatus: "active", last4: "4242", isDefault: true }),
    ]);
    expect(await subscriptionCardOf(app, order.subscription.id)).toBe(cards[0]!.id);
  });
});

describe("a renewal paid by its link through Redsys", () => {
  const terminal = { merchantCode: "999008881", terminal: "1", secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7" };
  let fake: FakeRedsys;
  let app: TestStrapi;
  let customer: Customer;

  beforeAll(async () => {
    fake = await startFakeRedsys({ secretKey: terminal.secretKey });
    app = await startStrapi({
      SEED_DEMO_DATA: "false",
      STOREFRONT_URL: "https://shop.example",
      PAYMENT_PROVIDER: "redsys",
      REDSYS_MERCHANT_CODE: terminal.merchantCode,
      REDSYS_TERMINAL: terminal.terminal,
      REDSYS_SECRET_KEY: terminal.secretKey,
      REDSYS_ENVIRONMENT: fake.url,
    });
    cms = await cmsModules();
    customer = await customerOf(app);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });

  /** Redsys's notification of an authorised payment that kept the card, signed as Redsys signs it. */
  function paidNotification(order: string, amount: number) {
    const params = {
      Ds_Date: "14%2F03%2F2031",
      Ds_Hour: "10%3A05",
      Ds_Amount: String(amount),
      Ds_Currency: "978",
      Ds_Order: order,
      Ds_MerchantCode: terminal.merchantCode,
      Ds_Terminal: "001",
      Ds_Response: "0000",
      Ds_TransactionType: "0",
      Ds_SecurePayment: "1",
      Ds_AuthorisationCode: "082150",
      Ds_Card_Country: "724",
      Ds_Card_Number: "454881******0004",
      Ds_Card_Brand: "1",
      Ds_ExpiryDate: "3011",
      Ds_Merchant_Identifier: "newidentifier0004",
      Ds_Merchant_Cof_Txnid: "2099887766554433",
    };
    const parameters = Buffer.from(JSON.stringify(params)).toString("base64");
    return new URLSearchParams({
      Ds_SignatureVersion: "HMAC_SHA256_V1",
      Ds_MerchantParameters: parameters,
      Ds_Signature: signatureOf(terminal.secretKey, order, parameters).toString("base64url"),
    }).toString();
  }

  it("asks Redsys for the card's reference, and keeps it once as the default and the subscription's card", async () => {
    const { id } = await subscriptionWithCard(app, customer, {
      provider: "redsys",
      last4: "1111",
      redsysIdentifier: "oldidentifier1111",
      redsysCofTxnid: "2011111111111111",
    });
    // 0184: the bank asks for the cardholder's authentication; the customer gets the pay link.
    fake.respondWith("0184");
    const { order } = await renewalOrder(app, id, 0);
    expect(order.orderStatus).toBe("pending_payment");
    expect(fake.requests.at(-1)).toMatchObject({ DS_MERCHANT_IDENTIFIER: "oldidentifier1111" });

    const payment = await startPaying(app, customer, order.number);
    expect(payment.method).toBe("POST");
    const sent = JSON.parse(Buffer.from(payment.fields.Ds_MerchantParameters!, "base64").toString("utf8")) as Record<
      string,
      string
    >;
    expect(sent).toMatchObject({
      DS_MERCHANT_IDENTIFIER: "REQUIRED",
      DS_MERCHANT_COF_INI: "S",
      DS_MERCHANT_COF_TYPE: "R",
    });

    const notify = (body: string) =>
      getJson(`${app.api}/payments/redsys/notification`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    const body = paidNotification(sent.DS_MERCHANT_ORDER!, Number(sent.DS_MERCHANT_AMOUNT));
    expect((await notify(body)).status).toBe(200);
    // Redsys sends it again: one card all the same.
    expect((await notify(body)).status).toBe(200);
    await flushServerWork();
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");

    const cards = await cardsOf(app, customer.userId);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({ last4: "1111", isDefault: false });
    expect(cards[1]).toMatchObject({
      provider: "redsys",
      methodStatus: "active",
      brand: "visa",
      last4: "0004",
      expiryMonth: 11,
      expiryYear: 2030,
      isDefault: true,
      redsysIdentifier: "newidentifier0004",
      redsysCofTxnid: "2099887766554433",
    });
    expect(await subscriptionCardOf(app, id)).toBe(cards[1]!.id);

    // The next renewal quotes the new card as a later COF charge.
    fake.respondWith("0000");
    const next = await renewalOrder(app, id, 1);
    expect(next.order.orderStatus).toBe("paid");
    expect(fake.requests.at(-1)).toMatchObject({
      DS_MERCHANT_IDENTIFIER: "newidentifier0004",
      DS_MERCHANT_COF_TXNID: "2099887766554433",
      DS_MERCHANT_COF_INI: "N",
    });
  });
});
