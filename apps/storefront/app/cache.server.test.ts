import { describe, expect, it, vi } from "vitest";
import { cachedResource, expireCachedResources } from "./cache.server";

function setup(
  load: () => Promise<number[]>,
  options: { isUsable?: (value: number[]) => boolean; maxStaleMs?: number; retryMs?: number; maxWaitMs?: number } = {},
) {
  let time = 0;
  const log = vi.fn();
  const resource = cachedResource<number[]>({
    name: "numbers",
    freshMs: 1000,
    load,
    onError: (previous) => previous ?? [],
    now: () => time,
    log,
    ...options,
  });
  return { resource, log, advance: (ms: number) => (time += ms) };
}

describe("cached catalogue resource", () => {
  it("loads once and serves from memory while fresh", async () => {
    const load = vi.fn(async () => [1]);
    const { resource, advance } = setup(load);
    expect(await resource.get()).toEqual([1]);
    advance(500);
    expect(await resource.get()).toEqual([1]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves the stale value at once and refreshes in the background", async () => {
    let version = 1;
    const load = vi.fn(async () => [version]);
    const { resource, advance } = setup(load);
    await resource.get();
    version = 2;
    advance(1500);
    expect(await resource.get()).toEqual([1]);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await resource.get()).toEqual([2]);
  });

  it("runs one load for many simultaneous requests", async () => {
    let release: (value: number[]) => void = () => undefined;
    const load = vi.fn(() => new Promise<number[]>((resolve) => (release = resolve)));
    const { resource } = setup(load);
    const pending = Promise.all([resource.get(), resource.get(), resource.get()]);
    release([7]);
    expect(await pending).toEqual([[7], [7], [7]]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("logs a failure and keeps what it had, without breaking the page", async () => {
    let fail = false;
    const load = vi.fn(async () => {
      if (fail) throw new Error("CMS down");
      return [1];
    });
    const { resource, log, advance } = setup(load);
    await resource.get();
    fail = true;
    advance(1500);
    await resource.get();
    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(1));
    expect(await resource.get()).toEqual([1]);
  });

  it("reloads while the value is not usable (nothing loaded yet, or empty), at most once per retry interval", async () => {
    let answer: number[] = [];
    const load = vi.fn(async () => answer);
    const { resource, advance } = setup(load, { isUsable: (value) => value.length > 0, retryMs: 100 });
    expect(await resource.get()).toEqual([]);
    answer = [3];
    expect(await resource.get()).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
    advance(100);
    expect(await resource.get()).toEqual([3]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("waits for fresh data rather than serve a value older than the staleness bound", async () => {
    let version = 1;
    const load = vi.fn(async () => [version]);
    const { resource, advance } = setup(load, { maxStaleMs: 3000 });
    await resource.get();
    version = 2;
    advance(3000);
    expect(await resource.get()).toEqual([2]);
  });

  it("waits for fresh data only briefly when the CMS hangs, then serves what it has", async () => {
    let release: () => void = () => undefined;
    const load = vi
      .fn<() => Promise<number[]>>()
      .mockResolvedValueOnce([1])
      .mockImplementation(() => new Promise<number[]>((resolve) => (release = () => resolve([2]))));
    const { resource, advance } = setup(load, { maxStaleMs: 3000, maxWaitMs: 20 });
    await resource.get();
    advance(3000);
    const [first, second] = await Promise.all([resource.get(), resource.get()]);
    expect([first, second]).toEqual([[1], [1]]);
    expect(load).toHaveBeenCalledTimes(2);
    release();
    await vi.waitFor(async () => expect(await resource.get()).toEqual([2]));
  });

  it("serves what it has at once while the CMS fails, retrying in the background", async () => {
    let release: () => void = () => undefined;
    const load = vi
      .fn<() => Promise<number[]>>()
      .mockResolvedValueOnce([1])
      .mockRejectedValueOnce(new Error("CMS down"))
      .mockImplementation(() => new Promise<number[]>((resolve) => (release = () => resolve([5]))));
    const { resource, advance, log } = setup(load, { maxStaleMs: 3000, retryMs: 100 });
    await resource.get();
    advance(3000);
    expect(await resource.get()).toEqual([1]);
    expect(log).toHaveBeenCalledTimes(1);
    advance(5000);
    // Far past the staleness bound, but the last load failed: no request waits for the CMS.
    expect(await resource.get()).toEqual([1]);
    expect(load).toHaveBeenCalledTimes(3);
    release();
    await vi.waitFor(async () => expect(await resource.get()).toEqual([5]));
  });

  it("after a content change, the next request gets fresh data, not the copy that was still fresh", async () => {
    let version = 1;
    const load = vi.fn(async () => [version]);
    const { resource } = setup(load);
    expect(await resource.get()).toEqual([1]);
    version = 2;
    expireCachedResources();
    expect(await resource.get()).toEqual([2]);
    expect(await resource.get()).toEqual([2]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not take a load that was in flight at the change for fresh: it may have read the CMS before it", async () => {
    const answers: ((value: number[]) => void)[] = [];
    const load = vi.fn(() => new Promise<number[]>((resolve) => answers.push(resolve)));
    const { resource } = setup(load);
    const first = resource.get();
    resource.expire();
    const second = resource.get();
    expect(load).toHaveBeenCalledTimes(2);
    answers[1]?.([2]);
    answers[0]?.([1]);
    expect(await first).toEqual([1]);
    expect(await second).toEqual([2]);
    // The later load's answer is kept, and it counts as fresh: no third load.
    expect(await resource.get()).toEqual([2]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps serving what it has while the CMS fails after a change, retrying in the background", async () => {
    let fail = false;
    const load = vi.fn(async () => {
      if (fail) throw new Error("CMS down");
      return [1];
    });
    const { resource } = setup(load, { maxWaitMs: 50 });
    await resource.get();
    fail = true;
    resource.expire();
    expect(await resource.get()).toEqual([1]);
    expect(await resource.get()).toEqual([1]);
  });
});
