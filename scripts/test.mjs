// `npm test`: every check the project has, in order, stopping at the first failure.
// Integration tests run on SQLite and, at the same time, on PostgreSQL when DATABASE_URL is set.
import fs from "node:fs";
import { buildCommands, ensurePackagesBuilt, run, runTogether } from "./lib/processes.mjs";

const npx = (...args) => ["npx", args];
const quiet = (name, command, args, env) => ({ name, command, args, env });
// The unit-test projects, without Vitest's per-file isolation: a worker runs a project's files one
// after another with its modules loaded once (isolated, three quarters of the unit tests' time went to
// loading the same modules again for every file: 62 s of CPU against 16 s). vitest.unit-setup.ts puts
// back what a file changed on the globals (spies, timers) when it ends. package.json's test:unit too.
const UNIT_TEST_ARGS = [
  "--no-isolate",
  ...["domain", "contracts", "routing", "storefront", "cms-unit"].flatMap((name) => ["--project", name]),
];
const steps = [
  // The CMS type-checks against, and runs, the shared packages' CommonJS build.
  ["build shared packages", async () => ensurePackagesBuilt()],
  // Everything that needs neither Strapi nor the shop running, on two lanes (two cores), each lane's
  // CPU time about the same (measured: the workspaces' type checks 72 s, prettier 26 s, eslint 20 s,
  // the unit tests 16 s; the CMS and storefront builds about 125 s, the e2e type check 13 s): one
  // after another they took 114 + 85 + 125 s, while one core waited for the longer lane.
  [
    "format, lint, type checks, unit tests and build",
    async () =>
      runTogether([
        [
          quiet("typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present"]),
          quiet("format", ...npx("prettier", "--check", ".")),
          quiet("lint", ...npx("eslint", ".")),
          quiet("unit tests", ...npx("vitest", "run", ...UNIT_TEST_ARGS)),
        ],
        // Built before the integration tests, which also check the admin panel the build produces.
        [...buildCommands(), quiet("typecheck e2e", ...npx("tsc", "--noEmit", "-p", "e2e"))],
      ]),
  ],
];
// The CMS's integration tests boot Strapi once per file, one file at a time, and the end-to-end
// tests drive one browser against one shop: none of them keeps a core busy. Measured (CPU time of
// each command's process tree against its wall time): the SQLite pass 272 s of CPU in 670 s, the
// end-to-end tests 550 s in 1,105 s, builds included. One after the other, the two CMS passes (at
// once) and then the end-to-end tests took 583 + 764 s while about one core waited. So the
// end-to-end tests run beside the CMS passes, on the builds the step before has just made, each on
// its own databases, temporary folders and ports. The SQLite and PostgreSQL passes go one after the
// other in their lane: three lanes at once on two cores left the CMS's heaviest tests (20 customers
// racing for a slot) near their timeouts, and two lanes keep both cores about as busy.
// The lanes, measured in a fresh clone's run (2026-11-29, 11:43-12:07, docs/decisions/058): the
// end-to-end tests took 621 s and the cluster tests 157 s in one lane; in the other the CMS's SQLite
// pass took 973 s beside them and then its PostgreSQL pass 514 s, alone while the first lane waited.
// So the PostgreSQL pass is split in two halves of its files (Vitest's --shard), one at the end of
// each lane: the next run (12:30-12:56) passed in 1,371 s, its lanes ending within a minute of each other. Each half boots its own Strapi on its own databases: the halves meet nothing of each
// other's when they overlap.
// The rate-limit files run on SQLite only: what they test counts in memory or in Redis, never in the
// database, and the orders and accounts they make on the way are tested on PostgreSQL by orders.int
// and accounts.int. On PostgreSQL they took 73 s and about 60 s of a pass (the suite's budget is 25 min).
// They are also the SQLite pass's two slowest files (84 and 64 s beside the end-to-end tests, decision
// 058), so they run as a pass of their own in the other lane, after the cluster tests: the SQLite pass
// was the longer lane's bulk (1,090 s of its 1,326 s in the 9d36888 run).
const SQLITE_ONLY = ["tests/orders-limits.int.test.ts", "tests/accounts-limits.int.test.ts"];
const excluding = (files) => files.flatMap((file) => ["--exclude", file]);
const cmsPass = (name, args, env) =>
  quiet(name, ...npx("vitest", "run", "--project", "cms", ...args), { CMS_DIST_READY: "1", ...env });
const sqlitePass = cmsPass("CMS integration tests (SQLite)", excluding(SQLITE_ONLY), { DATABASE_URL: "" });
const rateLimitPass = cmsPass("CMS rate-limit tests (SQLite)", SQLITE_ONLY, { DATABASE_URL: "" });
const postgresHalf = (shard) =>
  cmsPass(
    `CMS integration tests (PostgreSQL, part ${shard.replace("/", " of ")})`,
    [`--shard=${shard}`, ...excluding(SQLITE_ONLY)],
    {},
  );
const endToEnd = quiet("end-to-end tests", ...npx("vitest", "run", "--project", "e2e"));
// The production shape (docs/decisions/046): two storefront and two CMS processes behind HAProxy, on
// PostgreSQL and Redis, so only where both are given (as .ci/run gives them). Two to three minutes
// (two clusters: the shared-state file with its minute of mixed traffic, and the crash file), after
// the end-to-end tests in their lane: its four boots would otherwise land on the CMS passes' cores.
const clusterEnv = () => {
  const server = new URL(process.env.DATABASE_URL);
  server.pathname = "";
  const redis = new URL(process.env.TEST_REDIS_URL);
  // Database 13 of the test Redis: the cluster test empties it first; the rate-limit tests use 0.
  redis.pathname = "/13";
  return {
    CLUSTER_TEST_DATABASE_SERVER: server.toString().replace(/\/$/, ""),
    CLUSTER_TEST_REDIS_URL: redis.toString(),
  };
};
const clusterTests = () => quiet("cluster tests", ...npx("vitest", "run", "--project", "cluster"), clusterEnv());
const withCluster = Boolean(process.env.DATABASE_URL && process.env.TEST_REDIS_URL);
if (!process.env.DATABASE_URL) {
  console.warn(
    "DATABASE_URL is not set: the CMS integration tests run on SQLite only. Set it to a PostgreSQL database " +
      "(as .ci/run does) to run them on PostgreSQL too.",
  );
}
if (!withCluster) {
  console.warn(
    "DATABASE_URL or TEST_REDIS_URL is not set: the cluster tests (HAProxy, PostgreSQL, Redis) do not run. " +
      "Set both (as .ci/run does) to run them.",
  );
}
steps.push([
  process.env.DATABASE_URL
    ? "CMS integration tests (SQLite, then half of PostgreSQL) beside the end-to-end tests (then the rate-limit tests and the other half)"
    : "CMS integration tests (SQLite) beside the end-to-end tests (then the rate-limit tests)",
  async () =>
    runTogether([
      [sqlitePass, ...(process.env.DATABASE_URL ? [postgresHalf("1/2")] : [])],
      [
        endToEnd,
        ...(withCluster ? [clusterTests()] : []),
        rateLimitPass,
        ...(process.env.DATABASE_URL ? [postgresHalf("2/2")] : []),
      ],
    ]),
]);

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chrome)) {
  console.error(
    `The end-to-end tests need Chromium at ${chrome}: install it (apt-get install chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

if (withCluster) {
  const { haproxyInstalled, HAPROXY_MISSING } = await import("./cluster/cluster.mjs");
  if (!haproxyInstalled()) {
    console.error(`The cluster tests need HAProxy.\n${HAPROXY_MISSING}`);
    process.exit(1);
  }
}

const started = Date.now();
let passed = 0;
for (const [name, command, args, env] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    if (typeof command === "function") await command();
    else await run(command, args, { env });
  } catch (error) {
    console.error(`\n✖ ${name} failed: ${error instanceof Error ? error.message : error}`);
    console.log(`checks: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - stepStarted) / 1000)} s)`);
  passed += 1;
}
console.log(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`checks: ${passed} passed, 0 failed`);
