import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  createdOrderSchema,
  ORDER_DRAFT_HEADER,
  subscriptionDeliveriesSchema,
  subscriptionDetailSchema,
  type CreatedOrder,
} from "@shop/contracts";
import pg from "pg";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../scripts/lib/processes.mjs";
import { freeClusterPorts, haproxyInstalled, HAPROXY_MISSING, shopCluster } from "../../scripts/cluster/cluster.mjs";
import { registerCustomer, type TestCustomer } from "../support/accounts";
import { consumerBox, fetchTranslatedProducts } from "../support/catalogue";
import { summaryDraft } from "../support/orders";
import type { CrashPoint } from "../../apps/cms/src/http/crash-points";

// Faults survived, nothing lost (issue 24, docs/decisions/051): a CMS process of the cluster of
// `npm run cluster` (docs/decisions/046) is killed with SIGKILL in the middle of a payment's
// notification and of an order's placement, at a point named in the code (src/http/crash-points.ts)
// that the test arms in that one process through its end-to-end hook. The other process, and the
// killed one once the test has started it again, finish the work: nothing is lost, nothing done twice.

if (!haproxyInstalled()) throw new Error(HAPROXY_MISSING);

/** Left to the cluster's defaults, as cluster.cluster.test.ts leaves them. */
const DEFAULTED_VARIABLES = ["SITE_URL", "CMS_URL", "CMS_PUBLIC_URL", "PUBLIC_URL", "STOREFRONT_URL", "NODE_ENV"];

const ports = await freeClusterPorts();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-crash-"));
const outboxDir = path.join(workDir, "outbox");
const e2eHookSecret = randomBytes(32).toString("hex");
const databaseServer = process.env.CLUSTER_TEST_DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const databaseName = `shop_crash_test_${randomUUID().slice(0, 8)}`;
// Redis database 12 of the cluster tests' server, emptied at the start: cluster.cluster.test.ts
// empties 13, and either file may run alone.
const redisUrl = (() => {
  const url = new URL(process.env.CLUSTER_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13");
  url.pathname = "/12";
  return url.toString();
})();

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
    // The crash points and the sandbox's redelivery job at the test's time (src/jobs/e2e-hooks.ts).
    E2E_JOB_HOOKS: "true",
    E2E_HOOK_SECRET: e2eHookSecret,
    CMS_TIMEOUT_MS: "20000",
  },
});
const cmsUrl = cluster.addresses.cmsUrl;
const database = new pg.Client({ connectionString: `${databaseServer}/${databaseName}` });

beforeAll(async () => {
  await ensureBuilt();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  await cluster.start();
  await database.connect();
});

afterAll(async () => {
  await database.end();
  await cluster.stop();
  const client = new pg.Client({ connectionString: `${databaseServer}/postgres` });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await client.end();
  if (!process.env.KEEP_E2E_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
  else console.log(`cluster logs kept in ${workDir}`);
});

/** CMS process `number` (1 or 2) directly, not through the balancer. */
const cmsProcess = (number: 1 | 2) => `http://127.0.0.1:${ports.cmses[number - 1]}`;

/** An end-to-end hook of the CMS at `base` (one process, or the balancer); the answer's JSON. */
async function hook(base: string, hookPath: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}/api/e2e${hookPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-E2E-Hook-Secret": e2eHookSecret },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /e2e${hookPath} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Arms `point` in CMS process `number` only: it kills itself when its work next passes there. */
async function armCrash(number: 1 | 2, point: CrashPoint) {
  expect(await hook(cmsProcess(number), "/crash-point", { point })).toEqual({ armed: true });
}

/** POST /orders with the draft's token (its idempotency key: one draft places one order) at `base`. */
function placeOrder(base: string, customer: TestCustomer, draft: string): Promise<Response> {
  return fetch(`${base}/api/orders`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${customer.jwt}`,
      [ORDER_DRAFT_HEADER]: draft,
    },
    body: JSON.stringify({ termsAccepted: true, marketingConsent: false, locale: "es" }),
  });
}

interface OrderSummary {
  number: string;
  status: string;
}

/** The customer's orders as their account lists them, asked through the balancer (or one process). */
async function ordersOf(customer: TestCustomer, base = cmsUrl): Promise<OrderSummary[]> {
  const response = await fetch(`${base}/api/orders/mine`, { headers: { Authorization: `Bearer ${customer.jwt}` } });
  expect(response.status).toBe(200);
  const { orders } = (await response.json()) as { orders: OrderSummary[] };
  return orders;
}

/** The order as its page shows it: its status and its timeline. */
async function orderOf(customer: TestCustomer, number: string, base = cmsUrl) {
  const response = await fetch(`${base}/api/orders/mine/${number}`, {
    headers: { Authorization: `Bearer ${customer.jwt}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; events: { to: string }[] };
}

/** The mails in the outbox to `to` whose text matches `pattern`. */
function mailsTo(to: string, pattern: RegExp): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => fs.readFileSync(path.join(outboxDir, name), "utf8"))
    .filter((mail) => mail.includes(`To: ${to}`) && pattern.test(mail));
}

/** The places taken in every delivery slot of every day: an order takes one. */
async function slotPlacesTaken(): Promise<number> {
  const { rows } = await database.query<{ taken: string }>(
    "SELECT COALESCE(SUM(taken), 0) AS taken FROM delivery_slot_days",
  );
  return Number(rows[0]?.taken ?? 0);
}

let boxId = 0;

beforeAll(async () => {
  boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
});

/** Where the payment's notification is cut short, and what the notifications' log keeps of it. */
const PAYMENT_CRASHES = [
  {
    point: "paymentNotificationBeforeCommit",
    when: "inside the transaction that pays the order",
    // Nothing half done: PostgreSQL rolls the transaction back with the dead connection.
    statusAfterCrash: "pending_payment",
    logged: ["applied"],
  },
  {
    point: "paymentNotificationCommitted",
    when: "after the order is paid and committed, before its confirmation is sent",
    statusAfterCrash: "paid",
    logged: ["applied", "repeated"],
  },
] as const;

/** Where the order's placement is cut short, and what the retry with the same draft is answered. */
const ORDER_CRASHES = [
  {
    point: "orderWrittenBeforeCommit",
    when: "written, not committed",
    // Rolled back whole: the draft is still there, and the retry places the order.
    retried: 201,
  },
  {
    point: "orderPlacedBeforeAnswer",
    when: "committed, not answered",
    // The draft was spent by the one order: no second is written (the storefront sends the
    // customer to their orders then).
    retried: 404,
  },
] as const;

describe("a CMS process killed in the middle", () => {
  it.each(PAYMENT_CRASHES)(
    "of a payment's notification ($when): the order ends paid once, with one confirmation",
    { timeout: 120_000 },
    async ({ point, statusAfterCrash, logged }) => {
      const customer = await registerCustomer(cmsUrl);
      const draft = await summaryDraft(cmsUrl, { customer, boxId });
      const placed = await placeOrder(cmsUrl, customer, draft);
      expect(placed.status).toBe(201);
      const { order, payment }: CreatedOrder = createdOrderSchema.parse(await placed.json());
      const reference = new URL(payment.url).pathname.split("/").at(-1) ?? "";
      expect(payment.url).toContain(`/payments/sandbox/${reference}`);
      const placesBefore = await slotPlacesTaken();

      // The customer approves on the sandbox's page, whose post reaches CMS 1. It records the decision
      // and answers; its first try of the notification then dies at the point.
      await armCrash(1, point);
      const died = cluster.cmsExit(1);
      const approved = await fetch(`${cmsProcess(1)}/api/payments/sandbox/${reference}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ decision: "approve" }).toString(),
        redirect: "manual",
      });
      expect(approved.status).toBe(303);
      expect(await died).toBe("SIGKILL");

      expect((await orderOf(customer, order.number)).status).toBe(statusAfterCrash);
      const tries = await database.query<{ delivery_status: string; attempts: number }>(
        "SELECT delivery_status, attempts FROM sandbox_notifications WHERE reference = $1",
        [reference],
      );
      expect(tries.rows).toEqual([{ delivery_status: "pending", attempts: 1 }]);

      // The gateway sends it again after its pause (a minute): the redelivery job, run by CMS 2 at
      // the time the pause is over (every CMS process runs it every minute).
      const redelivered = (await hook(cmsProcess(2), "/jobs/deliver-sandbox-notifications", {
        now: new Date(Date.now() + 2 * 60_000).toISOString(),
      })) as { delivered: number; failed: number };
      expect(redelivered.failed).toBe(0);
      // Unless CMS 2's own scheduled run got there first (a slow machine): once either way.
      const delivered = await database.query<{ delivery_status: string }>(
        "SELECT delivery_status FROM sandbox_notifications WHERE reference = $1",
        [reference],
      );
      expect(delivered.rows).toEqual([{ delivery_status: "delivered" }]);
      // Mails a process queued and did not get to send leave with the next renewal run (every five
      // minutes, in every process): CMS 2's, now.
      await hook(cmsProcess(2), "/jobs/renew-subscriptions", { now: new Date().toISOString() });

      // CMS 1 back: its redelivery at start, and a later run, find nothing more to send.
      await cluster.restartCms(1);
      expect(
        await hook(cmsProcess(1), "/jobs/deliver-sandbox-notifications", {
          now: new Date(Date.now() + 30 * 60_000).toISOString(),
        }),
      ).toEqual({ delivered: 0, failed: 0, abandoned: 0 });

      const paid = await orderOf(customer, order.number, cmsProcess(1));
      expect(paid.status).toBe("paid");
      expect(paid.events.filter(({ to }) => to === "paid")).toHaveLength(1);
      const payments = await database.query<{ payment_status: string }>(
        "SELECT payment_status FROM payments WHERE reference = $1",
        [reference],
      );
      expect(payments.rows).toEqual([{ payment_status: "paid" }]);
      const effects = await database.query<{ effect: string }>(
        "SELECT effect FROM payment_notifications WHERE reference = $1 ORDER BY id",
        [reference],
      );
      expect(effects.rows.map(({ effect }) => effect)).toEqual(logged);
      expect(await slotPlacesTaken()).toBe(placesBefore);
      await expect.poll(() => mailsTo(customer.email, new RegExp(order.number)).length).toBe(1);
    },
  );

  it.each(ORDER_CRASHES)(
    "of an order's placement ($when): the customer's retry with the same draft ends with one order",
    { timeout: 120_000 },
    async ({ point, retried: retriedStatus }) => {
      const customer = await registerCustomer(cmsUrl);
      const draft = await summaryDraft(cmsUrl, { customer, boxId });
      const placesBefore = await slotPlacesTaken();

      // "Pay" reaches CMS 2, which dies at the point, before it answers: the customer (the
      // storefront) sees the connection drop.
      await armCrash(2, point);
      const died = cluster.cmsExit(2);
      await expect(placeOrder(cmsProcess(2), customer, draft)).rejects.toThrow();
      expect(await died).toBe("SIGKILL");

      // The retry, with the same draft, through the balancer (CMS 1 takes it: HAProxy sends a
      // refused connection to the other process).
      const retried = await placeOrder(cmsUrl, customer, draft);
      expect(retried.status).toBe(retriedStatus);
      const orders = await ordersOf(customer);
      expect(orders.map(({ status }) => status)).toEqual(["pending_payment"]);
      expect(await slotPlacesTaken()).toBe(placesBefore + 1);
      const [only] = orders;
      if (retriedStatus === 404) {
        // Its attempt never reached the gateway: the customer pays it from their account, through
        // the balancer (a new attempt, the unseen one voided).
        const pay = await fetch(`${cmsUrl}/api/orders/mine/${only?.number ?? ""}/payments`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${customer.jwt}` },
          body: "{}",
        });
        expect(pay.status).toBe(201);
      }

      // CMS 2 back: it serves the same one order.
      await cluster.restartCms(2);
      expect((await ordersOf(customer, cmsProcess(2))).map(({ number }) => number)).toEqual([only?.number]);
    },
  );

  it(
    "of a renewal run, its card charged and nothing written: the next run of the other process charges it once",
    { timeout: 120_000 },
    async () => {
      const customer = await registerCustomer(cmsUrl);
      const draft = await summaryDraft(cmsUrl, { customer, boxId, frequency: "weekly" });
      const placed = await placeOrder(cmsUrl, customer, draft);
      expect(placed.status).toBe(201);
      const { order, payment }: CreatedOrder = createdOrderSchema.parse(await placed.json());
      const subscriptionId = order.subscriptionId ?? "";
      const approved = await fetch(payment.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ decision: "approve" }).toString(),
        redirect: "manual",
      });
      expect(approved.status).toBe(303);
      const customerCall = async (target: string, base = cmsUrl) => {
        const response = await fetch(`${base}/api${target}`, { headers: { Authorization: `Bearer ${customer.jwt}` } });
        expect(response.status).toBe(200);
        return response.json() as Promise<unknown>;
      };
      // Active, its card kept, once the first payment's notification is noted; its next deliveries planned.
      await expect
        .poll(
          async () =>
            subscriptionDetailSchema.parse(await customerCall(`/subscriptions/mine/${subscriptionId}`)).status,
        )
        .toBe("active");
      const deliveries = async (base = cmsUrl) =>
        subscriptionDeliveriesSchema.parse(await customerCall(`/subscriptions/mine/${subscriptionId}/deliveries`, base))
          .deliveries;
      const scheduled = async () =>
        (await deliveries()).find((delivery) => delivery.status === "scheduled" && !delivery.locked);
      await expect.poll(async () => (await scheduled()) !== undefined).toBe(true);
      const next = await scheduled();
      const cutoff = Date.parse(next?.cutoff ?? "");

      // CMS 1's run, a minute after the cut-off, makes the delivery's order and charges the card; it
      // dies with the gateway's answer in hand, before writing it.
      await armCrash(1, "renewalChargedBeforeSettled");
      const died = cluster.cmsExit(1);
      await expect(
        hook(cmsProcess(1), "/jobs/renew-subscriptions", { now: new Date(cutoff + 60_000).toISOString() }),
      ).rejects.toThrow();
      expect(await died).toBe("SIGKILL");
      const renewal = (await deliveries()).find((delivery) => delivery.date === next?.date);
      const renewalNumber = renewal?.orderNumber ?? "";
      expect(renewalNumber).not.toBe("");
      expect((await orderOf(customer, renewalNumber)).status).toBe("pending_payment");

      // CMS 2's run, once a charge sent and not answered counts as its runner's death (5 minutes):
      // the same charge sent again (its reference: the gateway's idempotency), answered, written.
      expect(
        await hook(cmsProcess(2), "/jobs/renew-subscriptions", { now: new Date(cutoff + 7 * 60_000).toISOString() }),
      ).toMatchObject({ ordered: 0, paid: 1, declined: 0, payLinks: 0 });
      // CMS 1 back: its next run finds nothing left to charge.
      await cluster.restartCms(1);
      expect(
        await hook(cmsProcess(1), "/jobs/renew-subscriptions", { now: new Date(cutoff + 20 * 60_000).toISOString() }),
      ).toMatchObject({ ordered: 0, charged: 0, paid: 0, declined: 0, payLinks: 0 });

      const paid = await orderOf(customer, renewalNumber, cmsProcess(1));
      expect(paid.status).toBe("paid");
      expect(paid.events.filter(({ to }) => to === "paid")).toHaveLength(1);
      const charges = await database.query<{ reference: string; payment_status: string }>(
        `SELECT p.reference, p.payment_status FROM payments p
           JOIN payments_order_lnk l ON l.payment_id = p.id
           JOIN orders o ON o.id = l.order_id
          WHERE o.number = $1`,
        [renewalNumber],
      );
      expect(charges.rows.map(({ payment_status }) => payment_status)).toEqual(["paid"]);
      await expect.poll(() => mailsTo(customer.email, new RegExp(renewalNumber)).length).toBe(1);
    },
  );
});
