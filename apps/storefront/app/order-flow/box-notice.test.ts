import { describe, expect, it } from "vitest";
import { unofferedBox } from "./box-notice";
import { orderFlowTextsFor } from "./texts";

const offer = { seasonalIds: [20, 21] };

describe("the reason the box step gives for a box it does not offer", () => {
  it("says a seasonal box is sold in one-off orders only when the draft is a subscription", () => {
    expect(unofferedBox(20, offer, "subscription")).toBe("seasonalOnceOnly");
  });

  it("says a seasonal box of a one-off draft is out of its zone or dates", () => {
    expect(unofferedBox(21, offer, "once")).toBe("seasonalNotOffered");
    expect(unofferedBox(21, offer, null)).toBe("seasonalNotOffered");
  });

  it("says any other box is not sold to this account, whatever the purchase", () => {
    expect(unofferedBox(3, offer, "subscription")).toBe("notOffered");
    expect(unofferedBox(3, offer, "once")).toBe("notOffered");
  });

  it.each(["es", "ca", "pt"] as const)("has the words of each reason in %s", (locale) => {
    const words = orderFlowTextsFor(locale).box;
    const said = (["notOffered", "seasonalNotOffered", "seasonalOnceOnly"] as const).map((key) => words[key]);
    expect(new Set(said).size).toBe(3);
    for (const text of said) expect(text.trim()).not.toBe("");
  });
});
