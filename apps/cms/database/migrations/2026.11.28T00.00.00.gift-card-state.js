"use strict";

/**
 * Gift cards' `status` column becomes `state` (docs/decisions/040): Strapi 5 reserves `status` for
 * draft and publish, so its admin panel hid the card's. Strapi runs this folder's migrations before
 * it syncs the schema to the content types, which would otherwise drop `status` (and every card's
 * state with it) and add an empty `state`. A migration is recorded once in strapi_migrations; it
 * also does nothing on a database that has no gift cards yet or is already renamed.
 *
 * Plain JavaScript: Strapi loads this folder as is (only .js and .sql), from the app's root.
 *
 * @param {import("knex").Knex} knex the migration's transaction
 */
async function up(knex) {
  const table = "gift_cards";
  if (!(await knex.schema.hasTable(table))) return;
  if (!(await knex.schema.hasColumn(table, "status"))) return;
  if (await knex.schema.hasColumn(table, "state")) {
    // Both there (a boot of the renamed schema without this migration): the old column's values win.
    await knex(table).update({ state: knex.ref("status") });
    await knex.schema.alterTable(table, (columns) => columns.dropColumn("status"));
    return;
  }
  // RENAME COLUMN keeps the values and the indexes on it (PostgreSQL; SQLite since 3.25).
  await knex.raw("ALTER TABLE ?? RENAME COLUMN ?? TO ??", [table, "status", "state"]);
}

module.exports = { up };
