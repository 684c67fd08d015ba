import { randomBytes } from "node:crypto";
import { paymentReference, shiftIsoDate, shopDateOf } from "@shop/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "../src/content-types";
import { parseEnv } from "../src/env";
import { gateways } from "../src/payments/gateways";
import type { SandboxProvider } from "../src/payments/sandbox";
import { orderDueDeliveries } from "../src/subscriptions/renewals/orders";
import { cancelSubscription, pauseSubscription } from "../src/subscriptions/self-service";
import { SubscriptionError } from "../src/subscriptions/errors";
import { bearer, registerCustomer, send as sendJson } from "./helpers/accounts";
import { errorCode, getJson, postJson, type JsonResponse } from "./helpers/http";
import { createCatalogue, createZone, deliveryAddress } from "./helpers/ordering";
import { createTestOrder, flushServerWork, orderStatusOf, readableMail } from "./helpers/payment-orders";
import { readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";
import { storedSubscription } from "./helpers/subscriptions";

// Attacks on the subscriptions and refunds work (issue 22), as the developers' guide asks: other
// customers' ids, odd ids and dates, wrong methods, content types and bodies, spoofed client
// addresses, staff routes with a customer's token, races at the cut-off and on the last of
// something. Every answer is a 4xx with a message or the change itself, never a 5xx. One Strapi.

let app: TestStrapi;
let box: number;
let zone: number;
let staff: Record<string, string>;
interface Customer {
  jwt: string;
  email: string;
  userId: number;
  headers: Record<string, string>;
}
let owner: Customer;
let stranger: Customer;
/** The owner's weekly subscription, planned 8 weeks ahead. */
let subscription: { rowId: number; id: string; open: string };
/** A food bank staff keep (documentId). */
let foodBank: string;

const POSTCODE = "46010";

async function customer(): Promise<Customer> {
  const registered = await registerCustomer(app.api);
  return {
    jwt: registered.jwt,
    email: registered.email,
    userId: registered.user.id,
    headers: bearer(registered.jwt),
  };
}

/** A weekly subscription of `who`, as the order flow leaves it once paid, planned now. */
async function activeSubscription(who: Customer): Promise<{ rowId: number; id: string; open: string }> {
  const created = await storedSubscription(app.strapi, {
    userId: who.userId,
    anchor: shiftIsoDate(shopDateOf(new Date()), 14),
    box,
    zone,
    postcode: POSTCODE,
    toldPrice: 2000,
    plannedAt: new Date(),
  });
  const first = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
    where: { subscriptionId: created.id, deliveryStatus: "scheduled" },
    orderBy: { date: "asc" },
    select: ["date"],
  })) as { date: string };
  return { rowId: created.id, id: created.documentId, open: String(first.date).slice(0, 10) };
}

const mine = (path = "") => `${app.api}/subscriptions/mine${path}`;

/** Never a 5xx: the status, with the body when it is one. */
function expectClientAnswer(answer: JsonResponse, label: string): number {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500);
  return answer.status;
}

/** A JSON call; GET and HEAD go without a body. */
function send(method: string, url: string, payload: unknown, headers: Record<string, string> = {}) {
  if (method === "GET" || method === "HEAD") return getJson(url, { method, headers });
  return sendJson(method, url, payload, headers);
}

async function raw(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  return getJson(url, { method, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });
}

beforeAll(async () => {
  app = await startStrapi({
    SEED_DEMO_DATA: "false",
    // The limits on, as in production: the gifts' allowance is one of the attacks.
    USERS_PERMISSIONS_RATELIMIT: "true",
    STOREFRONT_URL: "https://shop.example",
    PAYMENT_PROVIDER: "sandbox",
  });
  box = (await createCatalogue(app.strapi)).box;
  zone = (await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" })).id;
  owner = await customer();
  stranger = await customer();
  subscription = await activeSubscription(owner);
  foodBank = (
    (await app.strapi.db.query(CONTENT_TYPES.foodBank).create({
      data: { name: "Banc d'Aliments de València", city: "València", active: true },
    })) as { documentId: string }
  ).documentId;
  const { demo } = parseEnv(process.env);
  const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
    email: demo.email,
    password: demo.password,
  });
  expect(login.status).toBe(200);
  staff = bearer(login.body.data.token);
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** Every customer call on one subscription: method, path under it, a body it would take. */
const SUBSCRIPTION_CALLS = (date: string): [string, string, unknown][] => [
  ["GET", "", undefined],
  ["GET", "/deliveries", undefined],
  ["PATCH", "", { slot: "morning" }],
  ["POST", "/quote", { slot: "morning" }],
  ["POST", `/deliveries/${date}/skip`, {}],
  ["POST", `/deliveries/${date}/restore`, {}],
  ["POST", `/deliveries/${date}/gift`, { email: "amiga@example.com", address: deliveryAddress(POSTCODE), note: "" }],
  ["POST", `/deliveries/${date}/donate`, { foodBankId: foodBank }],
  ["POST", "/pause", { option: "1w", reason: "" }],
  ["POST", "/resume", {}],
  ["POST", "/cancel", { reason: "" }],
  ["POST", "/restart", {}],
];

describe("ids that are not the caller's", () => {
  it("another customer's subscription answers 404 to every call, and nothing changes", async () => {
    for (const [method, path, body] of SUBSCRIPTION_CALLS(subscription.open)) {
      const answer = await send(method, mine(`/${subscription.id}${path}`), body ?? {}, stranger.headers);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const row = (await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .findOne({ where: { id: subscription.rowId }, select: ["subscriptionStatus"] })) as {
      subscriptionStatus: string;
    };
    expect(row.subscriptionStatus).toBe("active");
  });

  it("ids as numbers, negative, huge, percent-encoded, with NUL or path traversal: 404 (or 400), never 5xx", async () => {
    const ids = [
      String(subscription.rowId),
      "-1",
      "0",
      "99999999999999999999999999",
      "1e309",
      "%2e%2e",
      "..%2F..%2Fusers%2Fme",
      "%2e%2e%2f%2e%2e%2forders%2fmine",
      `${subscription.id}%00`,
      "%00",
      "%E0%A4%A",
      "%C0%AE%C0%AE",
      "a".repeat(5000),
      "%F0%9F%8D%8E",
      `${subscription.id.toUpperCase()}`,
    ];
    for (const id of ids) {
      for (const [method, path, body] of SUBSCRIPTION_CALLS(subscription.open)) {
        const answer = await send(method, mine(`/${id}${path}`), body ?? {}, owner.headers);
        const status = expectClientAnswer(answer, `${method} /${id.slice(0, 40)}${path}`);
        // 405: a traversal the router folded onto a shorter route of the same prefix.
        expect([400, 404, 405, 414, 431], `${method} /${id.slice(0, 40)}${path}`).toContain(status);
      }
    }
  });

  it("delivery dates in odd formats or not the subscription's: 404, never 5xx", async () => {
    const dates = [
      "2026-02-30",
      "2026-13-01",
      "20261209",
      `${subscription.open}T00:00:00Z`,
      `${subscription.open}%00`,
      "%00",
      "0000-00-00",
      "9999-12-31",
      "+275760-09-13",
      "-001-01-01",
      "..%2F..%2Fcancel",
      shiftIsoDate(subscription.open, 1),
      shiftIsoDate(subscription.open, -700),
    ];
    for (const date of dates) {
      for (const action of ["skip", "restore", "gift", "donate"]) {
        const body =
          action === "gift"
            ? { email: "amiga@example.com", address: deliveryAddress(POSTCODE), note: "" }
            : action === "donate"
              ? { foodBankId: foodBank }
              : {};
        const answer = await send(
          "POST",
          mine(`/${subscription.id}/deliveries/${date}/${action}`),
          body,
          owner.headers,
        );
        const status = expectClientAnswer(answer, `${action} ${date}`);
        expect([400, 404], `${action} ${date}: ${JSON.stringify(answer.body)}`).toContain(status);
      }
    }
  });

  it("the saved-card calls and an order's cancellation: another customer's or odd ids answer 404, never 5xx", async () => {
    const order = await createTestOrder(app.strapi, {
      userId: owner.userId,
      email: owner.email,
      total: 3000,
      status: "paid",
    });
    expect((await send("POST", `${app.api}/orders/mine/${order.number}/cancel`, {}, stranger.headers)).status).toBe(
      404,
    );
    for (const id of ["%00", "AAAA%00AAAAAAA", "-1", "99999999999999999999", "..%2Fsetup", "a".repeat(3000)]) {
      for (const [method, path] of [
        ["GET", `/payment-methods/mine/${id}`],
        ["POST", `/payment-methods/mine/${id}/default`],
        ["DELETE", `/payment-methods/mine/${id}`],
        ["POST", `/orders/mine/${id}/cancel`],
        ["GET", `/payments/sandbox/${id}`],
        ["GET", `/payment-methods/sandbox/${id}`],
      ] as const) {
        const answer = await send(method, `${app.api}${path}`, {}, owner.headers);
        const status = expectClientAnswer(answer, `${method} ${path.slice(0, 60)}`);
        expect([400, 404, 414], `${method} ${path.slice(0, 60)}`).toContain(status);
      }
    }
  });
});

describe("methods, content types and bodies", () => {
  it("a method a call does not take answers 405 or 404, never 5xx", async () => {
    // (TRACE and made-up methods: src/middlewares/methods.ts, tested in http-limits.)
    for (const method of ["PUT", "DELETE", "PATCH", "GET", "OPTIONS", "HEAD"]) {
      for (const path of ["/cancel", "/pause", `/deliveries/${subscription.open}/skip`, "/quote", ""]) {
        if ((method === "GET" || method === "HEAD") && path === "") continue;
        if (method === "PATCH" && path === "") continue;
        const answer = await raw(method, mine(`/${subscription.id}${path}`), { headers: owner.headers });
        const status = expectClientAnswer(answer, `${method} ${path}`);
        // OPTIONS is the CORS preflight, answered without running the call.
        expect(method === "OPTIONS" ? [200, 204] : [404, 405], `${method} ${path}`).toContain(status);
      }
    }
    for (const path of [`/orders/mine/IMP-1/cancel`, "/payment-methods/mine/setup"]) {
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const status = expectClientAnswer(await raw(method, `${app.api}${path}`, { headers: owner.headers }), path);
        expect([404, 405]).toContain(status);
      }
    }
  });

  it("bodies of the wrong type, shape or size are refused with a 4xx, and change nothing", async () => {
    const own = await activeSubscription(owner);
    const target = mine(`/${own.id}`);
    const bodies: [string, string, string][] = [
      ["application/json", "[]", "array"],
      ["application/json", "null", "null"],
      ["application/json", '"cancel"', "string"],
      ["application/json", "42", "number"],
      ["application/json", "{", "broken"],
      ["application/json", '{"reason":"x","__proto__":{"isAdmin":true}}', "proto"],
      ["application/json", '{"reason":"x","constructor":{"prototype":{"x":1}}}', "constructor"],
      ["application/json", `{"reason":"${"x".repeat(200_000)}"}`, "long reason"],
      ["application/json", `${"[".repeat(5000)}${"]".repeat(5000)}`, "deep array"],
      ["application/json", `{"reason":${'{"a":'.repeat(2000)}1${"}".repeat(2000)}}`, "deep object"],
      ["application/json", `{"reason":"x","status":"active","user":1}`, "unknown fields"],
      ["text/plain", '{"reason":"x"}', "text"],
    ];
    for (const [type, body, label] of bodies) {
      const answer = await raw("POST", `${target}/cancel`, {
        headers: { ...owner.headers, "content-type": type },
        body,
      });
      const status = expectClientAnswer(answer, label);
      expect(status, `${label}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    }
    // A body that is not JSON (XML, a form, multipart) is refused before any controller with a
    // clear 400 (src/middlewares/body-shape.ts), not read as `{}` or as fields: nothing changes.
    for (const [type, body] of [
      ["application/xml", "<reason>x</reason>"],
      ["application/x-www-form-urlencoded", "reason=x"],
      ["multipart/form-data; boundary=zz", '--zz\r\nContent-Disposition: form-data; name="reason"\r\n\r\nx\r\n--zz--'],
    ]) {
      for (const [method, path] of [
        ["POST", `/${own.id}/cancel`],
        ["POST", `/${own.id}/resume`],
        ["PATCH", `/${own.id}`],
      ]) {
        const answer = await raw(method!, mine(path), {
          headers: { ...owner.headers, "content-type": type! },
          body: body!,
        });
        expect([answer.status, (answer.body as { error?: { message?: string } }).error?.message], type).toEqual([
          400,
          "The request body must be JSON (Content-Type: application/json)",
        ]);
      }
    }
    // JSON with a charset claimed is read as JSON (strapi::body ignores it).
    const fresh = await activeSubscription(owner);
    const charset = await raw("POST", mine(`/${fresh.id}/cancel`), {
      headers: { ...owner.headers, "content-type": "application/json; charset=utf-16" },
      body: '{"reason":"x"}',
    });
    expect([200, 400]).toContain(expectClientAnswer(charset, "charset"));
    const huge = await raw("POST", `${target}/quote`, {
      headers: { ...owner.headers, "content-type": "application/json" },
      body: JSON.stringify({ extras: Array.from({ length: 100_000 }, () => ({ productId: box, quantity: 1 })) }),
    });
    expect([400, 413]).toContain(expectClientAnswer(huge, "huge"));
    const row = (await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .findOne({ where: { id: subscription.rowId }, select: ["subscriptionStatus"] })) as {
      subscriptionStatus: string;
    };
    expect(row.subscriptionStatus).toBe("active");
  });

  it("quantities, weekdays, slots and pause dates out of range are 400 with their field, never 5xx", async () => {
    const target = mine(`/${subscription.id}`);
    const changes: unknown[] = [
      { boxes: [{ productId: box, quantity: -1 }] },
      { boxes: [{ productId: box, quantity: 0.5 }] },
      { boxes: [{ productId: box, quantity: 1e12 }] },
      { boxes: [{ productId: box, quantity: "1" }] },
      { boxes: [{ productId: -1, quantity: 1 }] },
      { boxes: [{ productId: 2 ** 53, quantity: 1 }] },
      { boxes: [{ productId: box, quantity: 1, exclusions: [-1, 1e20] }] },
      { boxes: [] },
      { extras: [{ productId: box, quantity: 99999 }] },
      { weekday: 8 },
      { weekday: 0 },
      { weekday: 1.5 },
      { frequency: "daily" },
      { slot: "x".repeat(10_000) },
      { paymentMethodId: "%00" },
      { paymentMethodId: "\u0000" },
      { address: { ...deliveryAddress("99999") } },
      { address: "46010" },
    ];
    for (const body of changes) {
      for (const path of ["", "/quote"]) {
        const answer = await send(path === "" ? "PATCH" : "POST", `${target}${path}`, body, owner.headers);
        const status = expectClientAnswer(answer, `${path} ${JSON.stringify(body).slice(0, 80)}`);
        expect(
          [400, 409],
          `${path} ${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(answer.body).slice(0, 200)}`,
        ).toContain(status);
      }
    }
    const pauses: unknown[] = [
      { until: "31/12/2031", reason: "" },
      { until: "2031-13-01", reason: "" },
      { until: "2031-02-29", reason: "" },
      { until: "+275760-09-13", reason: "" },
      { until: "1970-01-01", reason: "" },
      { until: "9999-12-31", reason: "" },
      { until: `${shiftIsoDate(subscription.open, 14)}T00:00:00Z`, reason: "" },
      { until: 1_900_000_000_000, reason: "" },
      { option: "1y", reason: "" },
      { option: "1w", until: shiftIsoDate(subscription.open, 14), reason: "" },
      { reason: "" },
    ];
    for (const body of pauses) {
      const answer = await send("POST", `${target}/pause`, body, owner.headers);
      const status = expectClientAnswer(answer, `pause ${JSON.stringify(body)}`);
      expect([400, 409], `pause ${JSON.stringify(body)}: ${JSON.stringify(answer.body).slice(0, 200)}`).toContain(
        status,
      );
    }
    const row = (await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .findOne({ where: { id: subscription.rowId }, select: ["subscriptionStatus", "boxes"] })) as {
      subscriptionStatus: string;
      boxes: { quantity: number }[];
    };
    expect(row).toMatchObject({ subscriptionStatus: "active", boxes: [{ quantity: 1 }] });
  });
});

describe("staff routes", () => {
  // A customer's users-permissions token is no credential of the admin API at all: 401 (not
  // authenticated there) is the honest answer; 403 would say "known staff, not allowed", and 404
  // would hide nothing (the admin routes are public knowledge and never behind the storefront).
  it("answer 401 to a customer's token and to none, and a staff token to unknown or odd ids 404, never 5xx", async () => {
    const staffUrl = (path: string) => `${app.url}/staff-tools${path}`;
    for (const headers of [owner.headers, {}, { authorization: "Bearer " + "x".repeat(5000) }]) {
      for (const [method, path] of [
        ["GET", "/subscriptions"],
        ["GET", `/subscriptions/${subscription.id}`],
        ["POST", `/subscriptions/${subscription.id}/cancel`],
        ["POST", "/orders/IMP-1/refunds"],
      ] as const) {
        expect((await send(method, staffUrl(path), { reason: "x" }, headers)).status, `${method} ${path}`).toBe(401);
      }
    }
    for (const id of ["%00", "-1", "99999999999999999999", "..%2F..%2Fpacking-list", "a".repeat(3000)]) {
      for (const [method, path, body] of [
        ["GET", `/subscriptions/${id}`, {}],
        ["POST", `/subscriptions/${id}/pause`, { until: "2031-01-01", reason: "x" }],
        ["POST", `/subscriptions/${id}/cancel`, { reason: "x" }],
        ["GET", `/orders/${id}/refunds`, {}],
        ["POST", `/orders/${id}/refunds`, { amount: 100, reason: "x", key: `k-${randomBytes(6).toString("hex")}` }],
      ] as const) {
        const answer = await send(method, staffUrl(path), body, staff);
        const status = expectClientAnswer(answer, `${method} ${path.slice(0, 60)}`);
        expect([400, 404, 414], `${method} ${path.slice(0, 60)}`).toContain(status);
      }
    }
    for (const query of [
      "status=%00",
      "status[$ne]=x",
      "from=2031-02-30",
      "from=%00",
      "page=-1",
      "page=1e309",
      "status[]=a&status[]=b",
    ]) {
      const answer = await getJson(`${staffUrl("/subscriptions")}?${query}`, { headers: staff });
      expect([200, 400], query).toContain(expectClientAnswer(answer, query));
    }
  });
});

describe("races", () => {
  it("two skips of the same delivery at once: one skips it, the other is told it is unchanged", async () => {
    const own = await activeSubscription(owner);
    const url = mine(`/${own.id}/deliveries/${own.open}/skip`);
    const answers = await Promise.all([1, 2, 3].map(() => postJson(url, {}, owner.headers)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => errorCode(answer.body))).toEqual([
      "delivery_unchanged",
      "delivery_unchanged",
    ]);
    const history = await app.strapi.db
      .query(CONTENT_TYPES.subscriptionChange)
      .count({ where: { subscription: { id: own.rowId }, field: `delivery:${own.open}` } });
    expect(history).toBe(1);
  });

  /** A subscription of the owner whose first delivery's cut-off is an hour away, and that delivery's row. */
  async function atItsCutoff() {
    const own = await activeSubscription(owner);
    const cutoff = new Date(Date.now() + 60 * 60_000);
    const delivery = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
      where: { subscriptionId: own.rowId, date: own.open },
      select: ["id"],
    })) as { id: number };
    await app.strapi.db
      .query(CONTENT_TYPES.subscriptionDelivery)
      .update({ where: { id: delivery.id }, data: { cutoffAt: cutoff } });
    return { own, cutoff, deliveryId: delivery.id };
  }

  /** Runs `change`, the renewal job (at `cutoff`) put between its reading and its writing. */
  async function withTheJobInBetween<T>(
    cutoff: Date,
    change: () => Promise<T>,
  ): Promise<{ ordered: number; outcome: T | SubscriptionError }> {
    const { transaction } = app.strapi.db;
    let ordered = 0;
    app.strapi.db.transaction = (async (...args: Parameters<typeof transaction>) => {
      app.strapi.db.transaction = transaction;
      ordered = await orderDueDeliveries(app.strapi, cutoff);
      return transaction.apply(app.strapi.db, args);
    }) as typeof transaction;
    try {
      const outcome = await change();
      return { ordered, outcome };
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      return { ordered, outcome: error };
    } finally {
      app.strapi.db.transaction = transaction;
      await flushServerWork();
    }
  }

  const caller = () => ({ userId: owner.userId, email: owner.email });

  for (const [change, run] of [
    ["cancellation", (id: string, now: Date) => cancelSubscription(app.strapi, caller(), id, { reason: "" }, now)],
    [
      "pause",
      (id: string, now: Date) => pauseSubscription(app.strapi, caller(), id, { option: "2w", reason: "" }, now),
    ],
  ] as const) {
    it(`a ${change} racing the renewal job at the cut-off: the job's order stands, the ${change} is undone and says the first delivery still open`, async () => {
      const { own, cutoff, deliveryId } = await atItsCutoff();
      const result = await withTheJobInBetween(cutoff, () => run(own.id, new Date(cutoff.getTime() - 1)));
      const row = (await app.strapi.db
        .query(CONTENT_TYPES.subscriptionDelivery)
        .findOne({ where: { id: deliveryId }, select: ["deliveryStatus"] })) as { deliveryStatus: string } | null;
      // The job won the delivery: it is ordered and will be charged.
      expect(row).toMatchObject({ deliveryStatus: "ordered" });
      // So the change cannot claim it: refused as a change of a locked delivery, with the next open date.
      expect(result.outcome).toBeInstanceOf(SubscriptionError);
      const refusal = result.outcome as SubscriptionError;
      expect(refusal).toMatchObject({ status: 409, code: "delivery_locked", date: shiftIsoDate(own.open, 7) });
      const after = (await app.strapi.db
        .query(CONTENT_TYPES.subscription)
        .findOne({ where: { id: own.rowId }, select: ["subscriptionStatus"] })) as { subscriptionStatus: string };
      expect(after.subscriptionStatus).toBe("active");
      const history = await app.strapi.db
        .query(CONTENT_TYPES.subscriptionChange)
        .count({ where: { subscription: { id: own.rowId }, actorKind: "customer" } });
      expect(history).toBe(0);
    });
  }

  it("a cancellation and the renewal job at once, for real: never a charge for a delivery the answer says is cancelled", async () => {
    for (let round = 0; round < 3; round++) {
      const { own, cutoff, deliveryId } = await atItsCutoff();
      const [cancelled] = await Promise.allSettled([
        cancelSubscription(
          app.strapi,
          { userId: owner.userId, email: owner.email },
          own.id,
          { reason: "" },
          new Date(cutoff.getTime() - 1),
        ),
        orderDueDeliveries(app.strapi, cutoff),
      ]);
      const row = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
        where: { id: deliveryId },
        select: ["deliveryStatus"],
      })) as { deliveryStatus: string } | null;
      if (cancelled.status === "rejected") {
        expect(cancelled.reason).toMatchObject({ status: 409, code: "delivery_locked" });
        expect(row?.deliveryStatus).toBe("ordered");
      } else if (row === null) {
        expect(cancelled.value.appliesFrom).toBe(own.open);
      } else {
        expect(row.deliveryStatus).toBe("ordered");
        expect(cancelled.value.appliesFrom).not.toBe(own.open);
      }
    }
    await flushServerWork();
  });

  it("removing a card while a subscription is moved onto it: never a subscription left on a removed card", async () => {
    const own = await activeSubscription(owner);
    const card = async (isDefault: boolean) => {
      const reference = paymentReference(randomBytes(12));
      await app.strapi.db.query(CONTENT_TYPES.paymentMethod).create({
        data: {
          reference,
          user: owner.userId,
          provider: "sandbox",
          methodStatus: "active",
          brand: "visa",
          last4: "4242",
          expiryMonth: 12,
          expiryYear: 2035,
          locale: "es",
          isDefault,
          sandboxToken: `sbx_${randomBytes(6).toString("hex")}`,
        },
      });
      return reference;
    };
    await card(true);
    for (let round = 0; round < 4; round++) {
      const target = await card(false);
      const [removed, moved] = await Promise.all([
        send("DELETE", `${app.api}/payment-methods/mine/${target}`, {}, owner.headers),
        send("PATCH", mine(`/${own.id}`), { paymentMethodId: target }, owner.headers),
      ]);
      expectClientAnswer(removed, "remove");
      expectClientAnswer(moved, "move");
      const row = (await app.strapi.db.query(CONTENT_TYPES.subscription).findOne({
        where: { id: own.rowId },
        select: ["id"],
        populate: { paymentMethod: { select: ["reference", "methodStatus"] } },
      })) as { paymentMethod: { reference: string; methodStatus: string } | null };
      expect(row.paymentMethod?.methodStatus ?? "none", `round ${round}: ${removed.status} ${moved.status}`).not.toBe(
        "removed",
      );
      // Whichever won, the loser was told: removed (the move refused) or moved (the removal refused).
      expect([removed.status, moved.status].sort(), `round ${round}`).toEqual(
        removed.status === 200 ? [200, 400] : [200, 409],
      );
    }
  });

  it("a customer's cancellation and staff refunds of the same order at once never give back more than was paid", async () => {
    const order = await createTestOrder(app.strapi, {
      userId: owner.userId,
      email: owner.email,
      total: 3000,
      status: "paid",
    });
    await app.strapi.db.query(CONTENT_TYPES.order).update({
      where: { id: order.id },
      data: { zone, deliveryDate: shiftIsoDate(shopDateOf(new Date()), 30), purchase: "once" },
    });
    await app.strapi.db.query(CONTENT_TYPES.payment).create({
      data: {
        reference: paymentReference(randomBytes(12)),
        order: order.id,
        provider: "sandbox",
        paymentStatus: "paid",
        amount: 3000,
        currency: "EUR",
        providerRef: "082150",
        decidedAt: new Date(),
      },
    });
    const refund = (amount: number) =>
      postJson(
        `${app.url}/staff-tools/orders/${order.number}/refunds`,
        { amount, reason: "x", key: `k-${randomBytes(6).toString("hex")}` },
        staff,
      );
    const answers = await Promise.all([
      refund(2000),
      send("POST", `${app.api}/orders/mine/${order.number}/cancel`, {}, owner.headers),
      refund(2000),
      refund(1000),
    ]);
    for (const answer of answers) expectClientAnswer(answer, "refund or cancel");
    const refunds = (await app.strapi.db.query(CONTENT_TYPES.refund).findMany({
      where: { order: { id: order.id }, refundStatus: { $in: ["pending", "succeeded"] } },
      select: ["id", "amount"],
    })) as { amount: number }[];
    expect(refunds.reduce((sum, each) => sum + each.amount, 0)).toBeLessThanOrEqual(3000);
    await flushServerWork();
  });
});

describe("replayed notifications", () => {
  it("the sandbox's payment notification sent again, before and after the customer cancels and is refunded, changes nothing", async () => {
    const order = await createTestOrder(app.strapi, { userId: owner.userId, email: owner.email, total: 3000 });
    await app.strapi.db.query(CONTENT_TYPES.order).update({
      where: { id: order.id },
      data: { zone, deliveryDate: shiftIsoDate(shopDateOf(new Date()), 30) },
    });
    const reference = paymentReference(randomBytes(12));
    await app.strapi.db.query(CONTENT_TYPES.payment).create({
      data: {
        reference,
        order: order.id,
        provider: "sandbox",
        paymentStatus: "pending",
        amount: 3000,
        currency: "EUR",
      },
    });
    const sandbox = gateways().byId.sandbox as SandboxProvider;
    const notify = (decision: "approve" | "decline") => {
      const notification = sandbox.notificationFor(decision, { reference, amount: 3000, currency: "EUR" });
      return raw("POST", `${app.api}/payments/sandbox/notification`, {
        headers: notification.headers as Record<string, string>,
        body: String(notification.rawBody),
      });
    };
    const paid = await Promise.all([notify("approve"), notify("approve"), notify("approve")]);
    expect(paid.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");

    const cancelled = await send("POST", `${app.api}/orders/mine/${order.number}/cancel`, {}, owner.headers);
    expect(cancelled.status).toBe(200);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("cancelled");
    for (const decision of ["approve", "decline", "approve"] as const) {
      expect((await notify(decision)).status).toBeLessThan(500);
    }
    expect(await orderStatusOf(app.strapi, order.id)).toBe("cancelled");
    const payments = (await app.strapi.db.query(CONTENT_TYPES.payment).findMany({
      where: { order: { id: order.id } },
      select: ["paymentStatus"],
    })) as { paymentStatus: string }[];
    expect(payments.map((payment) => payment.paymentStatus)).toEqual(["paid"]);
    const refunds = (await app.strapi.db.query(CONTENT_TYPES.refund).findMany({
      where: { order: { id: order.id } },
      select: ["id", "amount", "refundStatus"],
    })) as { amount: number; refundStatus: string }[];
    expect(refunds.map((refund) => [refund.amount, refund.refundStatus])).toEqual([[3000, "succeeded"]]);
    // A second cancellation is refused, never a second refund.
    expect((await send("POST", `${app.api}/orders/mine/${order.number}/cancel`, {}, owner.headers)).status).toBe(409);
    await flushServerWork();
  });
});

describe("mails to anyone", () => {
  it("gift, restore and gift again cannot mail a stranger without end: 10 gifts a day per account, whatever address is claimed", async () => {
    const giver = await customer();
    const own = await activeSubscription(giver);
    const friend = `amiga-${randomBytes(4).toString("hex")}@example.com`;
    const gift = { email: friend, address: deliveryAddress(POSTCODE), note: "Compra ya en example.net" };
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      // A new client address each time, as a visitor could claim: the allowance is the account's.
      const spoofed = { "x-forwarded-for": `10.0.0.${round}`, "x-real-ip": `10.0.1.${round}` };
      const answer = await postJson(mine(`/${own.id}/deliveries/${own.open}/gift`), gift, {
        ...giver.headers,
        ...spoofed,
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(errorCode(answer.body)).toBe("too_many_gifts");
        break;
      }
      expect(answer.status).toBe(200);
      expect((await postJson(mine(`/${own.id}/deliveries/${own.open}/restore`), {}, giver.headers)).status).toBe(200);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
    await flushServerWork();
    expect(
      readOutbox(app.outboxDir).filter((mail) => readableMail(mail.content).includes(`To: ${friend}`)),
    ).toHaveLength(10);
  });

  it("a refused gift (a date that is not a delivery) does not count against the allowance", async () => {
    const giver = await customer();
    const own = await activeSubscription(giver);
    const gift = { email: "amigo@example.com", address: deliveryAddress(POSTCODE), note: "" };
    for (let round = 0; round < 11; round++) {
      const answer = await postJson(mine(`/${own.id}/deliveries/2099-01-01/gift`), gift, giver.headers);
      expect(answer.status).toBe(404);
    }
    expect((await postJson(mine(`/${own.id}/deliveries/${own.open}/gift`), gift, giver.headers)).status).toBe(200);
  });
});
