import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultCmsPublicUrl } from "@shop/contracts";
import type { TestProject } from "vitest/node";
import { shopAddresses } from "../../scripts/lib/addresses.mjs";
import { ensureBuilt, freePort, ROOT, stopProcess, waitForHttp } from "../../scripts/lib/processes.mjs";
import { fakeProviderEnv, startFakeProvider } from "./oidc-provider";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shop's one origin (SITE_URL), as `npm start` names it: http://localhost:PORT. */
    storefrontUrl: string;
    /** Where the storefront server reaches the CMS (its CMS_URL); tests call the CMS's API there. */
    cmsUrl: string;
    /** Where browsers reach the CMS: its sandbox payment page. */
    cmsPublicUrl: string;
    outboxDir: string;
    /** The fake Google, Microsoft and Facebook the shop signs in with (support/oidc-provider.ts). */
    oidcUrl: string;
    /** The shop's E2E_HOOK_SECRET, which every call of its e2e hooks carries (support/hooks.ts). */
    e2eHookSecret: string;
  }
}

/**
 * Left to `npm start`'s defaults here: what it reads to name the shop's addresses, and NODE_ENV,
 * which Vitest sets to "test" in its own process (the CMS would run as "test", the README's shop
 * runs it unset, as "development").
 */
const DEFAULTED_VARIABLES = ["SITE_URL", "CMS_URL", "CMS_PUBLIC_URL", "PUBLIC_URL", "STOREFRONT_URL", "NODE_ENV"];

/** Lines in the storefront's log that mean the shop could not have taken a payment. */
const BROKEN_PAYMENT_LOG = /Refusing to send a customer to pay/;

/**
 * Runs the shop as the README's `npm start` runs it (scripts/start.mjs, its defaults for every
 * address), as a customer would meet it: only the ports (free ones, never the defaults) and the data
 * folders (a fresh SQLite database, uploads, outbox, picture cache) differ, and two allowances that
 * every test posting from 127.0.0.1 would otherwise exhaust.
 */
export default async function setup(project: TestProject) {
  await ensureBuilt();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  const outboxDir = path.join(workDir, "outbox");
  const [cmsPort, storefrontPort] = [await freePort(), await freePort()];
  const oidc = await startFakeProvider();
  const e2eHookSecret = randomBytes(32).toString("hex");
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !DEFAULTED_VARIABLES.includes(name)),
  );
  const env = {
    ...inherited,
    PORT: String(storefrontPort),
    CMS_PORT: String(cmsPort),
    // The integration tests run on CI's PostgreSQL; the shop under test has a database of its own.
    DATABASE_URL: "",
    DATABASE_FILENAME: path.join(workDir, "shop.db"),
    PUBLIC_DIR: path.join(workDir, "public"),
    MAIL_OUTBOX_DIR: outboxDir,
    IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
    // Converting the whole catalogue ahead would take a core away from the tests for minutes.
    IMAGE_PREGENERATE: "false",
    // Every test signs in and posts from 127.0.0.1; the limits themselves are tested against the
    // CMS (security.int.test.ts, rate limits).
    USERS_PERMISSIONS_RATELIMIT: "false",
    FORM_SUBMISSIONS_PER_HOUR: "100000",
    // The renewal job at a time the test names (src/jobs/e2e-hooks.ts), instead of waiting for its schedule.
    E2E_JOB_HOOKS: "true",
    E2E_HOOK_SECRET: e2eHookSecret,
    ...fakeProviderEnv(oidc.url),
  };
  const addresses = shopAddresses(env);
  const cmsPublicUrl = defaultCmsPublicUrl(addresses.cmsUrl);

  const logFile = path.join(workDir, "shop.log");
  const log = fs.openSync(logFile, "a");
  const shop: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", log, log],
  });
  Object.assign(shop, { processName: "npm start" });
  try {
    await waitForHttp(`${addresses.siteUrl}/healthz`, { child: shop, logFile, timeoutMs: 240_000 });
  } catch (error) {
    await stopProcess(shop, 20_000);
    await oidc.stop();
    throw error;
  }

  project.provide("storefrontUrl", addresses.siteUrl);
  project.provide("cmsUrl", addresses.cmsUrl);
  project.provide("cmsPublicUrl", cmsPublicUrl);
  project.provide("outboxDir", outboxDir);
  project.provide("oidcUrl", oidc.url);
  project.provide("e2eHookSecret", e2eHookSecret);

  return async () => {
    // start.mjs stops the CMS and the storefront on SIGTERM, then exits.
    await stopProcess(shop, 20_000);
    await oidc.stop();
    fs.closeSync(log);
    const broken = fs
      .readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => BROKEN_PAYMENT_LOG.test(line));
    if (!process.env.KEEP_E2E_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
    else console.log(`e2e logs kept in ${workDir}`);
    if (broken.length > 0) throw new Error(`The storefront refused the shop's own payment page:\n${broken.join("\n")}`);
  };
}
