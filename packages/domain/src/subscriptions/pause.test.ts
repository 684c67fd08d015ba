import { describe, expect, it } from "vitest";
import type { ClosedDay } from "../delivery";
import { MAX_PAUSE_MONTHS, planPause, shiftIsoDateByMonths } from "./pause";
import { deliverySchedule } from "./schedule";

const zone = { id: 1, weekdays: [2, 4] as const, cutoff: { workingDaysBefore: 2, time: "23:59" } };
const holidays: ClosedDay[] = [{ date: "2026-12-08", zoneId: null }];
const weekly = deliverySchedule(
  { frequency: "weekly", weekday: 2, anchor: "2026-12-01" },
  { from: "2026-12-01", zone: { ...zone, weekdays: [2, 4] }, closedDays: holidays },
);
// Before the cut-off of Tuesday 1 December (Friday 27 November, 23:59 in Madrid).
const context = { zone, closedDays: holidays, now: new Date("2026-11-26T12:00:00Z") };
const skippedDates = (plan: ReturnType<typeof planPause>) => (plan.ok ? plan.skipped.map((d) => d.date) : plan);

describe("shiftIsoDateByMonths", () => {
  it("keeps the day of the month, or takes the month's last day", () => {
    expect(shiftIsoDateByMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(shiftIsoDateByMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(shiftIsoDateByMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(shiftIsoDateByMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(shiftIsoDateByMonths("2026-03-31", -1)).toBe("2026-02-28");
  });
});

describe("planPause", () => {
  it("pauses for one or two weeks from the first delivery a change reaches", () => {
    const oneWeek = planPause({ length: "1w" }, weekly, context);
    expect(oneWeek).toMatchObject({ ok: true, pause: { from: "2026-12-01", until: "2026-12-07" } });
    expect(skippedDates(oneWeek)).toEqual(["2026-12-01"]);
    expect(skippedDates(planPause({ length: "2w" }, weekly, context))).toEqual(["2026-12-01", "2026-12-10"]);
  });

  it("starts after a locked delivery, which comes anyway", () => {
    const late = { ...context, now: new Date("2026-11-28T09:00:00Z") };
    const plan = planPause({ length: "1w" }, weekly, late);
    // 8 December moved to Thursday 10: the pause runs from it for seven days.
    expect(plan).toMatchObject({ ok: true, pause: { from: "2026-12-10", until: "2026-12-16" } });
    expect(skippedDates(plan)).toEqual(["2026-12-10", "2026-12-15"]);
  });

  it("pauses for calendar months, across the year", () => {
    const plan = planPause({ length: "1m" }, weekly, context);
    expect(plan).toMatchObject({ ok: true, pause: { from: "2026-12-01", until: "2026-12-31" } });
    expect(skippedDates(plan)).toEqual(["2026-12-01", "2026-12-10", "2026-12-15", "2026-12-22", "2026-12-29"]);
    expect(planPause({ length: "2m" }, weekly, context)).toMatchObject({ pause: { until: "2027-01-31" } });
  });

  it("pauses until a chosen date, that day included", () => {
    const plan = planPause({ until: "2026-12-15" }, weekly, context);
    expect(plan).toMatchObject({ ok: true, pause: { from: "2026-12-01", until: "2026-12-15" } });
    expect(skippedDates(plan)).toEqual(["2026-12-01", "2026-12-10", "2026-12-15"]);
  });

  it("refuses an until-date that is not in the future, too far, or before anything can be skipped", () => {
    expect(planPause({ until: "2026-02-30" }, weekly, context)).toEqual({ ok: false, reason: "invalidDate" });
    expect(planPause({ until: "2026-11-26" }, weekly, context)).toEqual({ ok: false, reason: "untilNotInFuture" });
    const latest = shiftIsoDateByMonths("2026-11-26", MAX_PAUSE_MONTHS);
    expect(latest).toBe("2027-05-26");
    expect(planPause({ until: latest }, weekly, context)).toMatchObject({ ok: true });
    expect(planPause({ until: "2027-05-27" }, weekly, context)).toEqual({
      ok: false,
      reason: "untilTooFar",
      latest: "2027-05-26",
    });
    expect(planPause({ until: "2026-11-30" }, weekly, context)).toEqual({ ok: false, reason: "nothingToSkip" });
    const allLocked = { ...context, now: new Date("2027-03-01T00:00:00Z") };
    expect(planPause({ length: "1w" }, weekly, allLocked)).toEqual({ ok: false, reason: "nothingToSkip" });
  });

  it("tells today by Madrid's clock", () => {
    // 23:30 UTC on 30 November is already 1 December in Madrid.
    const lateEvening = { ...context, now: new Date("2026-11-30T23:30:00Z") };
    expect(planPause({ until: "2026-12-01" }, weekly, lateEvening)).toEqual({
      ok: false,
      reason: "untilNotInFuture",
    });
  });
});
