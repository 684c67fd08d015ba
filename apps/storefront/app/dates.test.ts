import { describe, expect, it } from "vitest";
import { dateTime, longDate, weekDates } from "./dates";

describe("weekDates", () => {
  it("names a week's seven days in each language", () => {
    expect(weekDates("2026-11-16", "es")).toBe("16–22 de noviembre de 2026");
    expect(weekDates("2026-11-16", "ca")).toBe("16–22 de novembre del 2026");
    expect(weekDates("2026-11-16", "pt")).toBe("16–22 de novembro de 2026");
  });

  it("names both months, and both years, when the week crosses them", () => {
    // ICU puts thin spaces around the dash.
    const spaced = (value: string | null) => value?.replace(/\s/g, " ");
    expect(spaced(weekDates("2026-11-30", "es"))).toBe("30 de noviembre – 6 de diciembre de 2026");
    expect(spaced(weekDates("2026-12-28", "pt"))).toBe("28 de dezembro de 2026 – 3 de janeiro de 2027");
  });

  it("says nothing for what is not a calendar day", () => {
    expect(weekDates("next week", "es")).toBeNull();
    expect(weekDates("2026-13-45", "es")).toBeNull();
  });
});

describe("longDate", () => {
  it("names a day in the page's language, whatever the server's time zone", () => {
    expect(longDate("2026-10-31", "es")).toBe("31 de octubre de 2026");
    expect(longDate("2026-10-31", "ca")).toBe("31 d’octubre del 2026");
    expect(longDate("2026-10-31", "pt")).toBe("31 de outubro de 2026");
    expect(longDate("", "pt")).toBeNull();
  });
});

describe("dateTime", () => {
  it("tells a moment in the clock of the page's language, zone named", () => {
    expect(dateTime("2026-03-03T13:05:00.000Z", "es")).toBe("3 de marzo de 2026 a las 14:05 CET");
    expect(dateTime("2026-07-03T13:05:00Z", "ca")).toBe("3 de juliol del 2026, a les 15:05 CEST");
    expect(dateTime("2026-03-03T13:05:00Z", "pt")).toBe("3 de março de 2026 às 13:05 WET");
  });

  it("says nothing for what is not a timestamp", () => {
    expect(dateTime("2026-03-03", "es")).toBeNull();
    expect(dateTime("2026-02-31T99:00:00Z", "es")).toBeNull();
  });
});
