import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysBetween, isoWeekdayOf, shiftIsoDate, type ClosedDay, type IsoDate, type IsoWeekday } from "../delivery";
import { FREQUENCIES } from "../order-plan";
import {
  DELIVERIES_AHEAD_WEEKS,
  deliverySchedule,
  InvalidSubscriptionPlanError,
  type ScheduledDelivery,
} from "./schedule";

const tuesdaysAndThursdays = { id: 1, weekdays: [2, 4] as IsoWeekday[] };
const holidays: ClosedDay[] = [
  { date: "2026-12-08", zoneId: null }, // Immaculate Conception, a Tuesday
  { date: "2026-12-25", zoneId: null },
  { date: "2027-01-01", zoneId: null }, // a Friday
];
const datesOf = (deliveries: ScheduledDelivery[]) => deliveries.map((delivery) => delivery.date);

describe("deliverySchedule", () => {
  it("moves a delivery on a holiday to the zone's next open day, and says so", () => {
    const deliveries = deliverySchedule(
      { frequency: "weekly", weekday: 2, anchor: "2026-12-01" },
      { from: "2026-12-01", weeks: 3, zone: tuesdaysAndThursdays, closedDays: holidays },
    );
    expect(deliveries).toEqual([
      { plannedDate: "2026-12-01", date: "2026-12-01", change: "none", paused: false },
      { plannedDate: "2026-12-08", date: "2026-12-10", change: "moved", paused: false },
      { plannedDate: "2026-12-15", date: "2026-12-15", change: "none", paused: false },
    ]);
  });

  it("drops a delivery when no open day comes before the next one (1 January on a Friday-only round)", () => {
    const deliveries = deliverySchedule(
      { frequency: "weekly", weekday: 5, anchor: "2026-12-18" },
      { from: "2026-12-18", weeks: 4, zone: { id: 1, weekdays: [5] }, closedDays: holidays },
    );
    expect(deliveries.map(({ plannedDate, date, change }) => [plannedDate, date, change])).toEqual([
      ["2026-12-18", "2026-12-18", "none"],
      ["2026-12-25", null, "dropped"],
      ["2027-01-01", null, "dropped"],
      ["2027-01-08", "2027-01-08", "none"],
    ]);
  });

  it("moves across the turn of the year when the zone has another round that week", () => {
    const deliveries = deliverySchedule(
      { frequency: "weekly", weekday: 5, anchor: "2026-12-25" },
      { from: "2026-12-21", weeks: 2, zone: { id: 1, weekdays: [2, 5] }, closedDays: holidays },
    );
    expect(datesOf(deliveries)).toEqual(["2026-12-29", "2027-01-05"]);
    expect(deliveries.every((delivery) => delivery.change === "moved")).toBe(true);
  });

  it("uses only the closed days of its own zone or of every zone", () => {
    const deliveries = deliverySchedule(
      { frequency: "weekly", weekday: 2, anchor: "2026-11-03" },
      {
        from: "2026-11-03",
        weeks: 2,
        zone: tuesdaysAndThursdays,
        closedDays: [
          { date: "2026-11-03", zoneId: 2 },
          { date: "2026-11-10", zoneId: 1 },
        ],
      },
    );
    expect(datesOf(deliveries)).toEqual(["2026-11-03", "2026-11-12"]);
  });

  it("plans monthly as every four weeks, on the same weekday, across the year", () => {
    const deliveries = deliverySchedule(
      { frequency: "monthly", weekday: 2, anchor: "2026-11-17" },
      { from: "2026-11-17", weeks: DELIVERIES_AHEAD_WEEKS + 1, zone: tuesdaysAndThursdays, closedDays: [] },
    );
    expect(datesOf(deliveries)).toEqual(["2026-11-17", "2026-12-15", "2027-01-12"]);
  });

  it("keeps a fortnightly rhythm across both clock changes in Madrid", () => {
    const spring = deliverySchedule(
      { frequency: "fortnightly", weekday: 7, anchor: "2026-03-15" },
      { from: "2026-03-20", weeks: 4, zone: { id: 1, weekdays: [7] }, closedDays: [] },
    );
    expect(datesOf(spring)).toEqual(["2026-03-29", "2026-04-12"]);
    const autumn = deliverySchedule(
      { frequency: "weekly", weekday: 7, anchor: "2026-10-18" },
      { from: "2026-10-18", weeks: 2, zone: { id: 1, weekdays: [7] }, closedDays: [] },
    );
    expect(datesOf(autumn)).toEqual(["2026-10-18", "2026-10-25"]);
  });

  it("keeps the anchor's weeks when the weekday changes, and plans nothing before the anchor", () => {
    const deliveries = deliverySchedule(
      { frequency: "fortnightly", weekday: 2, anchor: "2026-12-03" },
      { from: "2026-11-01", weeks: 9, zone: tuesdaysAndThursdays, closedDays: [] },
    );
    // The anchor's week has its Tuesday (1 December) before the anchor: the first is two weeks on.
    expect(datesOf(deliveries)).toEqual(["2026-12-15", "2026-12-29"]);
  });

  it("includes a delivery planned before the window that moved into it", () => {
    const deliveries = deliverySchedule(
      { frequency: "weekly", weekday: 2, anchor: "2026-11-03" },
      { from: "2026-12-09", weeks: 1, zone: tuesdaysAndThursdays, closedDays: holidays },
    );
    expect(deliveries.map(({ plannedDate, date }) => [plannedDate, date])).toEqual([
      ["2026-12-08", "2026-12-10"],
      ["2026-12-15", "2026-12-15"],
    ]);
  });

  it("marks the deliveries inside a pause", () => {
    const deliveries = deliverySchedule(
      { frequency: "weekly", weekday: 2, anchor: "2026-12-01" },
      {
        from: "2026-12-01",
        weeks: 4,
        zone: tuesdaysAndThursdays,
        closedDays: holidays,
        pauses: [{ from: "2026-12-09", until: "2026-12-21" }],
      },
    );
    expect(deliveries.map(({ date, paused }) => [date, paused])).toEqual([
      ["2026-12-01", false],
      ["2026-12-10", true],
      ["2026-12-15", true],
      ["2026-12-22", false],
    ]);
  });

  it("refuses a plan it cannot read", () => {
    const options = { from: "2026-12-01", zone: tuesdaysAndThursdays, closedDays: [] };
    expect(() => deliverySchedule({ frequency: "weekly", weekday: 2, anchor: "2026-02-30" }, options)).toThrow(
      InvalidSubscriptionPlanError,
    );
    expect(() =>
      deliverySchedule({ frequency: "weekly", weekday: 8 as IsoWeekday, anchor: "2026-12-01" }, options),
    ).toThrow(InvalidSubscriptionPlanError);
    expect(() =>
      deliverySchedule({ frequency: "weekly", weekday: 2, anchor: "2026-12-01" }, { ...options, weeks: 1.5 }),
    ).toThrow(InvalidSubscriptionPlanError);
  });
});

const PERIOD = { weekly: 7, fortnightly: 14, monthly: 28 } as const;
const dayIn = (from: IsoDate, days: number) => fc.integer({ min: 0, max: days }).map((n) => shiftIsoDate(from, n));

describe("deliverySchedule, for any plan and calendar", () => {
  const cases = fc.record({
    frequency: fc.constantFrom(...FREQUENCIES),
    weekday: fc.integer({ min: 1, max: 7 }).map((day) => day as IsoWeekday),
    anchor: dayIn("2025-12-01", 800),
    fromOffset: fc.integer({ min: -30, max: 400 }),
    zoneWeekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    closed: fc.uniqueArray(dayIn("2025-11-01", 1300), { maxLength: 60 }),
  });

  it("never repeats a date, never uses a closed day, and keeps the rhythm", () => {
    fc.assert(
      fc.property(cases, ({ frequency, weekday, anchor, fromOffset, zoneWeekdays, closed }) => {
        const from = shiftIsoDate(anchor, fromOffset);
        const zone = { id: 3, weekdays: zoneWeekdays as IsoWeekday[] };
        const closedDays = closed.map((date, index) => ({ date, zoneId: index % 3 === 0 ? 4 : null }));
        const closedHere = new Set(closedDays.filter((day) => day.zoneId === null).map((day) => day.date));
        const deliveries = deliverySchedule({ frequency, weekday, anchor }, { from, zone, closedDays });
        const period = PERIOD[frequency];
        const end = shiftIsoDate(from, DELIVERIES_AHEAD_WEEKS * 7);

        const dates = deliveries.flatMap((delivery) => (delivery.date === null ? [] : [delivery.date]));
        for (let i = 1; i < dates.length; i++) expect(dates[i]! > dates[i - 1]!).toBe(true);
        for (const delivery of deliveries) {
          expect(isoWeekdayOf(delivery.plannedDate)).toBe(weekday);
          expect(delivery.plannedDate < end).toBe(true);
          expect(delivery.plannedDate >= anchor).toBe(true);
          if (delivery.date === null) {
            expect(delivery.plannedDate >= from).toBe(true);
            continue;
          }
          expect(delivery.date >= from).toBe(true);
          expect(closedHere.has(delivery.date)).toBe(false);
          expect(zone.weekdays).toContain(isoWeekdayOf(delivery.date));
          if (delivery.change === "none") expect(delivery.date).toBe(delivery.plannedDate);
          else expect(daysBetween(delivery.plannedDate, delivery.date)).toBeGreaterThan(0);
          expect(daysBetween(delivery.plannedDate, delivery.date)).toBeLessThan(period);
        }
        // Every planned date of the window is accounted for, one period apart.
        const planned = deliveries.map((delivery) => delivery.plannedDate).filter((date) => date >= from);
        for (let i = 1; i < planned.length; i++) expect(daysBetween(planned[i - 1]!, planned[i]!)).toBe(period);
        if (planned.length > 0) {
          expect(shiftIsoDate(planned.at(-1)!, period) >= end).toBe(true);
          const before = shiftIsoDate(planned[0]!, -period);
          expect(before < from || before < anchor).toBe(true);
        }
      }),
    );
  });
});
