import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_SECRETS } from "../src/env";
import { freshEmail, GOOD_PASSWORD, registerCustomer, waitForMail } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import { startStrapi, type TestStrapi, STRAPI_BOOT_TIMEOUT_MS } from "./helpers/strapi";

/**
 * The allowances of the account calls (src/rate-limits/rate-limits.ts), per address and per account,
 * in each process's memory; with TEST_REDIS_URL set (as .ci/run does when Redis answers) the same tests
 * run again against Redis, with two CMS processes' worth of limiters sharing one count.
 */

/** What the storefront sends for a visitor it has identified. */
function visitor(address: string): Record<string, string> {
  return { "x-shop-client-ip": address, "x-shop-proxy-secret": DEV_SECRETS.PROXY_SECRET };
}

let addressCounter = 0;
// Redis keeps counts between runs: each run takes its own addresses (an IPv6 /64 counts as one client).
const RUN = Math.floor(Math.random() * 0xffff).toString(16);

/** A client address no other test, and no earlier run, uses (limits are per address). */
function freshAddress(): string {
  addressCounter += 1;
  return `2001:db8:${RUN}:${addressCounter.toString(16)}::1`;
}

/** Posts until the CMS answers 429; returns how many were let through first (at most `max`). */
async function allowance(post: (attempt: number) => Promise<{ status: number }>, max = 40): Promise<number> {
  for (let attempt = 0; attempt < max; attempt++) {
    const { status } = await post(attempt);
    if (status === 429) return attempt;
  }
  return max;
}

/**
 * `backstopToTheEnd`: send the 200 registrations the per-address backstop takes to run out. Once is
 * enough: the store only counts (the smaller allowances show Redis counting the same), and it is long.
 */
function suite(
  label: string,
  extraEnv: () => Record<string, string>,
  { backstopToTheEnd }: { backstopToTheEnd: boolean },
) {
  describe(label, () => {
    let app: TestStrapi;

    beforeAll(async () => {
      app = await startStrapi({ SEED_DEMO_DATA: "false", USERS_PERMISSIONS_RATELIMIT: "true", ...extraEnv() });
    });

    afterAll(async () => {
      await app?.stop();
    });

    it("sign-in: 10 attempts a minute per address, then 429 with Retry-After", async () => {
      const address = freshAddress();
      const tries = await allowance(() =>
        postJson(`${app.api}/auth/local`, { identifier: freshEmail(), password: "Wrong-123" }, visitor(address)),
      );
      expect(tries).toBe(10);
      const refused = expectErrorShape(
        await postJson(`${app.api}/auth/local`, { identifier: freshEmail(), password: "x" }, visitor(address)),
        429,
      );
      expect(refused.error.name).toBe("RateLimitError");
      const response = await postJson(
        `${app.api}/auth/local`,
        { identifier: "a@b.es", password: "x" },
        visitor(address),
      );
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    it("sign-in: 20 failures per account from any addresses, and the right password clears them", async () => {
      const { email } = await registerCustomer(app.api, {}, visitor(freshAddress()));
      // Each guess from a new address: only the account's count can stop them.
      const tries = await allowance(() =>
        postJson(`${app.api}/auth/local`, { identifier: email, password: "Wrong-123" }, visitor(freshAddress())),
      );
      expect(tries).toBe(20);
      // Locked even for the right password until the block ends: a guesser learns nothing from it.
      expectErrorShape(
        await postJson(
          `${app.api}/auth/local`,
          { identifier: email, password: GOOD_PASSWORD },
          visitor(freshAddress()),
        ),
        429,
      );
      // The e-mailed code still lets the customer in: a guesser cannot lock them out.
      await postJson(`${app.api}/auth/sign-in-code`, { email }, visitor(freshAddress()));
      const mail = await waitForMail(app.outboxDir, email, /^\d{6}\s*$/m);
      const code = /^(\d{6})\s*$/m.exec(mail)?.[1] ?? "";
      const byCode = await postJson(`${app.api}/auth/sign-in-code/verify`, { email, code }, visitor(freshAddress()));
      expect(byCode.status).toBe(200);

      const other = await registerCustomer(app.api, {}, visitor(freshAddress()));
      for (let i = 0; i < 5; i++) {
        await postJson(
          `${app.api}/auth/local`,
          { identifier: other.email, password: "Wrong-123" },
          visitor(freshAddress()),
        );
      }
      const ok = await postJson(
        `${app.api}/auth/local`,
        { identifier: other.email, password: GOOD_PASSWORD },
        visitor(freshAddress()),
      );
      expect(ok.status).toBe(200);
      const state = await postJson(
        `${app.api}/auth/local`,
        { identifier: other.email, password: "Wrong-123" },
        visitor(freshAddress()),
      );
      expect(state.status).toBe(400);
    });

    it("forgot-password and code requests: 3 mails per e-mail address an hour, known or not, the same answers", async () => {
      const { email } = await registerCustomer(app.api, {}, visitor(freshAddress()));
      const unknown = freshEmail();
      for (const call of ["/auth/forgot-password", "/auth/sign-in-code", "/auth/send-email-confirmation"]) {
        const known = await allowance(() => postJson(`${app.api}${call}`, { email }, visitor(freshAddress())));
        const stranger = await allowance(() =>
          postJson(`${app.api}${call}`, { email: unknown }, visitor(freshAddress())),
        );
        expect([call, known]).toEqual([call, 3]);
        expect([call, stranger]).toEqual([call, 3]);
      }
    });

    it("forgot-password and code requests: 10 per address in 15 minutes", async () => {
      const address = freshAddress();
      const tries = await allowance((attempt) =>
        postJson(
          `${app.api}/auth/${attempt % 2 === 0 ? "forgot-password" : "sign-in-code"}`,
          { email: freshEmail() },
          visitor(address),
        ),
      );
      expect(tries).toBe(10);
    });

    it("registration: eleven customers behind one shared address all register", async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 11; index++) {
        const answer = await postJson(
          `${app.api}/auth/local/register`,
          { email: freshEmail(), password: GOOD_PASSWORD },
          visitor(address),
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual(Array(11).fill(200));
    });

    it("registration: 5 tries an hour per e-mail address, from any address; other e-mail addresses go on", async () => {
      const email = freshEmail();
      const register = (address: string, to = email) =>
        postJson(`${app.api}/auth/local/register`, { email: to, password: GOOD_PASSWORD }, visitor(address));
      expect((await register(freshAddress())).status).toBe(200);
      const shared = freshAddress();
      for (let index = 0; index < 4; index++) {
        const taken = await register(index % 2 === 0 ? shared : freshAddress());
        expect(errorCode(expectErrorShape(taken, 400))).toBe("emailTaken");
      }
      // Written another way (capitals, spaces around it), it is the same address and the same count.
      const refused = await register(freshAddress(), `  ${email.toUpperCase()} `);
      expect(expectErrorShape(refused, 429).error.name).toBe("RateLimitError");
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60 * 60);
      expect((await register(shared, freshEmail())).status).toBe(200);
    });

    it("registration: 10 answers 'already has an account' an hour per client address, then 429 whatever the e-mail address; sign-ups do not count", async () => {
      const address = freshAddress();
      const register = (email: string, from = address) =>
        postJson(`${app.api}/auth/local/register`, { email, password: GOOD_PASSWORD }, visitor(from));
      // Twelve customers behind one shared address sign up: new accounts are not what this counts.
      const customers: string[] = [];
      for (let index = 0; index < 12; index++) {
        const email = freshEmail();
        expect((await register(email)).status).toBe(200);
        customers.push(email);
      }
      for (const email of customers.slice(0, 10)) {
        expect(errorCode(expectErrorShape(await register(email), 400))).toBe("emailTaken");
      }
      // Past the allowance a taken e-mail address and a free one get the same answer: probing learns nothing.
      for (const email of [customers[10] ?? "", freshEmail()]) {
        const refused = await register(email);
        expect(expectErrorShape(refused, 429).error.name).toBe("RateLimitError");
        const retryAfter = Number(refused.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60 * 60);
      }
      // Other addresses are not held back.
      expect(errorCode(expectErrorShape(await register(customers[11] ?? "", freshAddress()), 400))).toBe("emailTaken");
      expect((await register(freshEmail(), freshAddress())).status).toBe(200);
    }, 60_000);

    it("registration: racing 'already has an account' answers get no more than the allowance", async () => {
      // Four accounts, each asked about four times (the per-e-mail allowance is 5, its sign-up included).
      const taken: string[] = [];
      for (let index = 0; index < 4; index++) {
        taken.push((await registerCustomer(app.api, {}, visitor(freshAddress()))).email);
      }
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          postJson(
            `${app.api}/auth/local/register`,
            { email: taken[index % 4], password: GOOD_PASSWORD },
            visitor(address),
          ),
        ),
      );
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    }, 60_000);

    it.skipIf(!backstopToTheEnd)(
      "registration: 200 an hour per client address, a backstop that weak passwords count against too",
      async () => {
        const address = freshAddress();
        const tries = await allowance(
          () =>
            postJson(
              `${app.api}/auth/local/register`,
              { email: freshEmail(), password: "password1" },
              visitor(address),
            ),
          220,
        );
        expect(tries).toBe(200);
        const refused = await postJson(
          `${app.api}/auth/local/register`,
          { email: freshEmail(), password: GOOD_PASSWORD },
          visitor(address),
        );
        expect(expectErrorShape(refused, 429).error.name).toBe("RateLimitError");
      },
      60_000,
    );

    it("code sign-in counts against the same allowances as the password", async () => {
      const address = freshAddress();
      const tries = await allowance(() =>
        postJson(`${app.api}/auth/sign-in-code/verify`, { email: freshEmail(), code: "123456" }, visitor(address)),
      );
      expect(tries).toBe(10);
    });

    it("newsletter subscriptions: 3 a hour per e-mail address, 10 per client address, the same answers", async () => {
      const subscribe = (email: string, address: string) =>
        postJson(
          `${app.api}/newsletter/subscribe`,
          { email, locale: "es", wording: "Quiero la newsletter.", source: "footer" },
          visitor(address),
        );
      const { email } = await registerCustomer(app.api, {}, visitor(freshAddress()));
      for (const address of [email, freshEmail()]) {
        expect(await allowance(() => subscribe(address, freshAddress()))).toBe(3);
      }
      const client = freshAddress();
      expect(await allowance(() => subscribe(freshEmail(), client))).toBe(10);
      const refused = await subscribe(freshEmail(), client);
      expect(expectErrorShape(refused, 429).error.name).toBe("RateLimitError");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("deleting the account re-checks the password at most 10 times in 15 minutes", async () => {
      const { jwt } = await registerCustomer(app.api, {}, visitor(freshAddress()));
      const tries = await allowance(() =>
        getJson(`${app.api}/users/me`, {
          method: "DELETE",
          headers: { "content-type": "application/json", authorization: `Bearer ${jwt}` },
          body: JSON.stringify({ confirm: true, currentPassword: "Wrong-123" }),
        }),
      );
      expect(tries).toBe(10);
    });

    it("racing requests get no more than the allowance", async () => {
      const address = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          postJson(`${app.api}/auth/local`, { identifier: freshEmail(), password: "Wrong-123" }, visitor(address)),
        ),
      );
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
    });
  });
}

suite("memory (one process)", () => ({}), { backstopToTheEnd: true });

const redisUrl = process.env.TEST_REDIS_URL?.trim();
describe.skipIf(!redisUrl)("Redis (shared by every process)", () => {
  // A key prefix of its own per run would need configuration; instead the tests use fresh addresses
  // and e-mail addresses, and Redis's keys expire with their windows.
  suite("Redis store", () => ({ REDIS_URL: redisUrl ?? "" }), { backstopToTheEnd: false });

  it("shares one count between two CMS processes", { timeout: STRAPI_BOOT_TIMEOUT_MS }, async () => {
    const { RateLimiterRedis } = await import("rate-limiter-flexible");
    const { default: Redis } = await import("ioredis");
    const client = new Redis(redisUrl ?? "");
    try {
      // A second process's limiter, built exactly as src/rate-limits/rate-limits.ts builds it.
      const other = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: "shop:limit:signInPerAddress",
        points: 10,
        duration: 60,
      });
      const app = await startStrapi({
        SEED_DEMO_DATA: "false",
        USERS_PERMISSIONS_RATELIMIT: "true",
        REDIS_URL: redisUrl ?? "",
      });
      try {
        const address = freshAddress();
        // The key the CMS counts by: the client's /64.
        const key = `${address.split("::")[0]}::/64`;
        await other.delete(key);
        for (let i = 0; i < 6; i++) await other.consume(key);
        const tries = await allowance(() =>
          postJson(`${app.api}/auth/local`, { identifier: freshEmail(), password: "Wrong-123" }, visitor(address)),
        );
        expect(tries).toBe(4);
      } finally {
        await app.stop();
      }
    } finally {
      client.disconnect();
    }
  });
});
