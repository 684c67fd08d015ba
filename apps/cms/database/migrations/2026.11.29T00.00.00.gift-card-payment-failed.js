"use strict";

/**
 * A gift card whose payment the gateway declined is stored as payment_failed (docs/decisions/040):
 * before, it stayed pending_payment until the expiry job made it expired, and only the shop's staff
 * page showed it as declined (from its payment), so the admin panel told staff another story. This
 * gives the cards of an existing shop the state they would have now: pending or expired cards whose
 * latest payment attempt failed. Their sealed code was already erased when the payment failed.
 *
 * Runs after the state column's rename (2026.11.28T00.00.00.gift-card-state.js), before Strapi syncs
 * the schema; recorded once in strapi_migrations; does nothing on a database without gift cards.
 *
 * @param {import("knex").Knex} knex the migration's transaction
 */
async function up(knex) {
  if (!(await knex.schema.hasTable("gift_cards")) || !(await knex.schema.hasTable("payments"))) return;
  if (!(await knex.schema.hasColumn("gift_cards", "state"))) return;
  if (!(await knex.schema.hasColumn("payments", "gift_card_id"))) return;
  const latestAttempts = knex("payments").max("id").whereNotNull("gift_card_id").groupBy("gift_card_id");
  const declined = knex("payments")
    .select("gift_card_id")
    .whereIn("id", latestAttempts)
    .andWhere("payment_status", "failed");
  await knex("gift_cards")
    .whereIn("state", ["pending_payment", "expired"])
    .whereIn("id", declined)
    .update({ state: "payment_failed" });
}

module.exports = { up };
