import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutoffOf, shiftIsoDate, type ClosedDay } from "../delivery";
import { cancellationEffect, firstChangeableDelivery, isDeliveryLocked, rhythmAnchor } from "./changes";
import { deliverySchedule } from "./schedule";

/** Orders close two working days before delivery at 23:59 in Madrid. */
const zone = { id: 1, weekdays: [2, 4] as const, cutoff: { workingDaysBefore: 2, time: "23:59" } };
const holidays: ClosedDay[] = [{ date: "2026-12-08", zoneId: null }];
const at = (iso: string) => new Date(iso);
const schedule = deliverySchedule(
  { frequency: "weekly", weekday: 2, anchor: "2026-12-01" },
  { from: "2026-12-01", weeks: 3, zone: { ...zone, weekdays: [2, 4] }, closedDays: holidays },
);

describe("cut-offs of subscription deliveries", () => {
  it("locks a delivery at its zone's cut-off, in Madrid's time", () => {
    // Tuesday 1 December closes on Friday 27 November at 23:59 (UTC+1).
    const context = { zone, closedDays: holidays };
    expect(isDeliveryLocked("2026-12-01", { ...context, now: at("2026-11-27T22:58:59Z") })).toBe(false);
    expect(isDeliveryLocked("2026-12-01", { ...context, now: at("2026-11-27T22:59:00Z") })).toBe(true);
  });

  it("counts working days across a holiday", () => {
    // Thursday 10 December (moved from the 8th): Wednesday 9, [Tuesday 8 closed], Monday 7.
    expect(cutoffOf(zone, "2026-12-10", holidays)).toEqual(at("2026-12-07T22:59:00Z"));
    const context = { zone, closedDays: holidays };
    expect(isDeliveryLocked("2026-12-10", { ...context, now: at("2026-12-07T22:58:00Z") })).toBe(false);
    expect(isDeliveryLocked("2026-12-10", { ...context, now: at("2026-12-07T22:59:00Z") })).toBe(true);
  });

  it("follows the clock changes: the same 09:00 is 07:00 UTC in summer and 08:00 UTC in winter", () => {
    const sameDay = { id: 1, cutoff: { workingDaysBefore: 0, time: "09:00" } };
    const locked = (date: string, now: string) =>
      isDeliveryLocked(date, { zone: sameDay, closedDays: [], now: at(now) });
    expect(locked("2026-03-30", "2026-03-30T06:59:59Z")).toBe(false);
    expect(locked("2026-03-30", "2026-03-30T07:00:00Z")).toBe(true);
    expect(locked("2026-10-26", "2026-10-26T07:59:59Z")).toBe(false);
    expect(locked("2026-10-26", "2026-10-26T08:00:00Z")).toBe(true);
  });

  it("applies a change to the next delivery once a delivery's cut-off has passed", () => {
    const context = { zone, closedDays: holidays };
    const before = firstChangeableDelivery(schedule, { ...context, now: at("2026-11-27T22:58:00Z") });
    expect(before?.date).toBe("2026-12-01");
    const after = firstChangeableDelivery(schedule, { ...context, now: at("2026-11-27T22:59:00Z") });
    expect(after).toMatchObject({ plannedDate: "2026-12-08", date: "2026-12-10", change: "moved" });
    expect(firstChangeableDelivery([...schedule].reverse(), { ...context, now: at("2026-11-27T22:59:00Z") })).toBe(
      after,
    );
    expect(firstChangeableDelivery(schedule, { ...context, now: at("2026-12-31T00:00:00Z") })).toBeNull();
  });

  it("reads stored deliveries by their status, calendar change and stored cut-off: the ordered first one is no change's", () => {
    const now = at("2026-11-20T10:00:00Z");
    const context = { zone, closedDays: holidays, now };
    const stored = [
      // The first paid order's delivery: ordered, its cut-off a week ahead.
      { date: "2026-12-01", status: "ordered" as const, change: "none" as const, cutoffAt: "2026-11-27T22:59:00Z" },
      { date: "2026-12-03", status: "skipped" as const, change: "dropped" as const, cutoffAt: "2026-12-01T22:59:00Z" },
      // A cut-off stored earlier than the zone's own would be now: the stored one counts.
      { date: "2026-12-10", status: "scheduled" as const, change: "none" as const, cutoffAt: "2026-11-20T09:00:00Z" },
      { date: "2026-12-15", status: "scheduled" as const, change: "none" as const, cutoffAt: "2026-12-11T22:59:00Z" },
    ];
    expect(firstChangeableDelivery(stored, context)?.date).toBe("2026-12-15");
    expect(firstChangeableDelivery([{ ...stored[0]!, status: "scheduled" as const }], context)?.date).toBe(
      "2026-12-01",
    );
    expect(firstChangeableDelivery(stored, { ...context, now: at("2026-12-11T22:59:00Z") })).toBeNull();
  });

  it("passes over dropped deliveries", () => {
    const deliveries = [
      { date: null, plannedDate: "2026-12-01" },
      { date: "2026-12-03", plannedDate: "2026-12-03" },
    ];
    expect(firstChangeableDelivery(deliveries, { zone, closedDays: [], now: at("2026-11-01T00:00:00Z") })).toBe(
      deliveries[1],
    );
  });

  it("says when a cancellation takes effect and when the last box comes", () => {
    const context = { zone, closedDays: holidays, now: at("2026-11-30T10:00:00Z") };
    expect(cancellationEffect(schedule, context)).toEqual({ effectiveFrom: "2026-12-10", lastDelivery: "2026-12-01" });
    expect(cancellationEffect(schedule, { ...context, now: at("2026-11-01T10:00:00Z") })).toEqual({
      effectiveFrom: "2026-12-01",
      lastDelivery: null,
    });
  });

  it("for any moment, every delivery before the first changeable one is locked, and it is not", () => {
    const dates = Array.from({ length: 12 }, (_, week) => shiftIsoDate("2026-03-03", week * 7));
    const deliveries = dates.map((date) => ({ date }));
    const start = at("2026-02-20T00:00:00Z").getTime();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * 24 * 3600 }), (seconds) => {
        const context = { zone, closedDays: holidays, now: new Date(start + seconds * 1000) };
        const first = firstChangeableDelivery(deliveries, context);
        for (const { date } of deliveries) {
          const locked = isDeliveryLocked(date, context);
          if (first === null || date < first.date) expect(locked).toBe(true);
          else if (date === first.date) expect(locked).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("where a changed rhythm starts", () => {
  // Friday 20 November 2026, noon in Madrid: Tuesday 1 December closes on the 27th.
  const context = { zone, closedDays: holidays, now: at("2026-11-20T11:00:00Z") };

  it("never puts a box in the week of one that comes anyway (the first order's, ordered)", () => {
    // Thursday 3 December is ordered; Tuesday 1 December would be a second box that week.
    const moved = {
      weekday: 2 as const,
      frequency: "weekly" as const,
      notBefore: "2026-12-01",
      keepWeeksOf: "2026-12-03",
    };
    expect(rhythmAnchor({ ...moved, lastFixed: "2026-12-03" }, context)).toBe("2026-12-08");
    expect(rhythmAnchor({ ...moved, lastFixed: null }, context)).toBe("2026-12-01");
  });

  it("keeps the weeks of the old rhythm on a new weekday, and starts its own on a new frequency", () => {
    // Fortnightly from Thursday 26 November: its weeks are those of 26 Nov, 10 Dec, 24 Dec...
    const fortnightly = { weekday: 2 as const, frequency: "fortnightly" as const, notBefore: "2026-12-01" };
    expect(rhythmAnchor({ ...fortnightly, lastFixed: null, keepWeeksOf: "2026-11-26" }, context)).toBe("2026-12-08");
    expect(rhythmAnchor({ ...fortnightly, lastFixed: null, keepWeeksOf: null }, context)).toBe("2026-12-01");
  });

  it("moves the first reached week's box to an earlier new weekday while that day's cut-off is ahead", () => {
    // Weekly, then fortnightly, on Thursdays: Thursday 3 December is the first delivery a change reaches.
    const toTuesday = { weekday: 2 as const, notBefore: "2026-12-03", lastFixed: null, keepWeeksOf: "2026-12-03" };
    expect(rhythmAnchor({ ...toTuesday, frequency: "weekly" }, context)).toBe("2026-12-01");
    // Not a fortnight later: that would leave the customer three weeks without a box.
    expect(rhythmAnchor({ ...toTuesday, frequency: "fortnightly" }, context)).toBe("2026-12-01");
    // Tuesday 1 December closed on the 27th: that week has no box on the new day, the next one has.
    const late = { ...context, now: at("2026-11-27T23:30:00Z") };
    expect(rhythmAnchor({ ...toTuesday, frequency: "weekly" }, late)).toBe("2026-12-08");
    // A box that comes anyway earlier in that week (Monday 30 November, ordered): none on the new day.
    expect(rhythmAnchor({ ...toTuesday, frequency: "weekly", lastFixed: "2026-11-30" }, context)).toBe("2026-12-08");
  });

  it("passes over a day whose cut-off has come", () => {
    const late = { ...context, now: at("2026-11-27T23:30:00Z") };
    const weekly = { weekday: 2 as const, frequency: "weekly" as const, lastFixed: null, keepWeeksOf: null };
    expect(rhythmAnchor({ ...weekly, notBefore: "2026-11-30" }, late)).toBe("2026-12-08");
  });
});
