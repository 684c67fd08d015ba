import { accountOverviewSchema, createdOrderSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flushAfterAnswer } from "../src/http/after-answer";
import { changeOrderStatus } from "../src/ordering/status";
import { bearer, registerCustomer } from "./helpers/accounts";
import { expectErrorShape, getJson } from "./helpers/http";
import {
  createCatalogue,
  createZone,
  type Catalogue,
  finishedDraft,
  firstOfferedDate,
  placeOrder,
} from "./helpers/ordering";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// GET /users/me/overview (docs/decisions/024): an account page's own data in one call, each part the
// same as its own call answers. One Strapi for the file.

let app: TestStrapi;
let customer: { jwt: string; email: string };
let other: { jwt: string; email: string };
let subscriptionId: string;
let catalogue: Catalogue;

const POSTCODE = "46010";

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
  catalogue = await createCatalogue(app.strapi);
  const { box } = catalogue;
  await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" });
  customer = await registerCustomer(app.api);
  other = await registerCustomer(app.api);
  // A subscription through the order flow, its first order paid: an order, a subscription, its deliveries.
  const choice = await firstOfferedDate(app.api, POSTCODE);
  const token = await finishedDraft(app.api, customer.jwt, {
    postcode: POSTCODE,
    ...choice,
    purchase: "subscription",
    boxes: [{ productId: box, quantity: 1 }],
  });
  const { order } = createdOrderSchema.parse((await placeOrder(app.api, token, customer.jwt)).body);
  const orderRow = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({ where: { number: order.number } })) as {
    id: number;
  };
  await changeOrderStatus(app.strapi, {
    orderId: orderRow.id,
    from: "pending_payment",
    to: "paid",
    actor: { kind: "payment", label: "payment:sandbox" },
  });
  await flushAfterAnswer();
  subscriptionId = order.subscriptionId!;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const get = (path: string, jwt = customer.jwt) => getJson(`${app.api}${path}`, { headers: bearer(jwt) });

describe("GET /users/me/overview", () => {
  it("answers each part asked for as its own call does", async () => {
    const mine = `/subscriptions/mine/${subscriptionId}`;
    const answer = await get(
      `/users/me/overview?include=subscriptions,addresses,cards,giftCards&orders=5&subscription=${subscriptionId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const overview = accountOverviewSchema.parse(answer.body);
    const [orders, subscriptions, detail, deliveries, addresses, cards, giftCards] = await Promise.all(
      [
        "/orders/mine?limit=5",
        "/subscriptions/mine",
        mine,
        `${mine}/deliveries`,
        "/users/me/addresses",
        "/payment-methods/mine",
        "/gift-cards/mine",
      ].map(async (path) => (await get(path)).body as Record<string, unknown>),
    );
    expect(overview.orders).toHaveLength(1);
    expect(overview).toEqual({
      orders: orders!.orders,
      subscriptions: subscriptions!.subscriptions,
      subscription: { detail, deliveries: deliveries!.deliveries },
      addresses: addresses!.data,
      cards: cards!.data,
      giftCards,
    });
    expect(overview.subscription?.deliveries.length).toBeGreaterThan(1);
  });

  it("answers only the parts asked for", async () => {
    expect((await get("/users/me/overview")).body).toEqual({});
    const profile = accountOverviewSchema.parse((await get("/users/me/overview?include=addresses,cards")).body);
    expect(Object.keys(profile).sort()).toEqual(["addresses", "cards"]);
  });

  it("answers the parts it read when one fails: that one null, never a 5xx for the page", async () => {
    const query = app.strapi.db.query.bind(app.strapi.db);
    const failing = vi.spyOn(app.strapi.db, "query").mockImplementation((uid) => {
      if (uid === CONTENT_TYPES.paymentMethod) throw new Error("connection reset");
      return query(uid);
    });
    try {
      const answer = await get("/users/me/overview?include=subscriptions,addresses,cards&orders=5");
      expect(answer.status).toBe(200);
      const overview = accountOverviewSchema.parse(answer.body);
      expect(overview.cards).toBeNull();
      expect(overview.orders).toHaveLength(1);
      expect(overview.subscriptions).toHaveLength(1);
      expect(overview.addresses).toEqual(expect.any(Array));
    } finally {
      failing.mockRestore();
    }
  });

  it("refuses another customer's subscription (404), a signed-out call (401) and a part it does not know (400)", async () => {
    expectErrorShape(await get(`/users/me/overview?subscription=${subscriptionId}`, other.jwt), 404);
    expectErrorShape(await getJson(`${app.api}/users/me/overview?include=addresses`), 401);
    expectErrorShape(await get("/users/me/overview?include=passwords"), 400);
    expectErrorShape(await get("/users/me/overview?orders=0"), 400);
    expectErrorShape(await get("/users/me/overview?subscription=../users"), 400);
  });

  it("prices a subscription for the customer as they are now: a company's box, none once they are a consumer", async () => {
    // A company subscribes to a box sold only to companies. The overview prices it for the customer
    // as their row says now (the session's read of it, subscriptions/http.ts), never as it was when
    // they subscribed.
    const company = await registerCustomer(app.api);
    const user = (await app.strapi.db
      .query(CONTENT_TYPES.user)
      .findOne({ where: { email: company.email }, select: ["id"] })) as { id: number };
    const setKind = (customerKind: "company" | "consumer") =>
      app.strapi.db.query(CONTENT_TYPES.user).update({ where: { id: user.id }, data: { customerKind } });
    await setKind("company");
    const choice = await firstOfferedDate(app.api, POSTCODE);
    const token = await finishedDraft(app.api, company.jwt, {
      postcode: POSTCODE,
      ...choice,
      purchase: "subscription",
      boxes: [{ productId: catalogue.companyBox, quantity: 1 }],
    });
    const placed = createdOrderSchema.parse((await placeOrder(app.api, token, company.jwt)).body);
    const id = placed.order.subscriptionId!;
    const pricesOf = async () => {
      const answer = await get(`/users/me/overview?include=subscriptions&subscription=${id}`, company.jwt);
      const overview = accountOverviewSchema.parse(answer.body);
      return [overview.subscriptions?.[0]?.pricePerDelivery, overview.subscription?.detail.pricePerDelivery];
    };
    const asCompany = await pricesOf();
    expect(asCompany[0]).toEqual(expect.any(Number));
    expect(asCompany[1]).toBe(asCompany[0]);
    // A consumer cannot be sold the company's box: the price cannot be told until the box is changed.
    await setKind("consumer");
    expect(await pricesOf()).toEqual([null, null]);
  });
});
