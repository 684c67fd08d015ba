import type { Core } from "@strapi/strapi";

interface Transaction {
  raw(sql: string, bindings?: unknown[]): Promise<unknown>;
}

/**
 * Runs `work` in one database transaction that only one CMS process at a time can hold, so two
 * instances starting together do not both seed or grant. PostgreSQL: a transaction-scoped advisory
 * lock (the second instance waits, then sees the first one's work). SQLite: a no-op write as the
 * first statement takes the database's write lock at once (like BEGIN IMMEDIATE), so a second
 * process waits at that point (busy timeout) before it has read anything, then sees the work done.
 * Queries made through Strapi inside `work` join the transaction, so a crash leaves nothing half done.
 */
export async function withStartupLock<T>(strapi: Core.Strapi, name: string, work: () => Promise<T>): Promise<T> {
  return strapi.db.transaction(async ({ trx }: { trx: Transaction }) => {
    if (strapi.db.dialect.client === "postgres") {
      await trx.raw("select pg_advisory_xact_lock(hashtext(?))", [name]);
    } else {
      await trx.raw("update strapi_core_store_settings set id = id where 1 = 0");
    }
    return work();
  });
}
