import type { Core } from "@strapi/strapi";
import type { AreaInterestBody, CoverageAnswer, DeliveryAreasAnswer, DeliveryCalendar } from "@shop/contracts";
import {
  cutoffOf,
  eurosToCents,
  isDeliveryDateOffered,
  offeredDeliveryDates,
  offeredSlots,
  parsePostcodeRanges,
  shiftIsoDate,
  shopDateOf,
  zoneForPostcode,
  type ClosedDay,
  type DeliveryZone,
  type IsoDate,
  type IsoWeekday,
  type TimeSlot,
} from "@shop/domain";
import { OrderError } from "../ordering/errors";
import { takeMailAllowance } from "../rate-limits/rate-limits";
import { placesTaken } from "./slot-places";
import { CONTENT_TYPES } from "../content-types";
import { keptRead } from "../content-changes/kept-reads";

/**
 * Delivery zones and closed days as staff keep them (api::delivery), turned into the domain's
 * DeliveryZone and ClosedDay (@shop/domain, delivery.ts), which decide coverage, dates, cut-offs
 * and slots. Kept by each CMS process until staff's next change (docs/decisions/055).
 */

/** The zone's weekday checkboxes, Monday (ISO 1) first. */
export const WEEKDAY_FIELDS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

interface SlotRow {
  code: string;
  start: string;
  end: string;
  capacity: number | null;
}

type ZoneRow = {
  id: number;
  name: string;
  postcodes: string;
  slots?: SlotRow[];
  shippingFee: number | string;
  freeShippingFrom: number | string | null;
  cutoffWorkingDaysBefore: number;
  cutoffTime: string;
  active: boolean;
} & Record<(typeof WEEKDAY_FIELDS)[number], boolean | null>;

/** "09:00:00.000" (Strapi's time field; PostgreSQL answers "09:00:00") as the domain's "09:00". */
export const clockOf = (time: string): string => time.slice(0, 5);

function toTimeSlot(row: SlotRow): TimeSlot {
  return { code: row.code, start: clockOf(row.start), end: clockOf(row.end), capacity: row.capacity ?? null };
}

/** The zone as the domain reads it; throws on postcodes that staff's checks should have refused. */
export function toDeliveryZone(row: ZoneRow): DeliveryZone {
  return {
    id: row.id,
    name: row.name,
    postcodes: parsePostcodeRanges(row.postcodes),
    weekdays: WEEKDAY_FIELDS.flatMap((field, index) => (row[field] === true ? [(index + 1) as IsoWeekday] : [])),
    slots: (row.slots ?? []).map(toTimeSlot),
    shippingFee: eurosToCents(row.shippingFee),
    freeShippingFrom:
      row.freeShippingFrom === null || row.freeShippingFrom === undefined ? null : eurosToCents(row.freeShippingFrom),
    cutoff: { workingDaysBefore: row.cutoffWorkingDaysBefore, time: clockOf(row.cutoffTime) },
  };
}

/**
 * The active zones, oldest first (the first of two overlapping zones wins, as zoneForPostcode says),
 * kept by this process until staff's next change (docs/decisions/055): every draft step and
 * placement asks for them.
 */
export const loadZones = (strapi: Core.Strapi): Promise<readonly DeliveryZone[]> => keptZones(strapi, "active");

const keptZones = keptRead(async (strapi: Core.Strapi, _active: "active"): Promise<readonly DeliveryZone[]> => {
  const rows = (await strapi.db.query(CONTENT_TYPES.deliveryZone).findMany({
    where: { active: true },
    populate: { slots: true },
    orderBy: { id: "asc" },
  })) as ZoneRow[];
  const zones: DeliveryZone[] = [];
  for (const row of rows) {
    try {
      zones.push(toDeliveryZone(row));
    } catch (error) {
      // A zone written around the admin panel's checks: the others still deliver.
      strapi.log.error(
        `Delivery zone ${row.id} is unusable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return zones;
});

/** Closed days from `from` on (earlier ones decide nothing that is still open), kept as the zones are. */
export const loadClosedDays = keptRead(async (strapi: Core.Strapi, from: IsoDate): Promise<readonly ClosedDay[]> => {
  const rows = (await strapi.db.query(CONTENT_TYPES.closedDay).findMany({
    where: { date: { $gte: from } },
    populate: { zone: { select: ["id"] } },
  })) as { date: string; zone: { id: number } | null }[];
  return rows.map((row) => ({ date: String(row.date).slice(0, 10), zoneId: row.zone?.id ?? null }));
});

/** What the calendar of a zone needs at `now`: the zone and the closed days that can still matter. */
export interface DeliveryRules {
  zone: DeliveryZone;
  closedDays: readonly ClosedDay[];
}

/** The zone of a postcode and its closed days, or null when no active zone takes it. */
export async function rulesForPostcode(
  strapi: Core.Strapi,
  postcode: string,
  now: Date,
): Promise<DeliveryRules | null> {
  const zone = zoneForPostcode(await loadZones(strapi), postcode);
  if (!zone) return null;
  // From yesterday in Madrid: a cut-off counted back through an earlier day is past anyway.
  return { zone, closedDays: await loadClosedDays(strapi, shiftIsoDate(shopDateOf(now), -1)) };
}

export async function coverage(strapi: Core.Strapi, postcode: string): Promise<CoverageAnswer> {
  const zone = zoneForPostcode(await loadZones(strapi), postcode);
  if (!zone) return { covered: false };
  return {
    covered: true,
    zone: { name: zone.name, shippingFee: zone.shippingFee, freeShippingFrom: zone.freeShippingFrom },
  };
}

/** Every active zone as customers are told it (GET /delivery/areas): no ids, slots or capacities. */
export async function deliveryAreas(strapi: Core.Strapi): Promise<DeliveryAreasAnswer> {
  const zones = await loadZones(strapi);
  return {
    areas: zones.map((zone) => ({
      name: zone.name,
      postcodes: zone.postcodes.map(({ from, to }) => ({ from, to })),
      weekdays: [...zone.weekdays],
      shippingFee: zone.shippingFee,
      freeShippingFrom: zone.freeShippingFrom,
      cutoff: { workingDaysBefore: zone.cutoff.workingDaysBefore, time: zone.cutoff.time },
    })),
  };
}

/** The dates a postcode may still choose, each with its slots that have places left; 400 not_covered. */
export async function deliveryCalendar(strapi: Core.Strapi, postcode: string, now: Date): Promise<DeliveryCalendar> {
  const rules = await rulesForPostcode(strapi, postcode, now);
  if (!rules) throw new OrderError("not_covered", ["postcode"]);
  const { zone, closedDays } = rules;
  const dates = offeredDeliveryDates(zone, { now, closedDays });
  const taken = await placesTaken(strapi, zone.id, dates);
  return {
    zone: { id: zone.id, name: zone.name },
    dates: dates
      .map((date) => ({
        date,
        cutoff: cutoffOf(zone, date, closedDays).toISOString(),
        slots: offeredSlots(zone, taken[date] ?? {}).map(({ code, start, end, remaining }) => ({
          code,
          start,
          end,
          remaining,
        })),
      }))
      .filter((day) => day.slots.length > 0),
  };
}

/**
 * Checks a chosen date and slot against the zone at `now`: 400 date_not_offered or slot_unknown at
 * `path`. Whether the slot still has a place is the conditional update's to say, when the order is
 * placed (a draft only shows slot_full when the slot is already full).
 */
export function checkDeliveryChoice(
  { zone, closedDays }: DeliveryRules,
  choice: { date: IsoDate; slot: string },
  { now, path }: { now: Date; path: readonly (string | number)[] },
): TimeSlot {
  if (!isDeliveryDateOffered(zone, choice.date, { now, closedDays })) {
    throw new OrderError("date_not_offered", [...path, "date"]);
  }
  const slot = zone.slots.find((each) => each.code === choice.slot);
  if (!slot) throw new OrderError("slot_unknown", [...path, "slot"]);
  return slot;
}

/**
 * "Tell me when you reach my area": kept with the consent text shown, once per address and postcode
 * (asking again renews the wording and language). Counted against the client's and the address's
 * allowances as a newsletter request is, so nobody fills the table.
 */
export async function registerAreaInterest(
  strapi: Core.Strapi,
  body: AreaInterestBody,
  clientAddress: string,
): Promise<void> {
  await takeMailAllowance("area-interest", body.email, clientAddress);
  const interests = strapi.db.query(CONTENT_TYPES.areaInterest);
  const known = (await interests.findOne({ where: { email: body.email, postcode: body.postcode } })) as {
    id: number;
  } | null;
  if (known) await interests.update({ where: { id: known.id }, data: { locale: body.locale, wording: body.wording } });
  else await interests.create({ data: body });
}
