import type { Core } from "@strapi/strapi";
import {
  answerDatabaseOutages,
  databaseProbe,
  watchDatabaseFailures,
  type WatchedKnex,
} from "../http/database-unavailable";

/**
 * How long the middleware waits for `select 1` before taking the database for down. A healthy
 * server answers in milliseconds; the bound keeps a request's answer within the storefront's 8 s
 * even after the request itself waited DATABASE_WAIT_MS (5 s) for a connection.
 */
const PROBE_WAIT_MS = 2_000;

/** Requests failing because PostgreSQL is down or restarting are answered 503 (src/http/database-unavailable.ts). */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  watchDatabaseFailures(strapi.db.connection as unknown as WatchedKnex);
  return answerDatabaseOutages({
    databaseAnswers: databaseProbe(() => strapi.db.connection.raw("select 1"), { waitMs: PROBE_WAIT_MS }),
  });
};
