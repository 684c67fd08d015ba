import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cutoffOf,
  type DeliveryZone,
  InvalidPostcodeRangesError,
  isClockTime,
  isDeliveryDateOffered,
  isIsoDate,
  isoWeekdayOf,
  ISO_WEEKDAYS,
  normalizePostcode,
  offeredDeliveryDates,
  offeredSlots,
  parsePostcodeRanges,
  shiftIsoDate,
  shippingFeeFor,
  shopDateOf,
  zoneForPostcode,
} from "./delivery";

/** Barcelona: Tuesday and Thursday rounds, orders close two working days before at 23:59. */
function zone(overrides: Partial<DeliveryZone> = {}): DeliveryZone {
  return {
    id: 1,
    name: "Barcelona",
    postcodes: parsePostcodeRanges("08001-08042"),
    weekdays: [2, 4],
    slots: [
      { code: "morning", start: "09:00", end: "14:00", capacity: 20 },
      { code: "afternoon", start: "16:00", end: "21:00", capacity: null },
    ],
    shippingFee: 495,
    freeShippingFrom: 5000,
    cutoff: { workingDaysBefore: 2, time: "23:59" },
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe("calendar days in Madrid", () => {
  it("accepts real days only", () => {
    expect(isIsoDate("2026-11-25")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-1-5")).toBe(false);
    expect(isIsoDate("2026-11-25T00:00")).toBe(false);
    expect(isIsoDate(20261125)).toBe(false);
  });

  it("tells the day of an instant by Madrid's clock, in winter and in summer", () => {
    expect(shopDateOf(at("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
    expect(shopDateOf(at("2026-12-31T23:00:00Z"))).toBe("2027-01-01"); // UTC+1
    expect(shopDateOf(at("2026-06-30T21:59:59Z"))).toBe("2026-06-30");
    expect(shopDateOf(at("2026-06-30T22:00:00Z"))).toBe("2026-07-01"); // UTC+2
    expect(shopDateOf(at("2026-03-28T23:30:00Z"))).toBe("2026-03-29");
    expect(shopDateOf(at("2026-10-24T22:30:00Z"))).toBe("2026-10-25");
  });

  it("moves by whole days across months, years and clock changes", () => {
    expect(shiftIsoDate("2026-01-31", 1)).toBe("2026-02-01");
    expect(shiftIsoDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftIsoDate("2027-01-01", -1)).toBe("2026-12-31");
    expect(shiftIsoDate("2026-03-28", 1)).toBe("2026-03-29");
    expect(shiftIsoDate("2026-03-29", 1)).toBe("2026-03-30"); // a 23-hour day
    expect(shiftIsoDate("2026-10-25", 1)).toBe("2026-10-26"); // a 25-hour day
    expect(shiftIsoDate("2026-10-26", -2)).toBe("2026-10-24");
  });

  it("numbers weekdays from Monday 1 to Sunday 7", () => {
    expect(isoWeekdayOf("2026-11-23")).toBe(1);
    expect(isoWeekdayOf("2026-11-25")).toBe(3);
    expect(isoWeekdayOf("2026-03-29")).toBe(7);
  });

  it("goes back where it came from, and moves the weekday by the days shifted", () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((offset) => shiftIsoDate("2024-01-01", offset));
    fc.assert(
      fc.property(day, fc.integer({ min: -400, max: 400 }), (date, days) => {
        const shifted = shiftIsoDate(date, days);
        expect(isIsoDate(shifted)).toBe(true);
        expect(shiftIsoDate(shifted, -days)).toBe(date);
        expect(Math.sign(shifted.localeCompare(date))).toBe(Math.sign(days));
        expect((isoWeekdayOf(date) - 1 + ((days % 7) + 7)) % 7).toBe(isoWeekdayOf(shifted) - 1);
      }),
    );
  });

  it("reads clock times of 24 hours", () => {
    expect(isClockTime("00:00")).toBe(true);
    expect(isClockTime("23:59")).toBe(true);
    expect(isClockTime("24:00")).toBe(false);
    expect(isClockTime("9:00")).toBe(false);
    expect(isClockTime("09:60")).toBe(false);
  });
});

describe("postcodes", () => {
  it("keeps Spanish codes as five digits and Portuguese ones with their hyphen", () => {
    expect(normalizePostcode(" 08001 ")).toBe("08001");
    expect(normalizePostcode("08 001")).toBe("08001");
    expect(normalizePostcode("52006")).toBe("52006");
    expect(normalizePostcode("1100-053")).toBe("1100-053");
    expect(normalizePostcode("1100053")).toBe("1100-053");
    expect(normalizePostcode("1100 053")).toBe("1100-053");
  });

  it("refuses what is neither", () => {
    expect(normalizePostcode("53001")).toBeNull(); // no province 53
    expect(normalizePostcode("00123")).toBeNull();
    expect(normalizePostcode("8001")).toBeNull();
    expect(normalizePostcode("080011")).toBeNull();
    expect(normalizePostcode("1100-53")).toBeNull();
    expect(normalizePostcode("")).toBeNull();
    expect(normalizePostcode("08001a")).toBeNull();
  });

  it("parses staff's lists of codes and ranges", () => {
    expect(parsePostcodeRanges("08001-08099, 08100\n08201")).toEqual([
      { from: "08001", to: "08099" },
      { from: "08100", to: "08100" },
      { from: "08201", to: "08201" },
    ]);
    expect(parsePostcodeRanges(" 28001 - 28055 ;\r\n\n 1000-001-1999-999, 4000-100 ")).toEqual([
      { from: "28001", to: "28055" },
      { from: "1000-001", to: "1999-999" },
      { from: "4000-100", to: "4000-100" },
    ]);
    expect(parsePostcodeRanges("  \n ")).toEqual([]);
  });

  it("names the token it cannot read", () => {
    const refusal = (text: string) => {
      try {
        parsePostcodeRanges(text);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidPostcodeRangesError);
        return (error as InvalidPostcodeRangesError).token;
      }
      throw new Error(`accepted ${text}`);
    };
    expect(refusal("08001, 0800x")).toBe("0800x");
    expect(refusal("08099-08001")).toBe("08099-08001"); // backwards
    expect(refusal("08001-1000-001")).toBe("08001-1000-001"); // two countries
    expect(refusal("08001-08099-08100")).toBe("08001-08099-08100");
    expect(refusal("99000")).toBe("99000");
  });

  it("finds the zone of a postcode, the first when staff made two overlap", () => {
    const barcelona = zone();
    const lisbon = zone({ id: 2, name: "Lisboa", postcodes: parsePostcodeRanges("1000-001-1999-999") });
    const catalonia = zone({ id: 3, name: "Catalunya", postcodes: parsePostcodeRanges("08000-08999, 17001") });
    const zones = [barcelona, lisbon, catalonia];
    expect(zoneForPostcode(zones, "08001")?.id).toBe(1);
    expect(zoneForPostcode(zones, "08042")?.id).toBe(1);
    expect(zoneForPostcode(zones, "08043")?.id).toBe(3);
    expect(zoneForPostcode(zones, " 17 001")?.id).toBe(3);
    expect(zoneForPostcode(zones, "1100053")?.id).toBe(2);
    expect(zoneForPostcode(zones, "28001")).toBeNull();
    expect(zoneForPostcode(zones, "not a postcode")).toBeNull();
  });

  it("never matches a Spanish code with a Portuguese range of the same digits", () => {
    const portugal = zone({ postcodes: [{ from: "1000-000", to: "9999-999" }] });
    expect(zoneForPostcode([portugal], "10000")).toBeNull();
    expect(zoneForPostcode([zone({ postcodes: [{ from: "01000", to: "52999" }] })], "1234-567")).toBeNull();
  });
});

describe("cutoffOf", () => {
  it("closes two working days before at 23:59 Madrid time, which is 22:59 UTC in winter", () => {
    expect(cutoffOf(zone(), "2026-11-25", [])).toEqual(at("2026-11-23T22:59:00Z")); // Wednesday -> Monday
  });

  it("is 21:59 UTC in summer", () => {
    expect(cutoffOf(zone(), "2026-07-01", [])).toEqual(at("2026-06-29T21:59:00Z"));
  });

  it("skips the weekend", () => {
    expect(cutoffOf(zone(), "2026-11-30", [])).toEqual(at("2026-11-26T22:59:00Z")); // Monday -> Thursday
  });

  it("skips a weekend and holidays, of this zone and of every zone", () => {
    const closed = [
      { date: "2026-12-08", zoneId: null }, // Immaculate Conception, everywhere
      { date: "2026-12-07", zoneId: 1 }, // this zone's own closed day
    ];
    // Wednesday 9: Tuesday and Monday are closed, the weekend does not count: Friday 4 and Thursday 3.
    expect(cutoffOf(zone(), "2026-12-09", closed)).toEqual(at("2026-12-03T22:59:00Z"));
  });

  it("ignores the closed days of other zones", () => {
    expect(cutoffOf(zone(), "2026-12-09", [{ date: "2026-12-08", zoneId: 2 }])).toEqual(at("2026-12-07T22:59:00Z"));
  });

  it("crosses a year end", () => {
    const closed = [{ date: "2027-01-01", zoneId: null }];
    expect(cutoffOf(zone(), "2027-01-05", closed)).toEqual(at("2026-12-31T22:59:00Z")); // Mon 4, (Fri 1 closed), Thu 31
  });

  it("crosses the spring and autumn clock changes (last Sundays of March and October)", () => {
    // Tuesday 31 March: Monday 30 (summer time), then Friday 27 (still winter time).
    expect(cutoffOf(zone(), "2026-03-31", [])).toEqual(at("2026-03-27T22:59:00Z"));
    expect(cutoffOf(zone(), "2026-04-01", [])).toEqual(at("2026-03-30T21:59:00Z"));
    // Tuesday 27 October: Monday 26 (winter time), Friday 23 (summer time).
    expect(cutoffOf(zone(), "2026-10-27", [])).toEqual(at("2026-10-23T21:59:00Z"));
    expect(cutoffOf(zone(), "2026-10-28", [])).toEqual(at("2026-10-26T22:59:00Z"));
  });

  it("puts a clock time the spring change skips after the change", () => {
    const sameDay = zone({ weekdays: [7], cutoff: { workingDaysBefore: 0, time: "02:30" } });
    expect(cutoffOf(sameDay, "2026-03-29", [])).toEqual(at("2026-03-29T01:30:00Z")); // 03:30 summer time
  });

  it("with no working days before, closes on the delivery day itself", () => {
    const sameDay = zone({ cutoff: { workingDaysBefore: 0, time: "08:00" } });
    expect(cutoffOf(sameDay, "2026-11-26", [])).toEqual(at("2026-11-26T07:00:00Z"));
  });

  it("refuses a zone whose cut-off cannot be read", () => {
    expect(() => cutoffOf(zone({ cutoff: { workingDaysBefore: 2, time: "24:00" } }), "2026-11-26", [])).toThrow(
      RangeError,
    );
    expect(() => cutoffOf(zone({ cutoff: { workingDaysBefore: -1, time: "23:59" } }), "2026-11-26", [])).toThrow(
      RangeError,
    );
    expect(() => cutoffOf(zone({ cutoff: { workingDaysBefore: 31, time: "23:59" } }), "2026-11-26", [])).toThrow(
      RangeError,
    );
    expect(() => cutoffOf(zone(), "2026-11-31", [])).toThrow(/calendar date/);
  });
});

describe("isDeliveryDateOffered", () => {
  const closedDays = [{ date: "2026-12-08", zoneId: null }];

  it("offers a delivery weekday until its cut-off, by Madrid's clock rather than UTC's", () => {
    expect(isDeliveryDateOffered(zone(), "2026-11-26", { now: at("2026-11-24T22:58:59Z"), closedDays })).toBe(true);
    expect(isDeliveryDateOffered(zone(), "2026-11-26", { now: at("2026-11-24T22:59:00Z"), closedDays })).toBe(false);
    // 23:30 UTC is still Tuesday in London, but already Wednesday in Madrid: too late.
    expect(isDeliveryDateOffered(zone(), "2026-11-26", { now: at("2026-11-24T23:30:00Z"), closedDays })).toBe(false);
  });

  it("refuses other weekdays, closed days, past days, days past the horizon and non-dates", () => {
    const now = at("2026-11-23T10:00:00Z");
    expect(isDeliveryDateOffered(zone(), "2026-11-27", { now, closedDays })).toBe(false); // a Friday
    expect(isDeliveryDateOffered(zone(), "2026-12-08", { now, closedDays })).toBe(false); // closed Tuesday
    expect(isDeliveryDateOffered(zone(), "2026-11-19", { now, closedDays })).toBe(false); // last week
    expect(isDeliveryDateOffered(zone(), "2026-12-17", { now, closedDays })).toBe(true); // 24 days on
    expect(isDeliveryDateOffered(zone(), "2026-12-22", { now, closedDays })).toBe(false); // 29 days on
    expect(isDeliveryDateOffered(zone(), "2026-12-22", { now, closedDays, horizonDays: 29 })).toBe(true);
    expect(isDeliveryDateOffered(zone(), "2026-13-01", { now, closedDays })).toBe(false);
    expect(isDeliveryDateOffered(zone(), "", { now, closedDays })).toBe(false);
  });
});

describe("offeredDeliveryDates", () => {
  it("lists the next four weeks of rounds, earliest first", () => {
    const dates = offeredDeliveryDates(zone(), { now: at("2026-11-23T10:00:00Z"), closedDays: [] });
    expect(dates).toEqual([
      "2026-11-26", // Tuesday 24 closed on Friday 20
      "2026-12-01",
      "2026-12-03",
      "2026-12-08",
      "2026-12-10",
      "2026-12-15",
      "2026-12-17",
    ]);
  });

  it("leaves out Christmas and New Year across the year end, and moves their cut-offs earlier", () => {
    const closedDays = [
      { date: "2026-12-24", zoneId: null },
      { date: "2026-12-25", zoneId: null },
      { date: "2026-12-31", zoneId: null },
      { date: "2027-01-01", zoneId: null },
    ];
    const thursdays = zone({ weekdays: [4] });
    expect(offeredDeliveryDates(thursdays, { now: at("2026-12-20T12:00:00Z"), closedDays, horizonDays: 21 })).toEqual([
      "2027-01-07",
    ]);
    // Thursday 7 January closes on Tuesday 5 at 23:59: Wednesday 6 and Tuesday 5 are working days here.
    expect(cutoffOf(thursdays, "2027-01-07", closedDays)).toEqual(at("2027-01-05T22:59:00Z"));
  });

  it("offers nothing to a zone without weekdays", () => {
    expect(offeredDeliveryDates(zone({ weekdays: [] }), { now: at("2026-11-23T10:00:00Z"), closedDays: [] })).toEqual(
      [],
    );
  });

  const instant = fc
    .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) })
    .map((milliseconds) => new Date(milliseconds));
  const weekdays = fc.subarray([...ISO_WEEKDAYS], { minLength: 1 });
  const cutoff = fc.record({
    workingDaysBefore: fc.integer({ min: 0, max: 5 }),
    time: fc.constantFrom("00:00", "08:30", "12:00", "23:59"),
  });
  const closedNear = (now: Date) =>
    fc.array(
      fc.record({
        date: fc.integer({ min: -10, max: 30 }).map((offset) => shiftIsoDate(shopDateOf(now), offset)),
        zoneId: fc.constantFrom(null, 1, 2),
      }),
      { maxLength: 8 },
    );
  const scenario = instant.chain((now) =>
    fc.record({ now: fc.constant(now), weekdays, cutoff, closedDays: closedNear(now) }),
  );

  it("offers only delivery weekdays, not closed, within the horizon and before their cut-off", () => {
    fc.assert(
      fc.property(scenario, ({ now, weekdays, cutoff, closedDays }) => {
        const subject = zone({ weekdays, cutoff });
        const dates = offeredDeliveryDates(subject, { now, closedDays });
        const today = shopDateOf(now);
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(dates.length);
        for (const date of dates) {
          expect(weekdays).toContain(isoWeekdayOf(date));
          expect(closedDays.some((closed) => closed.date === date && closed.zoneId !== 2)).toBe(false);
          expect(date >= today && date <= shiftIsoDate(today, 28)).toBe(true);
          expect(cutoffOf(subject, date, closedDays).getTime()).toBeGreaterThan(now.getTime());
        }
      }),
    );
  });

  it("counts exactly the zone's working days between the cut-off and the delivery", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 40 }), ({ now, cutoff, closedDays }, offset) => {
        const subject = zone({ cutoff });
        const delivery = shiftIsoDate(shopDateOf(now), offset);
        const cutoffDay = shopDateOf(cutoffOf(subject, delivery, closedDays));
        const isWorking = (date: string) =>
          isoWeekdayOf(date) <= 5 && !closedDays.some((closed) => closed.date === date && closed.zoneId !== 2);
        if (cutoff.workingDaysBefore === 0) {
          expect(cutoffDay).toBe(delivery);
          return;
        }
        expect(isWorking(cutoffDay)).toBe(true);
        let between = 0;
        for (let day = shiftIsoDate(cutoffDay, 1); day < delivery; day = shiftIsoDate(day, 1)) {
          if (isWorking(day)) between++;
        }
        expect(between).toBe(cutoff.workingDaysBefore - 1);
      }),
    );
  });

  it("never closes a later delivery before an earlier one", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 30 }), ({ now, cutoff, closedDays }, offset) => {
        const subject = zone({ cutoff });
        const earlier = shiftIsoDate(shopDateOf(now), offset);
        const later = shiftIsoDate(earlier, 1);
        expect(cutoffOf(subject, later, closedDays).getTime()).toBeGreaterThanOrEqual(
          cutoffOf(subject, earlier, closedDays).getTime(),
        );
      }),
    );
  });
});

describe("offeredSlots", () => {
  it("counts the places left and leaves full slots out", () => {
    expect(offeredSlots(zone(), {})).toEqual([
      { code: "morning", start: "09:00", end: "14:00", capacity: 20, remaining: 20 },
      { code: "afternoon", start: "16:00", end: "21:00", capacity: null, remaining: null },
    ]);
    expect(offeredSlots(zone(), { morning: 19, afternoon: 500 }).map((slot) => slot.remaining)).toEqual([1, null]);
    expect(offeredSlots(zone(), { morning: 20 }).map((slot) => slot.code)).toEqual(["afternoon"]);
    expect(offeredSlots(zone(), { morning: 25 }).map((slot) => slot.code)).toEqual(["afternoon"]);
  });

  it("reads only the counts it was given", () => {
    const odd = zone({ slots: [{ code: "constructor", start: "09:00", end: "12:00", capacity: 3 }] });
    expect(offeredSlots(odd, {})).toEqual([{ ...odd.slots[0], remaining: 3 }]);
  });
});

describe("shippingFeeFor", () => {
  it("charges the fee below the threshold and nothing from it", () => {
    expect(shippingFeeFor(zone(), 4999)).toBe(495);
    expect(shippingFeeFor(zone(), 5000)).toBe(0);
    expect(shippingFeeFor(zone({ freeShippingFrom: null }), 1_000_000)).toBe(495);
    expect(shippingFeeFor(zone({ freeShippingFrom: 0 }), 0)).toBe(0);
  });
});
