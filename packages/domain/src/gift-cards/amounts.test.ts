import { describe, expect, it } from "vitest";
import { giftCardAmountRefusal, offeredGiftCardAmounts } from "./amounts";

const limits = { minimum: 1000, maximum: 30_000 };

describe("the amounts a gift card is sold for", () => {
  it("offers the boxes' prices within the limits, each once, cheapest first", () => {
    expect(offeredGiftCardAmounts([3490, 2490, 3490, 500, 45_000, 1990], limits)).toEqual([1990, 2490, 3490]);
  });

  it("takes an offered amount as it is and a typed one in whole euros within the limits", () => {
    const offered = [2490];
    expect(giftCardAmountRefusal(2490, limits, offered)).toBeNull();
    expect(giftCardAmountRefusal(5000, limits, offered)).toBeNull();
    expect(giftCardAmountRefusal(5050, limits, offered)).toBe("not_whole_euros");
    expect(giftCardAmountRefusal(900, limits, offered)).toBe("below_minimum");
    expect(giftCardAmountRefusal(500, limits, offered)).toBe("below_minimum");
    expect(giftCardAmountRefusal(30_100, limits, offered)).toBe("above_maximum");
    expect(giftCardAmountRefusal(30_000, limits, offered)).toBeNull();
    expect(giftCardAmountRefusal(Number.NaN, limits, offered)).toBe("not_whole_euros");
  });
});
