// `npm run faults:postgres`: PostgreSQL restarted under traffic (issue 24, docs/decisions/048).
// A fault drill a person runs, not a CI test: on a throw-away PostgreSQL cluster of its own it boots
// the built CMS and storefront, runs steady traffic (public catalogue reads, a signed-in call, the
// readiness check, and storefront pages: home, boxes, a signed-in account page),
// stops PostgreSQL the hard way for a few seconds and starts it again. It passes when every request
// that overlapped the outage was answered 200 or 503 within the bound (none hung, none got 500 or
// 401), the readiness check said 503 meanwhile, and every kind of request answers 200 again by itself
// soon after PostgreSQL is back. It prints the figures.
// `npm run faults:postgres -- --cluster`: the same behind HAProxy (deploy/haproxy.cfg, two CMS and
// two storefront processes, Redis at REDIS_URL or the machine's), the traffic sent to the balancer:
// the health checks take both CMS processes out during the outage and HAProxy answers the CMS's 503
// body itself (deploy/errors/cms-503.http), then puts them back once PostgreSQL is.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freeClusterPorts, HAPROXY_MISSING, haproxyInstalled, shopCluster } from "../cluster/cluster.mjs";
import { shopAddresses } from "../lib/addresses.mjs";
import { ensureBuilt, freePort, startCms, startStorefront, stopProcess, waitForHttp } from "../lib/processes.mjs";
import { startPrivatePostgres } from "./private-postgres.mjs";

const BEHIND_HAPROXY = process.argv.includes("--cluster");
/** The CMS's wait for a database connection (DATABASE_WAIT_MS), short so that the drill is too. */
const DATABASE_WAIT_MS = 3_000;
/**
 * The longest any request may take: the connection wait, plus the 2 s the CMS gives its `select 1`
 * before calling the database down, plus a second for the machine. Past it a request counts as hung.
 */
const ANSWER_BOUND_MS = DATABASE_WAIT_MS + 2_000 + 1_000;
/** How long PostgreSQL stays down. */
const OUTAGE_MS = Number(process.env.FAULTS_OUTAGE_MS ?? 6_000);
/**
 * Traffic before the outage, and how long the shop has to answer 200 again once PostgreSQL is back
 * (behind HAProxy, a CMS process also needs two passed health checks a second apart: `rise 2`).
 */
const WARM_MS = 3_000;
const RECOVERY_BOUND_MS = 30_000;
/** Requests at once: two per kind of call. */
const CONNECTIONS_PER_CALL = 2;

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (BEHIND_HAPROXY && !haproxyInstalled()) {
  console.error(HAPROXY_MISSING);
  process.exit(1);
}
/** The apps' logs, kept when the drill fails: one file for both (alone) or one per process (cluster). */
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-faults-postgres-logs-"));
const logFile = path.join(logDir, "apps.log");
const outbox = path.join(os.tmpdir(), `shop-faults-postgres-outbox-${process.pid}`);
const postgresPort = await freePort();
/** The storefront's wait for the CMS (its CMS_TIMEOUT_MS default), plus a second for the machine. */
const STOREFRONT_BOUND_MS = 8_000 + 1_000;

await ensureBuilt();
const postgres = startPrivatePostgres({ port: postgresPort, database: "shop_faults" });
const drillEnv = { DATABASE_URL: postgres.url, DATABASE_WAIT_MS: String(DATABASE_WAIT_MS), MAIL_OUTBOX_DIR: outbox };
const shop = BEHIND_HAPROXY ? await clusterShop() : await singleShop();
const { cmsUrl, siteUrl } = shop;

/** One CMS and one storefront, as `npm start` runs them, on the private PostgreSQL. */
async function singleShop() {
  const addresses = shopAddresses({ PORT: String(await freePort()), CMS_PORT: String(await freePort()) });
  console.log(
    `PostgreSQL (private cluster) on 127.0.0.1:${postgresPort}, CMS on ${addresses.cmsUrl}, logs in ${logDir}`,
  );
  let cms = null;
  let storefront = null;
  return {
    cmsUrl: addresses.cmsUrl,
    siteUrl: addresses.siteUrl,
    async start() {
      cms = startCms({ port: addresses.cmsPort, logFile, env: { ...addresses.cmsEnv, ...drillEnv } });
      await waitForHttp(`${addresses.cmsUrl}/health`, { child: cms, timeoutMs: 300_000, logFile });
      storefront = startStorefront({ port: addresses.storefrontPort, env: addresses.storefrontEnv, logFile });
      await waitForHttp(`${addresses.siteUrl}/healthz`, { child: storefront, timeoutMs: 60_000, logFile });
    },
    stop: async () => {
      await stopProcess(storefront);
      await stopProcess(cms);
    },
  };
}

/** HAProxy in front of two CMS and two storefront processes (scripts/cluster), on the private PostgreSQL. */
async function clusterShop() {
  const ports = await freeClusterPorts();
  const cluster = shopCluster({ env: { ...process.env, ...drillEnv }, ports, logDir });
  const { cmsUrl, siteUrl, statsUrl } = cluster.addresses;
  console.log(
    `PostgreSQL (private cluster) on 127.0.0.1:${postgresPort}; HAProxy: shop ${siteUrl}, CMS ${cmsUrl}, status ${statsUrl}; logs in ${logDir}`,
  );
  return { cmsUrl, siteUrl, start: () => cluster.start(), stop: () => cluster.stop() };
}

async function cleanUp() {
  await shop.stop();
  postgres.remove();
  fs.rmSync(outbox, { recursive: true, force: true });
}
process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));

/** One request: its kind, when it started and ended, and what it got (a status, or "hung"/"no answer"). */
async function request(kind, url, init = {}) {
  const startedAt = Date.now();
  let outcome;
  let errorName;
  try {
    // Twice the bound: a request still running at the bound has hung; a hung one is stopped later.
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(STOREFRONT_BOUND_MS * 2) });
    const body = await response.text();
    outcome = response.status;
    if (response.status >= 400) errorName = /"name":"([A-Za-z]+)"/.exec(body)?.[1] ?? body.slice(0, 60);
  } catch (error) {
    outcome = error instanceof Error && error.name === "TimeoutError" ? "hung" : "no answer";
  }
  return { kind, startedAt, endedAt: Date.now(), outcome, errorName };
}

try {
  await shop.start();

  // The signed-in customer of the traffic.
  const registered = await fetch(`${cmsUrl}/api/auth/local/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `faults-${process.pid}@example.test`,
      password: "Calabaza asada 42",
      firstName: "Ana",
      preferredLocale: "es",
    }),
  });
  if (!registered.ok) throw new Error(`Registration failed: ${registered.status} ${await registered.text()}`);
  const { jwt } = await registered.json();

  const calls = {
    "api/products": () => request("api/products", `${cmsUrl}/api/products`),
    "api/categories": () => request("api/categories", `${cmsUrl}/api/categories`),
    "api/food-banks": () => request("api/food-banks", `${cmsUrl}/api/food-banks`),
    "api/users/me": () =>
      request("api/users/me", `${cmsUrl}/api/users/me`, { headers: { Authorization: `Bearer ${jwt}` } }),
    health: () => request("health", `${cmsUrl}/health`),
    // What a customer sees: pages of the storefront, which calls the CMS.
    "page /": () => request("page /", `${siteUrl}/`),
    "page /nuestras-cajas": () => request("page /nuestras-cajas", `${siteUrl}/nuestras-cajas`),
    "page /mi-cuenta": () =>
      request("page /mi-cuenta", `${siteUrl}/mi-cuenta`, {
        headers: { Cookie: `shop_session=${jwt}` },
        redirect: "manual",
      }),
  };
  const boundOf = (kind) => (kind.startsWith("page ") ? STOREFRONT_BOUND_MS : ANSWER_BOUND_MS);

  const results = [];
  let running = true;
  const loops = Object.values(calls).flatMap((call) =>
    Array.from({ length: CONNECTIONS_PER_CALL }, async () => {
      while (running) {
        results.push(await call());
        // A steady stream, not a flood: the drill is about what a request gets, not throughput.
        await wait(50);
      }
    }),
  );

  await wait(WARM_MS);
  const stoppedAt = Date.now();
  await postgres.stop();
  console.log(`PostgreSQL stopped (immediate) for ${OUTAGE_MS} ms`);
  await wait(OUTAGE_MS);
  await postgres.start();
  const restartedAt = Date.now();
  console.log(`PostgreSQL started again (${restartedAt - stoppedAt} ms after the stop)`);

  // Traffic goes on until every kind of call has answered 200 twice in a row since the restart.
  const recovered = () =>
    Object.keys(calls).every((kind) => {
      const after = results.filter((r) => r.kind === kind && r.startedAt > restartedAt);
      return after.length >= 2 && after.slice(-2).every((r) => r.outcome === 200);
    });
  const recoveryDeadline = restartedAt + RECOVERY_BOUND_MS;
  while (!recovered() && Date.now() < recoveryDeadline) await wait(200);
  running = false;
  await Promise.all(loops);

  const before = results.filter((r) => r.endedAt < stoppedAt);
  const overlapping = results.filter((r) => r.endedAt >= stoppedAt && r.startedAt <= restartedAt);
  const afterRestart = results.filter((r) => r.startedAt > restartedAt);
  const recoveredAt = Math.max(restartedAt, ...afterRestart.filter((r) => r.outcome !== 200).map((r) => r.endedAt));

  const problems = [];
  const tally = (list) => {
    const counts = {};
    for (const { outcome, errorName } of list) {
      const key = errorName ? `${outcome} ${errorName}` : String(outcome);
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };
  const slowest = (list) => Math.max(0, ...list.map((r) => r.endedAt - r.startedAt));

  if (before.some((r) => r.outcome !== 200))
    problems.push(`before the outage not every request got 200: ${JSON.stringify(tally(before))}`);
  const wrong = overlapping.filter((r) => r.outcome !== 200 && r.outcome !== 503);
  if (wrong.length > 0) problems.push(`during the outage ${wrong.length} requests got neither 200 nor 503`);
  const late = overlapping.filter((r) => r.endedAt - r.startedAt > boundOf(r.kind));
  if (late.length > 0) problems.push(`during the outage ${late.length} requests took longer than their bound`);
  const unshaped = overlapping.filter(
    (r) => r.outcome === 503 && r.kind.startsWith("api/") && r.errorName !== "ServiceUnavailableError",
  );
  if (unshaped.length > 0) problems.push(`${unshaped.length} 503 answers without the ServiceUnavailableError body`);
  if (!overlapping.some((r) => r.kind === "health" && r.outcome === 503))
    problems.push("the readiness check (/health) never said 503 during the outage");
  if (!recovered()) problems.push(`not every call answered 200 again within ${RECOVERY_BOUND_MS} ms of the restart`);

  const lines = Object.keys(calls).map((kind) => {
    const during = overlapping.filter((r) => r.kind === kind);
    return `    ${kind.padEnd(22)} ${String(during.length).padStart(4)} requests, ${JSON.stringify(tally(during))}, slowest ${slowest(during)} ms (bound ${boundOf(kind)} ms)`;
  });
  console.log(`
PostgreSQL restarted under traffic${BEHIND_HAPROXY ? " behind HAProxy (two CMS, two storefronts)" : ""} (${CONNECTIONS_PER_CALL} connections per kind of call, DATABASE_WAIT_MS=${DATABASE_WAIT_MS})
  before the outage     ${before.length} requests, ${JSON.stringify(tally(before))}, slowest ${slowest(before)} ms
  during the outage     ${overlapping.length} requests (in flight at the stop, or started before PostgreSQL was back):
${lines.join("\n")}
  after the restart     ${afterRestart.length} requests, ${JSON.stringify(tally(afterRestart))}
  back to 200           ${recoveredAt - restartedAt} ms after PostgreSQL was started again (bound ${RECOVERY_BOUND_MS} ms), with nothing restarted by hand
`);
  if (problems.length > 0) {
    console.error(`FAILED:\n  - ${problems.join("\n  - ")}\n(logs: ${logDir})`);
    process.exitCode = 1;
  } else {
    console.log("PASSED");
    fs.rmSync(logDir, { recursive: true, force: true });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
