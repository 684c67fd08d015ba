import { CONTENT_CHANGED_CHANNEL } from "@shop/contracts";
import { expireCachedResources } from "./cache.server";
import { redisChannel, type RedisChannel } from "./redis-channel.server";

/**
 * Staff's changes reaching every storefront process at once (docs/decisions/050): a CMS process that
 * saves catalogue or content publishes on CONTENT_CHANGED_CHANNEL, and each storefront process
 * expires its CMS data (app/cache.server.ts) and drops its page copies (`forgetPages`). Without
 * Redis, or while it does not answer, a change shows once the caches' lifetimes have run out
 * (within a minute, README).
 */
export function followContentChanges({
  redisUrl,
  forgetPages,
  channel = CONTENT_CHANGED_CHANNEL,
}: {
  readonly redisUrl: string;
  readonly forgetPages: () => void;
  readonly channel?: string;
}): Pick<RedisChannel, "ready" | "close"> {
  const news = redisChannel({
    redisUrl,
    channel,
    whileDown: "staff's changes reach the pages within the caches' lifetimes",
    onMessage: () => {
      // Data first: a page rendered from now on waits for fresh data rather than copy the old.
      expireCachedResources();
      forgetPages();
    },
  });
  return { ready: news.ready, close: () => news.close() };
}
