import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  ensureBuilt,
  freePort,
  startCms,
  startStorefront,
  stopProcess,
  waitForHttp,
} from "../../scripts/lib/processes.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    storefrontUrl: string;
    cmsUrl: string;
    outboxDir: string;
  }
}

/**
 * Runs the built shop as a customer would meet it: the CMS on a fresh SQLite database and the
 * storefront in production mode, each on a free loopback port.
 */
export default async function setup(project: TestProject) {
  await ensureBuilt();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  const outboxDir = path.join(workDir, "outbox");
  const [cmsPort, storefrontPort] = [await freePort(), await freePort()];
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;
  const storefrontUrl = `http://127.0.0.1:${storefrontPort}`;

  const cmsLog = path.join(workDir, "cms.log");
  const cms = startCms({
    port: cmsPort,
    logFile: cmsLog,
    env: {
      DATABASE_URL: "",
      DATABASE_FILENAME: path.join(workDir, "shop.db"),
      PUBLIC_DIR: path.join(workDir, "public"),
      MAIL_OUTBOX_DIR: outboxDir,
      PUBLIC_URL: cmsUrl,
      STOREFRONT_URL: storefrontUrl,
      USERS_PERMISSIONS_RATELIMIT: "false",
      // Every test posts from 127.0.0.1; the limit itself is tested against the CMS (security.int.test.ts).
      FORM_SUBMISSIONS_PER_HOUR: "100000",
    },
  });
  const storefrontLog = path.join(workDir, "storefront.log");
  let storefront: Awaited<ReturnType<typeof startStorefront>> | undefined;
  try {
    await waitForHttp(`${cmsUrl}/health`, { child: cms, logFile: cmsLog, timeoutMs: 180_000 });
    storefront = startStorefront({
      port: storefrontPort,
      logFile: storefrontLog,
      env: {
        CMS_URL: cmsUrl,
        SITE_URL: storefrontUrl,
        // Converting the whole catalogue ahead would take a core away from the tests for minutes.
        IMAGE_PREGENERATE: "false",
        IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
      },
    });
    await waitForHttp(`${storefrontUrl}/healthz`, { child: storefront, logFile: storefrontLog, timeoutMs: 60_000 });
  } catch (error) {
    await Promise.all([stopProcess(cms), stopProcess(storefront)]);
    throw error;
  }

  project.provide("storefrontUrl", storefrontUrl);
  project.provide("cmsUrl", cmsUrl);
  project.provide("outboxDir", outboxDir);

  return async () => {
    await Promise.all([stopProcess(storefront), stopProcess(cms)]);
    if (!process.env.KEEP_E2E_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
    else console.log(`e2e logs kept in ${workDir}`);
  };
}
