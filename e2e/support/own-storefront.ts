import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { freePort, startStorefront, stopProcess, waitForHttp } from "../../scripts/lib/processes.mjs";

/**
 * A storefront of the test file's own, against the shared CMS, for settings the other files must not
 * meet (a Tag Manager container, the app's token, a support chat): `env` on top of what every test
 * storefront gets. Started before the file's tests, stopped after them; answers its base address.
 */
export async function useOwnStorefront(name: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${name}-`));
  let storefront: ReturnType<typeof startStorefront> | undefined;
  beforeAll(async () => {
    const logFile = path.join(logDir, "storefront.log");
    storefront = startStorefront({
      port,
      logFile,
      env: {
        CMS_URL: inject("cmsUrl"),
        SITE_URL: base,
        IMAGE_PREGENERATE: "false",
        IMAGE_CACHE_DIR: path.join(logDir, "images"),
        ...env,
      },
    });
    await waitForHttp(`${base}/healthz`, { child: storefront, logFile, timeoutMs: 60_000 });
  });
  afterAll(async () => {
    await stopProcess(storefront);
    fs.rmSync(logDir, { recursive: true, force: true });
  });
  return base;
}
