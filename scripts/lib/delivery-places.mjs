import Database from "better-sqlite3";
import pg from "pg";

/** More places than any load here takes, and still a limit: the places are counted and checked as a real day's. */
const PLACES_PER_SLOT = 1_000_000;
const PLENTY = `UPDATE components_delivery_slots SET capacity = ${PLACES_PER_SLOT}`;

/**
 * Gives every delivery slot of a soak's or benchmark's own database more places than the load takes:
 * the demo's slots are a real day's deliveries, and load that places hundreds of orders takes every
 * place (the soak's buyers had after 478 orders; the orders bench's crowd, once placing got faster,
 * after a few hundred) and then measures a sold-out calendar's refusals instead of placing. A sold-out
 * calendar is the shop's right answer, tested by orders.int; the load is about the shop placing orders.
 * A limit rather than none, so that every place is still counted and checked as in a shop (a slot
 * without a limit skips the draft's count). The CMS keeps no copy of the slots, so a process already
 * running sees it at once. `databaseUrl` for PostgreSQL, else `sqliteFile`.
 */
export async function plentyOfDeliveryPlaces({ databaseUrl, sqliteFile }) {
  if (!databaseUrl) {
    const database = new Database(sqliteFile);
    try {
      database.prepare(PLENTY).run();
    } finally {
      database.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(PLENTY);
  } finally {
    await client.end();
  }
}
