import { createRequire } from "node:module";
import path from "node:path";
import type * as Strapi from "@strapi/strapi";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { prepareTemplateDatabase } from "./helpers/strapi";
import { dropRunDatabases } from "./helpers/test-databases";

/**
 * Runs once per Vitest run, in the main process: compiles the TypeScript app into dist/ so that
 * every test file boots the same build. Compiling in parallel workers would race on dist/.
 */
export default async function setup(): Promise<() => Promise<void>> {
  process.env.STRAPI_TELEMETRY_DISABLED = "true";
  // The run's template databases (helpers/test-databases.ts); every worker inherits these.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-tests-run-"));
  const runId = randomBytes(3).toString("hex");
  process.env.CMS_TEST_RUN_DIR = runDir;
  process.env.CMS_TEST_RUN_ID = runId;
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const teardown = async () => {
    fs.rmSync(runDir, { recursive: true, force: true });
    if (databaseUrl) await dropRunDatabases(databaseUrl, runId);
  };
  // `npm test` (scripts/test.mjs) builds the packages and the CMS before, then runs the SQLite and
  // PostgreSQL passes at once: a compile here would rewrite dist/ under the other pass's feet.
  if (process.env.CMS_DIST_READY !== "1") await compile();
  try {
    await prepareTemplateDatabase();
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

async function compile(): Promise<void> {
  // The compiled CMS requires the shared packages' CommonJS build (a couple of seconds).
  execFileSync(
    "npm",
    ["run", "build", "--silent", "-w", "packages/domain", "-w", "packages/contracts", "-w", "packages/routing"],
    {
      cwd: path.resolve(__dirname, "../../.."),
      stdio: "inherit",
    },
  );
  // Loading @strapi/strapi runs dotenv on ENV_PATH (default ./.env); keep any .env of the cwd out
  // of this process, whose environment every test worker inherits.
  const previousEnvPath = process.env.ENV_PATH;
  process.env.ENV_PATH = path.join(__dirname, ".env.none");
  try {
    // The CommonJS build: Strapi's .mjs build cannot be loaded by Node's own ESM resolver.
    const { compileStrapi } = createRequire(__filename)("@strapi/strapi") as typeof Strapi;
    // On a type error compileStrapi prints the diagnostics and exits the process with code 1.
    await compileStrapi({ appDir: path.resolve(__dirname, "..") });
  } finally {
    if (previousEnvPath === undefined) delete process.env.ENV_PATH;
    else process.env.ENV_PATH = previousEnvPath;
  }
}
