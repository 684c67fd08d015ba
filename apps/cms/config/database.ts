import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../src/env";

// better-sqlite3's connection object (only what the pool hook uses).
interface SqliteConnection {
  pragma(source: string): unknown;
}

export default () => {
  const { database } = getEnv();

  if (database.client === "postgres") {
    return {
      connection: {
        client: "postgres",
        // connectionTimeoutMillis: node-postgres waits for ever by default for a server that takes
        // the connection and never answers (a host gone, a firewall dropping packets).
        // 0 leaves PostgreSQL's own setting (node-postgres sends only a value above 0).
        connection: {
          connectionString: database.url,
          ssl: database.ssl,
          connectionTimeoutMillis: database.waitMs,
          statement_timeout: database.statementTimeoutMs,
          idle_in_transaction_session_timeout: database.idleInTransactionMs,
        },
        pool: { min: database.poolMin, max: database.poolMax },
        // A request waits at most this long for a connection, then is answered 503
        // (src/http/database-unavailable.ts), never left hanging while PostgreSQL restarts.
        acquireConnectionTimeout: database.waitMs,
      },
    };
  }

  fs.mkdirSync(path.dirname(database.filename), { recursive: true });
  return {
    connection: {
      client: "sqlite",
      connection: { filename: database.filename },
      useNullAsDefault: true,
      pool: {
        // WAL lets readers run while a write is in progress and survives crashes better.
        afterCreate(connection: SqliteConnection, done: (error: Error | null, connection: unknown) => void) {
          try {
            connection.pragma("journal_mode = WAL");
            done(null, connection);
          } catch (error) {
            done(error instanceof Error ? error : new Error(String(error)), connection);
          }
        },
      },
    },
  };
};
