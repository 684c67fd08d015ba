import { describe, expect, it } from "vitest";
import { deliveryAreasAnswerSchema, orderLimitSchema } from "./order";

const BARCELONA = {
  name: "Barcelona",
  postcodes: [{ from: "08001", to: "08999" }],
  weekdays: [2, 4],
  shippingFee: 490,
  freeShippingFrom: 5000,
  cutoff: { workingDaysBefore: 2, time: "23:59" },
};

describe("the delivery areas the pages show (GET /delivery/areas)", () => {
  it("takes the zones' money only as integer cents, ISO weekdays and a clock time", () => {
    expect(deliveryAreasAnswerSchema.safeParse({ areas: [BARCELONA] }).success).toBe(true);
    expect(deliveryAreasAnswerSchema.safeParse({ areas: [{ ...BARCELONA, freeShippingFrom: null }] }).success).toBe(
      true,
    );
    for (const wrong of [
      { shippingFee: 4.9 },
      { shippingFee: -490 },
      { freeShippingFrom: 50.5 },
      { weekdays: [0] },
      { weekdays: [8] },
      { cutoff: { workingDaysBefore: 2, time: "24:00" } },
      { cutoff: { workingDaysBefore: -1, time: "23:59" } },
    ]) {
      expect([wrong, deliveryAreasAnswerSchema.safeParse({ areas: [{ ...BARCELONA, ...wrong }] }).success]).toEqual([
        wrong,
        false,
      ]);
    }
  });
});

describe("the summary's order limit (docs/decisions/021)", () => {
  it("names one of the limits said before Pay and an ISO instant it ends", () => {
    expect(orderLimitSchema.parse({ code: "too_many_orders", resetsAt: "2026-11-27T10:05:00.000Z" })).toEqual({
      code: "too_many_orders",
      resetsAt: "2026-11-27T10:05:00.000Z",
    });
    expect(orderLimitSchema.safeParse({ code: "too_many_unpaid", resetsAt: "2026-11-27T10:05:00Z" }).success).toBe(
      true,
    );
    expect(orderLimitSchema.safeParse({ code: "slot_full", resetsAt: "2026-11-27T10:05:00Z" }).success).toBe(false);
    expect(orderLimitSchema.safeParse({ code: "too_many_orders", resetsAt: "in an hour" }).success).toBe(false);
  });
});
