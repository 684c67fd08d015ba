import type { Core } from "@strapi/strapi";
import { CONTENT_CHANGED_CHANNEL } from "@shop/contracts";
import Redis from "ioredis";
import { CONTENT_TYPES } from "../content-types";
import { forgetKeptReads, hearContentChanges } from "./kept-reads";

/**
 * Staff's changes to what the storefront caches, announced to every storefront process at once
 * (docs/decisions/050): without this, a product renamed in the admin panel showed on a process's
 * pages only when its copies ran out, up to a minute later, and not at the same moment on each. The
 * CMS processes hear the same news for the reads they keep (docs/decisions/055).
 */

/**
 * The content types the storefront keeps copies of (its cached resources and the pages made from
 * them). An allow-list: orders, payments and subscriptions change all day and are never cached, and
 * a nudge for each would empty every storefront's cache on every sale.
 */
export const CACHED_BY_THE_STOREFRONT = [
  CONTENT_TYPES.product,
  CONTENT_TYPES.category,
  CONTENT_TYPES.productLabel,
  CONTENT_TYPES.marketType,
  CONTENT_TYPES.boxContent,
  CONTENT_TYPES.review,
  CONTENT_TYPES.blogPost,
  CONTENT_TYPES.teamMember,
  CONTENT_TYPES.farmer,
  CONTENT_TYPES.newsroomEntry,
  CONTENT_TYPES.faq,
  CONTENT_TYPES.legalPage,
  CONTENT_TYPES.impactMetric,
  CONTENT_TYPES.foodBank,
  CONTENT_TYPES.shopSetting,
  CONTENT_TYPES.tax,
  CONTENT_TYPES.deliveryZone,
  CONTENT_TYPES.closedDay,
] as const;

/**
 * When the news goes out. A lifecycle hook runs inside the write's transaction, before it commits: a
 * storefront that reloaded at once could read the old row and keep it as fresh. So a nudge goes out
 * once writes have been quiet for `quietMs` (a burst, an import of two hundred products, is one
 * nudge after its last write), but no later than `maxWaitMs` after the first write not yet told (a
 * long import still shows as it goes); and once more `againAfterMs` after each nudge, for a commit
 * slower than the quiet time.
 */
export const ANNOUNCE_TIMING = { quietMs: 300, maxWaitMs: 3_000, againAfterMs: 3_000 } as const;

export interface ContentNews {
  /** Says that content changed: a nudge goes out once writes are quiet (see ANNOUNCE_TIMING). */
  changed(): void;
  /** Cancels the nudges not yet sent. */
  stop(): void;
}

export function contentNews({
  publish,
  timing = ANNOUNCE_TIMING,
  now = Date.now,
}: {
  readonly publish: () => void;
  readonly timing?: { readonly quietMs: number; readonly maxWaitMs: number; readonly againAfterMs: number };
  readonly now?: () => number;
}): ContentNews {
  /** When the first change not yet announced was made; null when every change has been. */
  let untoldSince: number | null = null;
  let soon: ReturnType<typeof setTimeout> | undefined;
  let again: ReturnType<typeof setTimeout> | undefined;
  const later = (work: () => void, ms: number) => {
    const timer = setTimeout(work, ms);
    timer.unref();
    return timer;
  };
  return {
    changed() {
      const at = now();
      untoldSince ??= at;
      clearTimeout(soon);
      soon = later(
        () => {
          untoldSince = null;
          publish();
          clearTimeout(again);
          again = later(publish, timing.againAfterMs);
        },
        Math.max(0, Math.min(timing.quietMs, untoldSince + timing.maxWaitMs - at)),
      );
    },
    stop() {
      clearTimeout(soon);
      clearTimeout(again);
      untoldSince = null;
    },
  };
}

let stopWatching: (() => Promise<void>) | null = null;

/**
 * Watches staff's writes to the types the storefront caches, in this process's database layer:
 * forgets this process's kept reads (./kept-reads.ts) at once and again when the news goes out, and
 * with `redisUrl` publishes the news on CONTENT_CHANGED_CHANNEL for every storefront and CMS process,
 * and forgets its own kept reads when another process publishes. Publishing is best effort: while
 * Redis does not answer a nudge is dropped (logged once), and the storefront's copies and the other
 * processes' kept reads run out on their own, within the times the README states.
 */
export function watchContentChanges(strapi: Core.Strapi, { redisUrl }: { readonly redisUrl: string | null }): void {
  hearContentChanges(true);
  const redis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : null;
  // A connection that subscribes can do nothing else. It subscribes each time it is ready (a
  // subscription refused while Redis was away would not be asked again by ioredis itself).
  const listener = redisUrl ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: null }) : null;
  let warned = false;
  const warnOnce = (error: Error) => {
    if (warned) return;
    warned = true;
    strapi.log.warn(
      `Redis does not answer: staff's changes reach the storefront and the other CMS processes within their copies' lifetimes (${error.message})`,
    );
  };
  redis?.on("error", warnOnce);
  redis?.on("ready", () => (warned = false));
  listener?.on("error", warnOnce);
  listener?.on("message", forgetKeptReads);
  listener?.on("ready", () => {
    listener
      .subscribe(CONTENT_CHANGED_CHANNEL)
      // News published while this process was not listening is lost: what it kept may be old.
      .then(forgetKeptReads)
      .catch(warnOnce);
  });
  const news = contentNews({
    publish: () => {
      // Again once the write has surely committed: a read between the write and its commit saw the old rows.
      forgetKeptReads();
      redis?.publish(CONTENT_CHANGED_CHANNEL, JSON.stringify({ at: Date.now() })).catch(warnOnce);
    },
  });
  const changed = () => {
    forgetKeptReads();
    news.changed();
  };
  strapi.db.lifecycles.subscribe({
    models: [...CACHED_BY_THE_STOREFRONT],
    afterCreate: changed,
    afterCreateMany: changed,
    afterUpdate: changed,
    afterUpdateMany: changed,
    afterDelete: changed,
    afterDeleteMany: changed,
  });
  stopWatching = async () => {
    hearContentChanges(false);
    news.stop();
    await Promise.all([redis?.quit(), listener?.quit()].map((quitting) => quitting?.catch(() => undefined)));
  };
}

/** Lets Redis go when the process stops. */
export async function stopWatchingContentChanges(): Promise<void> {
  await stopWatching?.();
  stopWatching = null;
}
