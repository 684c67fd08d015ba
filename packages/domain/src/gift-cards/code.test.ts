import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNAMBIGUOUS_CODE_ALPHABET } from "../codes";
import { drawGiftCardCode, formatGiftCardCode, giftCardTailOf, normalizeGiftCardCode } from "./code";

describe("gift card codes", () => {
  it("a million codes: no repeat, none with a character read as another, each of 20 characters", () => {
    // One large buffer handed out in slices: a call to randomBytes per code would be most of the time.
    let pool = randomBytes(0);
    const source = (count: number) => {
      if (pool.length < count) pool = randomBytes(1 << 20);
      const slice = pool.subarray(0, count);
      pool = pool.subarray(count);
      return slice;
    };
    const seen = new Set<string>();
    const malformed: string[] = [];
    for (let index = 0; index < 1_000_000; index++) {
      const code = drawGiftCardCode(source);
      if (!/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{20}$/.test(code)) malformed.push(code);
      seen.add(code);
    }
    expect(malformed).toEqual([]);
    expect(seen.size).toBe(1_000_000);
  }, 60_000);

  it("holds at least 80 random bits", () => {
    expect(20 * Math.log2(UNAMBIGUOUS_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    for (const confusable of "01ILO") expect(UNAMBIGUOUS_CODE_ALPHABET).not.toContain(confusable);
  });

  it("throws away the bytes that would favour some characters, and asks for more", () => {
    // 248 and above would map onto the alphabet's first characters more often than the rest.
    const sequence = [new Uint8Array(20).fill(255), new Uint8Array(20).fill(30)];
    const code = drawGiftCardCode(() => sequence.shift() ?? new Uint8Array(20).fill(0));
    expect(code).toBe(UNAMBIGUOUS_CODE_ALPHABET[30]!.repeat(20));
  });

  it("is read back however the customer types the grouping, and refuses what cannot be a code", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const code = drawGiftCardCode(() => bytes.map((byte) => byte % 248));
        const grouped = formatGiftCardCode(code);
        expect(grouped).toMatch(/^(\w{5}-){3}\w{5}$/);
        expect(normalizeGiftCardCode(grouped)).toBe(code);
        expect(normalizeGiftCardCode(` ${grouped.toLowerCase().replaceAll("-", " ")} `)).toBe(code);
        expect(normalizeGiftCardCode(grouped.replaceAll("-", "\u2011"))).toBe(code);
        expect(giftCardTailOf(code)).toBe(code.slice(16));
      }),
    );
    expect(normalizeGiftCardCode("ABCDE-FGHJK-MNPQR-STUV")).toBeNull();
    expect(normalizeGiftCardCode("ABCDE-FGHJK-MNPQR-STUVWX")).toBeNull();
    // An O where a code has none is a typing mistake the customer sees, not a guess made for them.
    expect(normalizeGiftCardCode("ABCDE-FGHJK-MNPQR-STUVO")).toBeNull();
    expect(normalizeGiftCardCode("ABCDE-FGHJK-MNPQR-STUV%")).toBeNull();
  });
});
