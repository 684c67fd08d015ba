import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";
import { tableOf } from "../database/sql";

/**
 * What the database keeps for gift cards (docs/decisions/033): one card per code hash, one movement
 * per idempotency key across all cards (a second insert of a key fails rather than counting twice),
 * and the ledger read by card. Strapi's `unique` in a schema makes no index, so they are made at
 * every boot, idempotent on SQLite and PostgreSQL, like the orders' (ordering/admin.ts).
 */
const INDEXES = [
  { name: "shop_gift_cards_code_hash_unique", uid: CONTENT_TYPES.giftCard, attribute: "codeHash", unique: true },
  {
    name: "shop_gift_card_entries_key_unique",
    uid: CONTENT_TYPES.giftCardEntry,
    attribute: "idempotencyKey",
    unique: true,
  },
  { name: "shop_gift_card_entries_card", uid: CONTENT_TYPES.giftCardEntry, attribute: "giftCardId", unique: false },
] as const;

export async function ensureGiftCardIndexes(strapi: Core.Strapi): Promise<void> {
  for (const { name, uid, attribute, unique } of INDEXES) {
    const table = tableOf(strapi, uid);
    await strapi.db.connection.raw(`CREATE ${unique ? "UNIQUE INDEX" : "INDEX"} IF NOT EXISTS ?? ON ?? (??)`, [
      name,
      table.name,
      table.column(attribute),
    ]);
  }
}
