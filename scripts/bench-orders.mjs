// `npm run bench -- orders`: placing an order (the CMS's POST /orders) with 20 customers at once, on
// SQLite and on PostgreSQL (issue 24: p99 ≤ 150 ms on both), and where a checkout's time goes: every
// kind of call a checkout makes, timed with one customer alone and with twenty, and the CMS's CPU
// per checkout. Written to bench/orders.md. A benchmark: it reports against the target, never fails on it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { TARGETS } from "./lib/bench-targets.mjs";
import { plentyOfDeliveryPlaces } from "./lib/delivery-places.mjs";
import { orderCreationLoad, percentile } from "./lib/order-load.mjs";
import { cpuSecondsOf, ensureBuilt, freePort, ROOT, startCms, stopProcess, waitForHttp } from "./lib/processes.mjs";

const CUSTOMERS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/**
 * The same twenty customers at a person's pace: a second on average between one call and the next
 * (a person reading a step, typing an address, takes longer), for long enough that each places
 * a few orders and the p99 is not just the slowest of twenty.
 */
const PEOPLE_PAUSE_MS = 1_000;
const PEOPLE_DURATION_S = Number(process.env.BENCH_PEOPLE_DURATION_S ?? 40);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The calls of one checkout, in the order the flow makes them, and how many of each. */
const CHECKOUT_CALLS = [
  ["new draft", 1],
  ["draft step", 5],
  ["place order", 1],
  ["approve payment", 1],
];

await ensureBuilt();
const results = [];
results.push(
  await measure("SQLite", async (workDir) => ({ DATABASE_URL: "", DATABASE_FILENAME: path.join(workDir, "shop.db") })),
);
const database = `shop_bench_orders_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
try {
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  results.push(await measure("PostgreSQL", async () => ({ DATABASE_URL: databaseUrl.toString() })));
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
const report = render(results);
fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
fs.writeFileSync(path.join(ROOT, "bench/orders.md"), report);
console.log(report);

/** One CMS on the database `databaseEnv(workDir)` names: a warm-up, one customer alone, then twenty. */
async function measure(label, databaseEnv) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-orders-"));
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api`;
  const databaseSettings = await databaseEnv(workDir);
  const cms = startCms({
    port,
    logFile: path.join(workDir, "cms.log"),
    env: {
      ...databaseSettings,
      PUBLIC_DIR: path.join(workDir, "public"),
      MAIL_OUTBOX_DIR: path.join(workDir, "outbox"),
      REDIS_URL: "",
      // Twenty customers registered from one address, over the hourly allowance.
      USERS_PERMISSIONS_RATELIMIT: "false",
    },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`, { child: cms, timeoutMs: 240_000 });
    await plentyOfDeliveryPlaces({
      databaseUrl: databaseSettings.DATABASE_URL,
      sqliteFile: databaseSettings.DATABASE_FILENAME,
    });
    console.log(`${label}: warming up`);
    await orderCreationLoad(api, { concurrent: 2, durationS: 3 });
    const runs = {};
    for (const [name, concurrent, durationS, pauseMs] of [
      ["alone", 1, DURATION_S, 0],
      ["crowd", CUSTOMERS, DURATION_S, 0],
      ["people", CUSTOMERS, PEOPLE_DURATION_S, PEOPLE_PAUSE_MS],
    ]) {
      console.log(`${label}: ${concurrent} customer(s) for ${durationS} s, ${pauseMs} ms between calls`);
      const calls = {};
      let cpuBefore = NaN;
      const run = await orderCreationLoad(api, {
        concurrent,
        durationS,
        pauseMs,
        calls,
        onClockStart: () => (cpuBefore = cpuSecondsOf(cms.pid)),
      });
      const cpuMsPerCheckout = ((cpuSecondsOf(cms.pid) - cpuBefore) * 1000) / run.orders;
      runs[name] = { ...run, calls: summarise(calls), cpuMsPerCheckout };
    }
    return { label, ...runs };
  } finally {
    await stopProcess(cms);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function summarise(calls) {
  return Object.fromEntries(
    Object.entries(calls).map(([kind, times]) => {
      const sorted = times.sort((a, b) => a - b);
      return [kind, { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), count: sorted.length }];
    }),
  );
}

function ms(value) {
  return Number.isFinite(value) ? String(Math.round(value)) : "–";
}

function oneDecimal(value) {
  return Number.isFinite(value) ? value.toFixed(1) : "–";
}

function render(measured) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines = [
    "# Placing an order",
    "",
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${cpu.trim()}, Node ${process.version}, by`,
    `\`npm run bench -- orders\` (load average ${os.loadavg()[0].toFixed(1)} at the end). One CMS process per database,`,
    "the built one, as `npm start` runs it; the customers call its content API straight (no storefront).",
    "",
    "Each customer fills a draft through the CMS's calls as the order flow does (a new draft, then five",
    "steps: postcode, purchase, box, extras, delivery), places it (POST /orders: the draft spent, the",
    "slot's place and the order written in one transaction, then the sandbox payment attempt), approves",
    "the payment on the sandbox page, and starts again at once: no time to read between calls, so twenty",
    "customers here are a far busier shop than twenty people ordering.",
    "",
    `## POST /orders with ${CUSTOMERS} customers calling without a pause, ${DURATION_S} s (target p99 ≤ ${TARGETS.placingP99Ms} ms)`,
    "",
    "| database | orders placed | checkouts/s | placing p50 ms | placing p99 ms | target | slot already full |",
    "| --- | ---: | ---: | ---: | ---: | :---: | ---: |",
  ];
  const placingRow = (label, run) =>
    `| ${label} | ${run.orders} | ${oneDecimal(run.perSecond)} | ${ms(run.p50)} | ${ms(run.p99)} | ${run.p99 <= TARGETS.placingP99Ms ? "✅" : "❌"} | ${run.full} |`;
  for (const { label, crowd } of measured) lines.push(placingRow(label, crowd));
  lines.push(
    "",
    `## POST /orders with ${CUSTOMERS} customers at a person's pace, ${PEOPLE_DURATION_S} s (target p99 ≤ ${TARGETS.placingP99Ms} ms)`,
    "",
    `The same checkouts, each customer waiting ${PEOPLE_PAUSE_MS / 1000} s on average (from half to one and a half`,
    "times that) before each call, as a person reads a step before the next: twenty people ordering at",
    "once, the shop's busy hour before a cut-off, rather than twenty programs calling without a pause.",
    "",
    "| database | orders placed | checkouts/s | placing p50 ms | placing p99 ms | target | slot already full |",
    "| --- | ---: | ---: | ---: | ---: | :---: | ---: |",
  );
  for (const { label, people } of measured) lines.push(placingRow(label, people));
  lines.push(
    "",
    "## Where a checkout's time goes",
    "",
    "Every call of a checkout, timed by the customer (answer read), with one customer alone (what the",
    `call costs) and with ${CUSTOMERS} (what it costs plus its wait behind the others' calls); the CMS's CPU`,
    "per checkout is the process's CPU time over the checkouts of that run.",
    "",
    `| database | call | per checkout | alone p50 ms | alone p99 ms | ${CUSTOMERS} customers p50 ms | ${CUSTOMERS} customers p99 ms |`,
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const { label, alone, crowd } of measured) {
    for (const [kind, count] of CHECKOUT_CALLS) {
      const [one, many] = [alone.calls[kind] ?? {}, crowd.calls[kind] ?? {}];
      lines.push(
        `| ${label} | ${kind} | ${count} | ${ms(one.p50)} | ${ms(one.p99)} | ${ms(many.p50)} | ${ms(many.p99)} |`,
      );
    }
  }
  lines.push(
    "",
    "| database | CMS CPU ms per checkout, alone | CMS CPU ms per checkout, " +
      CUSTOMERS +
      " customers | checkouts/s alone |",
  );
  lines.push("| --- | ---: | ---: | ---: |");
  for (const { label, alone, crowd } of measured) {
    lines.push(
      `| ${label} | ${oneDecimal(alone.cpuMsPerCheckout)} | ${oneDecimal(crowd.cpuMsPerCheckout)} | ${oneDecimal(alone.perSecond)} |`,
    );
  }
  lines.push("");
  return lines.join("\n");
}
