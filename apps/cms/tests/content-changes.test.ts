import type { Core } from "@strapi/strapi";
import { CONTENT_CHANGED_CHANNEL } from "@shop/contracts";
import Redis from "ioredis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  announceContentChanges,
  ANNOUNCE_TIMING,
  CACHED_BY_THE_STOREFRONT,
  contentNews,
  stopAnnouncingContentChanges,
} from "../src/content-changes/announce";
import { CONTENT_TYPES } from "../src/content-types";

const { quietMs, maxWaitMs, againAfterMs } = ANNOUNCE_TIMING;

describe("news of staff's content changes (decision 050)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes out once the write has had time to commit, and once more later for a slow commit", () => {
    const publish = vi.fn();
    const news = contentNews({ publish });
    news.changed();
    vi.advanceTimersByTime(quietMs - 1);
    expect(publish).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(publish).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(againAfterMs);
    expect(publish).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it("tells a burst of writes (an import) once, after its last write", () => {
    const publish = vi.fn();
    const news = contentNews({ publish });
    for (let write = 0; write < 5; write += 1) {
      news.changed();
      vi.advanceTimersByTime(quietMs / 2);
    }
    expect(publish).not.toHaveBeenCalled();
    vi.advanceTimersByTime(quietMs / 2);
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it("tells a long import as it goes, at most maxWaitMs after the first write not yet told", () => {
    const publish = vi.fn();
    const news = contentNews({ publish });
    const writes = (2 * maxWaitMs) / (quietMs / 2);
    for (let write = 0; write < writes; write += 1) {
      news.changed();
      vi.advanceTimersByTime(quietMs / 2);
    }
    // Every maxWaitMs a nudge (and its second one againAfterMs later), though writes never paused.
    expect(publish.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(publish.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it("sends nothing more once stopped", () => {
    const publish = vi.fn();
    const news = contentNews({ publish });
    news.changed();
    news.stop();
    vi.advanceTimersByTime(maxWaitMs + againAfterMs);
    expect(publish).not.toHaveBeenCalled();
  });

  it("is about what the storefront caches, never orders, payments or subscriptions, which change on every sale", () => {
    expect(CACHED_BY_THE_STOREFRONT).toContain(CONTENT_TYPES.product);
    for (const busy of [CONTENT_TYPES.order, CONTENT_TYPES.payment, CONTENT_TYPES.subscription, CONTENT_TYPES.user]) {
      expect(CACHED_BY_THE_STOREFRONT).not.toContain(busy);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();

/**
 * The CMS's side on a real Redis (TEST_REDIS_URL, as .ci/run sets it): a write to a cached type,
 * as Strapi's lifecycles report it, reaches a storefront listening on the channel; a write to an
 * order does not.
 */
describe.skipIf(!redisUrl)("announcing on Redis", () => {
  afterEach(async () => {
    await stopAnnouncingContentChanges();
  });

  it("publishes on the channel after a product is saved; orders are not among the types it follows", async () => {
    type Subscription = { models: string[]; afterUpdate: () => void };
    const subscriptions: Subscription[] = [];
    const strapi = {
      db: { lifecycles: { subscribe: (subscription: Subscription) => subscriptions.push(subscription) } },
      log: { warn: vi.fn() },
    } as unknown as Core.Strapi;
    const storefront = new Redis(redisUrl ?? "");
    const heard: string[] = [];
    storefront.on("message", (channel: string, message: string) => {
      if (channel === CONTENT_CHANGED_CHANNEL) heard.push(message);
    });
    await storefront.subscribe(CONTENT_CHANGED_CHANNEL);
    try {
      announceContentChanges(strapi, { redisUrl: redisUrl ?? "" });
      const hooks = subscriptions.find((subscription) => subscription.models.includes(CONTENT_TYPES.product));
      expect(hooks?.models).not.toContain(CONTENT_TYPES.order);
      hooks?.afterUpdate();
      await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(JSON.parse(heard[0] ?? "{}")).toHaveProperty("at");
    } finally {
      await storefront.quit();
    }
  });
});
