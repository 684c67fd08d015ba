import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Every test file boots Strapi on a database of its own. On an empty database three quarters of a
 * boot is Strapi creating its tables and the bootstrap filling roles and permissions (measured: 60 s
 * against 14 s for a second boot on a loaded machine), the same for every file: so the first boot of
 * a run makes a template (tables and bootstrap, no demo data), and every file starts from a copy of
 * it, then runs its own bootstrap with its own environment (the demo data included, when it asks).
 *
 * tests/global-setup.ts makes the template before any file runs (a first file's hook would have to
 * wait for it), in the run's folder (CMS_TEST_RUN_DIR) for SQLite, as a database named after the run
 * (CMS_TEST_RUN_ID) for PostgreSQL; its teardown removes them.
 */

const nodeRequire = createRequire(__filename);

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

async function withPostgres<T>(databaseUrl: string, work: (client: PgClient) => Promise<T>): Promise<T> {
  const pg = nodeRequire("pg") as { Client: new (options: { connectionString: string }) => PgClient };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Names made here are plain [a-z0-9_]: quoting them is enough. */
const quoted = (name: string) => `"${name}"`;

function databaseUrlNamed(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function runDir(): string {
  const dir = process.env.CMS_TEST_RUN_DIR;
  if (!dir) throw new Error("CMS_TEST_RUN_DIR is not set: run the CMS tests through Vitest's cms project");
  return dir;
}

/**
 * The run's own prefix for PostgreSQL databases, made from the database of DATABASE_URL: the
 * teardown drops every database that starts with it, whatever a failed file left behind.
 */
export function postgresRunPrefix(databaseUrl: string, runId: string): string {
  const base = new URL(databaseUrl).pathname
    .slice(1)
    .replace(/[^a-z0-9_]/gi, "_")
    .toLowerCase();
  // 63 bytes is PostgreSQL's limit for a name; the suffixes below take at most 14.
  return `${base.slice(0, 36)}_t${runId}`;
}

export interface FileDatabase {
  /** The environment that points Strapi at this file's database. */
  env: Record<string, string>;
  /** Removes the database (PostgreSQL; the SQLite file goes with the file's temporary folder). */
  drop(): Promise<void>;
}

interface TemplateMaker {
  /** Boots Strapi once on the given environment with no demo data, and stops it: tables and bootstrap. */
  (env: Record<string, string>): Promise<void>;
}

const SQLITE_SIDE_FILES = ["", "-wal", "-shm"];

const sqliteTemplate = () => path.join(runDir(), "template.db");

async function makeSqliteTemplate(makeTemplate: TemplateMaker): Promise<void> {
  const building = path.join(runDir(), "building.db");
  await makeTemplate({ DATABASE_FILENAME: building });
  // Strapi closed the database, which checkpoints the WAL; side files are moved too, should one be left.
  for (const suffix of SQLITE_SIDE_FILES) {
    if (fs.existsSync(building + suffix)) fs.renameSync(building + suffix, sqliteTemplate() + suffix);
  }
}

function sqliteDatabase(tempDir: string): FileDatabase {
  const template = sqliteTemplate();
  if (!fs.existsSync(template)) throw new Error("No template database: tests/global-setup.ts makes it");
  const filename = path.join(tempDir, "cms.db");
  for (const suffix of SQLITE_SIDE_FILES) {
    if (fs.existsSync(template + suffix)) fs.copyFileSync(template + suffix, filename + suffix);
  }
  return { env: { DATABASE_FILENAME: filename }, drop: async () => {} };
}

const postgresTemplate = (databaseUrl: string) =>
  `${postgresRunPrefix(databaseUrl, process.env.CMS_TEST_RUN_ID ?? "x")}_template`;

async function makePostgresTemplate(databaseUrl: string, makeTemplate: TemplateMaker): Promise<void> {
  const name = postgresTemplate(databaseUrl);
  await withPostgres(databaseUrl, (client) => client.query(`CREATE DATABASE ${quoted(name)}`));
  await makeTemplate({ DATABASE_URL: databaseUrlNamed(databaseUrl, name) });
}

async function postgresDatabase(databaseUrl: string): Promise<FileDatabase> {
  const template = postgresTemplate(databaseUrl);
  const name = `${postgresRunPrefix(databaseUrl, process.env.CMS_TEST_RUN_ID ?? "x")}_${randomBytes(4).toString("hex")}`;
  // A copy of the template is a file copy inside PostgreSQL: far cheaper than creating the tables.
  await withPostgres(databaseUrl, (client) =>
    client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`),
  );
  return {
    env: { DATABASE_URL: databaseUrlNamed(databaseUrl, name) },
    drop: async () => {
      await withPostgres(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
    },
  };
}

/** The global setup: the run's template, made once before any file (a boot on an empty database). */
export function makeRunTemplate(databaseUrl: string | undefined, makeTemplate: TemplateMaker): Promise<void> {
  return databaseUrl ? makePostgresTemplate(databaseUrl, makeTemplate) : makeSqliteTemplate(makeTemplate);
}

/** A database for one test file: a copy of the run's template. */
export async function fileDatabase(tempDir: string, databaseUrl: string | undefined): Promise<FileDatabase> {
  return databaseUrl ? postgresDatabase(databaseUrl) : sqliteDatabase(tempDir);
}

/** The global teardown: every database of this run, template included, whatever a file left. */
export async function dropRunDatabases(databaseUrl: string, runId: string): Promise<void> {
  const prefix = postgresRunPrefix(databaseUrl, runId);
  await withPostgres(databaseUrl, async (client) => {
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE starts_with(datname, '${prefix}_')`);
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS ${quoted(String(datname))} WITH (FORCE)`);
    }
  });
}
