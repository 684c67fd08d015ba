import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";

/**
 * Plain SQL beside Strapi's query engine, for the few writes it cannot say: a conditional update
 * that the database serialises (a slot's last place, a coupon's last use), or a row lock taken
 * inside a transaction. Table and column names come from Strapi's own metadata.
 */

/** Knex, or a transaction of it: what Strapi's `strapi.db.connection` and `transaction`'s `trx` are. */
export type Sql = Core.Strapi["db"]["connection"];

interface Table {
  name: string;
  column(attribute: string): string;
}

/** A content type's table and column names, as Strapi's metadata names them. */
export function tableOf(strapi: Core.Strapi, uid: string): Table {
  const meta = strapi.db.metadata.get(uid as never) as unknown as {
    tableName: string;
    attributes: Record<string, { columnName?: string }>;
  };
  return { name: meta.tableName, column: (attribute) => meta.attributes[attribute]?.columnName ?? attribute };
}

/** A documentId for a row written without the document service (Strapi's are 24 random characters too). */
export const newDocumentId = (): string => randomBytes(12).toString("hex");
