import type { Core } from "@strapi/strapi";

/**
 * One account per e-mail address, kept by the database itself: two registrations racing for one
 * address cannot both pass the service's check (src/services/accounts.ts), because the second
 * insert fails here. Strapi's schema has no unique index for it, so it is made at every boot
 * (idempotent, both on SQLite and PostgreSQL).
 */
export async function ensureAccountIndexes(strapi: Core.Strapi): Promise<void> {
  const { tableName } = strapi.db.metadata.get("plugin::users-permissions.user");
  const knex = strapi.db.connection;
  try {
    await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS shop_users_email_unique ON ?? (email)`, [tableName]);
  } catch (error) {
    // A database that already holds two users with one address (made before this rule, e.g. by staff)
    // still boots; staff must merge them, and until then registration relies on the service's check.
    strapi.log.error(
      `Could not make e-mail addresses unique in ${tableName} (are two users sharing one?): ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
}
