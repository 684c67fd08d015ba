import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { giftCardBalance, giftCardEntryRefusal, spentByOrder, type GiftCardEntry } from "./ledger";

const issued: GiftCardEntry = { kind: "issued", amount: 5000, idempotencyKey: "issue:1" };

describe("a gift card's ledger", () => {
  it("takes one issue first, then spends down to zero and never below", () => {
    expect(giftCardEntryRefusal([], { kind: "spent", amount: -100, idempotencyKey: "o1", orderId: 1 })).toBe(
      "not_issued",
    );
    expect(giftCardEntryRefusal([], issued)).toBeNull();
    expect(giftCardEntryRefusal([issued], { ...issued, idempotencyKey: "issue:2" })).toBe("already_issued");
    const spend = (amount: number, key: string): GiftCardEntry => ({
      kind: "spent",
      amount,
      idempotencyKey: key,
      orderId: 7,
    });
    expect(giftCardEntryRefusal([issued], spend(-5000, "o7"))).toBeNull();
    expect(giftCardEntryRefusal([issued], spend(-5001, "o7"))).toBe("exceeds_balance");
    expect(giftCardEntryRefusal([issued], spend(100, "o7"))).toBe("wrong_sign");
    expect(giftCardEntryRefusal([issued], spend(0, "o7"))).toBe("zero");
    expect(giftCardEntryRefusal([issued], spend(-10.5, "o7"))).toBe("not_whole_cents");
  });

  it("answers a repeated key as a duplicate, so a retried request adds nothing", () => {
    const spent: GiftCardEntry = { kind: "spent", amount: -1000, idempotencyKey: "order:7:attempt:1", orderId: 7 };
    expect(giftCardEntryRefusal([issued, spent], { ...spent })).toBe("duplicate");
    // The same key with another movement is not a retry: it must not pass for done.
    expect(giftCardEntryRefusal([issued, spent], { ...spent, amount: -1500 })).toBe("key_conflict");
    expect(giftCardEntryRefusal([issued, spent], { ...spent, orderId: 8 })).toBe("key_conflict");
  });

  it("restores to a cancelled order at most what that order spent", () => {
    const entries: GiftCardEntry[] = [
      issued,
      { kind: "spent", amount: -1200, idempotencyKey: "o7", orderId: 7 },
      { kind: "spent", amount: -800, idempotencyKey: "o8", orderId: 8 },
    ];
    expect(spentByOrder(entries, 7)).toBe(1200);
    const restore = (amount: number, orderId: number | null): GiftCardEntry => ({
      kind: "restored",
      amount,
      idempotencyKey: `r${orderId}`,
      orderId,
    });
    expect(giftCardEntryRefusal(entries, restore(1201, 7))).toBe("exceeds_spent");
    expect(giftCardEntryRefusal(entries, restore(1200, 7))).toBeNull();
    expect(giftCardEntryRefusal(entries, restore(100, null))).toBe("exceeds_spent");
    const restored = [...entries, restore(1200, 7)];
    expect(spentByOrder(restored, 7)).toBe(0);
    expect(giftCardEntryRefusal(restored, { ...restore(1, 7), idempotencyKey: "again" })).toBe("exceeds_spent");
    expect(giftCardBalance(restored)).toBe(4200);
  });

  it("adjusts either way but never below zero, and a void takes exactly the balance and ends the card", () => {
    expect(giftCardEntryRefusal([issued], { kind: "adjusted", amount: -6000, idempotencyKey: "a" })).toBe(
      "exceeds_balance",
    );
    expect(giftCardEntryRefusal([issued], { kind: "adjusted", amount: 1000, idempotencyKey: "a" })).toBeNull();
    expect(giftCardEntryRefusal([issued], { kind: "voided", amount: -4000, idempotencyKey: "v" })).toBe(
      "exceeds_balance",
    );
    const voided: GiftCardEntry[] = [issued, { kind: "voided", amount: -5000, idempotencyKey: "v" }];
    expect(giftCardEntryRefusal([issued], voided[1]!)).toBeNull();
    expect(giftCardBalance(voided)).toBe(0);
    expect(giftCardEntryRefusal(voided, { kind: "adjusted", amount: 100, idempotencyKey: "late" })).toBe("voided");
  });

  it("whatever is tried, what it accepts keeps the balance between zero and the sum of money put in", () => {
    const attempt = fc.record({
      kind: fc.constantFrom("spent", "restored", "adjusted", "voided" as const),
      amount: fc.integer({ min: -8000, max: 8000 }),
      orderId: fc.integer({ min: 1, max: 3 }),
      key: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 60 }), (attempts) => {
        const entries: GiftCardEntry[] = [issued];
        for (const { kind, amount, orderId, key } of attempts) {
          const entry: GiftCardEntry = { kind, amount, orderId, idempotencyKey: `${kind}:${key}` };
          if (giftCardEntryRefusal(entries, entry) === null) entries.push(entry);
        }
        const balance = giftCardBalance(entries);
        expect(balance).toBeGreaterThanOrEqual(0);
        const putIn = entries.filter((each) => each.kind === "issued" || (each.kind === "adjusted" && each.amount > 0));
        expect(balance).toBeLessThanOrEqual(putIn.reduce((sum, each) => sum + each.amount, 0));
        for (const orderId of [1, 2, 3]) expect(spentByOrder(entries, orderId)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
