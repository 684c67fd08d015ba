import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathTo } from "@shop/routing";
import pg from "pg";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../scripts/lib/processes.mjs";
import {
  balancerServers,
  freeClusterPorts,
  haproxyInstalled,
  HAPROXY_MISSING,
  shopCluster,
} from "../../scripts/cluster/cluster.mjs";
import { SESSION_COOKIE } from "../support/accounts";
import { useBrowserSession } from "../support/browser";
import { madridDay, orderGiftCard } from "../support/gift-cards";
import { memoryReport, mixedTraffic, residentMb } from "../../scripts/soak/traffic.mjs";
import { placeOrder, registerCustomer } from "../../scripts/lib/order-load.mjs";

// The shop in its production shape (issue 24, docs/decisions/046): HAProxy in front of two storefront
// and two CMS processes on one PostgreSQL database and one Redis, as `npm run cluster` starts them.
// Every customer's request goes through the balancer (round robin, no sticky sessions); a request
// sent to one process directly names the process a claim is about.

if (!haproxyInstalled()) throw new Error(HAPROXY_MISSING);

/** Left to the cluster's defaults (the e2e global setup leaves the same to `npm start`'s). */
const DEFAULTED_VARIABLES = ["SITE_URL", "CMS_URL", "CMS_PUBLIC_URL", "PUBLIC_URL", "STOREFRONT_URL", "NODE_ENV"];

const ports = await freeClusterPorts();
const siteUrl = `http://localhost:${ports.shop}`;
const siteHost = new URL(siteUrl).host;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-"));
const outboxDir = path.join(workDir, "outbox");
const e2eHookSecret = randomBytes(32).toString("hex");
// A database of its own, dropped at the end, on the PostgreSQL server CLUSTER_TEST_DATABASE_SERVER names.
const databaseServer = process.env.CLUSTER_TEST_DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const databaseName = `shop_cluster_test_${randomUUID().slice(0, 8)}`;
// The allowances the test uses up (its address's mail requests) live in a Redis database of their own,
// emptied at the start: a second run within the hour starts from none used.
const redisUrl = process.env.CLUSTER_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";

const session = useBrowserSession(siteUrl, { shareContext: true });
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !DEFAULTED_VARIABLES.includes(name)),
);
const cluster = shopCluster({
  ports,
  logDir: workDir,
  env: {
    ...inherited,
    DATABASE_URL: `${databaseServer}/${databaseName}`,
    REDIS_URL: redisUrl,
    PUBLIC_DIR: path.join(workDir, "public"),
    MAIL_OUTBOX_DIR: outboxDir,
    IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
    IMAGE_PREGENERATE: "false",
    // The gift cards' mail job run at the test's time (src/jobs/e2e-hooks.ts), in each CMS process.
    E2E_JOB_HOOKS: "true",
    E2E_HOOK_SECRET: e2eHookSecret,
    // These tests are about what the processes share, not speed; in CI they run beside the CMS
    // integration lane on two cores, where a password change (two password hashes) once took the
    // storefront's whole default 8 s and the form answered 503.
    CMS_TIMEOUT_MS: "20000",
  },
});

beforeAll(async () => {
  await ensureBuilt();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  await cluster.start();
});

afterAll(async () => {
  await cluster.stop();
  const client = new pg.Client({ connectionString: `${databaseServer}/postgres` });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await client.end();
  if (!process.env.KEEP_E2E_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
  else console.log(`cluster logs kept in ${workDir}`);
});

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

/** GET at one storefront process directly, as the balancer forwards a request (the shop's Host). */
function getFromStorefront(port: number, target: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: target, headers: { Host: siteHost, Cookie: cookie } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      })
      .on("error", reject);
  });
}

/** GET through the balancer. */
async function getFromShop(target: string, cookie: string): Promise<Answer> {
  const response = await fetch(`${siteUrl}${target}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

/** The demo staff account's admin panel token, signed in at `cmsUrl`. */
async function staffToken(cmsUrl: string): Promise<string> {
  const login = await fetch(`${cmsUrl}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.local", password: "DemoAdmin123!" }),
  });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { token: string } };
  return data.token;
}

/** Requests each storefront server has taken from the balancer so far. */
async function storefrontRequests(): Promise<number[]> {
  const servers = await balancerServers(cluster.addresses.statsUrl);
  return servers.filter(({ backend }) => backend === "storefront").map(({ requests }) => requests);
}

const HOME = pathTo("home", "es");
const customer = { email: `cluster-${randomUUID().slice(0, 8)}@example.test`, password: `Secret-${randomUUID()}` };
let cookie = "";

/** The session cookie of the form's answer (`name=value`); fails the test without one, saying what came instead. */
async function sessionCookieOf(answer: Response): Promise<string> {
  if (answer.status < 300 || answer.status >= 400) {
    const body = (await answer.text()).replace(/\s+/g, " ").slice(0, 600);
    throw new Error(
      `expected a redirect with a session, got ${answer.status} (server: ${answer.headers.get("server")}): ${body}`,
    );
  }
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  expect(line).toBeDefined();
  return (line ?? "").split(";")[0] ?? "";
}

/** Posts a storefront form through the balancer, as the browser does (same origin). */
function postForm(target: string, fields: Record<string, string>, sessionCookie?: string): Promise<Response> {
  return fetch(`${siteUrl}${target}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: siteUrl,
      ...(sessionCookie ? { Cookie: sessionCookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** Signs the customer in with the sign-in form, through the balancer: the session cookie. */
async function signIn(): Promise<string> {
  return sessionCookieOf(
    await postForm(pathTo("login", "es"), { identifier: customer.email, password: customer.password }),
  );
}

/** The home page names the signed-in customer (the root loader's user, from the session alone). */
const signedInOn = (answer: Answer) => answer.status === 200 && answer.body.includes(customer.email);

// First: its customers sign in through the form, and sign-ins are limited per client address and minute
// (every request of these tests comes from this machine's one address).
describe("a minute of mixed traffic through the balancer (the soak's short version, docs/decisions/052)", () => {
  it(
    "browsing, signed-in pages, orders paid on the sandbox page and subscriptions managed: no errors, every process up",
    { timeout: 240_000 },
    async () => {
      const samples: { at: number; mb: Record<string, number | null> }[] = [];
      const result = await mixedTraffic({
        siteUrl,
        api: `${cluster.addresses.cmsUrl}/api`,
        durationMs: 60_000,
        connections: 20,
        // The CMS allows 50 orders per client address in half an hour; the tests below place more.
        maxOrders: 30,
        sample: () => {
          const mb: Record<string, number | null> = {};
          for (const [name, child] of cluster.processes) mb[name] = child.pid ? residentMb(child.pid) : null;
          samples.push({ at: Date.now(), mb });
        },
      });
      const memory = memoryReport(samples);
      console.log(
        [
          ...result.kinds.map(
            ({ kind, requests, statuses, p50, p99 }) =>
              `${kind}: ${requests} ${JSON.stringify(statuses)} p50 ${p50} ms p99 ${p99} ms`,
          ),
          ...memory.map(({ name, warm, end, peak }) => `${name}: ${warm} -> ${end} MB (peak ${peak})`),
        ].join("\n"),
      );
      expect(result.errors).toEqual([]);
      expect(result.kinds.find(({ kind }) => kind === "order placed and paid")?.requests).toBeGreaterThan(0);
      expect(result.kinds.find(({ kind }) => kind === "delivery skip")?.requests).toBeGreaterThan(0);
      expect(memory.filter(({ end }) => end === null)).toEqual([]);
    },
  );
});

describe("a customer of the cluster", () => {
  it("registers and signs in through the balancer", async () => {
    const registered = await fetch(`${siteUrl}/api/auth/local/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: siteUrl },
      body: JSON.stringify(customer),
    });
    expect(registered.status).toBe(200);
    cookie = await signIn();
  });

  it("stays signed in whichever storefront process answers", async () => {
    const before = await storefrontRequests();
    for (let request = 0; request < 6; request += 1) expect(signedInOn(await getFromShop(HOME, cookie))).toBe(true);
    const after = await storefrontRequests();
    // Round robin, no stickiness: both processes took some of the six.
    expect(after.map((count, index) => count - (before[index] ?? 0)).every((taken) => taken > 0)).toBe(true);
    for (const port of ports.storefronts) expect(signedInOn(await getFromStorefront(port, HOME, cookie))).toBe(true);
  });

  it("stays signed in across a restart of one storefront process, and no request fails meanwhile", async () => {
    const answers: Answer[] = [];
    let restarting = true;
    const traffic = (async () => {
      while (restarting) answers.push(await getFromShop(HOME, cookie));
    })();
    await cluster.restartStorefront(1);
    restarting = false;
    await traffic;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => !signedInOn(answer)).map(({ status }) => status)).toEqual([]);
    expect(signedInOn(await getFromStorefront(ports.storefronts[0], HOME, cookie))).toBe(true);
  });

  it("is signed out by every process once signed out through any", async () => {
    // Both processes believe the session now (each caches it for 30 s: decision 024)…
    for (const port of ports.storefronts) expect(signedInOn(await getFromStorefront(port, HOME, cookie))).toBe(true);
    const signOut = await postForm("/logout", { locale: "es" }, cookie);
    expect(signOut.status).toBeGreaterThanOrEqual(300);
    // …and the one that did not take the sign-out forgets it through Redis, not by its cache's expiry.
    for (const port of ports.storefronts) {
      await expect.poll(async () => signedInOn(await getFromStorefront(port, HOME, cookie))).toBe(false);
    }
    const account = await getFromShop(pathTo("account", "es"), cookie);
    expect(account.status).toBeGreaterThanOrEqual(300);
    expect(account.status).toBeLessThan(400);
  });

  it("is signed out on every other device, by every process, once the password is changed through one", async () => {
    const [thisDevice, otherDevice] = [await signIn(), await signIn()];
    for (const port of ports.storefronts) {
      for (const device of [thisDevice, otherDevice]) {
        expect(signedInOn(await getFromStorefront(port, HOME, device))).toBe(true);
      }
    }
    const newPassword = `Changed-${randomUUID()}`;
    const changed = await postForm(
      pathTo("profile", "es"),
      {
        intent: "password",
        currentPassword: customer.password,
        password: newPassword,
        passwordConfirmation: newPassword,
      },
      thisDevice,
    );
    const renewed = await sessionCookieOf(changed);
    customer.password = newPassword;
    // Both processes believed the other device's session a moment ago: only Redis can tell the one
    // that did not take the change.
    for (const port of ports.storefronts) {
      await expect.poll(async () => signedInOn(await getFromStorefront(port, HOME, otherDevice))).toBe(false);
      expect(signedInOn(await getFromStorefront(port, HOME, renewed))).toBe(true);
    }
  });
});

describe("the cluster's shared state", () => {
  it("counts a rate limit once for every process", async () => {
    // Three mails of a kind per e-mail address and hour (LIMITS.mailRequestsPerEmail): spread by the
    // balancer over both storefronts and both CMS processes, the fourth request is refused all the
    // same, where per-process counting would let each process take three.
    const email = `limit-${randomUUID().slice(0, 8)}@example.test`;
    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) {
      const response = await fetch(`${siteUrl}/api/auth/forgot-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: siteUrl },
        body: JSON.stringify({ email }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("serves an upload made through one CMS process from the other", async () => {
    const token = await staffToken(cluster.addresses.cmsUrl);
    const picture = fs.readFileSync(path.join(import.meta.dirname, "../../apps/cms/favicon.png"));
    const form = new FormData();
    form.append("files", new Blob([picture], { type: "image/png" }), "cluster-upload.png");
    const uploaded = await fetch(`${cluster.addresses.cmsUrl}/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [file] = (await uploaded.json()) as { url: string }[];
    expect(file?.url).toMatch(/^\/uploads\//);
    // Strapi optimises the picture it stores: both processes serve the same stored bytes.
    const served = await Promise.all(
      ports.cmses.map(async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}${file?.url ?? ""}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/png");
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(served[0]?.length).toBeGreaterThan(0);
    expect(served[0]?.equals(served[1] ?? Buffer.alloc(0))).toBe(true);
  });
});

describe("staff's changes in the cluster", () => {
  it(
    "reach the cached pages of every storefront process at once, long before the caches run out",
    { timeout: 60_000 },
    async () => {
      const listed = await fetch(`${cluster.addresses.cmsUrl}/api/products?pagination[pageSize]=1&sort=id`);
      const [product] = ((await listed.json()) as { data: { documentId: string; name_es: string; slug_es: string }[] })
        .data;
      if (!product) throw new Error("the demo catalogue has no product");
      const page = pathTo("product", "es", { slug: product.slug_es });
      // Each process renders the page and keeps its copy (the page cache and the catalogue's data).
      for (const port of ports.storefronts) {
        await getFromStorefront(port, page, "");
        expect((await getFromStorefront(port, page, "")).body).toContain(product.name_es);
      }

      const renamed = `${product.name_es} ${randomUUID().slice(0, 6)}`;
      const token = await staffToken(`http://127.0.0.1:${ports.cmses[0]}`);
      const saved = await fetch(
        `http://127.0.0.1:${ports.cmses[0]}/content-manager/collection-types/api::product.product/${product.documentId}`,
        {
          method: "PUT",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name_es: renamed }),
        },
      );
      expect(saved.status).toBe(200);

      // The copies live 20 s and the data 20 s more (README): 10 s is well inside either.
      const changedAt = Date.now();
      for (const port of ports.storefronts) {
        await expect
          .poll(async () => (await getFromStorefront(port, page, "")).body.includes(renamed), {
            timeout: 10_000,
            interval: 250,
          })
          .toBe(true);
      }
      console.log(`the rename showed on both storefront processes ${Date.now() - changedAt} ms after it was saved`);
    },
  );
});

describe("a scheduled job in the cluster", () => {
  const mails = () =>
    fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((name) => name.endsWith(".eml"))
          .map((name) => fs.readFileSync(path.join(outboxDir, name), "utf8"))
      : [];

  /** Runs the job `name` (src/jobs/e2e-hooks.ts) at `now` in both CMS processes at once, twice each: every run's answer. */
  async function runEverywhere<Run>(name: string, now: string): Promise<Run[]> {
    return Promise.all(
      [...ports.cmses, ...ports.cmses].map(async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/e2e/jobs/${name}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-E2E-Hook-Secret": e2eHookSecret },
          body: JSON.stringify({ now }),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as Run;
      }),
    );
  }

  /** One query on the cluster's database. */
  async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: `${databaseServer}/${databaseName}` });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  const total = <Run>(runs: Run[], field: keyof Run) => runs.reduce((sum, run) => sum + Number(run[field]), 0);

  it(
    "cancels an unpaid order once, its slot place given back once, with both CMS processes running the expiry job at the same time",
    { timeout: 60_000 },
    async () => {
      const api = `${cluster.addresses.cmsUrl}/api`;
      const { jwt } = await registerCustomer(api, "cluster-expiry");
      const { order } = (await placeOrder(api, jwt)) as { order: { id: number; number: string } };
      // node-postgres reads the timestamps (without a zone) as the CMS wrote them, in this machine's zone.
      const [placed] = await query<{ expires_at: Date; slot_key: string }>(
        "select expires_at, slot_key from orders where number = $1",
        [order.number],
      );
      if (!placed) throw new Error(`order ${order.number} is not in the database`);
      const placesTaken = async () =>
        (await query<{ taken: number }>("select taken from delivery_slot_days where key = $1", [placed.slot_key]))[0]
          ?.taken;
      const takenBefore = await placesTaken();
      // A minute past its deadline, with the other tests' unpaid orders due by then.
      const now = new Date(placed.expires_at.getTime() + 60_000);
      const due = (
        await query<{ id: number; expires_at: Date; slot_key: string | null }>(
          "select id, expires_at, slot_key from orders where order_status in ('pending_payment', 'payment_failed')",
        )
      ).filter((row) => row.expires_at < now);
      const runs = await runEverywhere<{ orders: number; drafts: number; giftCards: number }>(
        "expire-unpaid",
        now.toISOString(),
      );
      // Every cancellation counted by exactly one run (an order waiting for a recorded sandbox approval stays).
      const cancelled = await query<{ id: number; slot_key: string | null }>(
        "select id, slot_key from orders where id = any($1) and order_status = 'cancelled'",
        [due.map(({ id }) => id)],
      );
      expect(total(runs, "orders")).toBe(cancelled.length);
      const cancellations = await query(
        `select e.id from order_events e join order_events_order_lnk l on l.order_event_id = e.id
         join orders o on o.id = l.order_id where o.number = $1 and e."to" = 'cancelled'`,
        [order.number],
      );
      expect(cancellations).toHaveLength(1);
      const [after] = await query<{ order_status: string }>("select order_status from orders where number = $1", [
        order.number,
      ]);
      expect(after?.order_status).toBe("cancelled");
      // The slot's places given back once per order cancelled on it.
      const onItsSlot = cancelled.filter(({ slot_key }) => slot_key === placed.slot_key).length;
      expect(await placesTaken()).toBe((takenBefore ?? 0) - onItsSlot);
      // Nothing left for a later run.
      expect(total(await runEverywhere<{ orders: number }>("expire-unpaid", now.toISOString()), "orders")).toBe(0);
    },
  );

  it(
    "sends a gift card's mail once, with both CMS processes running the job at the same time",
    { timeout: 120_000 },
    async () => {
      // Bought through the balancer and paid on the sandbox page at the CMS's public address (the balancer too).
      const { page } = session;
      const recipient = `cluster-recipient-${randomUUID().slice(0, 8)}@example.test`;
      const sendOn = madridDay(2);
      await orderGiftCard(page, {
        recipient,
        buyerEmail: `cluster-buyer-${randomUUID().slice(0, 8)}@example.test`,
        sendOn,
      });
      await page.waitForURL(
        (url) => url.origin === cluster.addresses.cmsPublicUrl && url.pathname.includes("/sandbox"),
      );
      await page.locator(`form:has(input[name="decision"][value="approve"]) button`).click();
      await page.waitForURL(`${siteUrl}${pathTo("giftCardPaymentCompleted", "es")}`);

      // On the chosen day, the job runs in both processes at once, twice each: one mail in all.
      const now = new Date(`${sendOn}T09:00:00+01:00`).toISOString();
      const runs = await runEverywhere<{ sent: number; failed: number }>("send-gift-cards", now);
      expect(total(runs, "sent")).toBe(1);
      expect(mails().filter((text) => text.includes(`To: ${recipient}`))).toHaveLength(1);
    },
  );

  it(
    "drops the expired sessions once, with both CMS processes running the accounts' clean-up at the same time",
    { timeout: 60_000 },
    async () => {
      // Last of the file: a day past the longest session, every session the tests opened has expired.
      const [{ now } = { now: null }] = await query<{ now: string | null }>(
        `select to_char(max(expires_at) + interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now from account_sessions`,
      );
      if (!now) throw new Error("the cluster's tests opened no session");
      const [{ sessions } = { sessions: 0 }] = await query<{ sessions: number }>(
        "select count(*)::int as sessions from account_sessions",
      );
      expect(sessions).toBeGreaterThan(0);
      const runs = await runEverywhere<{ sessions: number; oneTimeTokens: number; newsletterRequests: number }>(
        "clean-up-accounts",
        now,
      );
      expect(total(runs, "sessions")).toBe(sessions);
      expect(await query("select id from account_sessions")).toHaveLength(0);
    },
  );
});
