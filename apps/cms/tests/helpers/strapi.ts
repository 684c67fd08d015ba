import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type * as Strapi from "@strapi/strapi";
import type { Core } from "@strapi/strapi";
import { fileDatabase, makeRunTemplate } from "./test-databases";

export const APP_DIR = path.resolve(__dirname, "..", "..");
export const DIST_DIR = path.join(APP_DIR, "dist");
const nodeRequire = createRequire(__filename);

export interface TestStrapi {
  strapi: Core.Strapi;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The content API: `${url}/api`. */
  api: string;
  database: "sqlite" | "postgres";
  outboxDir: string;
  /** Stops Strapi and boots it again on the same database and outbox (a second bootstrap). */
  restart(): Promise<TestStrapi>;
  /** Stops Strapi and removes the temporary files. */
  stop(): Promise<void>;
}

/**
 * Strapi's destroy() calls process.removeAllListeners(), which would also remove the IPC listeners
 * of the Vitest worker. Let it remove only what was added after the snapshot.
 */
type ListenerSnapshot = Map<string | symbol, ReturnType<typeof process.rawListeners>>;

function snapshotProcessListeners(): ListenerSnapshot {
  return new Map(process.eventNames().map((event) => [event, [...process.rawListeners(event)]]));
}

async function destroyKeepingListeners(strapi: Core.Strapi, snapshot: ListenerSnapshot) {
  const original = process.removeAllListeners;
  process.removeAllListeners = function removeNewListeners(event?: string | symbol) {
    if (event !== undefined) return original.call(process, event);
    for (const name of process.eventNames()) {
      const before = snapshot.get(name) ?? [];
      for (const listener of process.rawListeners(name)) {
        if (!before.includes(listener)) process.removeListener(name, listener as (...args: unknown[]) => void);
      }
    }
    return process;
  };
  try {
    await strapi.destroy();
  } finally {
    process.removeAllListeners = original;
  }
}

/**
 * Strapi emits the entry events of a transaction after it commits, without awaiting them (each
 * loads the entry again). After a bulk write such as the seed, let those queries finish before the
 * pool is destroyed, or they fail with "aborted".
 */
async function waitForIdleDatabase(strapi: Core.Strapi, quietMs = 200, maxMs = 10_000): Promise<void> {
  const connection = strapi.db.connection as unknown as {
    on(event: "query", listener: () => void): void;
    off(event: "query", listener: () => void): void;
  };
  const started = Date.now();
  let lastQuery = started;
  const onQuery = () => {
    lastQuery = Date.now();
  };
  connection.on("query", onQuery);
  try {
    while (Date.now() - lastQuery < quietMs && Date.now() - started < maxMs) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    connection.off("query", onQuery);
  }
}

function dropDistFromRequireCache(): void {
  // Config files are plain CommonJS modules: drop them so each boot re-reads the environment.
  const dropped = new Set<NodeJS.Module>();
  for (const [key, module] of Object.entries(nodeRequire.cache)) {
    if (!key.startsWith(DIST_DIR + path.sep)) continue;
    if (module) dropped.add(module);
    delete nodeRequire.cache[key];
  }
  // A module that stays (Strapi's own, which required the app's files) keeps each module it required
  // in its `children`: @strapi/utils' import-default.js kept every earlier boot's routes, whose
  // schemas close over that boot's Strapi. Each boot held on to its whole Strapi (~35 MB after a full
  // GC), so one worker running a whole pass grew to 3 GB and slowed down file after file.
  if (dropped.size === 0) return;
  for (const module of Object.values(nodeRequire.cache)) {
    if (module?.children.some((child) => dropped.has(child))) {
      module.children = module.children.filter((child) => !dropped.has(child));
    }
  }
}

interface BootOptions {
  tempDir: string;
  database: "sqlite" | "postgres";
  /** Puts back the environment as it was before this file's Strapi (test files share one process). */
  restoreEnv: () => void;
  /** Removes this file's database once Strapi has stopped. */
  dropDatabase: () => Promise<void>;
}

async function boot(options: BootOptions): Promise<TestStrapi> {
  const { tempDir, database, restoreEnv, dropDatabase } = options;
  const outboxDir = path.join(tempDir, "outbox");
  const snapshot = snapshotProcessListeners();
  dropDistFromRequireCache();

  // Required lazily: loading @strapi/strapi reads ENV_PATH, which boot's caller has just set.
  // The CommonJS build: Strapi's .mjs build cannot be loaded by Node's own ESM resolver.
  const { createStrapi } = nodeRequire("@strapi/strapi") as typeof Strapi;
  const strapi = createStrapi({ appDir: APP_DIR, distDir: DIST_DIR });
  await strapi.load();
  // Jobs run when a test calls them, with its own clock: a real minute's tick (order expiry, sandbox
  // notifications) landing in the middle of a test made its counts racy.
  strapi.cron.stop();

  const server = strapi.server.httpServer;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // listen() mounts the routers first; port 0 picks a free port.
    strapi.server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let stopped = false;
  const shutdown = async () => {
    if (stopped) return;
    stopped = true;
    await waitForIdleDatabase(strapi);
    await destroyKeepingListeners(strapi, snapshot);
  };

  return {
    strapi,
    url: `http://127.0.0.1:${port}`,
    api: `http://127.0.0.1:${port}/api`,
    database,
    outboxDir,
    async restart() {
      await shutdown();
      return boot(options);
    },
    async stop() {
      await shutdown();
      restoreEnv();
      await dropDatabase();
      fs.rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** What every test file's Strapi runs with, before the file's own settings. */
function baseEnv(tempDir: string): Record<string, string> {
  return {
    NODE_ENV: "test",
    // Point dotenv at a file that does not exist: a developer's apps/cms/.env must not leak in.
    ENV_PATH: path.join(tempDir, ".env.none"),
    STRAPI_TELEMETRY_DISABLED: "true",
    HOST: "127.0.0.1",
    MAIL_OUTBOX_DIR: path.join(tempDir, "outbox"),
    // Uploads (the seed's images, a test's files) go to the temporary folder, removed on stop(): the
    // SQLite and PostgreSQL runs go on at the same time (scripts/test.mjs) and must not share a folder.
    PUBLIC_DIR: path.join(tempDir, "public"),
    USERS_PERMISSIONS_RATELIMIT: "false",
    // Rate limits count in memory unless a test asks for Redis (accounts-limits.int.test.ts).
    REDIS_URL: "",
    LOG_LEVEL: "warn",
  };
}

/** Sets the environment for one Strapi; the function it returns puts the previous one back. */
function useEnv(env: Record<string, string>): () => void {
  const savedEnv = { ...process.env };
  Object.assign(process.env, env);
  // Tests must never send real mail.
  delete process.env.SMTP_HOST;
  delete process.env.SMTP_USER;
  delete process.env.SMTP_PASS;
  return () => {
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
  };
}

const databaseKind = (databaseUrl: string | undefined) => (databaseUrl ? "postgres" : "sqlite");

/** One boot with no demo data on the given database, then stopped: the run's template (test-databases.ts). */
async function makeTemplate(databaseEnv: Record<string, string>): Promise<void> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-template-"));
  // No demo data and no demo staff account: a file that wants them gets them from its own bootstrap,
  // and one that must have none (security.int.test.ts) finds none.
  const restoreEnv = useEnv({ ...baseEnv(tempDir), SEED_DEMO_DATA: "false", DEMO_MODE: "false", ...databaseEnv });
  const app = await boot({
    tempDir,
    database: databaseKind(process.env.DATABASE_URL),
    restoreEnv,
    dropDatabase: async () => {},
  });
  await app.stop();
}

/** Called once by tests/global-setup.ts, before any test file. */
export function prepareTemplateDatabase(): Promise<void> {
  return makeRunTemplate(process.env.DATABASE_URL?.trim() || undefined, makeTemplate);
}

/**
 * Boots the compiled app (tests/global-setup.ts built dist/) in this process, on a database of its
 * own: a copy of the run's template, as a temporary SQLite file, or as a PostgreSQL database made
 * next to DATABASE_URL's when that is set. Mail goes to a temporary outbox.
 */
export async function startStrapi(extraEnv: Record<string, string> = {}): Promise<TestStrapi> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-test-"));
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const database = await fileDatabase(tempDir, databaseUrl);
  const restoreEnv = useEnv({ ...baseEnv(tempDir), ...database.env, ...extraEnv });
  return boot({ tempDir, database: databaseKind(databaseUrl), restoreEnv, dropDatabase: database.drop });
}

/** The .eml files in the outbox, oldest first. */
export function readOutbox(outboxDir: string): { name: string; content: string }[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => ({ name, content: fs.readFileSync(path.join(outboxDir, name), "utf8") }));
}

/**
 * The timeout of a test that boots or restarts Strapi in its own body: as long as the hooks that
 * boot it get (vitest.config.ts). A boot takes 10-20 s on a quiet 2-core machine and passed the
 * tests' default 30 s under a loaded CI run; a test cut there left its boot running, and the
 * half-booted instance failed every later file of the worker ("Duplicated item key").
 */
export const STRAPI_BOOT_TIMEOUT_MS = 120_000;
