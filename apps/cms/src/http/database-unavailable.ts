import { AsyncLocalStorage } from "node:async_hooks";
import { errors } from "@strapi/utils";
import { sendError, type ErrorContext } from "./errors";

/**
 * What a request gets while PostgreSQL is down or restarting (docs/decisions/048): 503 in Strapi's
 * error shape, with Retry-After, instead of what the failure happened to look like. Without this, a
 * catalogue read answered 401 (the users-permissions strategy reads the public role's permissions
 * from the database and takes any failure for "no credentials"), a signed-in call 500, and a request
 * waiting for a pool connection hung for knex's 60 s.
 */

/** PostgreSQL's SQLSTATEs for "not now": the server shutting down, crashed or starting up. */
const SERVER_GOING_OR_COMING = new Set(["57P01", "57P02", "57P03"]);

/**
 * PostgreSQL's SQLSTATEs for "too slow now": a statement cancelled by the statement timeout (57014,
 * waiting behind a lock a stuck transaction holds, say) and a session ended by the idle-in-transaction
 * timeout (25P03). Both are the database being unable to answer in time, not a fault of the request:
 * the client is asked to come back, as during a restart (decision 048).
 */
const TIMED_OUT = new Set(["57014", "25P03"]);

/** Seconds a client is told to wait before trying again: about what a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE = {
  name: "ServiceUnavailableError",
  message: "The shop's database is not answering: try again in a few seconds",
} as const satisfies { name: string; message: string };

interface ErrorFields {
  name?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * Whether `error` says by itself that the database cannot be reached: knex gave up waiting for a
 * connection, PostgreSQL refused the session because it is going down or coming up (SQLSTATE
 * class 08 is "connection exception"), or it cancelled a statement that ran past its timeout. Anything vaguer (a reset socket, a refused connection) could
 * come from another service the request called, so the database is asked (see the middleware).
 */
export function saysDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { name, code, cause } = current as ErrorFields;
    if (name === "KnexTimeoutError") return true;
    if (typeof code === "string" && (SERVER_GOING_OR_COMING.has(code) || TIMED_OUT.has(code))) return true;
    if (typeof code === "string" && /^08[0-9A-Z]{3}$/.test(code)) return true;
    current = cause;
  }
  return false;
}

/**
 * Asks the database whether it answers: true or false, never a rejection, within `waitMs` at most.
 * One question at a time is asked whatever the number of requests failing meanwhile: during an
 * outage every request fails, and each asking on its own would pile connection attempts on a server
 * that is starting up.
 */
export function databaseProbe(query: () => Promise<unknown>, { waitMs }: { waitMs: number }): () => Promise<boolean> {
  let asking: Promise<boolean> | null = null;
  return () => {
    asking ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      query().then(
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    }).finally(() => {
      asking = null;
    });
    return asking;
  };
}

/**
 * Whether the request being answered lost the database on its way: a connection it could not have,
 * or a query that died with its connection. The probe alone missed one case (seen by
 * `npm run faults:postgres`): at the instant PostgreSQL came back, a catalogue read's permission
 * lookup failed ("the database system is starting up"), users-permissions took that for "no
 * credentials" and answered 401, and the probe a few milliseconds later found the database up, so
 * the visitor got the 401. What the request itself met decides, whatever the database says after.
 */
const databaseOfThisRequest = new AsyncLocalStorage<{ lost: boolean }>();

/**
 * A query's failure that is the connection's, not the query's: PostgreSQL going or coming
 * (`saysDatabaseUnavailable`), node-postgres's "Connection terminated" for a connection that died
 * under the query, and a socket's own error (ECONNRESET, EPIPE...). A query the database refused
 * (a unique violation, a bad column, SQLite's SQLITE_* codes) or knex refused to build is the code's
 * business and stays a 500.
 */
/** node-postgres's messages for a connection that ended under a query, at the end of knex's message. */
const CONNECTION_TERMINATED = /(^|\s-\s)Connection terminated( unexpectedly| due to connection timeout)?$/;

function connectionLost(error: unknown): boolean {
  if (saysDatabaseUnavailable(error) || !(error instanceof Error)) return saysDatabaseUnavailable(error);
  const { code } = error as ErrorFields;
  // knex puts the statement in front of the driver's message ("select ... - Connection terminated
  // unexpectedly"): the message's end is node-postgres's, its start may hold a customer's data.
  return CONNECTION_TERMINATED.test(error.message) || (typeof code === "string" && /^E[A-Z]+$/.test(code));
}

/** Records, for the request under way (if any), that the database failed it. */
function noteLostDatabase(error: unknown): void {
  const request = databaseOfThisRequest.getStore();
  if (request && connectionLost(error)) request.lost = true;
}

/** The parts of a knex instance watched: its client's connection hand-out and its query errors. */
export interface WatchedKnex {
  client: { acquireConnection(): Promise<unknown> };
  on(event: "query-error", listener: (error: unknown) => void): unknown;
}

/**
 * Makes every request see its own database failures (above): a connection the pool could not hand
 * out (always the database's fault: refused, starting up, timed out) and a query that died with its
 * connection. Called once at boot with the CMS's knex.
 */
export function watchDatabaseFailures(knex: WatchedKnex): void {
  const { client } = knex;
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = () =>
    acquire().catch((error: unknown) => {
      const request = databaseOfThisRequest.getStore();
      if (request) request.lost = true;
      throw error;
    });
  knex.on("query-error", noteLostDatabase);
}

export interface DatabaseUnavailableContext extends ErrorContext {
  set(field: string, value: string): void;
}

function sendUnavailable(ctx: DatabaseUnavailableContext): void {
  ctx.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  ctx.set("Cache-Control", "no-store");
  sendError(ctx, 503, DATABASE_UNAVAILABLE.name, DATABASE_UNAVAILABLE.message);
}

/**
 * Statuses that, when the database is down, are the outage in disguise: 500 (an error nobody
 * expected) and 401 (the permission lookup failed, see above). Anything else was a decision the
 * code made (404, 400, 409, 429, 503...) and stays.
 */
const MAYBE_THE_DATABASE = new Set([401, 500]);

/** Strapi's application errors and the status its error middleware answers them with; any other is 400. */
const APPLICATION_ERROR_STATUSES: readonly [new (...args: never[]) => Error, number][] = [
  [errors.UnauthorizedError, 401],
  [errors.ForbiddenError, 403],
  [errors.NotFoundError, 404],
  [errors.PayloadTooLargeError, 413],
  [errors.RateLimitError, 429],
  [errors.NotImplementedError, 501],
];

/**
 * The status a thrown error will be answered with, as Strapi's error middleware decides it: by class
 * for its application errors (which carry no status of their own), by `status` for http-errors and
 * the shop's own errors (OrderError); null when nothing says (an unexpected error, a 500).
 */
function thrownStatus(error: unknown): number | null {
  if (error instanceof errors.ApplicationError) {
    return APPLICATION_ERROR_STATUSES.find(([kind]) => error instanceof kind)?.[1] ?? 400;
  }
  if (typeof error !== "object" || error === null) return null;
  const { status } = error as { status?: unknown };
  return typeof status === "number" ? status : null;
}

/**
 * The middleware, inside strapi::errors so that it sees a thrown error before it becomes a 500.
 * A thrown error that names the database is answered 503 at once; any other thrown error, and a
 * 401 or 500 answer, is answered 503 when the request lost the database on its way
 * (`watchDatabaseFailures`) or the database does not answer the probe. A healthy database costs
 * nothing beyond one `select 1` per such error.
 */
export function answerDatabaseOutages({ databaseAnswers }: { databaseAnswers: () => Promise<boolean> }) {
  return async (ctx: DatabaseUnavailableContext, next: () => Promise<void>): Promise<void> => {
    const database = { lost: false };
    const unavailable = async () => database.lost || !(await databaseAnswers());
    try {
      await databaseOfThisRequest.run(database, next);
    } catch (error) {
      // A thrown 4xx (Strapi's ValidationError for a wrong password, NotFoundError, ForbiddenError)
      // is the code's decision like a set status: probed only when it is a 401, as above.
      const decided = thrownStatus(error);
      const probe = decided === null || decided >= 500 || MAYBE_THE_DATABASE.has(decided);
      if (saysDatabaseUnavailable(error) || (probe && (await unavailable()))) {
        sendUnavailable(ctx);
        return;
      }
      throw error;
    }
    if (MAYBE_THE_DATABASE.has(ctx.status) && (await unavailable())) sendUnavailable(ctx);
  };
}
