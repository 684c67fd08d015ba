import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedResource } from "./cache.server";
import { followContentChanges } from "./content-changes.server";
import { redisConnectionName } from "./redis-channel.server";
import { shareRetirements } from "./session-retirement.server";

/**
 * Staff's changes reaching a storefront process at once (docs/decisions/050), with Redis
 * (TEST_REDIS_URL, as .ci/run sets it when Redis answers): a CMS process publishes, this process
 * expires its CMS data and drops its page copies.
 */

const redisUrl = process.env.TEST_REDIS_URL?.trim();

describe("without Redis", () => {
  it("keeps serving while Redis does not answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const forgetPages = vi.fn();
    const following = followContentChanges({
      redisUrl: "redis://127.0.0.1:1",
      channel: `test:${randomUUID()}`,
      forgetPages,
    });
    try {
      await following.ready;
      expect(forgetPages).not.toHaveBeenCalled();
    } finally {
      await following.close();
    }
  });
});

describe.skipIf(!redisUrl)("with Redis", () => {
  const channel = `test:content-changed:${randomUUID()}`;
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it("the two channels a storefront follows share two connections, closed with the last of them", async () => {
    const admin = new Redis(redisUrl ?? "");
    closers.push(() => admin.quit());
    const mine = async () =>
      String(await admin.client("LIST"))
        .split("\n")
        .filter((line) => line.includes(` name=${redisConnectionName()} `)).length;
    const following = followContentChanges({ redisUrl: redisUrl ?? "", channel, forgetPages: () => {} });
    const retirement = shareRetirements({ redisUrl: redisUrl ?? "", channel: `${channel}:sessions` });
    await Promise.all([following.ready, retirement.ready]);
    expect(await mine()).toBe(2);
    await following.close();
    expect(await mine()).toBe(2);
    await retirement.close();
    await expect.poll(mine).toBe(0);
  });

  it("a change published by the CMS drops the page copies and serves fresh CMS data at the next request", async () => {
    let name = "Caja mediana";
    const load = vi.fn(async () => name);
    const products = cachedResource<string>({ name: "products", freshMs: 60_000, load, onError: (kept) => kept ?? "" });
    expect(await products.get()).toBe("Caja mediana");

    const forgetPages = vi.fn();
    const following = followContentChanges({ redisUrl: redisUrl ?? "", channel, forgetPages });
    closers.push(() => following.close());
    await following.ready;
    const cms = new Redis(redisUrl ?? "");
    closers.push(() => cms.quit());

    name = "Caja mediana de temporada";
    await cms.publish(channel, JSON.stringify({ at: Date.now() }));
    // Redis delivers asynchronously: wait for the message itself, not for a length of time.
    await vi.waitFor(() => expect(forgetPages).toHaveBeenCalledTimes(1));
    expect(await products.get()).toBe("Caja mediana de temporada");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
