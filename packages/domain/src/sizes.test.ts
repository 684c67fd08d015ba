import { describe, expect, it } from "vitest";
import { SIZE_CODES } from "./product";
import { sizeOf } from "./sizes";

describe("sizeOf", () => {
  it("shows customers S, M and XL for the specification's codes S, IM and XL", () => {
    expect(sizeOf("S")).toEqual({ code: "S", badge: "S", size: "small" });
    expect(sizeOf("IM")).toEqual({ code: "IM", badge: "M", size: "medium" });
    expect(sizeOf("XL")).toEqual({ code: "XL", badge: "XL", size: "large" });
  });

  it("gives every code a distinct badge and size", () => {
    const labels = SIZE_CODES.map((code) => sizeOf(code));
    expect(new Set(labels.map((label) => label?.badge)).size).toBe(SIZE_CODES.length);
    expect(new Set(labels.map((label) => label?.size)).size).toBe(SIZE_CODES.length);
  });

  it("reads codes as staff may type them, and nothing else", () => {
    expect(sizeOf(" im ")?.badge).toBe("M");
    for (const other of [null, undefined, "", "M", "regular", "toString", "IMX"]) expect(sizeOf(other)).toBeNull();
  });
});
