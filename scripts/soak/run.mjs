// `npm run soak` (issue 24, docs/decisions/052): the shop as a cluster (HAProxy, two storefront and
// two CMS processes, PostgreSQL, Redis: `npm run cluster`'s) on a database of its own, under mixed
// traffic at SOAK_CONNECTIONS (20) for SOAK_SECONDS (600): browsing, signed-in pages, orders placed
// and paid on the sandbox page, subscriptions managed. Prints the requests by kind, every error and
// each process's memory after the warm-up; exits 1 on any error or a process whose memory grew.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { plentyOfDeliveryPlaces } from "../lib/delivery-places.mjs";
import { ensureBuilt } from "../lib/processes.mjs";
import { freeClusterPorts, HAPROXY_MISSING, haproxyInstalled, shopCluster } from "../cluster/cluster.mjs";
import { memoryReport, mixedTraffic, residentMb } from "./traffic.mjs";

function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number above 0 (it is "${process.env[name]}")`);
    process.exit(1);
  }
  return value;
}

if (!haproxyInstalled()) {
  console.error(HAPROXY_MISSING);
  process.exit(1);
}
const seconds = positive("SOAK_SECONDS", 600);
const connections = positive("SOAK_CONNECTIONS", 20);
const databaseServer = process.env.SOAK_DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const databaseName = `shop_soak_${randomUUID().slice(0, 8)}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-soak-"));

await ensureBuilt();
const ports = await freeClusterPorts();
const cluster = shopCluster({
  ports,
  logDir: workDir,
  env: {
    ...process.env,
    DATABASE_URL: `${databaseServer}/${databaseName}`,
    REDIS_URL: process.env.SOAK_REDIS_URL ?? "redis://127.0.0.1:6379/11",
    MAIL_OUTBOX_DIR: path.join(workDir, "outbox"),
    PUBLIC_DIR: path.join(workDir, "public"),
    IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
    IMAGE_PREGENERATE: "false",
    // Every soak customer comes from this machine's one address: the per-address limits (their own
    // tests, orders-limits.int) would refuse the traffic of a whole town after a few minutes.
    USERS_PERMISSIONS_RATELIMIT: "false",
  },
});

let exitCode = 1;
try {
  console.log(`Starting the cluster (logs in ${workDir})…`);
  await cluster.start();
  await plentyOfDeliveryPlaces({ databaseUrl: cluster.addresses.cmsEnv.DATABASE_URL });
  console.log(`Soaking for ${seconds} s at ${connections} connections…`);
  const samples = [];
  const result = await mixedTraffic({
    siteUrl: cluster.addresses.siteUrl,
    api: `${cluster.addresses.cmsUrl}/api`,
    durationMs: seconds * 1000,
    connections,
    sample: () => {
      const mb = {};
      for (const [name, child] of cluster.processes) mb[name] = child.pid ? residentMb(child.pid) : null;
      samples.push({ at: Date.now(), mb });
    },
  });
  console.log("\nRequests by kind (status: count), latency p50 / p99 ms:");
  for (const { kind, requests, statuses, p50, p99 } of result.kinds) {
    console.log(`  ${kind.padEnd(26)} ${String(requests).padStart(7)}  ${JSON.stringify(statuses)}  ${p50} / ${p99}`);
  }
  console.log(`\nErrors: ${result.errors.length}`);
  for (const error of result.errors.slice(0, 20)) console.log(`  ${error}`);
  const memory = memoryReport(samples);
  console.log("\nResident memory (MB) after the first quarter of the run: warm, end, peak");
  for (const { name, warm, end, peak, flat } of memory) {
    console.log(`  ${name.padEnd(14)} ${warm} → ${end} (peak ${peak}) ${flat ? "flat" : "GREW"}`);
  }
  const gone = memory.filter(({ end }) => end === null).map(({ name }) => name);
  if (gone.length > 0) console.log(`\nProcesses gone before the end: ${gone.join(", ")}`);
  exitCode = result.errors.length === 0 && memory.every(({ flat }) => flat) && gone.length === 0 ? 0 : 1;
  console.log(exitCode === 0 ? "\nSoak passed." : "\nSoak failed.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cluster.stop();
  const client = new pg.Client({ connectionString: `${databaseServer}/postgres` });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await client.end();
}
process.exit(exitCode);
