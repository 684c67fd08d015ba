// A second CMS process for the renewal tests (subscription-renewals.int.test.ts): it boots the
// compiled app on the database its environment names (the test file's PostgreSQL database), says
// "ready", waits for "go <ISO time>" on its standard input, runs the renewal job once at that time
// with its mails, and prints what it did as one line, "result <JSON>": the run's counts and the
// references its own sandbox gateway charged (each process keeps its own ledger). Then it exits.
// Strapi's log lines go to the same output: the parent reads only the lines it is waiting for.
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const DIST = path.join(APP_DIR, "dist");
// The compiled CMS is CommonJS, as the tests load it (helpers/strapi.ts).
const require = createRequire(path.join(APP_DIR, "package.json"));

async function main() {
  const { createStrapi } = require("@strapi/strapi");
  const strapi = createStrapi({ appDir: APP_DIR, distDir: DIST });
  await strapi.load();
  strapi.cron.stop();
  const lines = readline.createInterface({ input: process.stdin });
  process.stdout.write("ready\n");
  for await (const line of lines) {
    const [command, at] = line.trim().split(" ");
    if (command !== "go") continue;
    const { renewSubscriptions } = require(path.join(DIST, "src/jobs/renew-subscriptions.js"));
    const { flushAfterAnswer } = require(path.join(DIST, "src/http/after-answer.js"));
    const { gateways } = require(path.join(DIST, "src/payments/gateways.js"));
    const run = await renewSubscriptions(strapi, new Date(at));
    await flushAfterAnswer();
    const charged = gateways()
      .sandbox.offSessionCharges()
      .map((charge) => charge.reference);
    process.stdout.write(`result ${JSON.stringify({ run, charged })}\n`);
    break;
  }
  lines.close();
  // No destroy: the parent stops this process once it has read the result; a destroy racing
  // Strapi's own after-commit reads only aborts them noisily.
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
