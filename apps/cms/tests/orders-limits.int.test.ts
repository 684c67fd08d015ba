import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_SECRETS } from "../src/env";
import { registerCustomer } from "./helpers/accounts";
import { expectErrorShape, postJson } from "./helpers/http";
import { draftHeaders, finishedDraft, orderingFixture, SLOT_DAY_UID, type Catalogue } from "./helpers/ordering";
import { flushServerWork } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

/**
 * The allowances of new order drafts and of orders placed (src/services/rate-limits.ts, docs/decisions/015): the
 * storefront starts one at a visitor's first step of the new-order flow, naming the visitor's
 * address as it does for the account calls.
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

  it("30 an hour per address, then 429 with Retry-After; other addresses are not held back", async () => {
    const address = freshAddress();
    expect(await allowance(app.api, address)).toBe(30);
    const refused = await newDraft(app.api, address);
    expect(expectErrorShape(refused, 429).error.name).toBe("RateLimitError");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect((await newDraft(app.api, freshAddress())).status).toBe(201);
  });

  it("racing requests get no more than the allowance", async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, () => newDraft(app.api, address)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(30);
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

describe("orders placed, with the rate limits on", () => {
  let app: TestStrapi;
  let catalogue: Catalogue;
  let choice: { date: string; slot: string };
  const POSTCODE = "46010";

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false", USERS_PERMISSIONS_RATELIMIT: "true" });
    ({ catalogue, choice } = await orderingFixture(app.strapi, app.api, POSTCODE));
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it("10 per address in half an hour, whatever the accounts: then 429, and no place is held", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    // Four throwaway accounts of three unpaid orders each, placed from one address.
    for (let account = 0; account < 4; account++) {
      const buyer = await registerCustomer(app.api, {}, visitor(freshAddress()));
      for (let order = 0; order < 3; order++) {
        const token = await finishedDraft(app.api, buyer.jwt, {
          postcode: POSTCODE,
          ...choice,
          boxes: [{ productId: catalogue.box, quantity: 1 }],
        });
        const placed = await postJson(
          `${app.api}/orders`,
          { termsAccepted: true, locale: "es" },
          { ...draftHeaders(token, buyer.jwt), ...visitor(address) },
        );
        statuses.push(placed.status);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const taken = (await app.strapi.db.query(SLOT_DAY_UID).findMany({ where: { date: choice.date } })) as {
      taken: number;
    }[];
    expect(taken.reduce((sum, row) => sum + row.taken, 0)).toBe(10);
    await flushServerWork();
  });
});
