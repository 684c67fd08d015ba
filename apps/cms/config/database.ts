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
        connection: { connectionString: database.url, ssl: database.ssl },
        pool: { min: database.poolMin, max: database.poolMax },
        acquireConnectionTimeout: 60_000,
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
