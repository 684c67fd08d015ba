import { createdOrderSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "../src/content-types";
import { DEV_SECRETS } from "../src/env";
import { freshEmail, GOOD_PASSWORD, registerCustomer } from "./helpers/accounts";
import { postJson } from "./helpers/http";
import { draftHeaders, finishedDraft, orderingFixture } from "./helpers/ordering";
import { decideOnSandboxPage, flushServerWork, waitForStatus } from "./helpers/payment-orders";
import { startRedisProxy, type RedisProxy } from "./helpers/redis-proxy";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

/**
 * The shop keeps selling with REDIS_URL set and Redis not there (README, "Redis down"): at boot (a
 * closed port), and, with a real Redis (TEST_REDIS_URL) behind a proxy that fails on demand, when
 * it pauses and when it goes away mid-run. A sale here is what the storefront's steps make of one:
 * a customer registers, fills a draft, places the order (each counted against the rate limits, which
 * are what the CMS keeps in Redis) and pays it on the sandbox page. The limits still refuse, counted
 * by each process alone.
 */

const POSTCODE = "46010";
let addressCounter = 0;
const RUN = Math.floor(Math.random() * 0xffff).toString(16);

/** What the storefront sends for a visitor it has identified, from an address no other test uses. */
function freshVisitor(): Record<string, string> {
  addressCounter += 1;
  return {
    "x-shop-client-ip": `2001:db8:${RUN}:${addressCounter.toString(16)}::1`,
    "x-shop-proxy-secret": DEV_SECRETS.PROXY_SECRET,
  };
}

function shop(env: () => Record<string, string>) {
  const context = {} as { app: TestStrapi; choice: { date: string; slot: string }; box: number };
  beforeAll(async () => {
    context.app = await startStrapi({ SEED_DEMO_DATA: "false", USERS_PERMISSIONS_RATELIMIT: "true", ...env() });
    const { catalogue, choice } = await orderingFixture(context.app.strapi, context.app.api, POSTCODE);
    context.choice = choice;
    context.box = catalogue.box;
  }, 120_000);
  afterAll(async () => {
    await flushServerWork();
    await context.app?.stop();
  });
  return context;
}

/** A customer registers, orders one box and pays on the sandbox page; the order ends paid. */
async function sale({ app, choice, box }: { app: TestStrapi; choice: { date: string; slot: string }; box: number }) {
  const visitor = freshVisitor();
  const customer = await registerCustomer(app.api, {}, visitor);
  expect(customer.jwt).toBeTruthy();
  const token = await finishedDraft(app.api, customer.jwt, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: box, quantity: 1 }],
  });
  const placed = await postJson(
    `${app.api}/orders`,
    { termsAccepted: true, locale: "es" },
    { ...draftHeaders(token, customer.jwt), ...visitor },
  );
  expect(placed.status).toBe(201);
  const { order, payment } = createdOrderSchema.parse(placed.body);
  const decided = await decideOnSandboxPage(app.url, payment.url);
  expect(decided.status).toBe(303);
  const row = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({ where: { number: order.number } })) as {
    id: number;
  };
  await waitForStatus(app.strapi, row.id, "paid");
}

/** Wrong passwords from one address until 429; how many were answered 400 first (at most 20). */
async function signInsBeforeRefusal(app: TestStrapi): Promise<number> {
  const visitor = freshVisitor();
  for (let tries = 0; tries < 20; tries += 1) {
    const answer = await postJson(
      `${app.api}/auth/local`,
      { identifier: freshEmail(), password: "Wrong-123" },
      visitor,
    );
    if (answer.status === 429) return tries;
    expect(answer.status).toBe(400);
  }
  return 20;
}

describe("Redis refusing connections from the start (REDIS_URL at a closed port)", () => {
  const context = shop(() => ({ REDIS_URL: "redis://127.0.0.1:1" }));

  it("the CMS boots and sells: a customer registers, orders and pays", async () => {
    await sale(context);
  });

  it("the sign-in limit still refuses, counted in this process: 10 a minute from one address", async () => {
    expect(await signInsBeforeRefusal(context.app)).toBe(10);
  });

  it("an account is still made with a good password", async () => {
    const answer = await postJson(
      `${context.app.api}/auth/local/register`,
      { email: freshEmail(), password: GOOD_PASSWORD },
      freshVisitor(),
    );
    expect(answer.status).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();

describe.skipIf(!redisUrl)("Redis failing mid-run (a real Redis behind a proxy)", () => {
  let proxy: RedisProxy;
  // Before the shop's own beforeAll, which boots the CMS on the proxy's address.
  beforeAll(async () => {
    proxy = await startRedisProxy(redisUrl ?? "");
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const context = shop(() => ({ REDIS_URL: proxy.url }));

  it("sells with Redis answering, while it pauses (connections open, nothing answered), while it is gone, and once it is back", async () => {
    await sale(context);
    proxy.pause();
    await sale(context);
    expect(await signInsBeforeRefusal(context.app)).toBe(10);
    proxy.resume();
    await proxy.stop();
    await sale(context);
    expect(await signInsBeforeRefusal(context.app)).toBe(10);
    await proxy.start();
    await sale(context);
  });
});
