import type { Core } from "@strapi/strapi";
import { tableOf } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";
import { ensurePriceNoticeIndex } from "./price-notices/notices";

/**
 * One delivery per subscription and date, kept by the database (docs/decisions/028): planning in two
 * processes at once inserts the same rows, and the second insert of a (subscription, date) is
 * ignored (src/subscriptions/plan.ts). Strapi's schema has no composite unique index, so it is made
 * at every boot (idempotent, on SQLite and PostgreSQL), as the order indexes are (ordering/admin.ts).
 * The other indexes are what the job and the account's pages look deliveries up by.
 */
const UNIQUE = { name: "shop_subscription_deliveries_date_unique", attributes: ["subscriptionId", "date"] } as const;

const INDEXES = [
  { name: "shop_subscription_deliveries_status_cutoff", attributes: ["deliveryStatus", "cutoffAt"] },
] as const;

export async function ensureSubscriptionIndexes(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  const table = tableOf(strapi, CONTENT_TYPES.subscriptionDelivery);
  const create = async (kind: "UNIQUE INDEX" | "INDEX", name: string, attributes: readonly string[]) => {
    const columns = attributes.map((attribute) => table.column(attribute));
    await knex.raw(`CREATE ${kind} IF NOT EXISTS ?? ON ?? (${columns.map(() => "??").join(", ")})`, [
      name,
      table.name,
      ...columns,
    ]);
  };
  await create("UNIQUE INDEX", UNIQUE.name, UNIQUE.attributes);
  for (const { name, attributes } of INDEXES) await create("INDEX", name, attributes);
  await ensurePriceNoticeIndex(strapi);
  // A queued mail with a key is queued once, whoever queues it (src/email/queue.ts, queueMail): the
  // renewals' dunning mails and the card reminders (docs/decisions/043).
  const mails = tableOf(strapi, CONTENT_TYPES.queuedMail);
  await knex.raw("CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)", [
    "shop_queued_mails_dedupe_key_unique",
    mails.name,
    mails.column("dedupeKey"),
  ]);
}
