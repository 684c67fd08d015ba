import type { Core } from "@strapi/strapi";
import { CONTENT_CHANGED_CHANNEL } from "@shop/contracts";
import Redis from "ioredis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ANNOUNCE_TIMING,
  CACHED_BY_THE_STOREFRONT,
  contentNews,
  stopWatchingContentChanges,
  watchContentChanges,
} from "../src/content-changes/announce";
import { KEPT_READ_FRESH_MS, keptRead } from "../src/content-changes/kept-reads";
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
    await stopWatchingContentChanges();
  });

  it("publishes on the channel after a product is saved; orders are not among the types it follows", async () => {
    const { strapi, subscriptions } = fakeStrapi();
    const storefront = new Redis(redisUrl ?? "");
    const heard: string[] = [];
    storefront.on("message", (channel: string, message: string) => {
      if (channel === CONTENT_CHANGED_CHANNEL) heard.push(message);
    });
    await storefront.subscribe(CONTENT_CHANGED_CHANNEL);
    try {
      watchContentChanges(strapi, { redisUrl: redisUrl ?? null });
      const hooks = subscriptions.find((subscription) => subscription.models.includes(CONTENT_TYPES.product));
      expect(hooks?.models).not.toContain(CONTENT_TYPES.order);
      hooks?.afterUpdate();
      await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(JSON.parse(heard[0] ?? "{}")).toHaveProperty("at");
    } finally {
      await storefront.quit();
    }
  });

  it("makes this process forget its kept reads when another process announces a change", async () => {
    const { strapi } = fakeStrapi();
    const load = vi.fn(async () => "zones");
    const zones = keptRead(load);
    const otherProcess = new Redis(redisUrl ?? "");
    try {
      const listeners = async () =>
        Number(((await otherProcess.pubsub("NUMSUB", CONTENT_CHANGED_CHANNEL)) as [string, number])[1]);
      // Other listeners may share this Redis (a storefront in development): this process's is one more.
      const before = await listeners();
      watchContentChanges(strapi, { redisUrl: redisUrl ?? null });
      await vi.waitFor(async () => expect(await listeners()).toBe(before + 1));
      // The subscription's own forgetting (news may have been missed before it) is done by then.
      await vi.waitFor(async () => {
        load.mockClear();
        await zones(strapi, "active");
        await zones(strapi, "active");
        expect(load).toHaveBeenCalledTimes(1);
      });
      load.mockClear();

      await zones(strapi, "active");
      expect(load).toHaveBeenCalledTimes(0);
      await otherProcess.publish(CONTENT_CHANGED_CHANNEL, JSON.stringify({ at: Date.now() }));
      await vi.waitFor(async () => {
        await zones(strapi, "active");
        expect(load).toHaveBeenCalledTimes(1);
      });
    } finally {
      await otherProcess.quit();
    }
  });
});

type Subscription = { models: string[]; afterUpdate: () => void };

/** A Strapi with what the watcher uses: the database layer's lifecycles and the log. */
function fakeStrapi({ inTransaction = () => false }: { inTransaction?: () => boolean } = {}) {
  const subscriptions: Subscription[] = [];
  const strapi = {
    db: {
      lifecycles: { subscribe: (subscription: Subscription) => subscriptions.push(subscription) },
      inTransaction,
    },
    log: { warn: vi.fn() },
  } as unknown as Core.Strapi;
  const saved = (model: string) => {
    for (const subscription of subscriptions) if (subscription.models.includes(model)) subscription.afterUpdate();
  };
  return { strapi, subscriptions, saved };
}

describe("reads kept by a CMS process (decision 055)", () => {
  afterEach(async () => {
    await stopWatchingContentChanges();
  });

  it("reads every time in a process that does not hear staff's changes (a script, a test beside the CMS)", async () => {
    const { strapi } = fakeStrapi();
    const load = vi.fn(async (_strapi: Core.Strapi, key: string) => `zones ${key}`);
    const zones = keptRead(load);
    expect(await zones(strapi, "active")).toBe("zones active");
    await zones(strapi, "active");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps a read until staff save a zone, a product or a closed day, and reads again at once after", async () => {
    const { strapi, saved } = fakeStrapi();
    watchContentChanges(strapi, { redisUrl: null });
    const load = vi.fn(async (_strapi: Core.Strapi, from: string) => [`closed from ${from}`]);
    const closedDays = keptRead(load);
    // Two callers at once share one read; a second key is its own read.
    await Promise.all([closedDays(strapi, "2026-12-01"), closedDays(strapi, "2026-12-01")]);
    await closedDays(strapi, "2026-12-02");
    expect(load).toHaveBeenCalledTimes(2);
    for (const model of [CONTENT_TYPES.deliveryZone, CONTENT_TYPES.product, CONTENT_TYPES.closedDay]) {
      saved(model);
      await closedDays(strapi, "2026-12-01");
      await closedDays(strapi, "2026-12-01");
    }
    expect(load).toHaveBeenCalledTimes(5);
    // An order is not staff's content: what was kept stays.
    saved(CONTENT_TYPES.order);
    await closedDays(strapi, "2026-12-01");
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("forgets again once the write has surely committed: a read between a write and its commit saw the old rows", async () => {
    vi.useFakeTimers();
    try {
      const { strapi, saved } = fakeStrapi();
      watchContentChanges(strapi, { redisUrl: null });
      let rows = "old";
      const zones = keptRead(async () => rows);
      saved(CONTENT_TYPES.deliveryZone);
      // Read inside the admin panel's transaction, not yet committed.
      expect(await zones(strapi, "active")).toBe("old");
      rows = "new";
      vi.advanceTimersByTime(ANNOUNCE_TIMING.quietMs);
      expect(await zones(strapi, "active")).toBe("new");
    } finally {
      vi.useRealTimers();
    }
  });

  it("inside a transaction, takes a read only once loaded, else reads alone on its own connection and keeps nothing", async () => {
    let inTransaction = false;
    const { strapi } = fakeStrapi({ inTransaction: () => inTransaction });
    watchContentChanges(strapi, { redisUrl: null });
    const answers: ((zones: string) => void)[] = [];
    const load = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const zones = keptRead(load);
    // A request outside any transaction begins the read; it waits for a connection.
    const outside = zones(strapi, "active");
    // A transaction (holding SQLite's one connection) does not wait for that read: it reads alone.
    inTransaction = true;
    const inside = zones(strapi, "active");
    expect(load).toHaveBeenCalledTimes(2);
    answers[1]?.("zones read in the transaction");
    expect(await inside).toBe("zones read in the transaction");
    answers[0]?.("zones");
    expect(await outside).toBe("zones");
    // What the transaction read was not kept; what was read outside is, for everyone.
    expect(await zones(strapi, "active")).toBe("zones");
    inTransaction = false;
    expect(await zones(strapi, "active")).toBe("zones");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is read again after KEPT_READ_FRESH_MS when no change was heard (Redis down), and a failed read is not kept", async () => {
    const { strapi } = fakeStrapi();
    watchContentChanges(strapi, { redisUrl: null });
    let now = 1_000_000;
    const load = vi.fn(async () => {
      if (load.mock.calls.length === 1) throw new Error("database restarting");
      return "zones";
    });
    const zones = keptRead(load, { now: () => now });
    await expect(zones(strapi, "active")).rejects.toThrow("database restarting");
    expect(await zones(strapi, "active")).toBe("zones");
    now += KEPT_READ_FRESH_MS - 1;
    await zones(strapi, "active");
    expect(load).toHaveBeenCalledTimes(2);
    now += 1;
    await zones(strapi, "active");
    expect(load).toHaveBeenCalledTimes(3);
  });
});
