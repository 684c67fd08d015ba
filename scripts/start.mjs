// `npm start`: builds what is missing or stale, then runs the CMS and the storefront together
// on the embedded defaults (SQLite, outbox e-mail, demo data) and says where everything is.
// The end-to-end tests run the shop through this very script (e2e/support/global-setup.ts), so
// every default the README relies on is a default the tests run.
import path from "node:path";
import { shopAddresses } from "./lib/addresses.mjs";
import { ensureBuilt, ROOT, startCms, startStorefront, stopProcess, waitForHttp } from "./lib/processes.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js >= 20.19 is required (this is ${process.versions.node}).`);
  process.exit(1);
}

let addresses;
try {
  addresses = shopAddresses(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { storefrontPort, cmsPort, siteUrl, cmsUrl } = addresses;
const outbox = process.env.MAIL_OUTBOX_DIR ?? path.join(ROOT, "var/outbox");

await ensureBuilt({ force: process.argv.includes("--build") });

const cms = startCms({ port: cmsPort, env: { MAIL_OUTBOX_DIR: outbox, ...addresses.cmsEnv } });
const children = [cms];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => stopProcess(child)));
  process.exit(code);
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

try {
  await waitForHttp(`${cmsUrl}/health`, { child: cms, timeoutMs: 180_000 });
  const storefront = startStorefront({ port: storefrontPort, env: addresses.storefrontEnv });
  children.push(storefront);
  await waitForHttp(`http://127.0.0.1:${storefrontPort}/healthz`, { child: storefront, timeoutMs: 60_000 });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}

for (const child of children) {
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`${child.processName} stopped unexpectedly (exit ${code}); stopping the shop.`);
      void stopAll(1);
    }
  });
}

console.log(`
  The shop is running.
    Storefront   ${siteUrl}
    CMS admin    ${addresses.cmsEnv.PUBLIC_URL || `http://localhost:${cmsPort}`}/admin   (demo staff account printed above by the CMS)
    Outbox       ${path.relative(process.cwd(), outbox) || outbox}   (every e-mail the shop sends, as .eml files)
  Press Ctrl+C to stop.
`);
