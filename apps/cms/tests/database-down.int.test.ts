import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_RETRY_AFTER_SECONDS } from "../src/http/database-unavailable";
import { bearer, registerCustomer } from "./helpers/accounts";
import { expectErrorShape, getJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

/**
 * The booted CMS with its database gone, as during a PostgreSQL restart: every connection the
 * pool hands out fails as node-postgres fails against a closed port. The whole outage, with a real
 * PostgreSQL stopped under traffic, is `npm run faults:postgres` (docs/decisions/048); this checks
 * the middleware is where it must be in the chain, on either database.
 */

interface KnexClient {
  acquireConnection(): Promise<unknown>;
  pool: { acquire(): { promise: Promise<unknown> } };
}

const STATEMENT_TIMEOUT_MS = 3_000;

let app: TestStrapi;
let jwt = "";
let client: KnexClient;
let acquire: KnexClient["acquireConnection"];

beforeAll(async () => {
  // A short statement timeout for the stuck-lock case below (PostgreSQL only; SQLite ignores it).
  app = await startStrapi({ SEED_DEMO_DATA: "false", DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) });
  ({ jwt } = await registerCustomer(app.api));
  client = (app.strapi.db.connection as unknown as { client: KnexClient }).client;
  acquire = client.acquireConnection.bind(client);
});

afterEach(() => {
  client.acquireConnection = acquire;
});

afterAll(async () => {
  await app?.stop();
});

function takeTheDatabaseAway() {
  client.acquireConnection = () =>
    Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
}

describe("with the database gone", () => {
  it("a public catalogue read is answered 503 ServiceUnavailableError with Retry-After, not 401", async () => {
    takeTheDatabaseAway();
    const response = await getJson(`${app.api}/products`);
    expect(expectErrorShape(response, 503).error.name).toBe("ServiceUnavailableError");
    expect(response.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a signed-in call is answered 503, not 500 (and not 401, which would sign the customer out)", async () => {
    takeTheDatabaseAway();
    const response = await getJson(`${app.api}/users/me`, { headers: bearer(jwt) });
    expect(expectErrorShape(response, 503).error.name).toBe("ServiceUnavailableError");
  });

  it("the readiness check says 503, so a load balancer takes the process out", async () => {
    takeTheDatabaseAway();
    expect((await getJson(`${app.url}/health`)).status).toBe(503);
  });
});

describe("with the database back", () => {
  it("answers again, nothing restarted", async () => {
    takeTheDatabaseAway();
    expect((await getJson(`${app.api}/users/me`, { headers: bearer(jwt) })).status).toBe(503);
    client.acquireConnection = acquire;
    expect((await getJson(`${app.api}/users/me`, { headers: bearer(jwt) })).status).toBe(200);
    expect((await getJson(`${app.api}/products`)).status).toBe(200);
    expect((await getJson(`${app.url}/health`)).status).toBe(200);
  });

  it("a read that lost its connection at the instant the database came back is 503, not 401, though the next question finds it up", async () => {
    // Seen by `npm run faults:postgres`: the permission lookup's connection refused ("starting
    // up"), users-permissions answering 401, and the probe right after finding PostgreSQL up.
    const { pool } = client;
    const poolAcquire = pool.acquire;
    pool.acquire = () => {
      pool.acquire = poolAcquire;
      const startingUp = Object.assign(new Error("the database system is starting up"), { code: "57P03" });
      return { promise: Promise.reject(startingUp) };
    };
    try {
      const response = await getJson(`${app.api}/products`);
      expect(expectErrorShape(response, 503).error.name).toBe("ServiceUnavailableError");
      expect(pool.acquire).toBe(poolAcquire);
    } finally {
      pool.acquire = poolAcquire;
    }
    expect((await getJson(`${app.api}/products`)).status).toBe(200);
  });

  it("keeps a bad token's 401", async () => {
    const response = await getJson(`${app.api}/users/me`, { headers: bearer("not-a-token") });
    expect(expectErrorShape(response, 401).error.name).toBe("UnauthorizedError");
  });
});

/**
 * A transaction that took a lock and hangs (a process frozen mid-transaction): without a statement
 * timeout every request behind the lock waited for ever, each holding a pool connection. PostgreSQL
 * cancels the waiting statement at DATABASE_STATEMENT_TIMEOUT_MS and the request is answered 503
 * with Retry-After, never 500, never a 401 that would sign the customer out.
 */
describe.skipIf(!process.env.DATABASE_URL)("behind a lock a stuck transaction holds (PostgreSQL)", () => {
  async function whileLocked<T>(table: string, request: () => Promise<T>): Promise<T> {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = app.strapi.db.connection.transaction(async (trx) => {
      await trx.raw(`lock table ${table} in access exclusive mode`);
      locked();
      await released;
    });
    await lockTaken;
    try {
      return await request();
    } finally {
      release();
      await holder;
    }
  }

  it("a signed-in read is cancelled at the statement timeout and answered 503, not 401 or 500", async () => {
    const response = await whileLocked("orders", () => getJson(`${app.api}/orders/mine`, { headers: bearer(jwt) }));
    expect(expectErrorShape(response, 503).error.name).toBe("ServiceUnavailableError");
    expect(response.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect((await getJson(`${app.api}/orders/mine`, { headers: bearer(jwt) })).status).toBe(200);
  });

  it("the session check itself stuck (the users table locked) is 503 too, so the customer stays signed in", async () => {
    const response = await whileLocked("up_users", () => getJson(`${app.api}/users/me`, { headers: bearer(jwt) }));
    expect(expectErrorShape(response, 503).error.name).toBe("ServiceUnavailableError");
    expect((await getJson(`${app.api}/users/me`, { headers: bearer(jwt) })).status).toBe(200);
  });

  it("the setting reaches every connection of the pool", async () => {
    const { rows } = (await app.strapi.db.connection.raw("show statement_timeout")) as {
      rows: { statement_timeout: string }[];
    };
    expect(rows[0]?.statement_timeout).toBe("3s");
  });
});
