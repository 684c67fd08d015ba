import { describe, expect, it } from "vitest";
import { openGiftCardCode, sealGiftCardCode } from "../src/gift-cards/sealed-code";

// The sealed copy of a card's code kept until its mail goes (docs/decisions/037): it opens to the
// code, never shows it, differs at every seal, and a changed or foreign value opens to nothing.
describe("a gift card's sealed code", () => {
  const code = "7KQ4MXW2RP9HTCD3FGNB";

  it("opens to the code and does not show it", () => {
    const sealed = sealGiftCardCode(code);
    expect(sealed).not.toContain(code);
    expect(sealed).toMatch(/^v2\./);
    expect(openGiftCardCode(sealed)).toBe(code);
    expect(sealGiftCardCode(code)).not.toBe(sealed);
  });

  it("opens to nothing when changed, cut or of another version", () => {
    const sealed = sealGiftCardCode(code);
    const [version, iv, tag, data] = sealed.split(".") as [string, string, string, string];
    const flipped = `${data.slice(0, -2)}${data.endsWith("AA") ? "BB" : "AA"}`;
    expect(openGiftCardCode([version, iv, tag, flipped].join("."))).toBeNull();
    expect(openGiftCardCode([version, iv, tag].join("."))).toBeNull();
    expect(openGiftCardCode(["v0", iv, tag, data].join("."))).toBeNull();
    expect(openGiftCardCode(null)).toBeNull();
  });
});
