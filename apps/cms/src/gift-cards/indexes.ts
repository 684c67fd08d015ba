import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";
import { tableOf } from "../database/sql";

/**
 * What the database keeps for gift cards (docs/decisions/033): one card per code hash, one movement
 * per idempotency key across all cards (a second insert of a key fails rather than counting twice),
 * the ledger read by card, and the hot reads' indexes (by owner, purchase token, payment's card, and
 * the mail job's state/sentAt/sendOn). Strapi's `unique` in a schema makes no index, so they are made at
 * every boot, idempotent on SQLite and PostgreSQL, like the orders' (ordering/admin.ts).
 */
export const GIFT_CARD_INDEXES: readonly {
  name: string;
  uid: string;
  attributes: readonly string[];
  unique: boolean;
}[] = [
  { name: "shop_gift_cards_code_hash_unique", uid: CONTENT_TYPES.giftCard, attributes: ["codeHash"], unique: true },
  {
    name: "shop_gift_card_entries_key_unique",
    uid: CONTENT_TYPES.giftCardEntry,
    attributes: ["idempotencyKey"],
    unique: true,
  },
  { name: "shop_gift_card_entries_card", uid: CONTENT_TYPES.giftCardEntry, attributes: ["giftCardId"], unique: false },
  // The customer's own cards (account page, data export) and a buyer's purchase by its token.
  { name: "shop_gift_cards_owner", uid: CONTENT_TYPES.giftCard, attributes: ["ownerId"], unique: false },
  { name: "shop_gift_cards_purchase_key", uid: CONTENT_TYPES.giftCard, attributes: ["purchaseKey"], unique: false },
  // A card's payments (the purchase page's state, the gateway's notification).
  { name: "shop_payments_gift_card", uid: CONTENT_TYPES.payment, attributes: ["giftCardId"], unique: false },
  // The every-minute mail job (sending.ts): active, unsent cards whose day has come.
  {
    name: "shop_gift_cards_due_mail",
    uid: CONTENT_TYPES.giftCard,
    attributes: ["state", "sentAt", "sendOn"],
    unique: false,
  },
];

export async function ensureGiftCardIndexes(strapi: Core.Strapi): Promise<void> {
  for (const { name, uid, attributes, unique } of GIFT_CARD_INDEXES) {
    const table = tableOf(strapi, uid);
    const columns = attributes.map(() => "??").join(", ");
    await strapi.db.connection.raw(`CREATE ${unique ? "UNIQUE INDEX" : "INDEX"} IF NOT EXISTS ?? ON ?? (${columns})`, [
      name,
      table.name,
      ...attributes.map((attribute) => table.column(attribute)),
    ]);
  }
}
