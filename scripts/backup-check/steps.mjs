// The README's backup and restore steps (section "Backup and restore"), as the commands a person
// types: the backup check runs exactly these, so the README cannot drift from what was proven.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

async function step(command, args, { env = {} } = {}) {
  console.log(`  $ ${[command, ...args].join(" ")}`);
  await exec(command, args, { maxBuffer: 16 * 2 ** 20, env: { ...process.env, ...env } });
}

/**
 * The database URL without its password, which goes to pg_dump and pg_restore in PGPASSWORD: the
 * printed commands, and a failed command's error, never show it.
 */
function withoutPassword(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * A backup: the database first (pg_dump's custom format, one consistent snapshot that pg_restore
 * can restore table by table), then the uploads folder. In that order every file a row names is in
 * the archive (a file uploaded after the dump is an unreferenced extra, harmless).
 */
export async function backUp({ databaseUrl, publicDir, dumpFile, uploadsArchive }) {
  const database = withoutPassword(databaseUrl);
  await step("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${dumpFile}`, database.url], {
    env: database.env,
  });
  await step("tar", ["--create", "--gzip", `--file=${uploadsArchive}`, `--directory=${publicDir}`, "uploads"]);
}

/**
 * A restore into an empty database (created beforehand, e.g. `createdb`) and an empty public folder
 * (the new CMS's PUBLIC_DIR). --exit-on-error: a restore that failed half-way must not look done.
 */
export async function restore({ databaseUrl, publicDir, dumpFile, uploadsArchive }) {
  const database = withoutPassword(databaseUrl);
  await step("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${database.url}`, dumpFile], {
    env: database.env,
  });
  fs.mkdirSync(publicDir, { recursive: true });
  await step("tar", ["--extract", "--gzip", `--file=${uploadsArchive}`, `--directory=${publicDir}`]);
}

/** Every file under `dir`, relative path -> size in bytes. */
export function filesUnder(dir) {
  const files = new Map();
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full), fs.statSync(full).size);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return files;
}
