import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateGiftCards } from "./spend";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));

describe("how gift cards pay an order", () => {
  it("leaves at least the gateway's minimum to charge, never a due it could not charge", () => {
    // A 29.80 € card on a 30.00 € renewal would leave 20 cents, below Stripe's 50: it pays 29.50 €.
    expect(allocateGiftCards([{ id: 1, balance: 2980, addedAt: at(1) }], 3000, { minimumCharge: 50 })).toEqual({
      spends: [{ id: 1, amount: 2950 }],
      remaining: 50,
    });
    // Spent less from the last card first; a card left with nothing to pay takes no part.
    const two = [
      { id: 1, balance: 2000, addedAt: at(1) },
      { id: 2, balance: 990, addedAt: at(2) },
    ];
    expect(allocateGiftCards(two, 3000, { minimumCharge: 50 })).toEqual({
      spends: [
        { id: 1, amount: 2000 },
        { id: 2, amount: 950 },
      ],
      remaining: 50,
    });
    expect(allocateGiftCards([two[0]!], 2030, { minimumCharge: 50 })).toEqual({
      spends: [{ id: 1, amount: 1980 }],
      remaining: 50,
    });
    // Covered in full, or leaving at least the minimum: unchanged.
    expect(allocateGiftCards(two, 2990, { minimumCharge: 50 }).remaining).toBe(0);
    expect(allocateGiftCards(two, 3100, { minimumCharge: 50 }).remaining).toBe(110);
    // A due below the minimum the cards do not cover is left whole.
    expect(allocateGiftCards([{ id: 1, balance: 10, addedAt: at(1) }], 30, { minimumCharge: 50 })).toEqual({
      spends: [],
      remaining: 30,
    });
  });

  it("spends the cards in the order they were added, each as far as it goes", () => {
    const cards = [
      { id: 3, balance: 1000, addedAt: at(5) },
      { id: 9, balance: 2000, addedAt: at(1) },
      { id: 4, balance: 5000, addedAt: at(9) },
    ];
    expect(allocateGiftCards(cards, 2500)).toEqual({
      spends: [
        { id: 9, amount: 2000 },
        { id: 3, amount: 500 },
      ],
      remaining: 0,
    });
    expect(allocateGiftCards(cards, 9000)).toEqual({
      spends: [
        { id: 9, amount: 2000 },
        { id: 3, amount: 1000 },
        { id: 4, amount: 5000 },
      ],
      remaining: 1000,
    });
  });

  it("an order the cards cover needs no payment; empty cards take no part", () => {
    expect(
      allocateGiftCards(
        [
          { id: 1, balance: 0, addedAt: at(0) },
          { id: 2, balance: 3000, addedAt: at(1) },
        ],
        3000,
      ),
    ).toEqual({ spends: [{ id: 2, amount: 3000 }], remaining: 0 });
    expect(allocateGiftCards([{ id: 1, balance: 300, addedAt: at(0) }], 0)).toEqual({ spends: [], remaining: 0 });
    expect(() => allocateGiftCards([], -1)).toThrow(RangeError);
  });

  it("never spends more than a card holds nor more than is due, and what it spends plus the rest is the total", () => {
    const card = fc.record({ balance: fc.integer({ min: 0, max: 20_000 }), minute: fc.integer({ min: 0, max: 59 }) });
    fc.assert(
      fc.property(fc.array(card, { maxLength: 6 }), fc.integer({ min: 0, max: 60_000 }), (drawn, due) => {
        const cards = drawn.map(({ balance, minute }, index) => ({ id: index + 1, balance, addedAt: at(minute) }));
        const { spends, remaining } = allocateGiftCards(cards, due);
        const spent = spends.reduce((sum, spend) => sum + spend.amount, 0);
        expect(spent + remaining).toBe(due);
        expect(remaining).toBeGreaterThanOrEqual(0);
        for (const spend of spends) {
          expect(spend.amount).toBeGreaterThan(0);
          expect(spend.amount).toBeLessThanOrEqual(cards.find((each) => each.id === spend.id)!.balance);
        }
        const held = cards.reduce((sum, each) => sum + each.balance, 0);
        expect(remaining).toBe(Math.max(0, due - held));
      }),
    );
  });
});
