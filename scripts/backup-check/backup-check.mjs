// `npm run backup:check` (issue 24): proves the README's backup and restore steps on a real shop.
// It makes a PostgreSQL database of its own (BACKUP_CHECK_POSTGRES_URL, default the machine's
// 127.0.0.1:5432 as user postgres), boots the built CMS on it as `npm start` does (demo catalogue,
// sandbox payments), and through the shop's own API registers a customer, places and pays an order
// and a subscription's first order on the sandbox page, and has the demo staff upload a file. Then it
// runs the README's backup (steps.mjs: pg_dump, the uploads folder), restores it into a new empty
// database and a new uploads folder, boots a CMS there and checks that the customer signs in with
// the same password and finds the same orders and subscriptions, that staff find the upload with the
// same bytes, and that the tables holding them have the same rows. Both databases and the work
// folder are removed at the end, whatever happened.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { placePaidOrder, subscribe } from "../lib/order-load.mjs";
import { ensureBuilt, freePort, startCms, stopProcess, waitForHttp } from "../lib/processes.mjs";
import { backUp, filesUnder, restore } from "./steps.mjs";

const ADMIN_URL = process.env.BACKUP_CHECK_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The demo staff account `npm start` seeds (apps/cms/src/env.ts's development defaults). */
const STAFF = { email: "admin@demo.local", password: "DemoAdmin123!" };
/** The tables that hold what a restore must bring back: customers, orders, payments, subscriptions, files. */
const KEY_TABLES = [
  "up_users",
  "account_addresses",
  "orders",
  "order_events",
  "payments",
  "payment_methods",
  "subscriptions",
  "subscription_deliveries",
  "invoices",
  "files",
  "admin_users",
  "products",
];
/** A 1x1 PNG: the upload. */
const PICTURE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const started = performance.now();
const checks = [];
function check(what, ok, detail = "") {
  checks.push({ what, ok });
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}${detail ? ` (${detail})` : ""}`);
}
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

const run = `${process.pid}_${Date.now().toString(36)}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-check-"));
const admin = new pg.Client({ connectionString: ADMIN_URL });
const databases = [];
const children = [];

function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function newDatabase(role) {
  const name = `shop_backup_check_${run}_${role}`;
  await admin.query(`CREATE DATABASE ${name}`);
  databases.push(name);
  return { name, url: databaseUrl(name) };
}

/** The built CMS on `database` with uploads in `publicDir`, as `npm start` runs it; its base URL. */
async function bootCms(label, { database, publicDir }) {
  const port = await freePort();
  const logFile = path.join(workDir, `cms-${label}.log`);
  const url = `http://127.0.0.1:${port}`;
  const child = startCms({
    port,
    logFile,
    env: {
      // No .env of the checkout's: the check runs on the defaults it states.
      ENV_PATH: path.join(workDir, ".env.none"),
      DATABASE_URL: database.url,
      PUBLIC_DIR: publicDir,
      PUBLIC_URL: url,
      STOREFRONT_URL: "http://127.0.0.1:3000",
      MAIL_OUTBOX_DIR: path.join(workDir, `outbox-${label}`),
      PAYMENT_PROVIDER: "sandbox",
      REDIS_URL: "",
    },
  });
  children.push(child);
  const booting = performance.now();
  await waitForHttp(`${url}/health`, { child, timeoutMs: 300_000, logFile });
  console.log(`  the CMS answers on ${url} (${label}, booted in ${seconds(booting)} s; log ${logFile})`);
  return { url, api: `${url}/api`, child };
}

async function json(url, { method = "GET", body, token } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

async function staffToken(cmsUrl) {
  return (await json(`${cmsUrl}/admin/login`, { method: "POST", body: STAFF })).data.token;
}

/** What the customer and staff see of the data the check made: compared before and after. */
async function shopView(cms, { customerJwt, fileId }) {
  const staff = await staffToken(cms.url);
  const file = await json(`${cms.url}/upload/files/${fileId}`, { token: staff });
  const bytes = await fetch(`${cms.url}${file.url}`);
  return {
    me: await json(`${cms.api}/users/me`, { token: customerJwt }),
    orders: await json(`${cms.api}/orders/mine`, { token: customerJwt }),
    subscriptions: await json(`${cms.api}/subscriptions/mine`, { token: customerJwt }),
    file: { name: file.name, url: file.url, hash: file.hash, size: file.size, mime: file.mime },
    fileBytes: bytes.ok ? Buffer.from(await bytes.arrayBuffer()) : null,
  };
}

async function rowCounts(database) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const counts = {};
    for (const table of KEY_TABLES) {
      counts[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Asks until `done` answers true (the sandbox's notification is handled after its page answers). */
async function eventually(what, done, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

async function main() {
  await ensureBuilt({ only: ["domain", "contracts", "routing", "cms"] });
  await admin.connect();

  console.log("\n1. A shop with data");
  const source = await newDatabase("source");
  const sourcePublic = path.join(workDir, "source-public");
  let cms = await bootCms("source", { database: source, publicDir: sourcePublic });

  const email = `backup-check-${run.replace("_", "-")}@example.test`;
  const password = `Backup-${run}-Pass`;
  const customerJwt = (await json(`${cms.api}/auth/local/register`, { method: "POST", body: { email, password } })).jwt;
  const order = await placePaidOrder(cms.api, customerJwt);
  const subscriptionId = await subscribe(cms.api, customerJwt);
  await eventually("both orders paid", async () => {
    const { orders } = await json(`${cms.api}/orders/mine`, { token: customerJwt });
    return orders.length === 2 && orders.every(({ status }) => status === "paid");
  });
  await eventually("the subscription active", async () => {
    const { subscriptions } = await json(`${cms.api}/subscriptions/mine`, { token: customerJwt });
    return subscriptions.some(({ status }) => status === "active");
  });
  const form = new FormData();
  form.append("files", new Blob([PICTURE], { type: "image/png" }), `backup-check-${run}.png`);
  const uploaded = await fetch(`${cms.url}/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await staffToken(cms.url)}` },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`the upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const [file] = await uploaded.json();
  console.log(
    `  customer ${email}, paid order ${order.number}, subscription ${subscriptionId} (first order paid), upload ${file.url}`,
  );
  const before = await shopView(cms, { customerJwt, fileId: file.id });
  const uploadsBefore = filesUnder(path.join(sourcePublic, "uploads"));

  console.log("\n2. The README's backup, with the CMS running");
  const dumpFile = path.join(workDir, "shop.dump");
  const uploadsArchive = path.join(workDir, "shop-uploads.tar.gz");
  const backingUp = performance.now();
  await backUp({ databaseUrl: source.url, publicDir: sourcePublic, dumpFile, uploadsArchive });
  console.log(
    `  dump ${(fs.statSync(dumpFile).size / 2 ** 20).toFixed(1)} MB, uploads ${(fs.statSync(uploadsArchive).size / 2 ** 20).toFixed(1)} MB, in ${seconds(backingUp)} s`,
  );
  // The source stops before the counts are taken: nothing it does later is in the backup.
  await stopProcess(cms.child);
  const countsBefore = await rowCounts(source);

  console.log("\n3. The README's restore, into an empty database and an empty uploads folder");
  const restored = await newDatabase("restored");
  const restoredPublic = path.join(workDir, "restored-public");
  const restoring = performance.now();
  await restore({ databaseUrl: restored.url, publicDir: restoredPublic, dumpFile, uploadsArchive });
  console.log(`  restored in ${seconds(restoring)} s`);
  const countsAfter = await rowCounts(restored);
  cms = await bootCms("restored", { database: restored, publicDir: restoredPublic });

  console.log("\n4. The same shop again");
  const signIn = await json(`${cms.api}/auth/local`, { method: "POST", body: { identifier: email, password } });
  check("the customer signs in with the same password", typeof signIn.jwt === "string");
  const after = await shopView(cms, { customerJwt: signIn.jwt, fileId: file.id });
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  check("the customer's account is the same (GET /users/me)", same(before.me, after.me));
  check(
    "the same orders, paid, with the same totals (GET /orders/mine)",
    same(before.orders, after.orders) && after.orders.orders.length === 2,
    after.orders.orders.map(({ number, status, total }) => `${number} ${status} ${total} c`).join(", "),
  );
  check(
    "the same subscription, active (GET /subscriptions/mine)",
    same(before.subscriptions, after.subscriptions) &&
      after.subscriptions.subscriptions.some(({ id, status }) => id === subscriptionId && status === "active"),
  );
  check("the staff sign in and find the upload (GET /upload/files/:id)", same(before.file, after.file), after.file.url);
  check(
    "the upload is served with the same bytes",
    after.fileBytes !== null && before.fileBytes !== null && after.fileBytes.equals(before.fileBytes),
  );
  const uploadsAfter = filesUnder(path.join(restoredPublic, "uploads"));
  check(
    "every file of the uploads folder is back, with its size",
    uploadsAfter.size === uploadsBefore.size &&
      [...uploadsBefore].every(([name, size]) => uploadsAfter.get(name) === size),
    `${uploadsAfter.size} files`,
  );
  const differing = KEY_TABLES.filter((table) => countsBefore[table] !== countsAfter[table]);
  check(
    `the same rows in ${KEY_TABLES.join(", ")}`,
    differing.length === 0,
    differing.length === 0
      ? KEY_TABLES.map((table) => `${table} ${countsAfter[table]}`).join(", ")
      : differing.map((table) => `${table}: ${countsBefore[table]} before, ${countsAfter[table]} after`).join("; "),
  );
  // The restored CMS booted and seeded nothing anew: its tables hold what was restored.
  const countsBooted = await rowCounts(restored);
  check(
    "booting on the restored database added no rows to them (no demo data seeded again)",
    KEY_TABLES.every((table) => countsBooted[table] === countsAfter[table]),
  );
}

async function cleanUp() {
  await Promise.all(children.map((child) => stopProcess(child)));
  for (const name of databases) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error) => {
      console.error(`could not drop ${name}: ${error.message}`);
    });
  }
  await admin.end().catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
}

let failure = null;
try {
  await main();
} catch (error) {
  failure = error;
}
const keepLogs = failure !== null || checks.some(({ ok }) => !ok);
if (keepLogs) {
  // The CMS logs say why; they go with the work folder, so they are printed first.
  for (const label of ["source", "restored"]) {
    const log = path.join(workDir, `cms-${label}.log`);
    if (fs.existsSync(log))
      console.error(`\n── cms-${label}.log (tail) ──\n${fs.readFileSync(log, "utf8").slice(-3000)}`);
  }
}
await cleanUp();
const passed = checks.filter(({ ok }) => ok).length;
if (failure) console.error(`\nThe backup check stopped: ${failure instanceof Error ? failure.stack : failure}`);
console.log(
  `\nBackup check: ${passed} of ${checks.length} checks passed in ${seconds(started)} s; databases ${databases.join(", ")} dropped.`,
);
process.exit(failure || passed !== checks.length ? 1 : 0);
