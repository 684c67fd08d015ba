import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderNumberOf, parseOrderNumber, PAYMENT_REFERENCE_PATTERN, paymentReference } from "./order-number";

describe("order numbers", () => {
  it("pad the id to seven digits, and grow past them", () => {
    expect(orderNumberOf(42)).toBe("IMP-0000042");
    expect(orderNumberOf(1)).toBe("IMP-0000001");
    expect(orderNumberOf(9_999_999)).toBe("IMP-9999999");
    expect(orderNumberOf(12_345_678)).toBe("IMP-12345678");
  });

  it("refuse ids that are not positive whole numbers", () => {
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(() => orderNumberOf(id)).toThrow(RangeError);
  });

  it("read back exactly what they wrote", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(parseOrderNumber(orderNumberOf(id))).toBe(id);
      }),
    );
  });

  it("read nothing else", () => {
    for (const text of [
      "IMP-42",
      "imp-0000042",
      "IMP-00000042",
      " IMP-0000042",
      "IMP-0000042 ",
      "IMP-0000000",
      "IMP-000004a",
      "0000042",
      "42",
      "IMP-99999999999999999999",
      "",
    ]) {
      expect(parseOrderNumber(text), text).toBeNull();
    }
  });

  it("never read a text as an id unless that id writes the same text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.stringMatching(/^IMP-\d{1,10}$/), (anything, lookalike) => {
        for (const text of [anything, lookalike]) {
          const id = parseOrderNumber(text);
          if (id !== null) expect(orderNumberOf(id)).toBe(text);
        }
      }),
    );
  });
});

describe("paymentReference", () => {
  it("is four digits and eight letters or digits, as Redsys asks", () => {
    expect(paymentReference(new Uint8Array(12))).toBe("000000000000");
    // 255 % 10 = 5; 10, 36, 61 and 35 are A, a, z and Z of the 62 characters; 62 and 255 wrap to 0 and 7.
    expect(paymentReference(new Uint8Array([9, 10, 255, 19, 10, 36, 61, 62, 255, 0, 1, 35]))).toBe("9059Aaz0701Z");
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 32 }), (bytes) => {
        expect(paymentReference(bytes)).toMatch(PAYMENT_REFERENCE_PATTERN);
      }),
    );
  });

  it("uses every character of its alphabets", () => {
    const seen = new Set<string>();
    for (let byte = 0; byte < 256; byte++) seen.add(paymentReference(new Uint8Array(12).fill(byte)).slice(4, 5));
    expect(seen.size).toBe(62);
  });

  it("needs twelve random bytes", () => {
    expect(() => paymentReference(new Uint8Array(11))).toThrow(RangeError);
  });

  it("rarely repeats", () => {
    const references = new Set(
      Array.from({ length: 10_000 }, () => paymentReference(crypto.getRandomValues(new Uint8Array(12)))),
    );
    expect(references.size).toBe(10_000);
  });
});
