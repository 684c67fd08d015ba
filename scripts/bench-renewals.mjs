// `npm run bench -- renewals` (issue 22): one delivery day's renewals for many active subscriptions
// on PostgreSQL with the sandbox gateway. This process is the CMS: it boots the compiled app (as the
// CMS integration tests do) on a database of its own, made on 127.0.0.1:5432 and dropped at the end,
// seeds the subscriptions through the CMS's own query layer in concurrent batches, then runs the
// renewal job once with an injected clock just after the day's cut-off and reports its wall time,
// the orders written, the charges paid and this process's peak RSS. A benchmark: it never fails on
// the numbers.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { constants as perfConstants, PerformanceObserver } from "node:perf_hooks";
import pg from "pg";
import { CMS_DIR, ensureBuilt, ROOT } from "./lib/processes.mjs";

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
/** Subscribers written per transaction while seeding. */
const BATCH = 1000;
const TARGETS = { seconds: 60, rssMb: 512 };
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const POSTCODE = "46010";

await ensureBuilt({ only: ["domain", "contracts", "routing"] });
await compileCmsServer();
const database = `shop_bench_renewals_${process.pid}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-renewals-"));
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = new URL(ADMIN_URL);
databaseUrl.pathname = `/${database}`;

Object.assign(process.env, {
  NODE_ENV: "test",
  ENV_PATH: path.join(workDir, ".env.none"),
  STRAPI_TELEMETRY_DISABLED: "true",
  HOST: "127.0.0.1",
  DATABASE_URL: databaseUrl.toString(),
  DATABASE_POOL_MAX: "10",
  MAIL_OUTBOX_DIR: path.join(workDir, "outbox"),
  PUBLIC_DIR: path.join(workDir, "public"),
  PAYMENT_PROVIDER: "sandbox",
  SEED_DEMO_DATA: "false",
  DEMO_MODE: "false",
  REDIS_URL: "",
  LOG_LEVEL: "warn",
  STOREFRONT_URL: "https://shop.example",
});
for (const name of ["SMTP_HOST", "SMTP_USER", "SMTP_PASS"]) delete process.env[name];

const cmsRequire = createRequire(path.join(CMS_DIR, "package.json"));
const dist = (module) => cmsRequire(path.join(CMS_DIR, "dist/src", module));
const { createStrapi } = cmsRequire("@strapi/strapi");
let strapi;
try {
  strapi = createStrapi({ appDir: CMS_DIR, distDir: path.join(CMS_DIR, "dist") });
  await strapi.load();
  // The job runs once, when this script says, with its own clock.
  strapi.cron.stop();

  const seedStarted = performance.now();
  const day = await seed(strapi);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const { renewSubscriptions } = dist("jobs/renew-subscriptions.js");
  const { flushAfterAnswer } = dist("http/after-answer.js");
  const rssBefore = process.memoryUsage().rss;
  // The job's SQL statements (knex's query event), commits included: on a shared machine a steadier
  // figure than the wall time, and what the job's cost mostly is (each one a round trip).
  let queries = 0;
  strapi.db.connection.on("query", () => {
    queries += 1;
  });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  // RSS sampled while the job runs: the job's own peak, beside the process's over boot and seed.
  let jobPeakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    jobPeakRss = Math.max(jobPeakRss, process.memoryUsage().rss);
  }, 100);
  const run = await renewSubscriptions(strapi, new Date(day.cutoffAt.getTime() + 60_000));
  const jobSeconds = (performance.now() - started) / 1000;
  const jobPeakRssMb = Math.max(jobPeakRss, process.memoryUsage().rss) / 2 ** 20;
  jobPeakRss = process.memoryUsage().rss;
  // What the mails' RSS is made of: V8's heap (used and reserved) and memory outside it (Buffers).
  const heapPeak = { used: 0, total: 0, external: 0 };
  const heapSampler = setInterval(() => {
    const memory = process.memoryUsage();
    heapPeak.used = Math.max(heapPeak.used, memory.heapUsed);
    heapPeak.total = Math.max(heapPeak.total, memory.heapTotal);
    heapPeak.external = Math.max(heapPeak.external, memory.external);
  }, 100);
  // Garbage or kept? V8's full collections while the mails go, and the heap each one left: what is
  // still reachable then is what the mails keep; the rest was garbage V8 let pile up before collecting.
  const majorGcs = { count: 0, liveAfterMb: [] };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue;
      majorGcs.count += 1;
      majorGcs.liveAfterMb.push(Math.round(process.memoryUsage().heapUsed / 2 ** 20));
    }
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  // The confirmation mails are sent after the job's answer: part of the day's work.
  await flushAfterAnswer();
  gcObserver.disconnect();
  clearInterval(sampler);
  clearInterval(heapSampler);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const report = render({
    day,
    seedSeconds,
    seconds,
    jobSeconds,
    jobPeakRssMb,
    mailPeakRssMb: jobPeakRss / 2 ** 20,
    heapPeak,
    heapAfter: process.memoryUsage(),
    majorGcs,
    mails: fs.existsSync(process.env.MAIL_OUTBOX_DIR) ? fs.readdirSync(process.env.MAIL_OUTBOX_DIR).length : 0,
    queries,
    // This process's CPU, which PostgreSQL's own does not count in: steadier than the wall time when
    // other work shares the machine.
    cpuMsPerSubscription: (cpu.user + cpu.system) / 1000 / SUBSCRIPTIONS,
    run,
    paid: await countPaid(strapi, day.date),
    rssBeforeMb: rssBefore / 2 ** 20,
    // maxRSS is the process's peak so far (kB): boot, seed and the job.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  });
  fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/renewals.md"), report);
  console.log(report);
} finally {
  await strapi?.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(0);

/**
 * The CMS's server code compiled into dist/ (as its integration tests compile it), not its admin
 * panel: this process never serves the admin, whose build takes minutes on a shared 2-core machine.
 * In a process of its own: TypeScript's compiler would otherwise be this process's peak RSS.
 */
async function compileCmsServer() {
  console.log("Compiling the CMS's server…");
  const compile = `
    const { createRequire } = require("node:module");
    const { compileStrapi } = createRequire(${JSON.stringify(path.join(CMS_DIR, "package.json"))})("@strapi/strapi");
    compileStrapi({ appDir: ${JSON.stringify(CMS_DIR)} }).then(() => process.exit(0));
  `;
  // Loading @strapi/strapi runs dotenv on ENV_PATH (default ./.env): no .env of the cwd there.
  execFileSync(process.execPath, ["-e", compile], {
    stdio: "inherit",
    env: { ...process.env, ENV_PATH: path.join(os.tmpdir(), "shop-bench-renewals.env.none") },
  });
}

/**
 * A box, a zone delivering every day, and SUBSCRIPTIONS customers each with a saved sandbox card
 * ending in 4242 (which the sandbox charges) and an active weekly subscription with one delivery on
 * the same date. The first subscription's delivery is planned by the CMS (planDeliveries), so the
 * date and cut-off are the zone's; the others copy that date and cut-off.
 */
async function seed(strapi) {
  const { CONTENT_TYPES } = dist("content-types.js");
  const { createProduct, createTax, ensureMarketType } = dist("factories/catalogue.js");
  const { planDeliveries } = dist("subscriptions/plan.js");
  const tax = await createTax(strapi, { amount_value: 0.1 });
  const box = await createProduct(strapi, {
    type: "box",
    name_es: "Caja mixta mediana",
    itemType: "mixed",
    boxType: "IM",
    price: 20,
    tax_id: tax.documentId,
    market_types: [(await ensureMarketType(strapi, "B2C")).documentId],
  });
  const zone = await strapi.documents(CONTENT_TYPES.deliveryZone).create({
    data: {
      name: "Valencia",
      postcodes: "46001-46099",
      ...Object.fromEntries(
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [day, true]),
      ),
      slots: [{ code: "morning", start: "09:00:00.000", end: "13:00:00.000", capacity: null }],
      shippingFee: 4.9,
      freeShippingFrom: 60,
      cutoffWorkingDaysBefore: 1,
      cutoffTime: "23:59:00.000",
      active: true,
    },
  });
  const today = new Date();
  const anchor = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 14))
    .toISOString()
    .slice(0, 10);

  const { insertLinks, insertRows } = dist("database/bulk.js");
  const now = new Date();
  const link = (trx, uid, attribute, rowIds, targetIds) =>
    insertLinks(strapi, trx, {
      uid,
      attribute,
      rows: rowIds.map((rowId, at) => ({ rowId, targetId: targetIds[at] })),
    });
  /**
   * Subscribers `indexes`, each a customer with a saved card and an active subscription, written a
   * thousand at a time in one transaction (the CMS's bulk writes, src/database/bulk.ts): what the
   * query engine's create writes row by row, in a few statements. Their subscriptions' ids.
   */
  async function subscribers(indexes) {
    return strapi.db.transaction(async ({ trx }) => {
      const users = await insertRows(strapi, {
        uid: CONTENT_TYPES.user,
        now,
        rows: indexes.map((index) => ({
          username: `bench-${index}@example.test`,
          email: `bench-${index}@example.test`,
          provider: "local",
          confirmed: true,
          blocked: false,
        })),
      });
      const cards = await insertRows(strapi, {
        uid: CONTENT_TYPES.paymentMethod,
        now,
        rows: indexes.map((index) => ({
          reference: `BENCHCARD${String(index).padStart(6, "0")}`,
          provider: "sandbox",
          methodStatus: "active",
          brand: "visa",
          last4: "4242",
          expiryMonth: 12,
          expiryYear: 2040,
          locale: "es",
          isDefault: true,
          sandboxToken: `sandbox-token-${index}`,
          verifiedAt: now,
        })),
      });
      await link(trx, CONTENT_TYPES.paymentMethod, "user", cards, users);
      const subscriptions = await insertRows(strapi, {
        uid: CONTENT_TYPES.subscription,
        now,
        rows: indexes.map(() => ({
          subscriptionStatus: "active",
          frequency: "weekly",
          locale: "es",
          audience: "consumer",
          boxes: [{ productId: box.id, quantity: 1, exclusions: [] }],
          extras: [],
          slotCode: "morning",
          deliveryAddress: {
            fullName: "Ana Puig",
            company: null,
            line1: "Carrer de la Pau 3",
            line2: null,
            postalCode: POSTCODE,
            city: "Valencia",
            region: null,
            country: "ES",
            phone: "+34 600 000 000",
          },
          nextDeliveryDate: anchor,
          anchorDate: anchor,
          weekday: new Date(`${anchor}T12:00:00Z`).getUTCDay() || 7,
        })),
      });
      await link(trx, CONTENT_TYPES.subscription, "user", subscriptions, users);
      await link(
        trx,
        CONTENT_TYPES.subscription,
        "zone",
        subscriptions,
        subscriptions.map(() => zone.id),
      );
      await link(trx, CONTENT_TYPES.subscription, "paymentMethod", subscriptions, cards);
      return subscriptions;
    });
  }

  const [firstId] = await subscribers([0]);
  const first = { id: firstId };
  await planDeliveries(strapi, first.id, new Date(Date.parse(`${anchor}T12:00:00Z`) - 3 * 86_400_000));
  const [planned] = await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
    where: { subscriptionId: first.id },
    select: ["date", "cutoffAt"],
    orderBy: { date: "asc" },
    limit: 1,
  });
  // One delivery each: the first subscription's later ones go, the day's is the only one due.
  await strapi.db
    .query(CONTENT_TYPES.subscriptionDelivery)
    .deleteMany({ where: { subscriptionId: first.id, date: { $gt: planned.date } } });
  const day = { date: String(planned.date).slice(0, 10), cutoffAt: new Date(planned.cutoffAt) };

  for (let from = 1; from < SUBSCRIPTIONS; from += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, SUBSCRIPTIONS - from) }, (_, at) => from + at);
    const subscriptions = await subscribers(indexes);
    await strapi.db.transaction(async ({ trx }) => {
      const deliveries = await insertRows(strapi, {
        uid: CONTENT_TYPES.subscriptionDelivery,
        now,
        rows: subscriptions.map((subscriptionId) => ({
          subscriptionId,
          date: day.date,
          plannedDate: day.date,
          dateChange: "none",
          deliveryStatus: "scheduled",
          skippedByPause: false,
          cutoffAt: day.cutoffAt,
          chargeAttempts: 0,
        })),
      });
      await link(trx, CONTENT_TYPES.subscriptionDelivery, "subscription", deliveries, subscriptions);
    });
  }
  return day;
}

async function countPaid(strapi, date) {
  const { CONTENT_TYPES } = dist("content-types.js");
  return strapi.db
    .query(CONTENT_TYPES.order)
    .count({ where: { deliveryDate: date, renewal: true, orderStatus: "paid" } });
}

function mark(ok) {
  return ok ? "✅" : "❌";
}

function render({
  day,
  seedSeconds,
  seconds,
  jobSeconds,
  jobPeakRssMb,
  mailPeakRssMb,
  heapPeak,
  heapAfter,
  majorGcs,
  mails,
  queries,
  cpuMsPerSubscription,
  run,
  paid,
  rssBeforeMb,
  peakRssMb,
}) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return [
    "# Renewals benchmark",
    "",
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${cpu}, Node ${process.version}, PostgreSQL, by \`npm run bench -- renewals\`.`,
    `${SUBSCRIPTIONS} active weekly subscriptions, each with a saved sandbox card (4242) and one delivery on ${day.date},`,
    `seeded by bulk inserts (src/database/bulk.ts), ${BATCH} per transaction, in ${seedSeconds.toFixed(0)} s. The renewal job ran once, a minute after the`,
    "day's cut-off (injected clock), in this process; then the confirmation mails it queued were sent.",
    "CPU and statements count the job and its mails; the process's peak RSS is over boot, seed, job and mails (RSS sampled every 100 ms).",
    "",
    `| job wall time s (target < ${TARGETS.seconds}) | mails sent after it s | CMS CPU ms per subscription | SQL statements per subscription | orders written | charges paid | mails sent | RSS before the job MB | peak RSS in the job MB | peak RSS sending the mails MB | process peak RSS MB (target < ${TARGETS.rssMb}) |`,
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${jobSeconds.toFixed(1)} ${mark(jobSeconds < TARGETS.seconds)} | ${(seconds - jobSeconds).toFixed(1)} | ${cpuMsPerSubscription.toFixed(1)} | ${(queries / SUBSCRIPTIONS).toFixed(1)} | ${run.ordered} | ${paid} | ${mails} | ${rssBeforeMb.toFixed(0)} | ${jobPeakRssMb.toFixed(0)} | ${mailPeakRssMb.toFixed(0)} | ${peakRssMb.toFixed(0)} ${mark(peakRssMb < TARGETS.rssMb)} |`,
    "",
    `Sending the mails: V8 heap used at most ${(heapPeak.used / 2 ** 20).toFixed(0)} MB (reserved ${(heapPeak.total / 2 ** 20).toFixed(0)} MB), outside the heap ${(heapPeak.external / 2 ** 20).toFixed(0)} MB; heap used after them ${(heapAfter.heapUsed / 2 ** 20).toFixed(0)} MB; ${majorGcs.count} full collections meanwhile, leaving ${majorGcs.liveAfterMb.length === 0 ? "-" : `${Math.min(...majorGcs.liveAfterMb)} to ${Math.max(...majorGcs.liveAfterMb)}`} MB used (sampled just after each).`,
    "",
    `The job's own count: ${JSON.stringify(run)}. Load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(", ")}.`,
    "",
  ].join("\n");
}
