import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";

/**
 * Unique values kept by the database itself, because two requests racing cannot both pass a
 * service's check: one account per e-mail address (src/accounts/accounts.ts), one referral code per
 * customer (src/referrals/referrals.ts), one newsletter subscriber per address
 * (src/newsletter/newsletter.ts); the second insert fails here. Strapi's schema has no unique index
 * for them, so they are made at every boot (idempotent, both on SQLite and PostgreSQL).
 */
const UNIQUE_INDEXES = [
  { name: "shop_users_email_unique", uid: CONTENT_TYPES.user, attribute: "email" },
  { name: "shop_users_referral_code_unique", uid: CONTENT_TYPES.user, attribute: "referralCode" },
  { name: "shop_newsletter_subscribers_email_unique", uid: CONTENT_TYPES.newsletterSubscriber, attribute: "email" },
] as const;

interface ModelMetadata {
  tableName: string;
  attributes: Record<string, { columnName?: string }>;
}

export async function ensureAccountIndexes(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  for (const { name, uid, attribute } of UNIQUE_INDEXES) {
    const { tableName, attributes } = strapi.db.metadata.get(uid) as unknown as ModelMetadata;
    const column = attributes[attribute]?.columnName ?? attribute;
    try {
      await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)`, [name, tableName, column]);
    } catch (error) {
      // A database that already holds duplicates (made before this rule, e.g. by staff) still boots;
      // staff must merge them, and until then the services' checks are all there is.
      strapi.log.error(
        `Could not make ${attribute} unique in ${tableName} (do two rows share one?): ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}
