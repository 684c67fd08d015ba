import { orderDraftAnswerSchema, orderQuoteSchema, MAX_UNPAID_ORDERS } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_SECRETS } from "../src/env";
import { bearer, registerCustomer } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import { deliveryAddress, draftHeaders, orderingFixture, patchDraft, type Catalogue } from "./helpers/ordering";
import { flushServerWork } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

/**
 * The allowances of new order drafts and of orders placed (src/rate-limits/rate-limits.ts,
 * docs/decisions/015 and 021): drafts per client address (the storefront starts one at a visitor's
 * first step, naming the visitor's address as it does for the account calls); orders per account,
 * said on the summary before "Pay", with a per-address backstop that a shared address does not
 * reach. In each process's memory, and again against Redis when TEST_REDIS_URL is set.
 */

/** What the storefront sends for a visitor it has identified. */
function visitor(address: string): Record<string, string> {
  return { "x-shop-client-ip": address, "x-shop-proxy-secret": DEV_SECRETS.PROXY_SECRET };
}

let addressCounter = 0;
const RUN = Math.floor(Math.random() * 0xffff).toString(16);

/** A client address no other test uses (an IPv6 /64 counts as one client). */
function freshAddress(): string {
  addressCounter += 1;
  return `2001:db8:${RUN}:${addressCounter.toString(16)}::1`;
}

const newDraft = (api: string, address: string) => postJson(`${api}/order-drafts`, {}, visitor(address));

/** Starts drafts until the CMS answers 429; how many it let through first (at most `max`). */
async function allowance(api: string, address: string, max = 60): Promise<number> {
  for (let attempt = 0; attempt < max; attempt++) {
    const { status } = await newDraft(api, address);
    if (status === 429) return attempt;
    expect(status).toBe(201);
  }
  return max;
}

describe("new order drafts, with the rate limits on", () => {
  let app: TestStrapi;

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false", USERS_PERMISSIONS_RATELIMIT: "true" });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("300 an hour per address (a backstop a shared address does not reach), then 429 with Retry-After; other addresses are not held back", async () => {
    const address = freshAddress();
    expect(await allowance(app.api, address, 320)).toBe(300);
    const refused = await newDraft(app.api, address);
    expect(expectErrorShape(refused, 429).error.name).toBe("RateLimitError");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect((await newDraft(app.api, freshAddress())).status).toBe(201);
  });

  it("racing requests get no more than the allowance", async () => {
    const address = freshAddress();
    expect(await allowance(app.api, address, 290)).toBe(290);
    const answers = await Promise.all(Array.from({ length: 20 }, () => newDraft(app.api, address)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
  });
});

describe("new order drafts, with the rate limits off (USERS_PERMISSIONS_RATELIMIT=false)", () => {
  let app: TestStrapi;

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false", USERS_PERMISSIONS_RATELIMIT: "false" });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("are never refused", async () => {
    expect(await allowance(app.api, freshAddress(), 40)).toBe(40);
  });
});

/**
 * `backstopToTheEnd`: place the 51 orders the per-address backstop takes to run out. Once is enough:
 * the store only counts (the account's limit shows Redis counting the same), and the run is long.
 */
function ordersSuite(
  label: string,
  extraEnv: () => Record<string, string>,
  { backstopToTheEnd }: { backstopToTheEnd: boolean },
) {
  describe(`orders placed, with the rate limits on (${label})`, () => {
    let app: TestStrapi;
    let catalogue: Catalogue;
    let choice: { date: string; slot: string };
    const POSTCODE = "46010";

    beforeAll(async () => {
      app = await startStrapi({ SEED_DEMO_DATA: "false", USERS_PERMISSIONS_RATELIMIT: "true", ...extraEnv() });
      ({ catalogue, choice } = await orderingFixture(app.strapi, app.api, POSTCODE));
    }, 120_000);

    afterAll(async () => {
      await flushServerWork();
      await app?.stop();
    });

    /** A customer registered from `address` (by default one of their own). */
    const customer = (address = freshAddress()) => registerCustomer(app.api, {}, visitor(address));

    /**
     * A draft filled to its summary, as the storefront's steps fill it; started from an address of its
     * own, so that only the orders are counted against the address under test.
     */
    async function summaryDraft(jwt: string): Promise<string> {
      const created = await postJson(`${app.api}/order-drafts`, {}, { ...bearer(jwt), ...visitor(freshAddress()) });
      expect(created.status).toBe(201);
      const token = orderDraftAnswerSchema.parse(created.body).token ?? "";
      for (const step of [
        { postcode: POSTCODE },
        { purchase: "once" },
        { boxes: [{ productId: catalogue.box, quantity: 1 }] },
        { extras: [] },
        { delivery: { address: deliveryAddress(POSTCODE), ...choice, notes: "Timbre 2" } },
      ]) {
        const answer = await patchDraft(app.api, token, step, jwt);
        if (answer.status !== 200) throw new Error(`step ${JSON.stringify(step)}: ${JSON.stringify(answer.body)}`);
      }
      return token;
    }

    const order = (token: string, jwt: string, address: string) =>
      postJson(
        `${app.api}/orders`,
        { termsAccepted: true, locale: "es" },
        { ...draftHeaders(token, jwt), ...visitor(address) },
      );

    async function summary(token: string, jwt: string) {
      const answer = await getJson(`${app.api}/order-drafts/current/quote?locale=es`, {
        headers: draftHeaders(token, jwt),
      });
      expect(answer.status).toBe(200);
      return orderQuoteSchema.parse(answer.body);
    }

    /** Pays an order as the gateway's notification would: it no longer waits, so the unpaid cap does not stop the next. */
    async function markPaid(placed: { body: unknown }) {
      const number = (placed.body as { order: { number: string } }).order.number;
      await app.strapi.db.query(CONTENT_TYPES.order).update({ where: { number }, data: { orderStatus: "paid" } });
    }

    it("eleven customers behind one shared address each register and order: none is refused", async () => {
      const shared = freshAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 11; index++) {
        const buyer = await customer(shared);
        statuses.push((await order(await summaryDraft(buyer.jwt), buyer.jwt, shared)).status);
      }
      expect(statuses).toEqual(Array(11).fill(201));
    });

    it("one account: 10 orders an hour; the summary says so before Pay, then Pay answers 429 too_many_orders and the draft stays", async () => {
      const buyer = await customer();
      const address = freshAddress();
      for (let index = 0; index < 10; index++) {
        const token = await summaryDraft(buyer.jwt);
        expect((await summary(token, buyer.jwt)).orderLimit).toBeNull();
        const placed = await order(token, buyer.jwt, address);
        expect(placed.status).toBe(201);
        await markPaid(placed);
      }
      const token = await summaryDraft(buyer.jwt);
      const before = Date.now();
      const { orderLimit } = await summary(token, buyer.jwt);
      expect(orderLimit?.code).toBe("too_many_orders");
      const resetsAt = Date.parse(orderLimit?.resetsAt ?? "");
      expect(resetsAt).toBeGreaterThan(before);
      expect(resetsAt).toBeLessThanOrEqual(before + 60 * 60 * 1000 + 1000);

      // From another address too: the count is the account's.
      const refused = await order(token, buyer.jwt, freshAddress());
      const body = expectErrorShape(refused, 429);
      expect(body.error.name).toBe("RateLimitError");
      expect(errorCode(refused.body)).toBe("too_many_orders");
      expect(body.error.message).toMatch(/10 orders/);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
      expect(
        (await getJson(`${app.api}/order-drafts/current`, { headers: draftHeaders(token, buyer.jwt) })).status,
      ).toBe(200);

      // Another customer at the same address is not held back.
      const other = await customer();
      expect((await order(await summaryDraft(other.jwt), other.jwt, address)).status).toBe(201);
    });

    it("the unpaid-orders cap is said on the summary too, until the first waiting order's deadline", async () => {
      const buyer = await customer();
      for (let index = 0; index < MAX_UNPAID_ORDERS; index++) {
        expect((await order(await summaryDraft(buyer.jwt), buyer.jwt, freshAddress())).status).toBe(201);
      }
      const token = await summaryDraft(buyer.jwt);
      const { orderLimit } = await summary(token, buyer.jwt);
      const waiting = (await app.strapi.db.query(CONTENT_TYPES.order).findMany({
        where: { user: { id: buyer.user.id } },
        orderBy: { expiresAt: "asc" },
      })) as { expiresAt: string }[];
      expect(orderLimit).toEqual({
        code: "too_many_unpaid",
        resetsAt: new Date(waiting[0]?.expiresAt ?? 0).toISOString(),
      });
      const refused = await order(token, buyer.jwt, freshAddress());
      expect(errorCode(expectErrorShape(refused, 409))).toBe("too_many_unpaid");
    });

    it("signed out, the summary names no limit", async () => {
      const created = await postJson(`${app.api}/order-drafts`, {}, visitor(freshAddress()));
      const token = orderDraftAnswerSchema.parse(created.body).token ?? "";
      await patchDraft(app.api, token, { postcode: POSTCODE });
      await patchDraft(app.api, token, { purchase: "once" });
      await patchDraft(app.api, token, { boxes: [{ productId: catalogue.box, quantity: 1 }] });
      const answer = await getJson(`${app.api}/order-drafts/current/quote?locale=es`, { headers: draftHeaders(token) });
      expect(orderQuoteSchema.parse(answer.body).orderLimit).toBeNull();
    });

    it.skipIf(!backstopToTheEnd)(
      "the per-address backstop still holds: 50 orders in half an hour from one address, whatever the accounts, then 429 and no place held",
      async () => {
        const placesTaken = async () =>
          (
            (await app.strapi.db.query(CONTENT_TYPES.deliverySlotDay).findMany({ where: { date: choice.date } })) as {
              taken: number;
            }[]
          ).reduce((sum, row) => sum + row.taken, 0);
        const address = freshAddress();
        const statuses: number[] = [];
        let buyer = await customer();
        const takenBefore = await placesTaken();
        for (let index = 0; index < 51; index++) {
          // A new account whenever the last has its MAX_UNPAID_ORDERS waiting: throwaway accounts.
          if (index > 0 && index % MAX_UNPAID_ORDERS === 0) buyer = await customer();
          statuses.push((await order(await summaryDraft(buyer.jwt), buyer.jwt, address)).status);
        }
        expect(statuses.slice(0, 50)).toEqual(Array(50).fill(201));
        expect(statuses[50]).toBe(429);
        expect((await placesTaken()) - takenBefore).toBe(50);
        // The account refused by the address's count got its own use back: from elsewhere it orders.
        expect((await order(await summaryDraft(buyer.jwt), buyer.jwt, freshAddress())).status).toBe(201);
      },
      120_000,
    );
  });
}

ordersSuite("memory", () => ({}), { backstopToTheEnd: true });

const redisUrl = process.env.TEST_REDIS_URL?.trim();
// Redis keeps counts between runs: every test takes fresh addresses and e-mail addresses, and
// Redis's keys expire with their windows.
describe.skipIf(!redisUrl)("Redis (shared by every process)", () => {
  ordersSuite("Redis store", () => ({ REDIS_URL: redisUrl ?? "" }), { backstopToTheEnd: false });
});
