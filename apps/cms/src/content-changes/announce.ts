import type { Core } from "@strapi/strapi";
import { CONTENT_CHANGED_CHANNEL } from "@shop/contracts";
import Redis from "ioredis";
import { CONTENT_TYPES } from "../content-types";

/**
 * Staff's changes to what the storefront caches, announced to every storefront process at once
 * (docs/decisions/050): without this, a product renamed in the admin panel showed on a process's
 * pages only when its copies ran out, up to a minute later, and not at the same moment on each.
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
 * When the news goes out after a change: soon, and once more a little later. A lifecycle hook runs
 * inside the write's transaction, before it commits: a storefront that reloaded at once could read
 * the old row and keep it as fresh. The first nudge comes after any ordinary commit; the second
 * covers a slow one. Changes meanwhile ride on the same nudges (an import of a hundred products
 * sends two, not two hundred).
 */
export const ANNOUNCE_AFTER_MS = [300, 3_000] as const;

export interface ContentNews {
  /** Says that content changed: the nudges not yet scheduled are scheduled. */
  changed(): void;
  /** Cancels the nudges not yet sent. */
  stop(): void;
}

export function contentNews({
  publish,
  afterMs = ANNOUNCE_AFTER_MS,
}: {
  readonly publish: () => void;
  readonly afterMs?: readonly number[];
}): ContentNews {
  const scheduled = new Map<number, ReturnType<typeof setTimeout>>();
  return {
    changed() {
      for (const delay of afterMs) {
        if (scheduled.has(delay)) continue;
        const timer = setTimeout(() => {
          scheduled.delete(delay);
          publish();
        }, delay);
        timer.unref();
        scheduled.set(delay, timer);
      }
    },
    stop() {
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
    },
  };
}

let stopAnnouncing: (() => Promise<void>) | null = null;

/**
 * Publishes on CONTENT_CHANGED_CHANNEL after every write to a type the storefront caches. Best
 * effort: while Redis does not answer, a nudge is dropped (logged once) and the storefront's copies
 * run out on their own, within the minute the README states.
 */
export function announceContentChanges(strapi: Core.Strapi, { redisUrl }: { readonly redisUrl: string }): void {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let warned = false;
  const warnOnce = (error: Error) => {
    if (warned) return;
    warned = true;
    strapi.log.warn(
      `Redis does not answer: staff's changes reach the storefront within its caches' lifetimes (${error.message})`,
    );
  };
  redis.on("error", warnOnce);
  redis.on("ready", () => (warned = false));
  const news = contentNews({
    publish: () => {
      redis.publish(CONTENT_CHANGED_CHANNEL, JSON.stringify({ at: Date.now() })).catch(warnOnce);
    },
  });
  const changed = () => news.changed();
  strapi.db.lifecycles.subscribe({
    models: [...CACHED_BY_THE_STOREFRONT],
    afterCreate: changed,
    afterCreateMany: changed,
    afterUpdate: changed,
    afterUpdateMany: changed,
    afterDelete: changed,
    afterDeleteMany: changed,
  });
  stopAnnouncing = async () => {
    news.stop();
    await redis.quit().catch(() => undefined);
  };
}

/** Lets Redis go when the process stops. */
export async function stopAnnouncingContentChanges(): Promise<void> {
  await stopAnnouncing?.();
  stopAnnouncing = null;
}
