import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANNOUNCE_AFTER_MS, CACHED_BY_THE_STOREFRONT, contentNews } from "../src/content-changes/announce";
import { CONTENT_TYPES } from "../src/content-types";

describe("news of staff's content changes (decision 050)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes out after the write has had time to commit, and once more later for a slow commit", () => {
    const publish = vi.fn();
    const news = contentNews({ publish });
    news.changed();
    expect(publish).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ANNOUNCE_AFTER_MS[0]);
    expect(publish).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ANNOUNCE_AFTER_MS[1] - ANNOUNCE_AFTER_MS[0]);
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it("carries a burst of changes (an import of many products) on the same two nudges", () => {
    const publish = vi.fn();
    const news = contentNews({ publish });
    for (let change = 0; change < 200; change += 1) news.changed();
    vi.advanceTimersByTime(ANNOUNCE_AFTER_MS[1]);
    expect(publish).toHaveBeenCalledTimes(2);
    news.changed();
    vi.advanceTimersByTime(ANNOUNCE_AFTER_MS[1]);
    expect(publish).toHaveBeenCalledTimes(4);
  });

  it("sends nothing more once stopped", () => {
    const publish = vi.fn();
    const news = contentNews({ publish });
    news.changed();
    news.stop();
    vi.advanceTimersByTime(ANNOUNCE_AFTER_MS[1]);
    expect(publish).not.toHaveBeenCalled();
  });

  it("is about what the storefront caches, never orders, payments or subscriptions, which change on every sale", () => {
    expect(CACHED_BY_THE_STOREFRONT).toContain(CONTENT_TYPES.product);
    expect(CACHED_BY_THE_STOREFRONT).toContain(CONTENT_TYPES.shopSetting);
    for (const busy of [
      CONTENT_TYPES.order,
      CONTENT_TYPES.payment,
      CONTENT_TYPES.subscription,
      CONTENT_TYPES.deliverySlotDay,
      CONTENT_TYPES.user,
    ]) {
      expect(CACHED_BY_THE_STOREFRONT).not.toContain(busy);
    }
  });
});
