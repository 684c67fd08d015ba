import net from "node:net";
import Redis from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as RateLimitsModule from "../src/rate-limits/rate-limits";
import { startRedisProxy, type RedisProxy } from "./helpers/redis-proxy";

/**
 * The rate limits with REDIS_URL set and Redis failing (README, "Redis down"): every allowance is
 * still answered, counted in this process's memory, and no request waits on a Redis that does not
 * answer (a wait would hold the request until this test's timeout). Once Redis is back the counts
 * are shared again. The cases with Redis paused or gone mid-run need a real Redis (TEST_REDIS_URL,
 * as .ci/run sets it when Redis answers) behind a proxy that fails on demand.
 */

type RateLimits = typeof RateLimitsModule;
let limits: RateLimits | undefined;

/** The module as a CMS process with this REDIS_URL loads it (its environment and client its own). */
async function rateLimitsWith(redisUrl: string): Promise<RateLimits> {
  vi.stubEnv("REDIS_URL", redisUrl);
  vi.stubEnv("USERS_PERMISSIONS_RATELIMIT", "true");
  vi.resetModules();
  limits = await import("../src/rate-limits/rate-limits");
  return limits;
}

afterEach(async () => {
  await limits?.closeRateLimits();
  limits = undefined;
  vi.unstubAllEnvs();
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let keyCounter = 0;
const freshKey = () => `2001:db8:${process.pid.toString(16)}:${(keyCounter += 1).toString(16)}::/64`;

/** Takes sign-in allowances for `key` until refused; how many were given (at most 20). */
async function signInsAllowed({ takeAllowance }: RateLimits, key: string): Promise<number> {
  for (let taken = 0; taken < 20; taken += 1) {
    try {
      await takeAllowance("signInPerAddress", key);
    } catch (error) {
      expect((error as Error).name).toBe("RateLimitedError");
      return taken;
    }
  }
  return 20;
}

describe("Redis refusing connections from the start", () => {
  it("every allowance is answered, counted in this process: 10 sign-ins a minute from one address, then refused", async () => {
    const rateLimits = await rateLimitsWith(`redis://127.0.0.1:${await closedPort()}`);
    const key = freshKey();
    expect(await signInsAllowed(rateLimits, key)).toBe(10);
    await expect(rateLimits.checkAllowance("signInPerAddress", key)).rejects.toThrow("Too many attempts");
    expect(await signInsAllowed(rateLimits, freshKey())).toBe(10);
    await rateLimits.clearAllowance("signInPerAddress", key);
    await rateLimits.giveBack("signInPerAddress", key);
    expect(await rateLimits.usedUpFor("signInPerAddress", key)).toBeNull();
  });

  it("boots: the wait for Redis ends with a warning that limits count per process", async () => {
    const rateLimits = await rateLimitsWith(`redis://127.0.0.1:${await closedPort()}`);
    const warnings: string[] = [];
    await rateLimits.prepareRateLimits({ warn: (message) => warnings.push(message) }, { waitMs: 50 });
    expect(warnings).toEqual(["Redis (REDIS_URL) does not answer: rate limits count per process until it does"]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();

describe.skipIf(!redisUrl)("Redis failing mid-run (a real Redis behind a proxy)", () => {
  let proxy: RedisProxy;
  let direct: Redis;
  afterEach(async () => {
    await proxy?.close();
    direct?.disconnect();
  });

  async function connected(): Promise<RateLimits> {
    proxy = await startRedisProxy(redisUrl ?? "");
    direct = new Redis(redisUrl ?? "");
    const rateLimits = await rateLimitsWith(proxy.url);
    const warnings: string[] = [];
    await rateLimits.prepareRateLimits({ warn: (message) => warnings.push(message) });
    expect(warnings).toEqual([]);
    return rateLimits;
  }

  /** Whether Redis holds a count for `key` (the allowance was shared, not counted in memory). */
  const countedInRedis = async (key: string) => (await direct.exists(`shop:limit:signInPerAddress:${key}`)) === 1;

  /** Waits until an allowance is counted in Redis again (the client reconnects on its own). */
  async function sharedAgain(rateLimits: RateLimits) {
    await vi.waitFor(
      async () => {
        const key = freshKey();
        await rateLimits.takeAllowance("signInPerAddress", key);
        expect(await countedInRedis(key)).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
  }

  it("paused (connections open, nothing answered): allowances are answered without it, counted here, then shared again once it answers", async () => {
    const rateLimits = await connected();
    const before = freshKey();
    await rateLimits.takeAllowance("signInPerAddress", before);
    expect(await countedInRedis(before)).toBe(true);

    proxy.pause();
    // The first allowance waits for Redis until the command timeout, then counts here, and so do the
    // rest at once. (A paused Redis may still run what it had received once it goes on: that one
    // request may then be counted twice.)
    expect(await signInsAllowed(rateLimits, freshKey())).toBe(10);
    proxy.resume();
    await sharedAgain(rateLimits);
  });

  it("gone (connections closed, the port refusing): allowances are counted here, then shared again once it is back", async () => {
    const rateLimits = await connected();
    await proxy.stop();
    const key = freshKey();
    expect(await signInsAllowed(rateLimits, key)).toBe(10);
    await proxy.start();
    expect(await countedInRedis(key)).toBe(false);
    await sharedAgain(rateLimits);
  });
});
