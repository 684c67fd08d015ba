// `npm start`: builds what is missing or stale, then runs the CMS and the storefront together
// on the embedded defaults (SQLite, outbox e-mail, demo data) and says where everything is.
import path from "node:path";
import { ensureBuilt, ROOT, startCms, startStorefront, stopProcess, waitForHttp } from "./lib/processes.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js >= 20.19 is required (this is ${process.versions.node}).`);
  process.exit(1);
}

const cmsPort = Number(process.env.CMS_PORT ?? 1337);
const storefrontPort = Number(process.env.PORT ?? 3000);
const cmsUrl = process.env.CMS_URL ?? `http://127.0.0.1:${cmsPort}`;
const outbox = process.env.MAIL_OUTBOX_DIR ?? path.join(ROOT, "var/outbox");

await ensureBuilt({ force: process.argv.includes("--build") });

const cms = startCms({ port: cmsPort, env: { MAIL_OUTBOX_DIR: outbox } });
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
  const storefront = startStorefront({
    port: storefrontPort,
    env: { CMS_URL: cmsUrl, SITE_URL: process.env.SITE_URL ?? `http://localhost:${storefrontPort}` },
  });
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
    Storefront   http://localhost:${storefrontPort}
    CMS admin    http://localhost:${cmsPort}/admin   (demo staff account printed above by the CMS)
    Outbox       ${path.relative(process.cwd(), outbox) || outbox}   (every e-mail the shop sends, as .eml files)
  Press Ctrl+C to stop.
`);
