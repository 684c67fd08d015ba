import type { Core } from "@strapi/strapi";

/**
 * How the renewal job walks a delivery day (docs/decisions/030, "Measured"): pages of rows read in
 * one query each, and the page's deliveries worked a few at a time. Each delivery's step is still
 * claimed on its own row, so working several at once is as safe as several runners; on PostgreSQL
 * it overlaps their round trips. SQLite runs one write transaction at a time on its one connection:
 * there, one at a time.
 */

/** Rows read per query. */
export const PAGE = 100;

/** Deliveries worked at once on PostgreSQL: below the pool's size, so that the mails it queues still get a connection. */
const AT_ONCE_POSTGRES = 4;

function atOnce(strapi: Core.Strapi): number {
  return strapi.db.dialect.client === "postgres" ? AT_ONCE_POSTGRES : 1;
}

/** Calls `work` on every item, at most `atOnce` at a time; resolves when all have finished. */
export async function eachAtOnce<Item>(
  strapi: Core.Strapi,
  items: readonly Item[],
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce(strapi), items.length) }, worker));
}
