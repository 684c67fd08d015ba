// `npm run cluster`: the shop as a cluster on one machine (docs/decisions/046): HAProxy
// (deploy/haproxy.cfg) in front of two storefront and two CMS processes, one PostgreSQL, one Redis.
// Builds what is missing or stale first, as `npm start` does. Ctrl+C stops everything.
import { ensureBuilt } from "../lib/processes.mjs";
import { HAPROXY_MISSING, haproxyInstalled, shopCluster } from "./cluster.mjs";

function port(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    console.error(`${name} must be a port number between 1 and 65535 (it is "${value}")`);
    process.exit(1);
  }
  return number;
}

if (!haproxyInstalled()) {
  console.error(HAPROXY_MISSING);
  process.exit(1);
}

// The balancer takes `npm start`'s ports (PORT, CMS_PORT); the processes behind it the next ones.
const shop = port("PORT", 3000);
const cms = port("CMS_PORT", 1337);
const ports = {
  shop,
  cms,
  stats: port("CLUSTER_STATS_PORT", 8404),
  storefronts: [port("STOREFRONT_1_PORT", shop + 1), port("STOREFRONT_2_PORT", shop + 2)],
  cmses: [port("CMS_1_PORT", cms + 1), port("CMS_2_PORT", cms + 2)],
};

await ensureBuilt({ force: process.argv.includes("--build") });

const cluster = shopCluster({ ports });
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(code);
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

try {
  await cluster.start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}

for (const [name, child] of cluster.processes) {
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (exit ${code}); stopping the cluster.`);
      void stopAll(1);
    }
  });
}

const { addresses } = cluster;
console.log(`
  The shop is running as a cluster (HAProxy, deploy/haproxy.cfg).
    Storefront   ${addresses.siteUrl}   → storefront-1 :${ports.storefronts[0]}, storefront-2 :${ports.storefronts[1]}
    CMS          ${addresses.cmsUrl}   → cms-1 :${ports.cmses[0]}, cms-2 :${ports.cmses[1]}   (admin: ${addresses.cmsPublicUrl}/admin)
    HAProxy      ${addresses.statsUrl}   (which process is up, requests per process)
    PostgreSQL   ${redacted(addresses.cmsEnv.DATABASE_URL)}
    Redis        ${redacted(addresses.cmsEnv.REDIS_URL)}
  Press Ctrl+C to stop.
`);

/** A connection URL without its password, for the terminal. */
function redacted(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
