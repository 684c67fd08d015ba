import { describe, expect, it } from "vitest";
import { DEFAULT_GIFT_CARD_LIMITS, giftCardLimitsOf, giftCardSendOnRefusal } from "./purchase";

describe("the day a gift card is sent", () => {
  // 23:30 UTC on 27 November is already 28 November in Madrid.
  const now = new Date("2026-11-27T23:30:00Z");

  it("takes Madrid's today and later days, refuses Madrid's yesterday", () => {
    expect(giftCardSendOnRefusal("2026-11-28", now)).toBeNull();
    expect(giftCardSendOnRefusal("2026-12-24", now)).toBeNull();
    expect(giftCardSendOnRefusal("2026-11-27", now)).toBe("in_the_past");
  });

  it("refuses a day more than a year ahead", () => {
    expect(giftCardSendOnRefusal("2027-11-29", now)).toBeNull();
    expect(giftCardSendOnRefusal("2027-11-30", now)).toBe("too_far");
  });
});

describe("the custom amount's limits", () => {
  it("are staff's when they make sense", () => {
    expect(giftCardLimitsOf({ minimum: 2000, maximum: 50_000 })).toEqual({ minimum: 2000, maximum: 50_000 });
  });

  it("fall back to the defaults, each on its own or both when the minimum passes the maximum", () => {
    expect(giftCardLimitsOf({ minimum: null, maximum: 50_000 })).toEqual({ minimum: 1000, maximum: 50_000 });
    expect(giftCardLimitsOf({ minimum: 0, maximum: null })).toEqual(DEFAULT_GIFT_CARD_LIMITS);
    expect(giftCardLimitsOf({ minimum: 60_000, maximum: 50_000 })).toEqual(DEFAULT_GIFT_CARD_LIMITS);
  });
});
