import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";
import { tableOf } from "../database/sql";

/**
 * What the database keeps for referrals (docs/decisions/035): one referral per friend, one reward per
 * referral (the inserts rely on these to count once, whatever runs at once), and the rows read by
 * referrer and by customer. Strapi's `unique` in a schema makes no index, so they are made at every
 * boot, idempotent on SQLite and PostgreSQL, like the gift cards' (src/gift-cards/indexes.ts).
 */
const INDEXES = [
  { name: "shop_referrals_friend_unique", uid: CONTENT_TYPES.referral, attribute: "friendId", unique: true },
  { name: "shop_referrals_referrer", uid: CONTENT_TYPES.referral, attribute: "referrerId", unique: false },
  {
    name: "shop_referral_rewards_referral_unique",
    uid: CONTENT_TYPES.referralReward,
    attribute: "referralId",
    unique: true,
  },
  { name: "shop_referral_rewards_user", uid: CONTENT_TYPES.referralReward, attribute: "userId", unique: false },
] as const;

export async function ensureReferralIndexes(strapi: Core.Strapi): Promise<void> {
  for (const { name, uid, attribute, unique } of INDEXES) {
    const table = tableOf(strapi, uid);
    await strapi.db.connection.raw(`CREATE ${unique ? "UNIQUE INDEX" : "INDEX"} IF NOT EXISTS ?? ON ?? (??)`, [
      name,
      table.name,
      table.column(attribute),
    ]);
  }
}
