import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce, RESIZE_SETTLE_MS } from "./ui";

describe("debounce", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs once, the wait after the last call of a burst, with that call's arguments", () => {
    const run = vi.fn();
    const settled = debounce(run, RESIZE_SETTLE_MS);
    settled(1);
    vi.advanceTimersByTime(30);
    settled(2);
    vi.advanceTimersByTime(30);
    settled(3);
    vi.advanceTimersByTime(49);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(3);
  });

  it("runs again for a later burst", () => {
    const run = vi.fn();
    const settled = debounce(run, RESIZE_SETTLE_MS);
    settled();
    vi.advanceTimersByTime(RESIZE_SETTLE_MS);
    settled();
    vi.advanceTimersByTime(RESIZE_SETTLE_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("never runs a cancelled call", () => {
    const run = vi.fn();
    const settled = debounce(run, RESIZE_SETTLE_MS);
    settled();
    settled.cancel();
    vi.advanceTimersByTime(RESIZE_SETTLE_MS * 10);
    expect(run).not.toHaveBeenCalled();
    settled.cancel();
    settled();
    vi.advanceTimersByTime(RESIZE_SETTLE_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("uses the timers it is given", () => {
    const waits: number[] = [];
    const cleared: unknown[] = [];
    const run = vi.fn();
    let handle = 0;
    const settled = debounce(run, 50, {
      setTimeout: (_run, ms) => {
        waits.push(ms);
        return ++handle;
      },
      clearTimeout: (cleared_) => cleared.push(cleared_),
    });
    settled();
    settled();
    expect(waits).toEqual([50, 50]);
    expect(cleared).toEqual([1]);
    expect(run).not.toHaveBeenCalled();
  });
});
