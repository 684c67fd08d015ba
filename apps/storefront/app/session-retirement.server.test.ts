import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customerOf } from "../tests/visit";
import { shareRetirements, type SessionRetirement } from "./session-retirement.server";
import {
  forgetCustomerSessions,
  forgetSession,
  SESSION_CACHE_TTL_MS,
  SessionCache,
  sessionKeyOf,
  type SessionLookUp,
} from "./session.server";

/**
 * Retired tokens across storefront processes (docs/decisions/024): with Redis (TEST_REDIS_URL, as
 * .ci/run sets it when Redis answers) another process forgets a retired token at once; without it,
 * within the session cache's TTL.
 */

const marta = customerOf();

/** Another storefront process's session cache, asking a CMS that counts its lookups. */
function otherProcess(now: () => number) {
  const answers: Record<string, SessionLookUp> = {};
  const lookUps: string[] = [];
  const cache = new SessionCache({
    now,
    lookUp: async (token) => {
      lookUps.push(token);
      return answers[token] ?? { kind: "refused" };
    },
  });
  return { cache, answers, lookUps };
}

let time = 5_000_000;
const now = () => time;
beforeEach(() => {
  time = 5_000_000;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("without Redis", () => {
  it("another process believes a retired token until its entry's TTL ends, then asks the CMS", async () => {
    const other = otherProcess(now);
    other.answers["jwt-a"] = { kind: "customer", user: marta };
    expect((await other.cache.resolve("jwt-a")).user).toEqual(marta);
    // Signed out through this process: the CMS retired the token; the other process was not told.
    forgetSession("jwt-a");
    delete other.answers["jwt-a"];
    time += SESSION_CACHE_TTL_MS - 1;
    expect((await other.cache.resolve("jwt-a")).user).toEqual(marta);
    time += 1;
    expect(await other.cache.resolve("jwt-a")).toEqual({ token: null, user: null, clearCookie: true });
    expect(other.lookUps).toEqual(["jwt-a", "jwt-a"]);
  });

  it("keeps serving while Redis does not answer", async () => {
    const retirement = shareRetirements({ redisUrl: "redis://127.0.0.1:1", channel: `test:${randomUUID()}` });
    try {
      await retirement.ready;
      expect(() => forgetSession("jwt-b")).not.toThrow();
    } finally {
      await retirement.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();

describe.skipIf(!redisUrl)("with Redis", () => {
  const channel = `test:session-forgotten:${randomUUID()}`;
  let retirements: SessionRetirement[] = [];
  afterEach(async () => {
    await Promise.all(retirements.map((retirement) => retirement.close()));
    retirements = [];
  });

  it("another process forgets a retired token at once, long before the TTL", async () => {
    const other = otherProcess(now);
    other.answers["jwt-c"] = { kind: "customer", user: marta };
    // This process publishes; the other listens with its own cache.
    retirements = [shareRetirements({ redisUrl: redisUrl ?? "", channel, cache: new SessionCache({ now }) })];
    retirements.push(shareRetirements({ redisUrl: redisUrl ?? "", channel, cache: other.cache }));
    await Promise.all(retirements.map((retirement) => retirement.ready));
    expect((await other.cache.resolve("jwt-c")).user).toEqual(marta);

    const heard = vi.spyOn(other.cache, "forgetKey");
    forgetSession("jwt-c");
    delete other.answers["jwt-c"];
    // Redis delivers asynchronously: wait for the message itself, not for a length of time.
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith(sessionKeyOf("jwt-c")));
    expect(await other.cache.resolve("jwt-c")).toEqual({ token: null, user: null, clearCookie: true });
    expect(other.lookUps).toEqual(["jwt-c", "jwt-c"]);
  });

  it("after a password change, another process forgets the customer's other devices at once", async () => {
    const other = otherProcess(now);
    other.answers["jwt-phone"] = { kind: "customer", user: marta };
    retirements = [shareRetirements({ redisUrl: redisUrl ?? "", channel, cache: new SessionCache({ now }) })];
    retirements.push(shareRetirements({ redisUrl: redisUrl ?? "", channel, cache: other.cache }));
    await Promise.all(retirements.map((retirement) => retirement.ready));
    await other.cache.resolve("jwt-phone");

    const heard = vi.spyOn(other.cache, "forgetCustomer");
    forgetCustomerSessions(marta.id);
    delete other.answers["jwt-phone"];
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith(marta.id));
    expect((await other.cache.resolve("jwt-phone")).clearCookie).toBe(true);
  });
});
