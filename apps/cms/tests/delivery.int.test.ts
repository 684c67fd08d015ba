import { coverageAnswerSchema, deliveryCalendarSchema } from "@shop/contracts";
import { cutoffOf, isoWeekdayOf, shiftIsoDate, shopDateOf } from "@shop/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../src/env";
import { seedDemoDelivery } from "../src/seed/delivery";
import { send } from "./helpers/accounts";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { createZone } from "./helpers/ordering";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// Delivery zones, closed days and the calendar as the new-order flow asks for them
// (docs/decisions/015), staff's checks on what they type in the admin panel, and the demo's rules.
let app: TestStrapi;
let staff: Record<string, string>;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
  const { demo } = parseEnv(process.env);
  const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
    email: demo.email,
    password: demo.password,
  });
  staff = { authorization: `Bearer ${login.body.data.token}` };
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const coverage = async (postcode: string) => getJson(`${app.api}/delivery/coverage?postcode=${postcode}`);
const calendar = async (postcode: string) =>
  deliveryCalendarSchema.parse((await getJson(`${app.api}/delivery/calendar?postcode=${postcode}`)).body);

describe("coverage", () => {
  beforeAll(async () => {
    await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099, 46100", fee: 3.5, freeFrom: 45 });
    await createZone(app.strapi, { name: "Porto", postcodes: "4000-001-4099-999", fee: 6, freeFrom: null });
    const closed = await createZone(app.strapi, { name: "Alicante", postcodes: "03001-03099" });
    await app.strapi.db.query(CONTENT_TYPES.deliveryZone).update({ where: { id: closed.id }, data: { active: false } });
  });

  it("names the zone with its fee and free-shipping threshold in cents", async () => {
    expect(coverageAnswerSchema.parse((await coverage("46100")).body)).toEqual({
      covered: true,
      zone: { name: "Valencia", shippingFee: 350, freeShippingFrom: 4500 },
    });
    // Portuguese postcodes, with or without their hyphen.
    expect((await coverage("4050123")).body).toEqual({
      covered: true,
      zone: { name: "Porto", shippingFee: 600, freeShippingFrom: null },
    });
  });

  it("is not covered outside every active zone, and 400 for what is not a postcode", async () => {
    expect((await coverage("46101")).body).toEqual({ covered: false });
    expect((await coverage("03001")).body).toEqual({ covered: false });
    for (const postcode of ["abc", "99999", "", "4"]) {
      const answer = expectErrorShape(await coverage(postcode), 400);
      expect(answer.error.details).toMatchObject({ errors: [{ path: ["postcode"], message: "invalid_postcode" }] });
    }
    expectErrorShape(await getJson(`${app.api}/delivery/coverage`), 400);
    expectErrorShape(await getJson(`${app.api}/delivery/calendar?postcode=41001`), 400);
  });
});

describe("the calendar", () => {
  let zone: { id: number };

  beforeAll(async () => {
    zone = await createZone(app.strapi, {
      name: "Castelló",
      postcodes: "12001-12099",
      slots: [
        ["morning", 2],
        ["afternoon", null],
      ],
    });
    // Tuesdays and Thursdays only.
    await app.strapi.db.query(CONTENT_TYPES.deliveryZone).update({
      where: { id: zone.id },
      data: { monday: false, wednesday: false, friday: false, saturday: false, sunday: false },
    });
  });

  it("offers the zone's weekdays before their cut-off, with each slot's places left", async () => {
    const { zone: named, dates } = await calendar("12001");
    // The zone's id too: the box step offers a seasonal box by the zones it is sold in (decision 042).
    expect(named).toEqual({ id: zone.id, name: "Castelló" });
    expect(dates.length).toBeGreaterThanOrEqual(7);
    const now = Date.now();
    for (const day of dates) {
      expect([2, 4]).toContain(isoWeekdayOf(day.date));
      expect(new Date(day.cutoff).getTime()).toBeGreaterThan(now);
      expect(day.slots).toEqual([
        { code: "morning", start: "09:00", end: "13:00", remaining: 2 },
        { code: "afternoon", start: "14:00", end: "18:00", remaining: null },
      ]);
    }
    // One working day before, at 23:59 in Madrid.
    const first = dates[0]!;
    const rules = { id: zone.id, cutoff: { workingDaysBefore: 1, time: "23:59" } };
    expect(first.cutoff).toBe(cutoffOf(rules, first.date, []).toISOString());
  });

  it("leaves out closed days (the zone's or everyone's) and full slots", async () => {
    const before = (await calendar("12001")).dates.map((day) => day.date);
    const [first, second, third] = before as [string, string, string];
    const closedDays = app.strapi.documents(CONTENT_TYPES.closedDay as never);
    await closedDays.create({ data: { date: first, reason: "Festivo" } as never });
    await closedDays.create({ data: { date: second, zone: zone.id, reason: "Fiesta local" } as never });
    // Another zone's closed day changes nothing here.
    const other = await createZone(app.strapi, { name: "Otra", postcodes: "12100" });
    await closedDays.create({ data: { date: third, zone: other.id } as never });
    await app.strapi.db.query(CONTENT_TYPES.deliverySlotDay).create({
      data: {
        key: `${zone.id}:${third}:morning`,
        zoneId: zone.id,
        date: third,
        slotCode: "morning",
        capacity: 2,
        taken: 2,
      },
    });

    const after = await calendar("12001");
    const dates = after.dates.map((day) => day.date);
    expect(dates).not.toContain(first);
    expect(dates).not.toContain(second);
    expect(after.dates.find((day) => day.date === third)?.slots.map((slot) => slot.code)).toEqual(["afternoon"]);
  });

  it("looks four weeks ahead", async () => {
    const { dates } = await calendar("12001");
    const horizon = shiftIsoDate(shopDateOf(new Date()), 28);
    expect(dates.every((date) => date.date <= horizon)).toBe(true);
  });
});

describe("area interest", () => {
  const body = { email: "Vecina@Example.com", postcode: "41001", locale: "es", wording: "Avisadme cuando lleguéis." };

  it("keeps the address, postcode, language and wording once per address and postcode", async () => {
    expect((await postJson(`${app.api}/delivery/area-interest`, body)).body).toEqual({ ok: true });
    const again = { ...body, locale: "ca", wording: "Aviseu-me quan arribeu." };
    expect((await postJson(`${app.api}/delivery/area-interest`, again)).status).toBe(200);
    const rows = (await app.strapi.db
      .query(CONTENT_TYPES.areaInterest)
      .findMany({ where: { email: "vecina@example.com" } })) as Record<string, unknown>[];
    expect(rows).toEqual([expect.objectContaining({ postcode: "41001", locale: "ca", wording: again.wording })]);
  });

  it("refuses a body without consent, with a bad address or postcode, or with extra fields", async () => {
    for (const wrong of [
      { ...body, wording: "" },
      { ...body, email: "no" },
      { ...body, postcode: "x" },
      { ...body, subscribed: true },
    ]) {
      expectErrorShape(await postJson(`${app.api}/delivery/area-interest`, wrong), 400);
    }
  });
});

describe("staff's checks in the admin panel", () => {
  const zone = (overrides: Record<string, unknown>) => ({
    name: "Nueva",
    postcodes: "29001-29099",
    tuesday: true,
    slots: [{ code: "morning", start: "09:00:00.000", end: "13:00:00.000", capacity: 10 }],
    shippingFee: 4,
    cutoffWorkingDaysBefore: 2,
    cutoffTime: "23:59:00.000",
    active: true,
    ...overrides,
  });

  it("refuses postcodes that do not parse and slots that end before they start, saying which", async () => {
    const url = `${app.url}/content-manager/collection-types/${CONTENT_TYPES.deliveryZone}`;
    const badPostcodes = await send("POST", url, zone({ postcodes: "29001-29099, 29A00" }), staff);
    expect(badPostcodes.status).toBe(400);
    expect(JSON.stringify(badPostcodes.body)).toContain("29A00");
    const backwards = await send(
      "POST",
      url,
      zone({ slots: [{ code: "late", start: "20:00:00.000", end: "18:00:00.000", capacity: null }] }),
      staff,
    );
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain("late");
    expect((await send("POST", url, zone({}), staff)).status).toBe(201);
  });

  it("keeps coupon codes in capitals, percentages up to 100, and the count of uses out of staff's hands", async () => {
    const url = `${app.url}/content-manager/collection-types/${CONTENT_TYPES.coupon}`;
    const coupon = { code: "verano", kind: "percentage", value: 15, minimumOrder: 0, active: true, timesUsed: 40 };
    const created = await send("POST", url, coupon, staff);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await app.strapi.db.query(CONTENT_TYPES.coupon).findOne({ where: { code: "VERANO" } })).toMatchObject({
      timesUsed: 0,
    });
    const tooMuch = await send("POST", url, { ...coupon, code: "MUCHO", value: 150 }, staff);
    expect(tooMuch.status).toBe(400);
    const backwards = await send(
      "POST",
      url,
      { ...coupon, code: "AL-REVES", validFrom: "2027-02-01T00:00:00.000Z", validUntil: "2027-01-01T00:00:00.000Z" },
      staff,
    );
    expect(backwards.status).toBe(400);
  });
});

describe("the demo's delivery rules", () => {
  it("are written once: three zones, holidays and a welcome coupon", async () => {
    expect(await seedDemoDelivery(app.strapi)).toBe(true);
    expect(await seedDemoDelivery(app.strapi)).toBe(false);
    for (const [postcode, name] of [
      ["08001", "Barcelona"],
      ["28013", "Madrid"],
      ["1100-053", "Lisboa"],
    ] as const) {
      expect(coverageAnswerSchema.parse((await coverage(postcode)).body)).toMatchObject({
        covered: true,
        zone: { name },
      });
      expect((await calendar(postcode)).dates.length).toBeGreaterThan(0);
    }
    expect(await app.strapi.db.query(CONTENT_TYPES.coupon).findOne({ where: { code: "BIENVENIDA10" } })).toMatchObject({
      kind: "percentage",
      active: true,
    });
  });
});
