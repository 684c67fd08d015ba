import {
  accountExportSchema,
  createdOrderSchema,
  deleteAccountAnswerSchema,
  referralAnswerSchema,
} from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../src/factories/users";
import { parseEnv } from "../src/env";
import { cleanUpAccounts } from "../src/jobs/clean-up-accounts";
import { consentPseudonym } from "../src/newsletter/newsletter";
import { changeOrderStatus } from "../src/ordering/status";
import { openSession } from "../src/accounts/sessions";
import { sendOrderMail } from "../src/email/order-mails";
import { createGiftCard, issueGiftCard } from "../src/gift-cards/cards";
import { issueOrderInvoice } from "../src/invoices/issue";
import { authBody, bearer, GOOD_PASSWORD, registerCustomer, send, waitForMail } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import {
  createShopLegalDetails,
  finishedDraft,
  orderingFixture,
  patchDraft,
  placeOrder,
  type Catalogue,
} from "./helpers/ordering";
import { readableMail } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// What a customer can do with their own data (docs/decisions/013): take a copy, delete the account,
// read their referral code; and the job that clears what the account calls leave behind.
let app: TestStrapi;

let catalogue: Catalogue;
let choice: { date: string; slot: string };
const POSTCODE = "46010";

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
  ({ catalogue, choice } = await orderingFixture(app.strapi, app.api, POSTCODE));
  await createShopLegalDetails(app.strapi);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const USER = CONTENT_TYPES.user;
const SESSION = CONTENT_TYPES.session;
const TOKEN = CONTENT_TYPES.oneTimeToken;
const SUBSCRIBER = CONTENT_TYPES.newsletterSubscriber;
const CONSENT = CONTENT_TYPES.newsletterConsent;
const ADDRESS = CONTENT_TYPES.address;
const ORDER = CONTENT_TYPES.order;
const PAYMENT = CONTENT_TYPES.payment;
const SUBSCRIPTION = CONTENT_TYPES.subscription;
const EVENT = CONTENT_TYPES.orderEvent;
const DRAFT = CONTENT_TYPES.orderDraft;
const CARD_TOKEN = "tok_secret_4242";
const CARD_REFERENCE = "card_ref_secret_9876";
const INVOICE = {
  name: "Fruites Puig SL",
  taxId: "B12345674",
  address: {
    fullName: "Fruites Puig SL",
    company: null,
    line1: "Carrer del Mar 5",
    line2: null,
    postalCode: "46010",
    city: "Valencia",
    region: null,
    country: "ES",
    phone: "+34 611 111 111",
  },
};
const WORDING = "Quiero recibir la newsletter de Imperfecta (una al mes).";
const ADDRESS_BODY = {
  fullName: "Ana García",
  line1: "Carrer de Mallorca 200, 3r 2a",
  postalCode: "08036",
  city: "Barcelona",
  country: "ES",
};

const db = (uid: string) => app.strapi.db.query(uid as never);
const me = (jwt: string) => getJson(`${app.api}/users/me`, { headers: bearer(jwt) });
const deleteMe = (jwt: string, body: unknown) => send("DELETE", `${app.api}/users/me`, body, bearer(jwt));

/** A registered customer whose address is confirmed, with an address and a confirmed newsletter subscription. */
async function fullCustomer() {
  const customer = await registerCustomer(app.api, { firstName: "Marta", preferredLocale: "ca" });
  await db(USER).update({ where: { id: customer.user.id }, data: { confirmed: true } });
  await postJson(`${app.api}/users/me/addresses`, ADDRESS_BODY, bearer(customer.jwt));
  const url = `${app.api}/users/me/newsletter`;
  await send("PUT", url, { subscribed: true, wording: WORDING, locale: "ca" }, bearer(customer.jwt));
  const mail = await waitForMail(app.outboxDir, customer.email, /newsletter\/confirmar\?token=/);
  const token = /token=([0-9a-f]{64})/.exec(mail)?.[1];
  expect((await postJson(`${app.api}/newsletter/confirm`, { token })).status).toBe(200);
  return customer;
}

/** Places an order through the API as the storefront does; its number and row id. */
async function order(
  jwt: string,
  options: { purchase?: "once" | "subscription"; couponCode?: string | null; invoice?: boolean } = {},
) {
  const token = await finishedDraft(app.api, jwt, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: catalogue.box, quantity: 1 }],
    purchase: options.purchase ?? "once",
    couponCode: options.couponCode ?? null,
  });
  if (options.invoice) expect((await patchDraft(app.api, token, { invoice: INVOICE }, jwt)).status).toBe(200);
  const placed = await placeOrder(app.api, token, jwt, { termsAccepted: true, locale: "ca" });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const { number } = createdOrderSchema.parse(placed.body).order;
  const row = (await db(ORDER).findOne({ where: { number } })) as { id: number };
  return { number, id: row.id };
}

const paid = (orderId: number) =>
  changeOrderStatus(app.strapi, {
    orderId,
    from: "pending_payment",
    to: "paid",
    actor: { kind: "payment", label: "payment:sandbox" },
  });

const byStaff = async (orderId: number, steps: ("preparing" | "shipped" | "delivered")[]) => {
  let from = "paid" as "paid" | "preparing" | "shipped" | "delivered";
  for (const to of steps) {
    await changeOrderStatus(app.strapi, { orderId, from, to, actor: { kind: "staff", label: "staff@example.com" } });
    from = to;
  }
};

/**
 * The customer of fullCustomer with a history: a weekly subscription (its first order paid with a
 * card the gateway keeps, delivered, with invoice data), a paid order still on its way, and an
 * unpaid order holding a slot place and a coupon's last use.
 */
async function customerWithOrders() {
  const customer = await fullCustomer();
  const first = await order(customer.jwt, { purchase: "subscription", invoice: true });
  expect(await paid(first.id)).toBe(true);
  // Issued as the payment's notification issues it (the test marks the order paid by hand).
  expect(await issueOrderInvoice(app.strapi, first.id, new Date())).not.toBeNull();
  const payment = (await db(PAYMENT).findOne({ where: { order: { id: first.id } } })) as { id: number };
  await db(PAYMENT).update({
    where: { id: payment.id },
    data: { paymentStatus: "paid", saveCard: true, cardToken: CARD_TOKEN, cardReference: CARD_REFERENCE },
  });
  await byStaff(first.id, ["preparing", "shipped", "delivered"]);
  const onTheWay = await order(customer.jwt);
  expect(await paid(onTheWay.id)).toBe(true);
  const couponCode = `BYE${customer.user.id}`;
  await app.strapi.documents(CONTENT_TYPES.coupon as never).create({
    data: { code: couponCode, kind: "fixed", value: 5, minimumOrder: 0, usageLimit: 1, active: true } as never,
  });
  const unpaid = await order(customer.jwt, { couponCode });
  return { ...customer, first, onTheWay, unpaid, couponCode };
}

async function slotTaken(): Promise<number> {
  const rows = (await db(CONTENT_TYPES.deliverySlotDay).findMany({
    where: { date: choice.date, slotCode: choice.slot },
  })) as {
    taken: number;
  }[];
  return rows.reduce((sum, row) => sum + row.taken, 0);
}

describe("a copy of the customer's data", () => {
  it("is every piece of it as a JSON download, sessions without their secrets", async () => {
    const { email, jwt, user } = await fullCustomer();
    const other = authBody(await postJson(`${app.api}/auth/local`, { identifier: email, password: GOOD_PASSWORD }));

    const response = await getJson(`${app.api}/users/me/export`, { headers: bearer(other.jwt) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="imperfecta-${day}.json"`);

    const data = accountExportSchema.parse(response.body);
    expect(data.account).toMatchObject({ id: user.id, email, firstName: "Marta", newsletter: true });
    expect(data.addresses.map((address) => address.city)).toEqual(["Barcelona"]);
    expect(data.newsletter.status).toBe("subscribed");
    expect(data.newsletter.history.map((entry) => entry.event)).toEqual(["confirm", "request"]);
    expect(data.sessions.map((session) => [session.method, session.current])).toEqual([
      ["register", false],
      ["password", true],
    ]);
    expect(data.orders).toEqual([]);
    expect(data.subscriptions).toEqual([]);
    expect(data.linkedSignIns).toEqual([]);
    const referral = await getJson(`${app.api}/users/me/referral`, { headers: bearer(jwt) });
    expect(data.referralCode).toBe(referralAnswerSchema.parse(referral.body).code);

    const text = JSON.stringify(response.body);
    const sids = (await db(SESSION).findMany({ where: { userId: user.id } })) as { sid: string }[];
    for (const secret of [jwt, other.jwt, ...sids.map((row) => row.sid)]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"password":|\$2[aby]\$/);
  });

  it("holds the orders with their lines and payments, the subscriptions and consents, and no card data", async () => {
    const { jwt, first, onTheWay, unpaid, couponCode } = await customerWithOrders();
    const response = await getJson(`${app.api}/users/me/export`, { headers: bearer(jwt) });
    expect(response.status).toBe(200);
    const data = accountExportSchema.parse(response.body);

    expect(data.orders.map((row) => [row.number, row.status])).toEqual([
      [first.number, "delivered"],
      [onTheWay.number, "paid"],
      [unpaid.number, "pending_payment"],
    ]);
    const [subscribed, , withCoupon] = data.orders;
    expect(subscribed?.lines.map((line) => [line.kind, line.productId, line.quantity])).toEqual([
      ["box", catalogue.box, 1],
    ]);
    expect(subscribed?.invoice).toMatchObject({ name: INVOICE.name, taxId: INVOICE.taxId });
    // The invoice issued for it; the orders that asked for none have none.
    expect(subscribed?.invoices).toEqual([
      {
        number: expect.stringMatching(/^F-\d{4}-\d{6,}$/),
        kind: "invoice",
        issuedAt: expect.any(String),
        total: subscribed?.totals.total,
      },
    ]);
    expect(data.orders.slice(1).map((row) => row.invoices)).toEqual([[], []]);
    expect(subscribed?.delivery.address.line1).toBe("Carrer de la Pau 3");
    expect(subscribed?.events.map((event) => event.to)).toEqual([
      "pending_payment",
      "paid",
      "preparing",
      "shipped",
      "delivered",
    ]);
    expect(subscribed?.payments).toEqual([
      expect.objectContaining({ status: "paid", amount: subscribed?.totals.total, currency: "EUR", cardSaved: true }),
    ]);
    expect(withCoupon?.couponCode).toBe(couponCode);
    expect(withCoupon?.payments.map((payment) => payment.status)).toEqual(["pending"]);

    expect(data.subscriptions).toEqual([
      expect.objectContaining({ status: "active", frequency: "weekly", firstOrder: first.number }),
    ]);
    expect(data.newsletter.history.map((entry) => entry.event)).toEqual(["confirm", "request"]);

    const text = JSON.stringify(response.body);
    for (const secret of [CARD_TOKEN, CARD_REFERENCE, "cardToken", "cardReference"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/shop takes orders|acepte pedidos|accepti comandes|aceitar encomendas|notYetKept/);
  });

  it("names the other companies' sign-ins linked to the account, with their ids of the person", async () => {
    const { jwt, user } = await registerCustomer(app.api);
    await db(CONTENT_TYPES.user).update({
      where: { id: user.id },
      data: { googleSubject: "google-sub-1", microsoftSubject: "tenant:object" },
    });
    const response = await getJson(`${app.api}/users/me/export`, { headers: bearer(jwt) });
    expect(accountExportSchema.parse(response.body).linkedSignIns).toEqual([
      { provider: "google", subject: "google-sub-1" },
      { provider: "microsoft", subject: "tenant:object" },
    ]);
  });

  it("needs a live session", async () => {
    expectErrorShape(await getJson(`${app.api}/users/me/export`), 401);
    const { jwt } = await registerCustomer(app.api);
    await postJson(`${app.api}/auth/logout`, {}, bearer(jwt));
    expectErrorShape(await getJson(`${app.api}/users/me/export`, { headers: bearer(jwt) }), 401);
  });
});

describe("referral codes", () => {
  it("every customer has one, made at registration: eight characters nobody misreads, the same every time", async () => {
    const first = await registerCustomer(app.api);
    const second = await registerCustomer(app.api);
    const stored = (await db(USER).findOne({ where: { id: first.user.id } })) as { referralCode: string };
    const codes = [];
    for (const jwt of [first.jwt, first.jwt, second.jwt]) {
      const answer = await getJson(`${app.api}/users/me/referral`, { headers: bearer(jwt) });
      expect(answer.status).toBe(200);
      codes.push(referralAnswerSchema.parse(answer.body).code);
    }
    expect(codes[0]).toBe(stored.referralCode);
    expect(codes[1]).toBe(codes[0]);
    expect(codes[2]).not.toBe(codes[0]);
    expect(first.user).not.toHaveProperty("referralCode");
    expectErrorShape(await getJson(`${app.api}/users/me/referral`), 401);
  });

  it("a customer from before codes gets one on first use, even when asked twice at once; codes are unique", async () => {
    const { user } = await createUser(app.strapi);
    const { jwt } = await openSession(app.strapi, user.id as number, "password");
    const answers = await Promise.all(
      [1, 2, 3].map(() => getJson(`${app.api}/users/me/referral`, { headers: bearer(jwt) })),
    );
    const codes = new Set(answers.map((answer) => referralAnswerSchema.parse(answer.body).code));
    expect(codes.size).toBe(1);
    const other = await registerCustomer(app.api);
    await expect(
      db(USER).update({ where: { id: other.user.id }, data: { referralCode: [...codes][0] } }),
    ).rejects.toThrow();
  });
});

describe("deleting the account", () => {
  it("needs the confirmation and the current password, and takes no other keys", async () => {
    const { jwt } = await registerCustomer(app.api);
    expectErrorShape(await deleteMe(jwt, {}), 400);
    expectErrorShape(await deleteMe(jwt, { confirm: false, currentPassword: GOOD_PASSWORD }), 400);
    expectErrorShape(await deleteMe(jwt, { confirm: true, currentPassword: GOOD_PASSWORD, userId: 1 }), 400);
    expect(errorCode(expectErrorShape(await deleteMe(jwt, { confirm: true }), 400))).toBe("invalidCredentials");
    const wrong = await deleteMe(jwt, { confirm: true, currentPassword: "Not-the-password-1" });
    expect(errorCode(expectErrorShape(wrong, 400))).toBe("invalidCredentials");
    for (const body of [[], "text", 42, null]) expectErrorShape(await deleteMe(jwt, body), 400);
    const plain = await getJson(`${app.api}/users/me`, {
      method: "DELETE",
      headers: { ...bearer(jwt), "content-type": "text/plain" },
      body: "confirm=true",
    });
    expect(plain.status).toBe(400);
    const empty = await getJson(`${app.api}/users/me`, { method: "DELETE", headers: bearer(jwt) });
    expect(empty.status).toBe(400);
    expectErrorShape(
      await send("DELETE", `${app.api}/users/me`, { confirm: true, currentPassword: GOOD_PASSWORD }),
      401,
    );
    expect((await me(jwt)).status).toBe(200);
  });

  it("deletes everything of the customer, keeps the consent log detached, says so, and retires every token", async () => {
    const { email, jwt, user } = await fullCustomer();
    const other = authBody(await postJson(`${app.api}/auth/local`, { identifier: email, password: GOOD_PASSWORD }));
    await postJson(`${app.api}/auth/forgot-password`, { email });
    await waitForMail(app.outboxDir, email, /code=/);
    // A request of the address never confirmed nor joined to the account (its row since cleared).
    await db(CONSENT).create({
      data: { event: "request", email, subscribed: true, wording: WORDING, locale: "es", source: "footer" },
    });

    const answer = await deleteMe(jwt, { confirm: true, currentPassword: GOOD_PASSWORD });
    expect(answer.status).toBe(200);
    expect(deleteAccountAnswerSchema.parse(answer.body)).toEqual({
      deleted: true,
      kept: ["consentLog"],
      stopped: { subscriptions: 0, unpaidOrders: [], stillDelivered: [], giftCardsReleased: 0 },
    });

    for (const token of [jwt, other.jwt]) {
      expectErrorShape(await me(token), 401);
      expectErrorShape(await getJson(`${app.api}/products`, { headers: bearer(token) }), 401);
    }
    expect(await db(USER).findOne({ where: { id: user.id } })).toBeNull();
    expect(await db(SESSION).count({ where: { userId: user.id } })).toBe(0);
    expect(await db(TOKEN).count({ where: { userId: user.id } })).toBe(0);
    expect(await db(ADDRESS).count({ where: { fullName: ADDRESS_BODY.fullName, user: { id: user.id } } })).toBe(0);
    expect(await db(SUBSCRIBER).findOne({ where: { email } })).toBeNull();
    expect(await db(CONSENT).count({ where: { email } })).toBe(0);
    const kept = (await db(CONSENT).findMany({
      where: { emailHash: consentPseudonym(email) },
      orderBy: { id: "asc" },
      populate: { user: { select: ["id"] } },
    })) as { event: string; source: string; user: unknown; email: string | null; detachedAt: unknown }[];
    expect(kept.map((row) => [row.event, row.source])).toEqual([
      ["request", "account"],
      ["confirm", "email"],
      ["request", "footer"],
      ["unsubscribe", "deletion"],
    ]);
    for (const row of kept) expect(row).toMatchObject({ user: null, email: null, detachedAt: expect.anything() });

    const mail = await waitForMail(app.outboxDir, email, /El teu compte s/);
    expect(mail).toContain("les teves sessions obertes");
    expectErrorShape(await postJson(`${app.api}/auth/local`, { identifier: email, password: GOOD_PASSWORD }), 400);

    // The address is free again, and the new account inherits nothing.
    const again = authBody(await postJson(`${app.api}/auth/local/register`, { email, password: GOOD_PASSWORD }));
    const newsletter = await getJson(`${app.api}/users/me/newsletter`, { headers: bearer(again.jwt) });
    expect(newsletter.body).toMatchObject({ status: "unsubscribed", history: [] });
  });

  it("first ends the subscription and cancels unpaid orders, then keeps the orders pseudonymised, and says so", async () => {
    const { email, jwt, user, first, onTheWay, unpaid, couponCode } = await customerWithOrders();
    const taken = await slotTaken();
    const coupon = () =>
      db(CONTENT_TYPES.coupon).findOne({ where: { code: couponCode } }) as Promise<{ timesUsed: number }>;
    expect((await coupon()).timesUsed).toBe(1);
    const before = (await db(ORDER).findOne({ where: { id: first.id } })) as { total: number; tax: number };

    const answer = await deleteMe(jwt, { confirm: true, currentPassword: GOOD_PASSWORD });
    expect(answer.status).toBe(200);
    expect(deleteAccountAnswerSchema.parse(answer.body)).toEqual({
      deleted: true,
      kept: ["orders", "consentLog"],
      stopped: {
        subscriptions: 1,
        unpaidOrders: [unpaid.number],
        stillDelivered: [{ number: onTheWay.number, date: choice.date }],
        giftCardsReleased: 0,
      },
    });

    // Nothing goes on without the customer: no next delivery, the unpaid order's place and coupon freed.
    const subscriptions = (await db(SUBSCRIPTION).findMany({
      where: { firstOrder: { id: first.id } },
      populate: { user: { select: ["id"] } },
    })) as { subscriptionStatus: string; user: unknown; deliveryAddress: Record<string, unknown> }[];
    expect(subscriptions).toEqual([
      expect.objectContaining({
        subscriptionStatus: "cancelled",
        user: null,
        deliveryAddress: { postalCode: POSTCODE, city: "Valencia", region: null, country: "ES" },
      }),
    ]);
    const cancelled = (await db(ORDER).findOne({ where: { id: unpaid.id } })) as { orderStatus: string };
    expect(cancelled.orderStatus).toBe("cancelled");
    const events = (await db(EVENT).findMany({ where: { order: { id: unpaid.id }, to: "cancelled" } })) as {
      actorKind: string;
      note: string;
    }[];
    expect(events).toEqual([expect.objectContaining({ actorKind: "system", note: "account deleted" })]);
    expect(await slotTaken()).toBe(taken - 1);
    expect((await coupon()).timesUsed).toBe(0);

    // The orders stay as the shop's records, with their totals and invoice data, but nobody's.
    type Kept = {
      user: unknown;
      email: string | null;
      total: number;
      tax: number;
      lines: unknown[];
      invoice: { name: string; taxId: string; address: { line1: string; phone: string | null } } | null;
      deliveryAddress: Record<string, unknown>;
      notes: string | null;
      marketingConsent: boolean;
      marketingWording: string | null;
    };
    const kept = async (id: number) =>
      (await db(ORDER).findOne({ where: { id }, populate: { user: { select: ["id"] }, lines: true } })) as Kept;
    const record = await kept(first.id);
    expect(record).toMatchObject({
      user: null,
      email: null,
      total: before.total,
      tax: before.tax,
      notes: null,
      marketingConsent: false,
      marketingWording: null,
      deliveryAddress: { postalCode: POSTCODE, city: "Valencia", region: null, country: "ES" },
    });
    expect(record.lines).toHaveLength(1);
    expect(record.invoice).toMatchObject({
      name: INVOICE.name,
      taxId: INVOICE.taxId,
      address: { line1: INVOICE.address.line1, phone: null },
    });
    expect(await db(ORDER).count({ where: { email } })).toBe(0);
    const payments = (await db(PAYMENT).findMany({ where: { order: { id: first.id } } })) as {
      cardToken: string | null;
      cardReference: string | null;
      amount: number;
    }[];
    expect(payments).toEqual([expect.objectContaining({ cardToken: null, cardReference: null })]);

    // The paid order on its way keeps its delivery address until it is delivered, then only the place.
    expect(await kept(onTheWay.id)).toMatchObject({
      user: null,
      email: null,
      deliveryAddress: expect.objectContaining({ line1: "Carrer de la Pau 3", phone: "+34 600 000 000" }),
    });
    // Shipped by staff: the customer asked to be forgotten, so no mail goes, and that is no error.
    await expect(sendOrderMail(app.strapi, "shipped", onTheWay.id)).resolves.toBeUndefined();
    await byStaff(onTheWay.id, ["preparing", "shipped", "delivered"]);
    expect(await kept(onTheWay.id)).toMatchObject({
      deliveryAddress: { postalCode: POSTCODE, city: "Valencia", region: null, country: "ES" },
      notes: null,
    });

    expect(await db(ADDRESS).count({ where: { user: { id: user.id } } })).toBe(0);
    expect(await db(DRAFT).count({ where: { userId: user.id } })).toBe(0);

    const mail = readableMail(await waitForMail(app.outboxDir, email, /El teu compte s/));
    expect(mail).toContain("Hem cancel·lat la teva subscripció");
    expect(mail).toContain(unpaid.number);
    expect(mail).toContain(onTheWay.number);
    expect(mail).toContain("sis anys");
  });

  it("by staff in the admin panel, erases the customer the same way and mails them", async () => {
    const { email, user, first, unpaid } = await customerWithOrders();
    const { demo } = parseEnv(process.env);
    const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
      email: demo.email,
      password: demo.password,
    });
    const staff = { authorization: `Bearer ${login.body.data.token}` };
    const row = (await db(USER).findOne({ where: { id: user.id } })) as { documentId: string };

    const deleted = await getJson(
      `${app.url}/content-manager/collection-types/plugin::users-permissions.user/${row.documentId}`,
      { method: "DELETE", headers: staff },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    expect(await db(USER).findOne({ where: { id: user.id } })).toBeNull();
    const subscription = (await db(SUBSCRIPTION).findOne({ where: { firstOrder: { id: first.id } } })) as {
      subscriptionStatus: string;
    };
    expect(subscription.subscriptionStatus).toBe("cancelled");
    const cancelled = (await db(ORDER).findOne({ where: { id: unpaid.id } })) as { orderStatus: string };
    expect(cancelled.orderStatus).toBe("cancelled");
    expect(await db(ORDER).count({ where: { email } })).toBe(0);
    expect(await db(ADDRESS).count({ where: { user: { id: user.id } } })).toBe(0);
    expect(await db(CONSENT).count({ where: { email } })).toBe(0);
    const mail = readableMail(await waitForMail(app.outboxDir, email, /El teu compte s/));
    expect(mail).toContain("Hem cancel·lat la teva subscripció");
  });

  it("the copy holds the referrals and gift cards; the deletion releases the account's cards, whose codes still work", async () => {
    const customer = await registerCustomer(app.api);
    const friend = await registerCustomer(app.api, { firstName: "Bea", lastName: "soler" });
    const { id: referralId } = (await db(CONTENT_TYPES.referral).create({
      data: {
        referrerId: customer.user.id,
        friendId: friend.user.id,
        friendOrderId: 1,
        code: "AAAAAAAA",
        referralStatus: "rewarded",
        friendDiscount: 330,
      },
    })) as { id: number };
    await db(CONTENT_TYPES.referralReward).create({
      data: { referralId, userId: customer.user.id, kind: "amount", value: 1000, earnedAt: new Date() },
    });
    const card = { senderName: null, recipientLocale: "es" as const, message: null, design: null, sendOn: null };
    const kept = await createGiftCard(app.strapi, {
      ...card,
      amount: 2500,
      buyerEmail: "someone@example.com",
      recipientName: "Marta",
      recipientEmail: customer.email,
    });
    await issueGiftCard(app.strapi, kept.id, { paymentKey: `data-${kept.id}` });
    const added = await postJson(`${app.api}/gift-cards/mine`, { code: kept.code }, bearer(customer.jwt));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const bought = await createGiftCard(app.strapi, {
      ...card,
      amount: 4000,
      buyerEmail: customer.email.toUpperCase(),
      recipientName: "Joan",
      recipientEmail: "joan@example.com",
    });

    const response = await getJson(`${app.api}/users/me/export`, { headers: bearer(customer.jwt) });
    expect(response.status).toBe(200);
    const data = accountExportSchema.parse(response.body);
    expect(data.referrals).toEqual({
      friends: [{ name: "Bea S.", status: "rewarded", reason: null, since: expect.any(String) }],
      rewards: [{ kind: "amount", value: 1000, earnedAt: expect.any(String), usedAt: null, saved: null }],
      invitedWith: null,
    });
    expect(data.giftCards.kept).toEqual([
      {
        tail: kept.code.slice(-4),
        balance: 2500,
        ownedSince: expect.any(String),
        movements: [{ kind: "issued", amount: 2500, at: expect.any(String), order: null }],
      },
    ]);
    expect(data.giftCards.bought).toEqual([
      expect.objectContaining({ tail: bought.code.slice(-4), amount: 4000, recipientName: "Joan" }),
    ]);
    const text = JSON.stringify(response.body);
    for (const code of [kept.code, bought.code]) expect(text).not.toContain(code);
    expect(text).not.toContain(friend.email);
    // The friend's copy says which code their first order used.
    const friendCopy = await getJson(`${app.api}/users/me/export`, { headers: bearer(friend.jwt) });
    expect(accountExportSchema.parse(friendCopy.body).referrals.invitedWith).toEqual({
      code: "AAAAAAAA",
      discount: 330,
    });

    const answer = await deleteMe(customer.jwt, { confirm: true, currentPassword: GOOD_PASSWORD });
    expect(deleteAccountAnswerSchema.parse(answer.body).stopped.giftCardsReleased).toBe(1);
    expect(await db(CONTENT_TYPES.giftCard).findOne({ where: { id: kept.id } })).toMatchObject({
      ownerId: null,
      ownedSince: null,
      state: "active",
    });
    // Whoever holds the code can still keep it and spend it.
    const holder = await registerCustomer(app.api);
    const taken = await postJson(`${app.api}/gift-cards/mine`, { code: kept.code }, bearer(holder.jwt));
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toEqual({ cards: [{ tail: kept.code.slice(-4), balance: 2500, addedAt: expect.any(String) }] });
    const mail = readableMail(await waitForMail(app.outboxDir, customer.email, /Tu cuenta se ha borrado/));
    expect(mail).toContain("su código sigue valiendo");
  });

  it("says nothing was kept when there was nothing to keep", async () => {
    const { jwt } = await registerCustomer(app.api);
    const answer = await deleteMe(jwt, { confirm: true, currentPassword: GOOD_PASSWORD });
    expect(answer.body).toEqual({
      deleted: true,
      kept: [],
      stopped: { subscriptions: 0, unpaidOrders: [], stillDelivered: [], giftCardsReleased: 0 },
    });
  });

  it("an account without a password (Sign in with Apple) only confirms", async () => {
    const role = (await db(CONTENT_TYPES.userRole).findOne({ where: { type: "authenticated" } })) as {
      id: number;
    };
    const user = (await db(USER).create({
      data: {
        username: "apple-only@example.com",
        email: "apple-only@example.com",
        provider: "apple",
        confirmed: true,
        blocked: false,
        role: role.id,
      },
    })) as { id: number };
    const { jwt } = await openSession(app.strapi, user.id, "social");
    const answer = await deleteMe(jwt, { confirm: true });
    expect(answer.status).toBe(200);
    expect(await db(USER).findOne({ where: { id: user.id } })).toBeNull();
  });

  it("of two deletions at once, one deletes and the other finds nothing to delete", async () => {
    const { jwt, user } = await registerCustomer(app.api);
    const body = { confirm: true, currentPassword: GOOD_PASSWORD };
    const answers = await Promise.all([deleteMe(jwt, body), deleteMe(jwt, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(await db(USER).findOne({ where: { id: user.id } })).toBeNull();
  });
});

describe("the clean-up job", () => {
  it("deletes expired sessions, stale one-time secrets and expired newsletter requests, and nothing else", async () => {
    const { user } = await registerCustomer(app.api);
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const HOUR = 60 * 60 * 1000;
    const session = (sid: string, expiresAt: Date) =>
      db(SESSION).create({ data: { sid, userId: user.id, method: "password", expiresAt } }) as Promise<{ id: number }>;
    const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null) =>
      db(TOKEN).create({
        data: { purpose: "reset-password", userId: user.id, tokenHash, expiresAt, usedAt, attempts: 0 },
      }) as Promise<{ id: number }>;
    const subscriber = (email: string, status: string, confirmExpiresAt: Date | null) =>
      db(SUBSCRIBER).create({
        data: { email, status, locale: "es", source: "footer", confirmExpiresAt },
      }) as Promise<{ id: number }>;

    const gone = [
      [SESSION, await session(`expired-${now.getTime()}`, ago(1000))],
      [TOKEN, await token(`expired-${now.getTime()}`, ago(25 * HOUR), null)],
      [TOKEN, await token(`spent-${now.getTime()}`, ago(-HOUR), ago(25 * HOUR))],
      [SUBSCRIBER, await subscriber(`pending-old-${now.getTime()}@example.com`, "pending", ago(1000))],
    ] as const;
    const kept = [
      [SESSION, await session(`live-${now.getTime()}`, ago(-HOUR))],
      [TOKEN, await token(`recent-${now.getTime()}`, ago(HOUR), ago(HOUR))],
      [TOKEN, await token(`fresh-${now.getTime()}`, ago(-HOUR), null)],
      [SUBSCRIBER, await subscriber(`pending-new-${now.getTime()}@example.com`, "pending", ago(-HOUR))],
      [SUBSCRIBER, await subscriber(`subscribed-${now.getTime()}@example.com`, "subscribed", null)],
    ] as const;

    const removed = await cleanUpAccounts(app.strapi, now);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.oneTimeTokens).toBeGreaterThanOrEqual(2);
    expect(removed.newsletterRequests).toBeGreaterThanOrEqual(1);
    for (const [uid, row] of gone) expect(await db(uid).findOne({ where: { id: row.id } }), uid).toBeNull();
    for (const [uid, row] of kept) expect(await db(uid).findOne({ where: { id: row.id } }), uid).not.toBeNull();
    // A second run, as another instance's, finds nothing more to do.
    expect(await cleanUpAccounts(app.strapi, now)).toEqual({ sessions: 0, oneTimeTokens: 0, newsletterRequests: 0 });
  });
});
