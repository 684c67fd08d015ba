import { describe, expect, it } from "vitest";
import { inSaleSeason, isMonthDay, purchaseRefusal, saleDates, saleRefusal, type SaleLimits } from "./sale-season";

const limits = (overrides: Partial<SaleLimits> = {}): SaleLimits => ({
  saleFrom: null,
  saleUntil: null,
  saleZoneIds: [],
  ...overrides,
});

describe("isMonthDay", () => {
  it("takes real days of a year, leap day included", () => {
    expect(["01-01", "02-29", "12-31", "04-30"].every(isMonthDay)).toBe(true);
    expect(["02-30", "04-31", "13-01", "00-10", "1-5", "2026-01-01", "", null].some(isMonthDay)).toBe(false);
  });
});

describe("inSaleSeason", () => {
  it("sells all year without days", () => {
    expect(inSaleSeason(limits(), "2026-07-15")).toBe(true);
  });

  it("sells from the first to the last day, both included", () => {
    const calsots = limits({ saleFrom: "01-07", saleUntil: "04-30" });
    expect(inSaleSeason(calsots, "2027-01-06")).toBe(false);
    expect(inSaleSeason(calsots, "2027-01-07")).toBe(true);
    expect(inSaleSeason(calsots, "2027-04-30")).toBe(true);
    expect(inSaleSeason(calsots, "2027-05-01")).toBe(false);
  });

  it("wraps a season around the new year", () => {
    const oranges = limits({ saleFrom: "10-15", saleUntil: "05-31" });
    expect(inSaleSeason(oranges, "2026-10-14")).toBe(false);
    expect(inSaleSeason(oranges, "2026-10-15")).toBe(true);
    expect(inSaleSeason(oranges, "2026-12-31")).toBe(true);
    expect(inSaleSeason(oranges, "2027-01-01")).toBe(true);
    expect(inSaleSeason(oranges, "2027-05-31")).toBe(true);
    expect(inSaleSeason(oranges, "2027-06-01")).toBe(false);
  });

  it("bounds one side only when staff give one day", () => {
    expect(inSaleSeason(limits({ saleFrom: "11-01" }), "2026-10-31")).toBe(false);
    expect(inSaleSeason(limits({ saleFrom: "11-01" }), "2026-12-31")).toBe(true);
    expect(inSaleSeason(limits({ saleUntil: "03-31" }), "2026-01-01")).toBe(true);
    expect(inSaleSeason(limits({ saleUntil: "03-31" }), "2026-04-01")).toBe(false);
  });

  it("ignores a day that is no day (read as no bound, never as a closed season)", () => {
    expect(inSaleSeason(limits({ saleFrom: "02-30", saleUntil: "04-30" }), "2026-01-15")).toBe(true);
  });
});

describe("saleRefusal", () => {
  const catalonia = limits({ saleFrom: "01-07", saleUntil: "04-30", saleZoneIds: [1, 2] });

  it("refuses another zone, whatever the date", () => {
    expect(saleRefusal(catalonia, { zoneId: 3, date: "2027-02-01" })).toBe("not_sold_in_zone");
    expect(saleRefusal(catalonia, { zoneId: 3, date: null })).toBe("not_sold_in_zone");
  });

  it("refuses a date out of season in its zone, and judges only the zone before a date is chosen", () => {
    expect(saleRefusal(catalonia, { zoneId: 2, date: "2027-06-01" })).toBe("out_of_season");
    expect(saleRefusal(catalonia, { zoneId: 2, date: null })).toBeNull();
    expect(saleRefusal(catalonia, { zoneId: 1, date: "2027-02-01" })).toBeNull();
  });

  it("sells a product without limits everywhere, always", () => {
    expect(saleRefusal(limits(), { zoneId: 9, date: "2026-08-15" })).toBeNull();
  });
});

describe("saleDates", () => {
  it("keeps the zone's dates in season; none in another zone", () => {
    const dates = ["2026-12-30", "2027-01-06", "2027-01-07", "2027-01-08"];
    const calsots = limits({ saleFrom: "01-07", saleUntil: "04-30", saleZoneIds: [1] });
    expect(saleDates(calsots, { zoneId: 1, dates })).toEqual(["2027-01-07", "2027-01-08"]);
    expect(saleDates(calsots, { zoneId: 2, dates })).toEqual([]);
  });
});

describe("purchaseRefusal", () => {
  it("refuses a seasonal box in a subscription only", () => {
    expect(purchaseRefusal({ isSeasonal: true }, "subscription")).toBe("once_only");
    expect(purchaseRefusal({ isSeasonal: true }, "once")).toBeNull();
    expect(purchaseRefusal({ isSeasonal: true }, null)).toBeNull();
    expect(purchaseRefusal({ isSeasonal: false }, "subscription")).toBeNull();
  });
});
