// `npm test`: every check the project has, in order, stopping at the first failure.
// Integration tests run on SQLite and, at the same time, on PostgreSQL when DATABASE_URL is set.
import fs from "node:fs";
import { ensureBuilt, ensurePackagesBuilt, run, runTogether } from "./lib/processes.mjs";

const npx = (...args) => ["npx", args];
const quiet = (name, command, args, env) => ({ name, command, args, env });
const steps = [
  // The CMS type-checks against, and runs, the shared packages' CommonJS build.
  ["build shared packages", async () => ensurePackagesBuilt()],
  // Two lanes on two cores: the workspaces' type checks (one tsc after another) beside the rest.
  [
    "format, lint and type checks",
    async () =>
      runTogether([
        [quiet("typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present"])],
        [
          quiet("format", ...npx("prettier", "--check", ".")),
          quiet("lint", ...npx("eslint", ".")),
          quiet("typecheck e2e", ...npx("tsc", "--noEmit", "-p", "e2e")),
        ],
      ]),
  ],
  [
    "unit tests",
    ...npx(
      "vitest",
      "run",
      "--project",
      "domain",
      "--project",
      "contracts",
      "--project",
      "routing",
      "--project",
      "storefront",
      "--project",
      "cms-unit",
    ),
  ],
  // Built before the integration tests, which also check the admin panel the build produces.
  ["build", async () => ensureBuilt()],
];
// The CMS's integration tests boot Strapi once per file, one file at a time, so one pass leaves most
// of a second core idle: the SQLite and PostgreSQL passes run at the same time (each on its own
// database, temporary folder and ports), on the dist/ the build step has just made.
const cmsPass = (database, env) =>
  quiet(`CMS integration tests (${database})`, ...npx("vitest", "run", "--project", "cms"), {
    CMS_DIST_READY: "1",
    ...env,
  });
if (process.env.DATABASE_URL) {
  steps.push([
    "CMS integration tests (SQLite and PostgreSQL at once)",
    async () => runTogether([[cmsPass("SQLite", { DATABASE_URL: "" })], [cmsPass("PostgreSQL", {})]]),
  ]);
} else {
  const { name, command, args, env } = cmsPass("SQLite", { DATABASE_URL: "" });
  steps.push([name, command, args, env]);
  console.warn(
    "DATABASE_URL is not set: the CMS integration tests run on SQLite only. Set it to a PostgreSQL database " +
      "(as .ci/run does) to run them on PostgreSQL too.",
  );
}
steps.push(["end-to-end tests", ...npx("vitest", "run", "--project", "e2e")]);

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chrome)) {
  console.error(
    `The end-to-end tests need Chromium at ${chrome}: install it (apt-get install chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
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
