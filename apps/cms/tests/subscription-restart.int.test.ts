import {
  createdOrderSchema,
  subscriptionChangeAnswerSchema,
  subscriptionDetailSchema,
  subscriptionQuoteSchema,
  subscriptionRestartAnswerSchema,
} from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushAfterAnswer } from "../src/http/after-answer";
import { renewSubscriptions } from "../src/jobs/renew-subscriptions";
import { changeOrderStatus } from "../src/ordering/status";
import { historyValue } from "../src/subscriptions/store";
import { bearer, registerCustomer, send } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import { createCatalogue, createZone, finishedDraft, firstOfferedDate, placeOrder } from "./helpers/ordering";
import { flushServerWork, orderStatusOf } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// Issue 22's self-service (docs/decisions/027, 028): a cancelled or suspended subscription starts
// again from its page. The restart writes the order of the delivery it starts with (the one the
// page said), the subscription pending until that order is paid on-session (the sandbox's page
// here), then active with that delivery ordered and the rest planned; unpaid and expired, it goes
// back to what it was (cancelled, or suspended) and can be restarted again. Also: the card a payment saves is in the history, and extras
// are changed from the page with their quote, refused with 409 and the new date once the told
// delivery is locked.

let app: TestStrapi;
let customer: { jwt: string; email: string };
let other: { jwt: string; email: string };
let catalogue: Awaited<ReturnType<typeof createCatalogue>>;
const POSTCODE = "46010";

const url = (path: string) => `${app.api}/subscriptions/mine${path}`;
const post = (path: string, body: unknown = {}, jwt = customer.jwt) => postJson(url(path), body, bearer(jwt));
const detail = async (id: string) =>
  subscriptionDetailSchema.parse((await getJson(url(`/${id}`), { headers: bearer(customer.jwt) })).body);

const historyOf = async (subscriptionId: number) =>
  (
    (await app.strapi.db.query(CONTENT_TYPES.subscriptionChange).findMany({
      where: { subscription: { id: subscriptionId } },
      select: ["actorKind", "field", "from", "to"],
      orderBy: { id: "asc" },
    })) as { actorKind: string; field: string; from: unknown; to: unknown }[]
  ).map(({ actorKind, field, from, to }) => ({ actorKind, field, from: historyValue(from), to: historyValue(to) }));

const deliveriesOf = async (subscriptionId: number) =>
  (
    (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
      where: { subscriptionId },
      select: ["date", "deliveryStatus"],
      populate: { order: { select: ["number"] } },
      orderBy: { date: "asc" },
    })) as { date: string; deliveryStatus: string; order: { number: string } | null }[]
  ).map((row) => ({ ...row, date: String(row.date).slice(0, 10) }));

/** Pays the order on the sandbox's page, as the storefront's pay page sends the customer there. */
async function payOnSandbox(orderNumber: string): Promise<void> {
  const started = await postJson<{ payment: { url: string } }>(
    `${app.api}/orders/mine/${orderNumber}/payments`,
    {},
    bearer(customer.jwt),
  );
  expect(started.status).toBe(201);
  const decided = await fetch(`${app.url}${new URL(started.body.payment.url).pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ decision: "approve" }).toString(),
  });
  expect(decided.status).toBe(303);
  await flushServerWork();
}

/**
 * A new customer's subscription through the order flow, its first order paid on the sandbox's page
 * (a customer per test: the account's allowance of orders placed is not what these tests are about).
 */
async function paidSubscription(): Promise<{ id: string; rowId: number }> {
  customer = await registerCustomer(app.api);
  const token = await finishedDraft(app.api, customer.jwt, {
    postcode: POSTCODE,
    ...(await firstOfferedDate(app.api, POSTCODE)),
    purchase: "subscription",
    boxes: [{ productId: catalogue.box, quantity: 1 }],
  });
  const { order } = createdOrderSchema.parse((await placeOrder(app.api, token, customer.jwt)).body);
  await payOnSandbox(order.number);
  const row = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { number: order.number },
    populate: { subscription: { select: ["id"] } },
  })) as { subscription: { id: number } };
  return { id: order.subscriptionId!, rowId: row.subscription.id };
}

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
  catalogue = await createCatalogue(app.strapi);
  await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" });
  other = await registerCustomer(app.api);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("restarting a cancelled subscription", () => {
  it("says the delivery it starts with, orders it, and is active once that order is paid on-session", async () => {
    const subscription = await paidSubscription();
    // The first order's card is the subscription's, and its history says so.
    expect((await historyOf(subscription.rowId)).filter((entry) => entry.field === "card")).toEqual([
      { actorKind: "job", field: "card", from: null, to: expect.stringMatching(/•••• 4242$/) },
    ]);
    expect((await detail(subscription.id)).restartFrom).toBeNull();
    expectErrorShape(await post(`/${subscription.id}/restart`), 409);

    subscriptionChangeAnswerSchema.parse((await post(`/${subscription.id}/cancel`, { reason: "Vacaciones" })).body);
    const cancelled = await detail(subscription.id);
    expect(cancelled.status).toBe("cancelled");
    const startsWith = cancelled.restartFrom!;
    expect(startsWith).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectErrorShape(await post(`/${subscription.id}/restart`, {}, other.jwt), 404);

    // A page that said another delivery (its cut-off passed since): 409 with the one a restart starts with now.
    const stale = expectErrorShape(await post(`/${subscription.id}/restart`, { restartFrom: "2026-01-07" }), 409);
    expect(errorCode(stale)).toBe("delivery_locked");
    expect((stale.error.details as { date?: string }).date).toBe(startsWith);
    expect((await detail(subscription.id)).status).toBe("cancelled");

    const restarted = subscriptionRestartAnswerSchema.parse(
      (await post(`/${subscription.id}/restart`, { restartFrom: startsWith })).body,
    );
    expect(restarted).toMatchObject({
      appliesFrom: startsWith,
      orderNumber: expect.any(String),
      subscription: {
        status: "pending",
        cancelReason: null,
        orderToPay: restarted.orderNumber,
      },
    });
    // The first order's box still comes (cancelled after it was ordered): the restart starts a week on.
    expect(restarted.subscription.nextDelivery!.date < startsWith).toBe(true);
    // Pending, so a second restart (another tab) is refused and writes no second order.
    expect(errorCode(expectErrorShape(await post(`/${subscription.id}/restart`), 409))).toBe("status_not_allowed");
    const order = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { number: restarted.orderNumber },
      select: ["id", "deliveryDate", "purchase", "renewal", "total"],
      populate: { subscription: { select: ["id"] } },
    })) as {
      id: number;
      deliveryDate: string;
      purchase: string;
      renewal: boolean;
      total: number;
      subscription: { id: number };
    };
    expect(order).toMatchObject({ purchase: "subscription", subscription: { id: subscription.rowId } });
    expect(String(order.deliveryDate).slice(0, 10)).toBe(startsWith);
    expect(order.total).toBe(cancelled.pricePerDelivery);
    const events = (await app.strapi.db.query(CONTENT_TYPES.orderEvent).findMany({
      where: { order: { id: order.id } },
      select: ["actorKind", "to"],
    })) as { actorKind: string; to: string }[];
    expect(events).toEqual([{ actorKind: "customer", to: "pending_payment" }]);

    await payOnSandbox(restarted.orderNumber);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    const active = await detail(subscription.id);
    expect(active).toMatchObject({ status: "active", orderToPay: null, restartFrom: null });
    const deliveries = (await deliveriesOf(subscription.rowId)).filter((row) => row.date >= startsWith);
    expect(deliveries[0]).toMatchObject({
      date: startsWith,
      deliveryStatus: "ordered",
      order: { number: restarted.orderNumber },
    });
    expect(deliveries.length).toBeGreaterThan(4);
    expect(deliveries.slice(1).every((row) => row.deliveryStatus === "scheduled")).toBe(true);
    // Paid with the same card again: no second 'card' entry in its history.
    expect((await historyOf(subscription.rowId)).filter((entry) => entry.field === "card")).toHaveLength(1);
    const statuses = (await historyOf(subscription.rowId)).filter((entry) => entry.field === "status");
    expect(statuses.slice(-3).map((entry) => [entry.actorKind, entry.from, entry.to])).toEqual([
      ["customer", "active", "cancelled"],
      ["customer", "cancelled", "pending"],
      ["job", "pending", "active"],
    ]);
  });

  it("unpaid, it stays pending with its order to pay; once that order expires it can be restarted again", async () => {
    const subscription = await paidSubscription();
    await post(`/${subscription.id}/cancel`, { reason: "" });
    const restarted = subscriptionRestartAnswerSchema.parse((await post(`/${subscription.id}/restart`)).body);
    expect((await detail(subscription.id)).orderToPay).toBe(restarted.orderNumber);
    const order = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { number: restarted.orderNumber },
      select: ["id"],
    })) as { id: number };
    // The expiry job at the order's deadline.
    await changeOrderStatus(app.strapi, {
      orderId: order.id,
      from: "pending_payment",
      to: "cancelled",
      actor: { kind: "system", label: "job:expire-unpaid-orders" },
    });
    const after = await detail(subscription.id);
    expect(after).toMatchObject({ status: "cancelled", orderToPay: null, restartFrom: expect.any(String) });
    expect((await historyOf(subscription.rowId)).at(-1)).toEqual({
      actorKind: "job",
      field: "status",
      from: "pending",
      to: "cancelled",
    });
    const again = subscriptionRestartAnswerSchema.parse((await post(`/${subscription.id}/restart`)).body);
    expect(again.orderNumber).not.toBe(restarted.orderNumber);
    expect(again.subscription.status).toBe("pending");
  });

  it("a suspended one whose restart expires unpaid is suspended again, as it was, and can restart again", async () => {
    const subscription = await paidSubscription();
    await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .update({ where: { id: subscription.rowId }, data: { subscriptionStatus: "suspended" } });
    const restarted = subscriptionRestartAnswerSchema.parse((await post(`/${subscription.id}/restart`)).body);
    const order = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { number: restarted.orderNumber },
      select: ["id"],
    })) as { id: number };
    await changeOrderStatus(app.strapi, {
      orderId: order.id,
      from: "pending_payment",
      to: "cancelled",
      actor: { kind: "system", label: "job:expire-unpaid-orders" },
    });
    // Its unpaid deliveries are still owed: suspended, not cancelled (which would say the customer left).
    expect(await detail(subscription.id)).toMatchObject({
      status: "suspended",
      orderToPay: null,
      cancelsOn: null,
      restartFrom: expect.any(String),
    });
    expect((await historyOf(subscription.rowId)).filter((change) => change.field === "status").slice(-2)).toEqual([
      { actorKind: "customer", field: "status", from: "suspended", to: "pending" },
      { actorKind: "job", field: "status", from: "pending", to: "suspended" },
    ]);
    const again = subscriptionRestartAnswerSchema.parse((await post(`/${subscription.id}/restart`)).body);
    expect(again.subscription.status).toBe("pending");
  });

  it("a suspended one restarts too, without ordering the deliveries it had given up", async () => {
    const subscription = await paidSubscription();
    // A delivery locked at its cut-off while suspended (never charged nor packed, decision 030).
    const [, given] = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
      where: { subscriptionId: subscription.rowId },
      select: ["id", "date"],
      orderBy: { date: "asc" },
    })) as { id: number; date: string }[];
    await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).update({
      where: { id: given!.id },
      data: { deliveryStatus: "locked", cutoffAt: new Date(Date.now() - 60_000) },
    });
    const givenDate = String(given!.date).slice(0, 10);
    await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .update({ where: { id: subscription.rowId }, data: { subscriptionStatus: "suspended" } });
    const restarted = subscriptionRestartAnswerSchema.parse((await post(`/${subscription.id}/restart`)).body);
    expect(restarted.subscription.status).toBe("pending");
    const open = (await deliveriesOf(subscription.rowId)).filter(
      (row) => row.date > restarted.appliesFrom! && row.deliveryStatus !== "skipped",
    );
    // Nothing of the old rhythm is left to be ordered: the new one is planned once the order is paid.
    expect(open.filter((row) => row.deliveryStatus !== "ordered")).toEqual([]);
    expect(givenDate < restarted.appliesFrom!).toBe(true);
    expect((await deliveriesOf(subscription.rowId)).find((row) => row.date === givenDate)).toMatchObject({
      date: givenDate,
      deliveryStatus: "skipped",
      order: null,
    });
    // The renewal job, once the restart is paid and the subscription active again, does not order it.
    await payOnSandbox(restarted.orderNumber);
    await renewSubscriptions(app.strapi, new Date());
    await flushAfterAnswer();
    expect((await deliveriesOf(subscription.rowId)).find((row) => row.date === givenDate)).toMatchObject({
      date: givenDate,
      deliveryStatus: "skipped",
      order: null,
    });
  });
});

describe("extras for every delivery", () => {
  it("quotes adding, changing and removing extras, then makes it from the told delivery, or 409 once it is locked", async () => {
    const subscription = await paidSubscription();
    const patch = (body: unknown) => send("PATCH", url(`/${subscription.id}`), body, bearer(customer.jwt));
    const before = await detail(subscription.id);
    const oil = { extras: [{ productId: catalogue.oil, quantity: 2 }] };
    const quote = subscriptionQuoteSchema.parse((await post(`/${subscription.id}/quote`, oil)).body);
    expect(quote.pricePerDelivery).toBeGreaterThan(before.pricePerDelivery!);
    expect(quote.appliesFrom).not.toBeNull();

    // Told the first open delivery, but it has been locked since: 409 with the one it would reach now.
    const first = quote.appliesFrom!;
    const row = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
      where: { subscriptionId: subscription.rowId, date: first },
      select: ["id", "cutoffAt"],
    })) as { id: number; cutoffAt: string | Date };
    await app.strapi.db
      .query(CONTENT_TYPES.subscriptionDelivery)
      .update({ where: { id: row.id }, data: { cutoffAt: new Date(Date.now() - 1000) } });
    const locked = expectErrorShape(await patch({ ...oil, appliesFrom: first }), 409);
    expect(errorCode(locked)).toBe("delivery_locked");
    const now = (locked.error.details as { date?: string }).date;
    expect(now).not.toBe(first);
    expect((await detail(subscription.id)).contents.extras).toEqual([]);
    await app.strapi.db
      .query(CONTENT_TYPES.subscriptionDelivery)
      .update({ where: { id: row.id }, data: { cutoffAt: row.cutoffAt } });

    const added = subscriptionChangeAnswerSchema.parse((await patch({ ...oil, appliesFrom: first })).body);
    expect(added).toMatchObject({
      appliesFrom: first,
      subscription: {
        pricePerDelivery: quote.pricePerDelivery,
        contents: { extras: [{ productId: catalogue.oil, quantity: 2 }] },
      },
    });
    const removed = subscriptionChangeAnswerSchema.parse((await patch({ extras: [], appliesFrom: first })).body);
    expect(removed.subscription.contents.extras).toEqual([]);
    expect(removed.subscription.pricePerDelivery).toBe(before.pricePerDelivery);
    const extras = (await historyOf(subscription.rowId)).filter((entry) => entry.field === "extras");
    expect(extras.map((entry) => [entry.actorKind, entry.to])).toEqual([
      ["customer", [expect.objectContaining({ productId: catalogue.oil, quantity: 2 })]],
      ["customer", []],
    ]);
    // The page's history names the products in the subscription's language, not their ids.
    const oilName = added.subscription.contents.extras[0]!.name;
    expect(oilName).not.toMatch(/^#/);
    expect(
      removed.subscription.history.filter((entry) => entry.field === "extras").map((entry) => [entry.from, entry.to]),
    ).toEqual([
      [[{ productId: catalogue.oil, quantity: 2, name: oilName }], []],
      [[], [{ productId: catalogue.oil, quantity: 2, name: oilName }]],
    ]);
    // An extra no longer on sale, or no change at all, is a 400 naming its field.
    expectErrorShape(await patch({ extras: [{ productId: catalogue.inactiveBox, quantity: 1 }] }), 400);
    expectErrorShape(await patch({ appliesFrom: first }), 400);
  });
});
