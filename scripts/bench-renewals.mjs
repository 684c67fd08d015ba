// `npm run bench -- renewals` (issue 22): one delivery day's renewals for many active subscriptions
// on PostgreSQL with the sandbox gateway. This process is the CMS: it boots the compiled app (as the
// CMS integration tests do) on a database of its own, made on 127.0.0.1:5432 and dropped at the end,
// seeds the subscriptions through the CMS's own query layer in concurrent batches, then runs the
// renewal job once with an injected clock just after the day's cut-off and reports its wall time,
// the orders written, the charges paid and this process's peak RSS. A benchmark: it never fails on
// the numbers.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { CMS_DIR, ensureBuilt, ROOT } from "./lib/processes.mjs";

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
/** Rows written at once while seeding: the pool's size, so that the seed keeps every connection busy. */
const BATCH = 10;
const TARGETS = { seconds: 60, rssMb: 512 };
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const POSTCODE = "46010";

await ensureBuilt({ only: ["domain", "contracts", "routing", "cms"] });
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
  DATABASE_POOL_MAX: String(BATCH),
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
  const run = await renewSubscriptions(strapi, new Date(day.cutoffAt.getTime() + 60_000));
  // The confirmation mails are sent after the job's answer: part of the day's work.
  await flushAfterAnswer();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const report = render({
    day,
    seedSeconds,
    seconds,
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

  async function subscriber(index) {
    const user = await strapi.db.query(CONTENT_TYPES.user).create({
      data: {
        username: `bench-${index}@example.test`,
        email: `bench-${index}@example.test`,
        provider: "local",
        confirmed: true,
        blocked: false,
      },
    });
    const card = await strapi.db.query(CONTENT_TYPES.paymentMethod).create({
      data: {
        reference: `BENCHCARD${String(index).padStart(6, "0")}`,
        user: user.id,
        provider: "sandbox",
        methodStatus: "active",
        brand: "visa",
        last4: "4242",
        expiryMonth: 12,
        expiryYear: 2040,
        locale: "es",
        isDefault: true,
        sandboxToken: `sandbox-token-${index}`,
        verifiedAt: new Date(),
      },
    });
    return strapi.db.query(CONTENT_TYPES.subscription).create({
      data: {
        user: user.id,
        subscriptionStatus: "active",
        frequency: "weekly",
        locale: "es",
        audience: "consumer",
        boxes: [{ productId: box.id, quantity: 1, exclusions: [] }],
        extras: [],
        zone: zone.id,
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
        paymentMethod: card.id,
      },
    });
  }

  const first = await subscriber(0);
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
    await Promise.all(
      indexes.map(async (index) => {
        const subscription = await subscriber(index);
        await strapi.db.query(CONTENT_TYPES.subscriptionDelivery).create({
          data: {
            subscription: subscription.id,
            subscriptionId: subscription.id,
            date: day.date,
            plannedDate: day.date,
            dateChange: "none",
            deliveryStatus: "scheduled",
            skippedByPause: false,
            cutoffAt: day.cutoffAt,
            chargeAttempts: 0,
          },
        });
      }),
    );
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

function render({ day, seedSeconds, seconds, queries, cpuMsPerSubscription, run, paid, rssBeforeMb, peakRssMb }) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return [
    "# Renewals benchmark",
    "",
    `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${cpu}, Node ${process.version}, PostgreSQL, by \`npm run bench -- renewals\`.`,
    `${SUBSCRIPTIONS} active weekly subscriptions, each with a saved sandbox card (4242) and one delivery on ${day.date},`,
    `seeded through the CMS's query layer, ${BATCH} at once, in ${seedSeconds.toFixed(0)} s. The renewal job ran once, a minute after the`,
    "day's cut-off (injected clock), in this process, with the confirmation mails it queues sent.",
    "",
    `| wall time s (target < ${TARGETS.seconds}) | CMS CPU ms per subscription | SQL statements per subscription | orders written | charges paid | RSS before the job MB | peak RSS MB (target < ${TARGETS.rssMb}) |`,
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${seconds.toFixed(1)} ${mark(seconds < TARGETS.seconds)} | ${cpuMsPerSubscription.toFixed(1)} | ${(queries / SUBSCRIPTIONS).toFixed(1)} | ${run.ordered} | ${paid} | ${rssBeforeMb.toFixed(0)} | ${peakRssMb.toFixed(0)} ${mark(peakRssMb < TARGETS.rssMb)} |`,
    "",
    `The job's own count: ${JSON.stringify(run)}.`,
    "",
  ].join("\n");
}
