import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysBetween, shiftIsoDate, shopDateOf } from "../delivery";
import {
  firstDateAtNewPrice,
  firstDeliveryAtNewPrice,
  lastToldPrice,
  PRICE_NOTICE_DAYS,
  priceForDelivery,
  toldPriceOn,
} from "./price-notice";

const change = (noticeSentAt: Date | null) => ({ oldPrice: 2450, newPrice: 2590, noticeSentAt });

describe("price notices", () => {
  it("applies the new price from the seventh day after the notice", () => {
    const sent = change(new Date("2026-12-01T10:00:00Z"));
    expect(firstDateAtNewPrice(sent.noticeSentAt)).toBe("2026-12-08");
    expect(priceForDelivery(sent, "2026-12-07")).toBe(2450);
    expect(priceForDelivery(sent, "2026-12-08")).toBe(2590);
  });

  it("keeps the old price until the notice is sent", () => {
    expect(priceForDelivery(change(null), "2030-01-01")).toBe(2450);
    expect(firstDeliveryAtNewPrice([{ date: "2030-01-01" }], null)).toBeNull();
  });

  it("counts days in Madrid, across midnight and the clock change", () => {
    // 00:30 in Madrid on 1 December (UTC+1), and on 29 March before the clocks go forward.
    expect(firstDateAtNewPrice(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12-08");
    expect(firstDateAtNewPrice(new Date("2026-03-28T23:30:00Z"))).toBe("2026-04-05");
    // 23:30 in Madrid on 24 December reaches 31 December; a minute past midnight, 1 January.
    expect(firstDateAtNewPrice(new Date("2026-12-24T22:30:00Z"))).toBe("2026-12-31");
    expect(firstDateAtNewPrice(new Date("2026-12-24T23:01:00Z"))).toBe("2027-01-01");
  });

  it("finds the first delivery at the new price, passing over dropped ones", () => {
    const deliveries = [
      { date: "2026-12-15" },
      { date: null },
      { date: "2026-12-03" },
      { date: "2026-12-10" },
      { date: "2026-12-08" },
    ];
    expect(firstDeliveryAtNewPrice(deliveries, new Date("2026-12-01T10:00:00Z"))).toBe(deliveries[4]);
    expect(firstDeliveryAtNewPrice(deliveries, new Date("2026-12-20T10:00:00Z"))).toBeNull();
  });

  it("never charges the new price less than seven days after the notice", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: -30, max: 30 }),
        (sentAt, offset) => {
          const delivery = shiftIsoDate(shopDateOf(sentAt), offset);
          const price = priceForDelivery(change(sentAt), delivery);
          expect(price).toBe(daysBetween(shopDateOf(sentAt), delivery) >= PRICE_NOTICE_DAYS ? 2590 : 2450);
        },
      ),
    );
  });
});

describe("told prices", () => {
  const told = [
    { price: 2450, noticeSentAt: null },
    { price: 2590, noticeSentAt: "2026-12-01T10:00:00.000Z" },
    { price: 2700, noticeSentAt: new Date("2026-12-05T10:00:00Z") },
  ];

  it("charges each notice's price from its own seventh day, a later notice never earlier", () => {
    expect(toldPriceOn(told, "2026-12-07")).toBe(2450);
    expect(toldPriceOn(told, "2026-12-08")).toBe(2590);
    expect(toldPriceOn(told, "2026-12-11")).toBe(2590);
    expect(toldPriceOn(told, "2026-12-12")).toBe(2700);
    expect(lastToldPrice(told)).toBe(2700);
  });

  it("has no price when nothing was told", () => {
    expect(toldPriceOn([], "2026-12-08")).toBeNull();
    expect(lastToldPrice([])).toBeNull();
  });

  it("only ever charges a price told at least seven days before the delivery, or the first one", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 10000 }),
            day: fc.integer({ min: 0, max: 60 }),
          }),
          { maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 80 }),
        (notices, deliveryDay) => {
          const start = new Date("2026-11-01T10:00:00Z");
          const sentAt = (day: number) => new Date(start.getTime() + day * 86_400_000);
          const sorted = [...notices].sort((a, b) => a.day - b.day);
          const steps = [
            { price: 5000, noticeSentAt: null },
            ...sorted.map((each) => ({ price: each.price, noticeSentAt: sentAt(each.day) })),
          ];
          const delivery = shiftIsoDate(shopDateOf(start), deliveryDay);
          const allowed = [
            5000,
            ...sorted.filter((each) => deliveryDay - each.day >= PRICE_NOTICE_DAYS).map((each) => each.price),
          ];
          const price = toldPriceOn(steps, delivery);
          // The latest notice old enough, else the first price.
          expect(price).toBe(allowed.at(-1));
        },
      ),
    );
  });
});
