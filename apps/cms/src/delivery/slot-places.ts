import type { Core } from "@strapi/strapi";
import type { IsoDate } from "@shop/domain";
import { newDocumentId, tableOf, type Sql } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";

/**
 * The places of a delivery slot (docs/decisions/015): one delivery-slot-day row per zone, date and
 * slot, with the count of orders holding a place. A place is taken by one conditional UPDATE
 * (`taken < capacity`), which the database serialises, so two customers racing for the last place
 * cannot both get it, on SQLite as on PostgreSQL; a place is given back the same way.
 */

export const slotKeyOf = (zoneId: number, date: IsoDate, slotCode: string): string => `${zoneId}:${date}:${slotCode}`;

/** Places taken per date and slot code, for the dates of one zone. */
export async function placesTaken(
  strapi: Core.Strapi,
  zoneId: number,
  dates: readonly IsoDate[],
): Promise<Record<IsoDate, Record<string, number>>> {
  if (dates.length === 0) return {};
  const rows = (await strapi.db.query(CONTENT_TYPES.deliverySlotDay).findMany({
    where: { zoneId, date: { $in: [...dates] } },
    select: ["date", "slotCode", "taken"],
  })) as { date: string; slotCode: string; taken: number }[];
  const taken: Record<IsoDate, Record<string, number>> = {};
  for (const row of rows) {
    const date = String(row.date).slice(0, 10);
    (taken[date] ??= {})[row.slotCode] = row.taken;
  }
  return taken;
}

/**
 * Takes one place in a slot on a day, inside the caller's transaction `sql`. `capacity` is the
 * zone's current one (null: no limit), kept on the row for staff. True when the place was taken,
 * false when the slot is full.
 */
export async function takeSlotPlace(
  strapi: Core.Strapi,
  sql: Sql,
  place: {
    zoneId: number;
    date: IsoDate;
    slotCode: string;
    capacity: number | null;
    /** Taken even past `capacity` (a place given back to the order that held it), the capacity kept. */
    beyondCapacity?: boolean;
  },
): Promise<boolean> {
  return takeSlotPlaces(strapi, sql, place, 1);
}

/**
 * Takes `count` places of the slot at once (a page of renewals, docs/decisions/030), all or none:
 * true when they all fit in `capacity`, false (nothing taken) when they do not.
 */
export async function takeSlotPlaces(
  strapi: Core.Strapi,
  sql: Sql,
  place: { zoneId: number; date: IsoDate; slotCode: string; capacity: number | null; beyondCapacity?: boolean },
  count: number,
): Promise<boolean> {
  const table = tableOf(strapi, CONTENT_TYPES.deliverySlotDay);
  const key = slotKeyOf(place.zoneId, place.date, place.slotCode);
  const now = new Date();
  // The row exists before the conditional update; a concurrent insert of the same key is ignored.
  await sql(table.name)
    .insert({
      [table.column("key")]: key,
      [table.column("documentId")]: newDocumentId(),
      [table.column("zoneId")]: place.zoneId,
      [table.column("date")]: place.date,
      [table.column("slotCode")]: place.slotCode,
      [table.column("capacity")]: place.capacity,
      [table.column("taken")]: 0,
      [table.column("createdAt")]: now,
      [table.column("updatedAt")]: now,
      [table.column("publishedAt")]: now,
    })
    .onConflict(table.column("key"))
    .ignore();
  const taken = table.column("taken");
  const query = sql(table.name)
    .where(table.column("key"), key)
    .update({
      [taken]: sql.raw("?? + ?", [taken, count]),
      [table.column("capacity")]: place.capacity,
      [table.column("updatedAt")]: now,
    });
  if (place.capacity !== null && place.beyondCapacity !== true) query.andWhere(taken, "<=", place.capacity - count);
  return (await query) === 1;
}

/** Gives back one place of the slot `key` (never below zero), inside the caller's transaction. */
export async function releaseSlotPlace(strapi: Core.Strapi, sql: Sql, key: string): Promise<void> {
  const table = tableOf(strapi, CONTENT_TYPES.deliverySlotDay);
  const taken = table.column("taken");
  await sql(table.name)
    .where(table.column("key"), key)
    .andWhere(taken, ">", 0)
    .update({ [taken]: sql.raw("?? - 1", [taken]), [table.column("updatedAt")]: new Date() });
}
