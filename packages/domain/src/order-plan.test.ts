import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidIsoDateError, isoWeekdayOf } from "./delivery";
import { FREQUENCIES, nextDeliveryAfter } from "./order-plan";

describe("nextDeliveryAfter", () => {
  it("is one, two or four weeks later", () => {
    expect(nextDeliveryAfter("2026-11-25", "weekly")).toBe("2026-12-02");
    expect(nextDeliveryAfter("2026-11-25", "fortnightly")).toBe("2026-12-09");
    expect(nextDeliveryAfter("2026-11-25", "monthly")).toBe("2026-12-23");
  });

  it("crosses years, leap days and Madrid's clock changes as whole days", () => {
    expect(nextDeliveryAfter("2026-12-30", "weekly")).toBe("2027-01-06");
    expect(nextDeliveryAfter("2028-02-24", "weekly")).toBe("2028-03-02"); // 2028 has a 29 February
    expect(nextDeliveryAfter("2026-03-26", "weekly")).toBe("2026-04-02"); // summer time from 29 March
    expect(nextDeliveryAfter("2026-10-22", "fortnightly")).toBe("2026-11-05"); // winter time from 25 October
  });

  it("keeps the weekday for every frequency", () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((offset) => {
      const date = new Date(Date.UTC(2025, 0, 1 + offset));
      return date.toISOString().slice(0, 10);
    });
    fc.assert(
      fc.property(day, fc.constantFrom(...FREQUENCIES), (date, frequency) => {
        expect(isoWeekdayOf(nextDeliveryAfter(date, frequency))).toBe(isoWeekdayOf(date));
        expect(nextDeliveryAfter(date, frequency) > date).toBe(true);
      }),
    );
  });

  it("refuses what is not a calendar date", () => {
    expect(() => nextDeliveryAfter("2026-02-30", "weekly")).toThrow(InvalidIsoDateError);
    expect(() => nextDeliveryAfter("25/11/2026", "weekly")).toThrow(InvalidIsoDateError);
  });
});
