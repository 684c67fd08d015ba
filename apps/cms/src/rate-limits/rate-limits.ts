import Redis, { type Command } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "../env";
import { RateLimitedError } from "./errors";

/**
 * Allowances shared by every CMS process when REDIS_URL is set (rate-limiter-flexible's Redis store),
 * per process otherwise. Should Redis stop answering, each process falls back to its own memory
 * allowance (the library's insurance limiter) rather than letting everything through or refusing
 * everybody, and no request waits for Redis longer than REDIS_COMMAND_TIMEOUT_MS (README, "Redis
 * down"; docs/decisions/047). docs/decisions/011 lists the limits, 021 why the per-address ones are a
 * backstop.
 */

export interface LimitRule {
  /** How many within the window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
  /** Once used up, refuse for this long instead of until the window ends (seconds). */
  blockDuration?: number;
}

/**
 * Counted per account or per e-mail address first: a shared address (a mobile carrier's, an office's)
 * is many customers, so per-address allowances are only a backstop for what has no account, set
 * well above what one address of customers does (docs/decisions/021 gives the figures' reasons).
 */
export const LIMITS = {
  /** Password and code sign-in attempts from one address. */
  signInPerAddress: { points: 10, duration: 60 },
  /** Failed sign-ins of one account, from anywhere: guessing spread over many addresses. */
  signInFailuresPerAccount: { points: 20, duration: 60 * 60, blockDuration: 15 * 60 },
  /**
   * Registrations asked for one e-mail address, from anywhere: an address has one account, so a
   * customer needs one or two tries; more is someone probing which addresses have an account.
   */
  registerPerEmail: { points: 5, duration: 60 * 60 },
  /** New accounts from one address: a backstop against bulk sign-ups, high enough for a carrier's address. */
  registerPerAddress: { points: 200, duration: 60 * 60 },
  /**
   * Registrations from one address refused because the e-mail address already has an account: that
   * answer tells who is a customer, so one address may hear it only a few times an hour, however high
   * the backstop above is. Once used up, every registration from the address is refused until the
   * window ends (docs/decisions/021), or the next refusal would still tell a taken address from a free one.
   */
  registerTakenPerAddress: { points: 10, duration: 60 * 60 },
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
   * first step, before any account, so a bot could otherwise fill the table without end. A backstop
   * only: customers behind one carrier's address start far fewer.
   */
  orderDraftsPerAddress: { points: 300, duration: 60 * 60 },
  /**
   * Orders one account places (each starts a payment at the gateway and, until paid, holds a slot
   * place and a coupon use; MAX_UNPAID_ORDERS caps how many wait at once). The summary says it
   * before the customer presses "Pay" (orderLimitOf in ./orders).
   */
  ordersPerAccount: { points: 10, duration: 60 * 60 },
  /**
   * Orders placed from one address in the time an unpaid order holds its slot place: a backstop
   * against throwaway accounts holding a slot without paying, far above one address of customers.
   */
  ordersPerAddress: { points: 50, duration: 30 * 60 },
  /**
   * Deliveries one account gifts a day (each mails the friend, at any address, with the customer's
   * note): gift, restore and gift again would otherwise make the shop a mailer of anyone's words.
   * A subscriber gifts a box or two a month.
   */
  giftsPerAccount: { points: 10, duration: 24 * 60 * 60 },
  /**
   * Wrong gift card codes typed from one address: at the summary, in the account and at the balance
   * check, all on this one allowance (docs/decisions/033). A code has about 99 random bits, so guessing
   * is hopeless anyway; the allowance keeps anyone from trying, and a customer mistypes one or two.
   */
  giftCardCodesPerAddress: { points: 10, duration: 15 * 60 },
  /**
   * Gift card purchases from one address (docs/decisions/036): each writes a card and a payment and
   * asks the gateway for a page, without an account. A buyer retrying a declined card makes a few;
   * a backstop against a bot filling the tables, high enough for an office's shared address.
   */
  giftCardPurchasesPerAddress: { points: 30, duration: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

let redis: Redis | undefined;
const limiters = new Map<LimitName, RateLimiterAbstract>();

/**
 * How long a request waits for Redis's answer before this process's own count answers instead. A
 * Redis that is stopped, paused or cut off by the network without closing the connection would
 * otherwise hold every limited request (an order, a sign-in) until TCP gives up, minutes later. Redis
 * answers in about a millisecond; the bound leaves room for a busy machine.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * ioredis with that bound on each command sent on a ready connection. Not ioredis's own
 * commandTimeout: when its timer fires, Redis's answer may already be waiting in the socket, unread
 * because this process was busy (a burst of password hashing), and the request is then counted in
 * memory while Redis counted it too. With commandTimeout at 250 ms accounts-limits.int's Redis suite
 * let more sign-ins through than the allowance (2 of its tests, one run); with this it passed. Here
 * the verdict waits for the event loop's next read of the sockets (setImmediate runs after it), so
 * only an answer that has not come fails.
 */
class BoundedRedis extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis["sendCommand"]>[1]): unknown {
    if (this.status === "ready") {
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (!command.isResolved)
              command.reject(new Error(`Redis did not answer in ${REDIS_COMMAND_TIMEOUT_MS} ms`));
          }),
        REDIS_COMMAND_TIMEOUT_MS,
      );
      const settled = () => clearTimeout(timer);
      void command.promise.then(settled, settled);
    }
    return super.sendCommand(command, stream);
  }
}

function redisClient(url: string): Redis {
  redis ??= new BoundedRedis(url, {
    // Fail at once while disconnected: the insurance limiter answers instead of a queue growing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A command that timed out was answered by this process's count: sent again on the next
    // connection it would count the same request twice.
    autoResendUnfulfilledCommands: false,
  });
  // Without a listener ioredis prints every failed reconnection; the insurance limiter covers it.
  if (redis.listenerCount("error") === 0) redis.on("error", () => undefined);
  return redis;
}

type MemoryOptions = ConstructorParameters<typeof RateLimiterMemory>[0];

/** Clients whose connection FallbackCount is dropping. */
const dropping = new WeakSet<Redis>();

/**
 * This process's own count, which the Redis store answers with whenever Redis fails. A failure on a
 * connection that still looks ready is a command that timed out (Redis paused, or the network
 * dropping packets without closing the connection): the connection is dropped and made anew, and
 * until Redis answers the new one's handshake every request counts here at once (the store's
 * rejectIfRedisNotReady), instead of each waiting REDIS_COMMAND_TIMEOUT_MS for a Redis that is not there.
 */
class FallbackCount extends RateLimiterMemory {
  constructor(
    options: MemoryOptions,
    private readonly client: Redis,
  ) {
    super(options);
  }

  private redisFailed(): void {
    if (this.client.status !== "ready" || dropping.has(this.client)) return;
    // Until the old connection has closed its status stays "ready": drop it once.
    dropping.add(this.client);
    this.client.once("close", () => dropping.delete(this.client));
    this.client.disconnect(true);
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.redisFailed();
    return super.consume(...args);
  }

  override penalty(...args: Parameters<RateLimiterMemory["penalty"]>) {
    this.redisFailed();
    return super.penalty(...args);
  }

  override reward(...args: Parameters<RateLimiterMemory["reward"]>) {
    this.redisFailed();
    return super.reward(...args);
  }

  override get(...args: Parameters<RateLimiterMemory["get"]>) {
    this.redisFailed();
    return super.get(...args);
  }

  override set(...args: Parameters<RateLimiterMemory["set"]>) {
    this.redisFailed();
    return super.set(...args);
  }

  override block(...args: Parameters<RateLimiterMemory["block"]>) {
    this.redisFailed();
    return super.block(...args);
  }

  override delete(...args: Parameters<RateLimiterMemory["delete"]>) {
    this.redisFailed();
    return super.delete(...args);
  }
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
  if (redisUrl === undefined) return new RateLimiterMemory(options);
  const client = redisClient(redisUrl);
  return new RateLimiterRedis({
    ...options,
    storeClient: client,
    // While the connection is not ready (Redis refused, gone, or not answering the handshake),
    // count here without asking it.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new FallbackCount(options, client),
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

/** How a refusal is worded, when the caller says more than "too many attempts". */
export interface Refusal {
  /** Sent as the 429's `details.code`: the storefront words it. */
  code?: string;
  message?: string;
}

const TOO_MANY = "Too many attempts; try again later";

/**
 * Counts one request against `name` for `key`; throws RateLimitedError (with the seconds to wait)
 * when the allowance is used up.
 */
export async function takeAllowance(name: LimitName, key: string, refusal: Refusal = {}): Promise<void> {
  if (!enabled()) return;
  try {
    await limiterFor(name).consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new RateLimitedError(refusal.message ?? TOO_MANY, retryAfter(rejection), refusal);
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

/**
 * When `key` has used up `name`, the milliseconds until it may go on; null while it may (or with
 * the limits off). Counts nothing: a page can say it before the customer does the work.
 */
export async function usedUpFor(name: LimitName, key: string): Promise<number | null> {
  if (!enabled()) return null;
  const state = await limiterFor(name).get(key);
  if (state === null) return null;
  const rule: LimitRule = LIMITS[name];
  return state.consumedPoints >= rule.points ? Math.max(1, state.msBeforeNext) : null;
}

/** Throws RateLimitedError if `key` has used up `name`, without counting this request. */
export async function checkAllowance(name: LimitName, key: string): Promise<void> {
  const waitMs = await usedUpFor(name, key);
  if (waitMs !== null) throw new RateLimitedError(TOO_MANY, Math.ceil(waitMs / 1000));
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
export async function prepareRateLimits(
  log: { warn(message: string): void },
  { waitMs = 5_000 }: { waitMs?: number } = {},
): Promise<void> {
  const { redisUrl } = getEnv();
  if (redisUrl === undefined) return;
  const client = redisClient(redisUrl);
  if (client.status === "ready") return;
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
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
