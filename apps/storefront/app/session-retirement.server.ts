import { redisChannel } from "./redis-channel.server";
import { forgetIn, onForgetSession, sessionCache, type Forgotten, type SessionCache } from "./session.server";

/**
 * Token retirement across storefront processes (docs/decisions/024). Each process caches the
 * sessions it looked up for SESSION_CACHE_TTL_MS; a sign-out, a password change or a profile change
 * handled by one process is forgotten there at once, and, with REDIS_URL set, published on a Redis
 * channel that every process listens to, so each forgets the token at once too (a password change
 * or a deletion: every session of the customer). Only the token's hash (sessionKeyOf) or the
 * customer's id travels: a message cannot be replayed as a credential. Without Redis, or
 * while Redis does not answer, the other processes believe the token until their entry expires:
 * the bound is the cache's TTL.
 */

/** The channel of retired sessions; one per shop database, as Redis is per deployment. */
export const RETIREMENT_CHANNEL = "shop:session-forgotten";

/** A published message read back; anything else on the channel is ignored. */
function forgottenOf(message: string): Forgotten | null {
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { key, customerId } = parsed as { key?: unknown; customerId?: unknown };
    if (typeof key === "string" && key !== "") return { key };
    if (typeof customerId === "number" && Number.isInteger(customerId)) return { customerId };
    return null;
  } catch {
    return null;
  }
}

export interface SessionRetirement {
  /** Resolves once this process listens (tests wait for it; the server does not need to). */
  readonly ready: Promise<void>;
  /** Stops listening and publishing (the last channel of a Redis closes its connections). */
  close(): Promise<void>;
}

export interface SessionRetirementOptions {
  readonly redisUrl: string;
  /** The cache to forget in (this process's by default). */
  readonly cache?: SessionCache;
  readonly channel?: string;
}

/** Publishes this process's forgotten sessions and forgets the ones other processes publish. */
export function shareRetirements({
  redisUrl,
  cache = sessionCache,
  channel = RETIREMENT_CHANNEL,
}: SessionRetirementOptions): SessionRetirement {
  const news = redisChannel({
    redisUrl,
    channel,
    whileDown: "retired sessions reach other processes within the cache's TTL",
    onMessage: (message) => {
      const forgotten = forgottenOf(message);
      if (forgotten) forgetIn(cache, forgotten);
    },
  });
  const stopListening = onForgetSession((forgotten) => news.publish(JSON.stringify(forgotten)));
  return {
    ready: news.ready,
    async close() {
      stopListening();
      await news.close();
    },
  };
}
