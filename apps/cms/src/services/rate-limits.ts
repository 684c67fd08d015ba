import Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "../env";
import { RateLimitedError } from "./errors";

/**
 * Allowances shared by every CMS process when REDIS_URL is set (rate-limiter-flexible's Redis store),
 * per process otherwise. Should Redis stop answering, each process falls back to its own memory
 * allowance (the library's insurance limiter) rather than letting everything through or refusing
 * everybody. docs/decisions/011 lists the limits.
 */

export interface LimitRule {
  /** How many within the window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
  /** Once used up, refuse for this long instead of until the window ends (seconds). */
  blockDuration?: number;
}

export const LIMITS = {
  /** Password and code sign-in attempts from one address. */
  signInPerAddress: { points: 10, duration: 60 },
  /** Failed sign-ins of one account, from anywhere: guessing spread over many addresses. */
  signInFailuresPerAccount: { points: 20, duration: 60 * 60, blockDuration: 15 * 60 },
  /** New accounts from one address. */
  registerPerAddress: { points: 10, duration: 60 * 60 },
  /** Reset links, confirmation links and sign-in codes asked for from one address. */
  mailRequestsPerAddress: { points: 10, duration: 15 * 60 },
  /**
   * Mails of each kind asked for one e-mail address, known or not (so the answer says nothing
   * about the account): nobody's inbox can be flooded, and codes cannot be re-asked for ever.
   */
  mailRequestsPerEmail: { points: 3, duration: 60 * 60 },
  /** Signed-in changes that re-check a password (change password). */
  passwordChecksPerAccount: { points: 10, duration: 15 * 60 },
  /**
   * New order drafts from one address (docs/decisions/015): the storefront makes one at a visitor's
   * first step, so a bot could otherwise fill the table without end. A shop's customers, even many
   * behind one office's address, start far fewer.
   */
  orderDraftsPerAddress: { points: 30, duration: 60 * 60 },
  /**
   * Orders placed from one address in the time an unpaid order holds its slot place and coupon use
   * (docs/decisions/015): with MAX_UNPAID_ORDERS per account alone, a few throwaway accounts could
   * hold a whole slot without paying.
   */
  ordersPerAddress: { points: 10, duration: 30 * 60 },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

let redis: Redis | undefined;
const limiters = new Map<LimitName, RateLimiterAbstract>();

function redisClient(url: string): Redis {
  redis ??= new Redis(url, {
    // Fail at once while disconnected: the insurance limiter answers instead of a queue growing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  // Without a listener ioredis prints every failed reconnection; the insurance limiter covers it.
  if (redis.listenerCount("error") === 0) redis.on("error", () => undefined);
  return redis;
}

/**
 * A limiter counting in Redis when REDIS_URL is set (falling back to this process's memory while
 * Redis does not answer), in memory otherwise. Keys are prefixed `shop:limit:<prefix>`.
 */
export function buildLimiter(prefix: string, rule: LimitRule): RateLimiterAbstract {
  const options = {
    keyPrefix: `shop:limit:${prefix}`,
    points: rule.points,
    duration: rule.duration,
    blockDuration: rule.blockDuration ?? 0,
  };
  const { redisUrl } = getEnv();
  return redisUrl === undefined
    ? new RateLimiterMemory(options)
    : new RateLimiterRedis({
        ...options,
        storeClient: redisClient(redisUrl),
        insuranceLimiter: new RateLimiterMemory(options),
      });
}

function limiterFor(name: LimitName): RateLimiterAbstract {
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = buildLimiter(name, LIMITS[name]);
    limiters.set(name, limiter);
  }
  return limiter;
}

function retryAfter(rejection: RateLimiterRes): number {
  return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
}

function enabled(): boolean {
  return getEnv().authRateLimits;
}

/**
 * Counts one request against `name` for `key`; throws RateLimitedError (with the seconds to wait)
 * when the allowance is used up.
 */
export async function takeAllowance(name: LimitName, key: string): Promise<void> {
  if (!enabled()) return;
  try {
    await limiterFor(name).consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new RateLimitedError("Too many attempts; try again later", retryAfter(rejection));
    }
    throw rejection;
  }
}

/**
 * Counts a request for a mail of one `kind`, per client address and per e-mail address (known or
 * not, so that the count says nothing about accounts or subscriptions). A request that mails
 * nothing costs the same.
 */
export async function takeMailAllowance(kind: string, email: string, clientAddress: string): Promise<void> {
  await takeAllowance("mailRequestsPerAddress", clientAddress);
  try {
    await takeAllowance("mailRequestsPerEmail", `${kind} ${email}`);
  } catch (error) {
    await giveBack("mailRequestsPerAddress", clientAddress);
    throw error;
  }
}

/** Throws RateLimitedError if `key` has used up `name`, without counting this request. */
export async function checkAllowance(name: LimitName, key: string): Promise<void> {
  if (!enabled()) return;
  const limiter = limiterFor(name);
  const state = await limiter.get(key);
  if (state === null) return;
  const rule: LimitRule = LIMITS[name];
  if (state.consumedPoints >= rule.points) {
    throw new RateLimitedError("Too many attempts; try again later", retryAfter(state));
  }
}

/** Forgets what `key` used of `name` (a successful sign-in clears the account's failures). */
export async function clearAllowance(name: LimitName, key: string): Promise<void> {
  if (!enabled()) return;
  await limiterFor(name).delete(key);
}

/** Gives one back (a request that did no work must not count). */
export async function giveBack(name: LimitName, key: string): Promise<void> {
  if (!enabled()) return;
  await limiterFor(name).reward(key, 1);
}

/**
 * At boot: with Redis configured, connects and waits for it (at most a few seconds), so that the
 * first requests are counted in the shared store rather than in this process's fallback.
 */
export async function prepareRateLimits(log: { warn(message: string): void }): Promise<void> {
  const { redisUrl } = getEnv();
  if (redisUrl === undefined) return;
  const client = redisClient(redisUrl);
  if (client.status === "ready") return;
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5_000);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!(await ready)) {
    log.warn("Redis (REDIS_URL) does not answer: rate limits count per process until it does");
  }
}

/** Closes the Redis connection (Strapi's destroy): a process that stops must not hang on it. */
export async function closeRateLimits(): Promise<void> {
  limiters.clear();
  const client = redis;
  redis = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}
