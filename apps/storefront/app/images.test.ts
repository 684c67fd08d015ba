import { describe, expect, it } from "vitest";
import { isAllowedImageSource } from "./images";

describe("pictures the proxy takes", () => {
  it("takes the CMS's uploads", () => {
    expect(isAllowedImageSource("/uploads/caja_fruta_s_1a2b.svg")).toBe(true);
    expect(isAllowedImageSource("/uploads/sub/photo.v2.jpg")).toBe(true);
  });

  it("takes one spelling of each, so nobody can make it convert and cache the same file anew", () => {
    for (const src of [
      "/uploads/./a.jpg",
      "/uploads//a.jpg",
      "/uploads/.//./a.jpg",
      "/uploads/x/../a.jpg",
      "/uploads/",
    ]) {
      expect(isAllowedImageSource(src), src).toBe(false);
    }
  });

  it("is no open proxy", () => {
    for (const src of ["https://evil.example/a.jpg", "//evil.example/a.jpg", "/etc/passwd", "/uploads/a.jpg?x=1"]) {
      expect(isAllowedImageSource(src), src).toBe(false);
    }
  });
});
