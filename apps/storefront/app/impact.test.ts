import { EMPTY_METRICS } from "@shop/domain";
import { describe, expect, it } from "vitest";
import { impactView } from "./impact";

const notes = { asOf: "2026-10-31", method: { es: "Pesamos cada kilo.", ca: "Pesem cada quilo.", pt: null } };

describe("impactView", () => {
  it("says as of when, and how, in the page's language", () => {
    expect(impactView(EMPTY_METRICS, notes, "ca")).toEqual({
      figures: EMPTY_METRICS,
      asOf: "31 d’octubre del 2026",
      method: "Pesem cada quilo.",
    });
  });

  it("explains in Spanish where a language has no text, and says nothing it does not know", () => {
    expect(impactView(EMPTY_METRICS, notes, "pt").method).toBe("Pesamos cada kilo.");
    expect(impactView(EMPTY_METRICS, { asOf: null, method: { es: null, ca: null, pt: null } }, "es")).toEqual({
      figures: EMPTY_METRICS,
      asOf: null,
      method: null,
    });
    expect(impactView(EMPTY_METRICS, null, "es")).toMatchObject({ asOf: null, method: null });
  });
});
