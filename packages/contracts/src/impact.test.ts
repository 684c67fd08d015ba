import { describe, expect, it } from "vitest";
import { impactMetricAnswerSchema, toImpactNotes } from "./impact";

const answer = (data: Record<string, unknown>) => impactMetricAnswerSchema.parse({ data, meta: {} });

describe("the impact figures' notes", () => {
  it("say the day staff counted the figures up to, and how they measure them in each language", () => {
    const notes = toImpactNotes(
      answer({
        id: 1,
        kgRescued: "1284500.00",
        asOf: "2026-10-31",
        updatedAt: "2026-11-02T09:00:00.000Z",
        method_es: "Pesamos cada kilo.",
        method_ca: "  ",
        method_pt: null,
      }),
    );
    expect(notes).toEqual({ asOf: "2026-10-31", method: { es: "Pesamos cada kilo.", ca: null, pt: null } });
  });

  it("take the day of the last save, in Spain, when staff gave none", () => {
    expect(toImpactNotes(answer({ asOf: null, updatedAt: "2026-10-31T23:30:00.000Z" })).asOf).toBe("2026-11-01");
    expect(toImpactNotes(answer({})).asOf).toBeNull();
  });

  it("refuse a day that is not a date", () => {
    expect(impactMetricAnswerSchema.safeParse({ data: { asOf: "last month" } }).success).toBe(false);
  });
});
