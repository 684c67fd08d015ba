import { describe, expect, it } from "vitest";
import { normalizeGiftCardTail } from "./code";
import { amountDue, giftCardsRestoredIn } from "./payment";

describe("amountDue", () => {
  it("is the total less what the cards paid, the total when none did, and never below 0", () => {
    expect(amountDue({ total: 4590, giftCardsPaid: 2295 })).toBe(2295);
    expect(amountDue({ total: 4590 })).toBe(4590);
    expect(amountDue({ total: 4590, giftCardsPaid: null })).toBe(4590);
    expect(amountDue({ total: 4590, giftCardsPaid: 4590 })).toBe(0);
    expect(amountDue({ total: 1000, giftCardsPaid: 1200 })).toBe(0);
  });
});

describe("giftCardsRestoredIn", () => {
  it("is true for a cancelled or refunded order only", () => {
    expect(giftCardsRestoredIn("cancelled")).toBe(true);
    expect(giftCardsRestoredIn("refunded")).toBe(true);
    for (const status of ["pending_payment", "paid", "payment_failed", "preparing", "shipped", "delivered"] as const)
      expect(giftCardsRestoredIn(status)).toBe(false);
  });
});

describe("normalizeGiftCardTail", () => {
  it("takes four letters or digits in either case, as stored (upper case)", () => {
    expect(normalizeGiftCardTail("7kq4")).toBe("7KQ4");
    expect(normalizeGiftCardTail(" GH23 ")).toBe("GH23");
  });
  it("refuses anything else", () => {
    for (const input of ["", "GH2", "GH234", "GH-3", "ÑH23", "GH2%"]) expect(normalizeGiftCardTail(input)).toBeNull();
  });
});
