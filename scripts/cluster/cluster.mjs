// The shop in its production shape on one machine (docs/decisions/046): two CMS and two storefront
// processes, started as `npm start` starts them (scripts/lib/processes.mjs), on one PostgreSQL and
// one Redis, behind HAProxy with deploy/haproxy.cfg. `npm run cluster` (./run.mjs) and the cluster
// test (e2e/cluster) both start it here.
import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { shopAddresses } from "../lib/addresses.mjs";
import {
  freePort,
  ROOT,
  startCms,
  startProcess,
  startStorefront,
  stopProcess,
  waitForHttp,
} from "../lib/processes.mjs";

export const HAPROXY_CONFIG = path.join(ROOT, "deploy/haproxy.cfg");
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/shop_cluster";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/** How to get HAProxy where it is missing: the script installs nothing itself. */
export const HAPROXY_MISSING = `HAProxy is not installed (the cluster's load balancer, deploy/haproxy.cfg).
Install Debian's package and run the command again:
    sudo apt-get install -y haproxy
(Ubuntu: the same; macOS: brew install haproxy.) HAProxy 2.2 or newer.`;

/** True when `haproxy` runs here; HAPROXY_BIN names another binary. */
export function haproxyInstalled(env = process.env) {
  const found = spawnSync(env.HAPROXY_BIN || "haproxy", ["-v"], { stdio: "ignore" });
  return found.error === undefined && found.status === 0;
}

/**
 * Creates the database DATABASE_URL names when it is missing (the server's `postgres` database
 * is asked), so that a first `npm run cluster` needs nothing done by hand. Strapi creates the schema.
 */
export async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL must name a database (letters, digits, _): ${name}`);
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * @typedef {{ shop: number, cms: number, stats: number, storefronts: [number, number], cmses: [number, number] }} ClusterPorts
 * The balancer's ports (the shop, the CMS, HAProxy's status page) and each process's own.
 */

/**
 * Free ports for a whole cluster (freePort's), for the tests and drills that start one beside
 * whatever else runs on the machine; `npm run cluster` takes fixed ones (./run.mjs).
 * @returns {Promise<ClusterPorts>}
 */
export async function freeClusterPorts() {
  return {
    shop: await freePort(),
    cms: await freePort(),
    stats: await freePort(),
    storefronts: [await freePort(), await freePort()],
    cmses: [await freePort(), await freePort()],
  };
}

/**
 * The addresses and environment of a cluster on one machine: the shop's one origin and the CMS's
 * both at the balancer (`npm start`'s rules, scripts/lib/addresses.mjs, with the balancer's ports
 * as PORT and CMS_PORT), each app trusting the one proxy in front of it.
 * @param {Record<string, string | undefined>} env
 * @param {ClusterPorts} ports
 */
export function clusterAddresses(env, ports) {
  // Browsers reach the CMS (its sandbox payment page, the admin panel) at the balancer too. Unnamed,
  // the CMS would take its own port for its public address (`npm start` runs it at CMS_PORT itself).
  const cmsPublicUrl = env.CMS_PUBLIC_URL || env.PUBLIC_URL || `http://localhost:${ports.cms}`;
  const addresses = shopAddresses({
    ...env,
    PORT: String(ports.shop),
    CMS_PORT: String(ports.cms),
    CMS_PUBLIC_URL: cmsPublicUrl,
  });
  const shared = {
    DATABASE_URL: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    REDIS_URL: env.REDIS_URL || DEFAULT_REDIS_URL,
    // HAProxy appends the visitor's address to X-Forwarded-For; each app trusts that one hop.
    TRUST_PROXY_HOPS: env.TRUST_PROXY_HOPS || "1",
  };
  // The outbox of `npm start`, shared by both CMS processes.
  const outbox = { MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR || path.join(ROOT, "var/outbox") };
  // Everything else given passes through to both apps, but the balancer's PORT (each process has
  // its own) and NODE_ENV, given to the CMS only: the storefront serves its production build, as
  // under `npm start`.
  const { NODE_ENV: nodeEnv, PORT: _balancerPort, HOST: _host, ...passed } = env;
  return {
    ...addresses,
    cmsPublicUrl,
    statsUrl: `http://127.0.0.1:${ports.stats}/`,
    cmsEnv: { ...passed, NODE_ENV: nodeEnv || "development", ...shared, ...outbox, ...addresses.cmsEnv },
    storefrontEnv: { ...passed, ...shared, ...addresses.storefrontEnv },
    haproxyEnv: {
      SHOP_BIND: `127.0.0.1:${ports.shop}`,
      CMS_BIND: `127.0.0.1:${ports.cms}`,
      STATS_BIND: `127.0.0.1:${ports.stats}`,
      STOREFRONT_1: `127.0.0.1:${ports.storefronts[0]}`,
      STOREFRONT_2: `127.0.0.1:${ports.storefronts[1]}`,
      CMS_1: `127.0.0.1:${ports.cmses[0]}`,
      CMS_2: `127.0.0.1:${ports.cmses[1]}`,
    },
  };
}

/**
 * The cluster's processes, started by `start()`: HAProxy, the CMS processes and then the storefront
 * processes; it resolves once the balancer sees every process up. The first CMS starts alone: on an
 * empty database it creates the schema and the demo data, which two processes booting at once would
 * both try (a deployment likewise migrates with one process before the others start). `stop()`
 * stops whatever has started, also while `start()` is still waiting (Ctrl+C during a boot).
 * `logDir` sends each process's output to a file of its own (tests); without it, output goes to
 * this terminal.
 * @param {{ env?: Record<string, string | undefined>, ports: ClusterPorts, logDir?: string }} options
 */
export function shopCluster({ env = process.env, ports, logDir }) {
  const addresses = clusterAddresses(env, ports);
  const logFile = (name) => (logDir ? path.join(logDir, `${name}.log`) : undefined);
  /** @type {Map<string, import("node:child_process").ChildProcess>} */
  const processes = new Map();

  const startHaproxy = () => {
    const haproxy = startProcess("haproxy", env.HAPROXY_BIN || "haproxy", ["-db", "-f", HAPROXY_CONFIG], {
      cwd: ROOT,
      env: addresses.haproxyEnv,
      logFile: logFile("haproxy"),
    });
    processes.set("haproxy", haproxy);
  };
  const startCmsNumber = async (index) => {
    const name = `cms-${index + 1}`;
    const child = startCms({ port: ports.cmses[index], env: addresses.cmsEnv, logFile: logFile(name), name });
    processes.set(name, child);
    await waitForHttp(`http://127.0.0.1:${ports.cmses[index]}/health`, {
      child,
      timeoutMs: 300_000,
      logFile: logFile(name),
    });
  };
  const startStorefrontNumber = async (index) => {
    const name = `storefront-${index + 1}`;
    const child = startStorefront({
      port: ports.storefronts[index],
      env: addresses.storefrontEnv,
      logFile: logFile(name),
      name,
    });
    processes.set(name, child);
    // Ready once it reaches the CMS through the balancer, as HAProxy's check asks.
    await waitForHttp(`http://127.0.0.1:${ports.storefronts[index]}/readyz`, {
      child,
      timeoutMs: 60_000,
      logFile: logFile(name),
    });
  };
  const stop = () => Promise.all([...processes.values()].map((child) => stopProcess(child)));

  return {
    addresses,
    processes,
    async start() {
      try {
        await ensureDatabase(addresses.cmsEnv.DATABASE_URL);
        startHaproxy();
        await startCmsNumber(0);
        await startCmsNumber(1);
        await Promise.all([startStorefrontNumber(0), startStorefrontNumber(1)]);
        await waitUntilBalanced(addresses.statsUrl, { timeoutMs: 30_000 });
      } catch (error) {
        await stop();
        throw error;
      }
    },
    /**
     * Stops storefront `number` (1 or 2) as a rolling deploy does (SIGTERM: requests in flight
     * finish) and starts it again; resolves once the balancer sends it requests again.
     */
    async restartStorefront(number) {
      await stopProcess(processes.get(`storefront-${number}`));
      await startStorefrontNumber(number - 1);
      await waitUntilBalanced(addresses.statsUrl, { timeoutMs: 30_000 });
    },
    /**
     * Resolves with how CMS `number` (1 or 2) ended (its signal, else its exit code) once it has
     * exited: the crash test's process kills itself (e2e/cluster/crash.cluster.test.ts).
     */
    cmsExit(number) {
      const child = processes.get(`cms-${number}`);
      if (!child) return Promise.reject(new Error(`No process cms-${number}`));
      if (child.exitCode !== null || child.signalCode !== null)
        return Promise.resolve(child.signalCode ?? child.exitCode);
      return new Promise((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
    },
    /**
     * Starts CMS `number` (1 or 2) again (stopped first if it still runs); resolves once the
     * balancer sends it requests again.
     */
    async restartCms(number) {
      await stopProcess(processes.get(`cms-${number}`));
      await startCmsNumber(number - 1);
      await waitUntilBalanced(addresses.statsUrl, { timeoutMs: 30_000 });
    },
    stop,
  };
}

/** HAProxy's view of every server: `{ backend, server, status, requests }` (its status page as CSV). */
export async function balancerServers(statsUrl) {
  const response = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`HAProxy's status page answered ${response.status}`);
  const [head = "", ...rows] = (await response.text()).trim().split("\n");
  const columns = head.replace(/^# /, "").split(",");
  const at = (row, name) => row[columns.indexOf(name)] ?? "";
  return rows
    .map((line) => line.split(","))
    .filter((row) => !["FRONTEND", "BACKEND"].includes(at(row, "svname")) && at(row, "pxname") !== "stats")
    .map((row) => ({
      backend: at(row, "pxname"),
      server: at(row, "svname"),
      status: at(row, "status"),
      requests: Number(at(row, "stot")),
    }));
}

/** Resolves once HAProxy's health checks say every server is UP. */
async function waitUntilBalanced(statsUrl, { timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  let last = [];
  while (Date.now() < deadline) {
    try {
      last = await balancerServers(statsUrl);
      if (last.length > 0 && last.every(({ status }) => status === "UP")) return;
    } catch {
      // HAProxy not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`HAProxy did not see every process up within ${timeoutMs} ms: ${JSON.stringify(last)}`);
}
