import { EventEmitter } from "node:events";
import { errors } from "@strapi/utils";
import { describe, expect, it, vi } from "vitest";
import {
  answerDatabaseOutages,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  databaseProbe,
  saysDatabaseUnavailable,
  watchDatabaseFailures,
} from "../src/http/database-unavailable";

/** A Koa context as far as the middleware reads and writes it. */
function context() {
  const headers: Record<string, string> = {};
  return {
    status: 404,
    body: undefined as unknown,
    headers,
    set(field: string, value: string) {
      headers[field] = value;
    },
  };
}

const databaseUp = () => Promise.resolve(true);
const databaseDown = () => Promise.resolve(false);

const unavailableBody = {
  data: null,
  error: { status: 503, name: DATABASE_UNAVAILABLE.name, message: DATABASE_UNAVAILABLE.message, details: {} },
};

function knexTimeout(): Error {
  const error = new Error("Knex: Timeout acquiring a connection. The pool is probably full.");
  error.name = "KnexTimeoutError";
  return error;
}

function postgresError(code: string): Error {
  return Object.assign(new Error("the database system is starting up"), { code });
}

describe("a request while the database is down or restarting", () => {
  it("is answered 503 in Strapi's error shape, with Retry-After, when it failed waiting for a connection", async () => {
    const ctx = context();
    // The probe is not asked: the error says it all (and the probe would wait behind the same full pool).
    const middleware = answerDatabaseOutages({ databaseAnswers: databaseUp });
    await middleware(ctx, () => Promise.reject(knexTimeout()));
    expect(ctx.status).toBe(503);
    expect(ctx.body).toEqual(unavailableBody);
    expect(ctx.headers["Retry-After"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(ctx.headers["Cache-Control"]).toBe("no-store");
  });

  it("is answered 503 when a connection error was thrown and the database does not answer", async () => {
    const ctx = context();
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    await answerDatabaseOutages({ databaseAnswers: databaseDown })(ctx, () => Promise.reject(refused));
    expect(ctx.status).toBe(503);
    expect(ctx.body).toEqual(unavailableBody);
  });

  it("is answered 503, not 401, when the permission lookup failed for want of a database", async () => {
    const ctx = context();
    await answerDatabaseOutages({ databaseAnswers: databaseDown })(ctx, async () => {
      ctx.status = 401;
      ctx.body = { data: null, error: { status: 401, name: "UnauthorizedError" } };
    });
    expect(ctx.status).toBe(503);
    expect(ctx.body).toEqual(unavailableBody);
  });

  it("keeps every answer the code chose while the database is down (a 404, a 400, a 429)", async () => {
    for (const status of [404, 400, 429]) {
      const ctx = context();
      await answerDatabaseOutages({ databaseAnswers: databaseDown })(ctx, async () => {
        ctx.status = status;
      });
      expect(ctx.status).toBe(status);
    }
  });
});

describe("a thrown client error", () => {
  it("stays the code's answer without asking the database (Strapi's ValidationError for a wrong password, NotFoundError, ForbiddenError, RateLimitError, an OrderError's 409)", async () => {
    const thrownErrors = [
      new errors.ValidationError("Invalid identifier or password"),
      new errors.NotFoundError("Not Found"),
      new errors.ForbiddenError("Forbidden"),
      new errors.RateLimitError("Too many requests"),
      Object.assign(new Error("slot_full"), { status: 409 }),
    ];
    for (const thrown of thrownErrors) {
      let asked = 0;
      const databaseAnswers = async () => {
        asked += 1;
        return false;
      };
      await expect(answerDatabaseOutages({ databaseAnswers })(context(), () => Promise.reject(thrown))).rejects.toBe(
        thrown,
      );
      expect(asked).toBe(0);
    }
  });

  it("is answered 503 when it is Strapi's UnauthorizedError and the database does not answer", async () => {
    const ctx = context();
    const thrown = new errors.UnauthorizedError("Missing or invalid credentials");
    await answerDatabaseOutages({ databaseAnswers: databaseDown })(ctx, () => Promise.reject(thrown));
    expect(ctx.status).toBe(503);
  });
});

describe("a request while the database answers", () => {
  it("keeps its 401 and its 500", async () => {
    for (const status of [401, 500]) {
      const ctx = context();
      await answerDatabaseOutages({ databaseAnswers: databaseUp })(ctx, async () => {
        ctx.status = status;
      });
      expect(ctx.status).toBe(status);
    }
  });

  it("lets any other thrown error through to Strapi's error handler", async () => {
    const bug = new TypeError("undefined is not a function");
    const middleware = answerDatabaseOutages({ databaseAnswers: databaseUp });
    await expect(middleware(context(), () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

/** A knex as far as `watchDatabaseFailures` sees it: connections handed out as `connect` says. */
function fakeKnex(connect: () => Promise<unknown>) {
  const knex = Object.assign(new EventEmitter(), { client: { acquireConnection: connect } });
  watchDatabaseFailures(knex);
  return knex;
}

describe("a request that lost the database on its way, though the database answers by the time it is answered", () => {
  // Seen by `npm run faults:postgres`: the permission lookup failed at the instant PostgreSQL came
  // back, and the probe a few milliseconds later found it up.
  it("is answered 503, not 401, when its connection could not be had", async () => {
    const knex = fakeKnex(() => Promise.reject(postgresError("57P03")));
    const ctx = context();
    await answerDatabaseOutages({ databaseAnswers: databaseUp })(ctx, async () => {
      // users-permissions swallows the failure and answers "no credentials".
      await knex.client.acquireConnection().catch(() => undefined);
      ctx.status = 401;
    });
    expect(ctx.status).toBe(503);
    expect(ctx.body).toEqual(unavailableBody);
  });

  it("is answered 503, not 500, when a query died with its connection", async () => {
    const knex = fakeKnex(() => Promise.resolve({}));
    for (const died of [
      // As knex hands it on: the statement in front of node-postgres's message.
      new Error("select t0.* from products as t0 where (t0.id = 7) limit 1 - Connection terminated unexpectedly"),
      new Error("Connection terminated"),
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
    ]) {
      const ctx = context();
      await answerDatabaseOutages({ databaseAnswers: databaseUp })(ctx, async () => {
        knex.emit("query-error", died);
        ctx.status = 500;
      });
      expect(ctx.status).toBe(503);
    }
  });

  it("keeps its 500 when the query itself was refused (a unique violation, SQLite's constraint, knex's undefined binding)", async () => {
    const knex = fakeKnex(() => Promise.resolve({}));
    const refused = [
      postgresError("23505"),
      Object.assign(new Error("UNIQUE constraint failed"), { code: "SQLITE_CONSTRAINT_UNIQUE" }),
      new Error("Undefined binding(s) detected when compiling SELECT"),
      // A customer's data that happens to say it, in a statement the database refused.
      Object.assign(new Error("insert into notes (text) values ('Connection terminated') - value too long"), {
        code: "22001",
      }),
    ];
    for (const error of refused) {
      const ctx = context();
      await answerDatabaseOutages({ databaseAnswers: databaseUp })(ctx, async () => {
        knex.emit("query-error", error);
        ctx.status = 500;
      });
      expect(ctx.status).toBe(500);
    }
  });

  it("is one request's own: another request's lost connection leaves this one's 401", async () => {
    const knex = fakeKnex(() => Promise.reject(postgresError("57P03")));
    const middleware = answerDatabaseOutages({ databaseAnswers: databaseUp });
    let failOther: () => void = () => {};
    const otherFailed = new Promise<void>((resolve) => (failOther = resolve));
    const other = context();
    const unlucky = middleware(other, async () => {
      await otherFailed;
      await knex.client.acquireConnection().catch(() => undefined);
      other.status = 401;
    });
    const mine = context();
    await middleware(mine, async () => {
      failOther();
      await unlucky;
      mine.status = 401;
    });
    expect(other.status).toBe(503);
    expect(mine.status).toBe(401);
  });
});

describe("errors that name the database themselves", () => {
  it("are knex's wait for a connection, PostgreSQL going down, crashed, starting or refusing the session, and its timeouts", () => {
    expect(saysDatabaseUnavailable(knexTimeout())).toBe(true);
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001", "57014", "25P03"]) {
      expect(saysDatabaseUnavailable(postgresError(code))).toBe(true);
    }
    expect(saysDatabaseUnavailable(new Error("wrapped", { cause: postgresError("57P03") }))).toBe(true);
  });

  it("are not a unique violation, a bad query or a refused socket of unknown origin", () => {
    expect(saysDatabaseUnavailable(postgresError("23505"))).toBe(false);
    expect(saysDatabaseUnavailable(postgresError("42P01"))).toBe(false);
    expect(saysDatabaseUnavailable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(saysDatabaseUnavailable("not an error")).toBe(false);
  });
});

describe("the database probe", () => {
  it("says whether the query answered, never rejecting", async () => {
    expect(await databaseProbe(() => Promise.resolve([]), { waitMs: 1000 })()).toBe(true);
    expect(await databaseProbe(() => Promise.reject(new Error("down")), { waitMs: 1000 })()).toBe(false);
  });

  it("takes a database that does not answer within its wait for down (a hung server, a full pool)", async () => {
    vi.useFakeTimers();
    try {
      const answered = databaseProbe(() => new Promise(() => {}), { waitMs: 2000 })();
      await vi.advanceTimersByTimeAsync(2000);
      expect(await answered).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks one question at a time, however many requests fail meanwhile", async () => {
    let asked = 0;
    let answer: () => void = () => {};
    const probe = databaseProbe(
      () => {
        asked += 1;
        return new Promise<void>((resolve) => (answer = resolve));
      },
      { waitMs: 1000 },
    );
    const answers = Promise.all([probe(), probe(), probe()]);
    answer();
    expect(await answers).toEqual([true, true, true]);
    expect(asked).toBe(1);
    // Once answered, the next failure asks again: the database may have gone since.
    const again = probe();
    answer();
    expect(await again).toBe(true);
    expect(asked).toBe(2);
  });
});
