import { createCipheriv, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, mailsTo, registerCustomer, send } from "./helpers/accounts";
import { startFakeStripe, signedEvent, type FakeStripe } from "./helpers/fake-stripe";
import { errorCode, expectErrorShape, getJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { storedSubscription } from "./helpers/subscriptions";
import { CONTENT_TYPES } from "../src/content-types";
import { remindExpiringCards } from "../src/jobs/card-expiry-reminders";
import { flushAfterAnswer } from "../src/http/after-answer";

// Saved cards (docs/decisions/029): added without paying through the sandbox's card page, Redsys's
// tokenisation (a signed notification, as Redsys posts it) and Stripe's Checkout in setup mode (a
// locally signed webhook); replays change nothing; the default; removal; the expiry reminder.

const STOREFRONT = "https://shop.example";
const STRIPE_SECRET_KEY = "sk_test_fake51Imperfecta";
const STRIPE_WEBHOOK_SECRET = "whsec_fakeImperfectaSigning";
/** Redsys's public test terminal. */
const REDSYS = { merchantCode: "999008881", terminal: "1", secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7" };

let app: TestStrapi;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: STRIPE_SECRET_KEY });
  app = await startStrapi({
    SEED_DEMO_DATA: "false",
    STOREFRONT_URL: STOREFRONT,
    PAYMENT_PROVIDER: "sandbox",
    REDSYS_MERCHANT_CODE: REDSYS.merchantCode,
    REDSYS_TERMINAL: REDSYS.terminal,
    REDSYS_SECRET_KEY: REDSYS.secretKey,
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});

afterAll(async () => {
  await app?.stop();
  await stripe?.close();
});

interface Card {
  id: string;
  provider: string;
  status: string;
  brand: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  isDefault: boolean;
  failureReason: string | null;
}

interface SetupAnswer {
  data: Card;
  payment: { method: "GET" | "POST"; url: string; fields: Record<string, string> };
}

async function customer(overrides: Record<string, unknown> = {}) {
  const registered = await registerCustomer(app.api, { firstName: "Marta", ...overrides });
  return { ...registered, headers: bearer(registered.jwt) };
}

async function setup(headers: Record<string, string>, provider?: string): Promise<SetupAnswer> {
  const answer = await send("POST", `${app.api}/payment-methods/mine/setup`, provider ? { provider } : {}, headers);
  expect(answer.status).toBe(201);
  return answer.body as SetupAnswer;
}

async function cards(headers: Record<string, string>): Promise<Card[]> {
  const answer = await getJson<{ data: Card[] }>(`${app.api}/payment-methods/mine`, { headers });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function card(headers: Record<string, string>, id: string) {
  return getJson<{ data: Card }>(`${app.api}/payment-methods/mine/${id}`, { headers });
}

/** The sandbox's card page on the test's server (the CMS names its public address, PUBLIC_URL). */
const onTestServer = (url: string) => `${app.url}${new URL(url).pathname}`;

/** Posts an answer on the sandbox's card page, as the customer's browser does. */
const answerPage = (url: string, decision: string) =>
  fetch(onTestServer(url), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ decision }).toString(),
  });

async function rowOf(reference: string) {
  return (await app.strapi.db.query(CONTENT_TYPES.paymentMethod).findOne({ where: { reference } })) as Record<
    string,
    unknown
  >;
}

async function logOf(reference: string) {
  return (
    (await app.strapi.db.query(CONTENT_TYPES.paymentNotification).findMany({
      where: { reference },
      orderBy: { id: "asc" },
    })) as { effect: string; reason: string | null }[]
  ).map(({ effect, reason }) => [effect, reason]);
}

describe("the sandbox's card page", () => {
  it("saves a card without paying: pending, then active and the default; a replayed answer changes nothing", async () => {
    const { headers } = await customer();
    const started = await setup(headers);
    expect(started.data).toMatchObject({ provider: "sandbox", status: "pending", isDefault: false });
    expect(new URL(started.payment.url).pathname).toBe(`/api/payment-methods/sandbox/${started.data.id}`);
    expect(await cards(headers)).toEqual([]);

    const page = await fetch(onTestServer(started.payment.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Guardar la tarjeta");
    expect(html).toContain("VISA •••• 4242");

    const answered = await answerPage(started.payment.url, "approve");
    expect(answered.status).toBe(303);
    expect(answered.headers.get("location")).toBe(`${STOREFRONT}/add-payment-completed?card=${started.data.id}`);
    const [saved] = await cards(headers);
    expect(saved).toMatchObject({
      id: started.data.id,
      status: "active",
      brand: "visa",
      last4: "4242",
      isDefault: true,
    });
    expect(saved?.expiryMonth).toBe(12);

    // The page again: decided, nothing to answer.
    expect((await answerPage(started.payment.url, "decline")).status).toBe(409);
    expect((await card(headers, started.data.id)).body.data.status).toBe("active");

    // The gateway's references stay in the CMS: never in an answer.
    const row = await rowOf(started.data.id);
    expect(row.sandboxToken).toMatch(/^sbx_/);
    expect(JSON.stringify(await cards(headers))).not.toContain(String(row.sandboxToken));

    // Added from a Portuguese page: the outcome comes back in Portuguese, whatever the account prefers.
    const answer = await send("POST", `${app.api}/payment-methods/mine/setup`, { locale: "pt" }, headers);
    expect(answer.status).toBe(201);
    const portuguese = answer.body as SetupAnswer;
    expect((await answerPage(portuguese.payment.url, "approve")).headers.get("location")).toBe(
      `${STOREFRONT}/pt/add-payment-completed?card=${portuguese.data.id}`,
    );
    expectErrorShape(await send("POST", `${app.api}/payment-methods/mine/setup`, { locale: "fr" }, headers), 400);
  });

  it("a declined card lands on add-payment-failed and is failed, with the reason", async () => {
    const { headers } = await customer({ preferredLocale: "ca" });
    const started = await setup(headers);
    const answered = await answerPage(started.payment.url, "decline");
    expect(answered.headers.get("location")).toBe(`${STOREFRONT}/ca/add-payment-failed?card=${started.data.id}`);
    const { body } = await card(headers, started.data.id);
    expect(body.data).toMatchObject({ status: "failed", failureReason: "declined", isDefault: false });
    expect(await cards(headers)).toEqual([]);
  });

  it("asks for authentication first: passed saves the card, failed does not", async () => {
    const { headers } = await customer();
    const passed = await setup(headers);
    const challenge = await answerPage(passed.payment.url, "authenticate");
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toContain("Autenticación del banco");
    expect((await card(headers, passed.data.id)).body.data.status).toBe("pending");
    expect((await answerPage(passed.payment.url, "authenticated")).status).toBe(303);
    expect((await card(headers, passed.data.id)).body.data.status).toBe("active");

    const failed = await setup(headers);
    await answerPage(failed.payment.url, "authenticate");
    const answered = await answerPage(failed.payment.url, "not_authenticated");
    expect(answered.headers.get("location")).toContain("/add-payment-failed?card=");
    expect((await card(headers, failed.data.id)).body.data).toMatchObject({
      status: "failed",
      failureReason: "authentication_failed",
    });
  });
});

// ---- Redsys ----------------------------------------------------------------------------------------

// Redsys's signature, as its guide describes it: 3DES-CBC of the order under the terminal's key, then HMAC-SHA256.
function redsysPost(params: Record<string, string>) {
  const order = Buffer.from(params.Ds_Order ?? "", "utf8");
  const padded = Buffer.concat([order, Buffer.alloc((8 - (order.length % 8)) % 8)]);
  const cipher = createCipheriv("des-ede3-cbc", Buffer.from(REDSYS.secretKey, "base64"), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const key = Buffer.concat([cipher.update(padded), cipher.final()]);
  const parameters = Buffer.from(JSON.stringify(params)).toString("base64");
  const signature = createHmac("sha256", key).update(parameters).digest("base64url");
  return { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: parameters, Ds_Signature: signature };
}

const redsysNotify = (form: Record<string, string>) =>
  getJson(`${app.api}/payment-methods/redsys/notification`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

function redsysParams(reference: string, overrides: Record<string, string> = {}) {
  return {
    Ds_Date: "27%2F11%2F2026",
    Ds_Hour: "10%3A05",
    Ds_Amount: "0",
    Ds_Currency: "978",
    Ds_Order: reference,
    Ds_MerchantCode: REDSYS.merchantCode,
    Ds_Terminal: "001",
    Ds_Response: "0000",
    Ds_TransactionType: "0",
    Ds_SecurePayment: "1",
    Ds_AuthorisationCode: "",
    Ds_Card_Country: "724",
    Ds_Card_Number: "454881******0004",
    Ds_Card_Brand: "1",
    Ds_ExpiryDate: "2912",
    Ds_Merchant_Identifier: "8c1a2b3c4d5e6f708192a3b4c5d6e7f8a9b0c1d2",
    Ds_Merchant_Cof_Txnid: "2611271005123",
    ...overrides,
  };
}

describe("Redsys's tokenisation", () => {
  it("sends a 0 € COF_INI=S, COF_TYPE=R, IDENTIFIER=REQUIRED form; the signed notification saves the card once", async () => {
    const { headers } = await customer();
    const started = await setup(headers, "redsys");
    expect(started.payment.method).toBe("POST");
    const sent = JSON.parse(
      Buffer.from(started.payment.fields.Ds_MerchantParameters ?? "", "base64").toString(),
    ) as Record<string, string>;
    expect(sent).toMatchObject({
      DS_MERCHANT_ORDER: started.data.id,
      DS_MERCHANT_AMOUNT: "0",
      DS_MERCHANT_COF_INI: "S",
      DS_MERCHANT_COF_TYPE: "R",
      DS_MERCHANT_IDENTIFIER: "REQUIRED",
      DS_MERCHANT_URLOK: `${STOREFRONT}/add-payment-completed?card=${started.data.id}`,
    });

    expect(new URL(sent.DS_MERCHANT_MERCHANTURL ?? "").pathname).toBe("/api/payment-methods/redsys/notification");
    const post = redsysPost(redsysParams(started.data.id));
    expect((await redsysNotify(post)).status).toBe(200);
    expect((await card(headers, started.data.id)).body.data).toMatchObject({
      status: "active",
      brand: "visa",
      last4: "0004",
      expiryMonth: 12,
      expiryYear: 2029,
      isDefault: true,
    });
    const row = await rowOf(started.data.id);
    expect(row).toMatchObject({
      redsysIdentifier: "8c1a2b3c4d5e6f708192a3b4c5d6e7f8a9b0c1d2",
      redsysCofTxnid: "2611271005123",
    });
    expect(JSON.stringify(row)).not.toContain("454881");

    // Redsys sends it again: nothing changes, no second card.
    expect((await redsysNotify(post)).status).toBe(200);
    expect(await cards(headers)).toHaveLength(1);
    expect(await logOf(started.data.id)).toEqual([
      ["applied", null],
      ["repeated", null],
    ]);
  });

  it("a refused authentication fails the card; a bad signature or an amount is refused with 400", async () => {
    const { headers } = await customer();
    const started = await setup(headers, "redsys");
    // The signature of other parameters.
    const forged = {
      ...redsysPost(redsysParams(started.data.id)),
      Ds_Signature: redsysPost(redsysParams(started.data.id, { Ds_Response: "0001" })).Ds_Signature,
    };
    expect((await redsysNotify(forged)).status).toBe(400);
    expect((await redsysNotify(redsysPost(redsysParams(started.data.id, { Ds_Amount: "100" })))).status).toBe(400);
    expect((await card(headers, started.data.id)).body.data.status).toBe("pending");

    const refused = redsysParams(started.data.id, { Ds_Response: "0184" });
    expect((await redsysNotify(redsysPost(refused))).status).toBe(200);
    expect((await card(headers, started.data.id)).body.data).toMatchObject({
      status: "failed",
      failureReason: "authentication_failed",
    });
  });
});

// ---- Stripe ----------------------------------------------------------------------------------------

const webhook = (event: { body: string; signature: string }) =>
  getJson(`${app.api}/payments/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.body,
  });

describe("Stripe's SetupIntent", () => {
  it("Checkout in setup mode; the signed webhook records the card once, on the customer's one Stripe Customer", async () => {
    const { headers } = await customer();
    const started = await setup(headers, "stripe");
    const sessionId = started.payment.url.split("/").at(-1) ?? "";
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({ mode: "setup", metadata: { reference: started.data.id } });

    const completed = stripe.completeSetup(sessionId);
    const event = signedEvent("checkout.session.completed", completed, { secret: STRIPE_WEBHOOK_SECRET });
    expect((await webhook(event)).status).toBe(200);
    expect((await card(headers, started.data.id)).body.data).toMatchObject({
      status: "active",
      brand: "visa",
      last4: "4242",
      expiryMonth: 8,
      expiryYear: 2031,
      isDefault: true,
    });
    const row = await rowOf(started.data.id);
    expect(row.stripePaymentMethodId).toMatch(/^pm_test_/);
    expect(row.stripeCustomerId).toBe(session?.customer);

    // The same event again, and setup_intent.succeeded about the same setup: no second card.
    expect((await webhook(event)).status).toBe(200);
    const intent = {
      id: String(completed.setup_intent),
      object: "setup_intent",
      metadata: { reference: started.data.id },
    };
    expect(
      (await webhook(signedEvent("setup_intent.succeeded", intent, { secret: STRIPE_WEBHOOK_SECRET }))).status,
    ).toBe(200);
    expect(await cards(headers)).toHaveLength(1);
    expect((await logOf(started.data.id)).map(([effect]) => effect)).toEqual(["applied", "repeated", "repeated"]);

    // A second card shares the customer's Stripe Customer.
    const second = await setup(headers, "stripe");
    const secondSession = stripe.sessions.get(second.payment.url.split("/").at(-1) ?? "");
    expect(secondSession?.customer).toBe(session?.customer);

    // A forged event is refused.
    const forged = signedEvent("checkout.session.completed", completed, { secret: "whsec_other" });
    expect((await webhook(forged)).status).toBe(400);
  });
});

describe("a gateway that does not answer", () => {
  it("answers 503 and leaves no card pending", async () => {
    const { headers, user } = await customer();
    stripe.setFailing(true);
    try {
      const answer = await send("POST", `${app.api}/payment-methods/mine/setup`, { provider: "stripe" }, headers);
      expectErrorShape(answer, 503);
      expect(errorCode(answer.body)).toBe("gateway_unavailable");
    } finally {
      stripe.setFailing(false);
    }
    const left = (await app.strapi.db.query(CONTENT_TYPES.paymentMethod).findMany({
      where: { user: { id: user.id } },
      select: ["methodStatus", "failureReason"],
    })) as { methodStatus: string; failureReason: string | null }[];
    expect(left).toEqual([{ methodStatus: "failed", failureReason: "error" }]);
  });
});

// ---- The customer's cards ----------------------------------------------------------------------------

async function sandboxCard(headers: Record<string, string>): Promise<string> {
  const started = await setup(headers);
  await answerPage(started.payment.url, "approve");
  return started.data.id;
}

describe("the customer's cards", () => {
  it("switch the default; another customer's card, or none, answers 404", async () => {
    const { headers } = await customer();
    const first = await sandboxCard(headers);
    const second = await sandboxCard(headers);
    expect((await cards(headers)).map((each) => [each.id, each.isDefault])).toEqual([
      [first, true],
      [second, false],
    ]);
    expect((await send("POST", `${app.api}/payment-methods/mine/${second}/default`, {}, headers)).status).toBe(200);
    expect((await cards(headers)).map((each) => [each.id, each.isDefault])).toEqual([
      [second, true],
      [first, false],
    ]);

    const other = await customer();
    expectErrorShape(await send("POST", `${app.api}/payment-methods/mine/${first}/default`, {}, other.headers), 404);
    expectErrorShape(await send("DELETE", `${app.api}/payment-methods/mine/${first}`, {}, other.headers), 404);
    expectErrorShape(await card(other.headers, first), 404);
    expectErrorShape(await card(headers, "0000AAAAAAAA"), 404);
    expectErrorShape(await getJson(`${app.api}/payment-methods/mine`), 401);
    expectErrorShape(await send("POST", `${app.api}/payment-methods/mine/setup`, { provider: "paypal" }, headers), 400);

    // Removing the default passes it to the other card.
    expect((await send("DELETE", `${app.api}/payment-methods/mine/${second}`, {}, headers)).status).toBe(200);
    expect((await cards(headers)).map((each) => [each.id, each.isDefault])).toEqual([[first, true]]);
    expect(await rowOf(second)).toMatchObject({ methodStatus: "removed", sandboxToken: null });
  });

  it("removed two at once, the default among them, leave the last card the default", async () => {
    const { headers } = await customer();
    const first = await sandboxCard(headers);
    const second = await sandboxCard(headers);
    const third = await sandboxCard(headers);
    // Each removal read the other card as still active: the default went to a card being removed.
    const answers = await Promise.all(
      [first, third].map((id) => send("DELETE", `${app.api}/payment-methods/mine/${id}`, {}, headers)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await cards(headers)).map((each) => [each.id, each.isDefault])).toEqual([[second, true]]);
    // Again with the last two, the default first: one card left, the default; then none.
    const fourth = await sandboxCard(headers);
    const fifth = await sandboxCard(headers);
    await Promise.all(
      [second, fourth].map((id) => send("DELETE", `${app.api}/payment-methods/mine/${id}`, {}, headers)),
    );
    expect((await cards(headers)).map((each) => [each.id, each.isDefault])).toEqual([[fifth, true]]);
    // Removed twice at once: one removal, the other finds it gone.
    const twice = await Promise.all(
      [fifth, fifth].map((id) => send("DELETE", `${app.api}/payment-methods/mine/${id}`, {}, headers)),
    );
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await cards(headers)).toEqual([]);
  });

  it("refuse to remove a card that a subscription still charges (409), until it is cancelled", async () => {
    const attributes = app.strapi.contentType(CONTENT_TYPES.subscription).attributes as Record<string, unknown>;
    if (attributes.paymentMethod === undefined) return;
    const { headers, user } = await customer();
    const id = await sandboxCard(headers);
    const row = await rowOf(id);
    const subscription = await storedSubscription(app.strapi, {
      userId: user.id,
      anchor: "2026-12-03",
      paymentMethodId: row.id as number,
    });
    const refused = await send("DELETE", `${app.api}/payment-methods/mine/${id}`, {}, headers);
    expectErrorShape(refused, 409);
    expect(errorCode(refused.body)).toBe("card_in_use");
    expect(await cards(headers)).toHaveLength(1);

    await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .update({ where: { id: subscription.id }, data: { subscriptionStatus: "cancelled" } });
    expect((await send("DELETE", `${app.api}/payment-methods/mine/${id}`, {}, headers)).status).toBe(200);
  });
});

describe("the expiry reminder", () => {
  it("mails once, 30 days before the card expires, in the card's language", async () => {
    const { headers, email } = await customer({ preferredLocale: "pt" });
    const id = await sandboxCard(headers);
    await app.strapi.db
      .query(CONTENT_TYPES.paymentMethod)
      .update({ where: { reference: id }, data: { expiryMonth: 1, expiryYear: 2027 } });
    const mine = () => mailsTo(app.outboxDir, email).filter((mail) => mail.includes("expira em 01/2027"));

    // Expires when February 2027 begins: told from 2 January 2027.
    await remindExpiringCards(app.strapi, new Date("2026-12-31T09:37:00Z"));
    expect(mine()).toHaveLength(0);
    await remindExpiringCards(app.strapi, new Date("2027-01-03T09:37:00Z"));
    await remindExpiringCards(app.strapi, new Date("2027-01-04T09:37:00Z"));
    // Queued with its claim and sent by the mail queue after the run (docs/decisions/043), in this
    // file's own import of src/ (the job was called from here, not from the compiled app).
    await flushAfterAnswer();
    expect(mine()).toHaveLength(1);
  });
});
