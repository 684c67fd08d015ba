import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  deliverDueSandboxNotifications,
  deliverSandboxNotification,
  recordSandboxDecision,
  SANDBOX_MAX_TRIES,
  SANDBOX_RETRY_DELAYS_MS,
  type NotificationReceiver,
} from "../src/payments/sandbox-notifications";
import { expireUnpaidOrders } from "../src/jobs/expire-unpaid-orders";
import { flushAfterAnswer } from "../src/http/after-answer";
import { startPayment } from "../src/payments/attempts";
import { applyNotification } from "../src/payments/notifications";
import { parseEnv } from "../src/env";
import { registerCustomer, send } from "./helpers/accounts";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import {
  createTestOrder,
  eventsOf,
  flushServerWork,
  orderMailsTo,
  orderStatusOf,
  type TestOrderOptions,
} from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// The sandbox gateway behaves as a real one (docs/decisions/015): the customer's decision is recorded
// before its page answers, and its notification is sent again until the shop acknowledges it, so a
// CMS stopped right after the page's 303 still gets the order paid. Time is the tests' own clock.
let app: TestStrapi;

const STOREFRONT = "https://shop.example";
const NOTIFICATION = CONTENT_TYPES.paymentNotification;
const MINUTE = 60_000;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: STOREFRONT });
});

afterAll(async () => {
  await app?.stop();
});

async function sandboxOrder(options: Partial<TestOrderOptions> = {}) {
  const customer = await registerCustomer(app.api, { firstName: "Ana" });
  const order = await createTestOrder(app.strapi, { userId: customer.user.id, email: customer.email, ...options });
  const start = await startPayment(app.strapi, { orderId: order.id });
  const path = new URL(start.url).pathname;
  const reference = decodeURIComponent(path.split("/").at(-1) ?? "");
  return { customer, order, path, reference };
}

const decide = (path: string, decision: string) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ decision }).toString(),
  });

interface SandboxRow {
  decision: string;
  deliveryStatus: string;
  attempts: number;
  nextAttemptAt: string | Date;
  deliveredAt: string | Date | null;
  lastError: string | null;
}

async function sandboxRows(reference: string): Promise<SandboxRow[]> {
  return (await app.strapi.db
    .query(CONTENT_TYPES.sandboxNotification)
    .findMany({ where: { reference } })) as SandboxRow[];
}

async function sandboxRow(reference: string): Promise<SandboxRow> {
  const [row, ...more] = await sandboxRows(reference);
  if (row === undefined || more.length > 0) throw new Error(`Not one sandbox row for ${reference}`);
  return row;
}

async function effectsOf(reference: string): Promise<string[]> {
  const rows = (await app.strapi.db.query(NOTIFICATION).findMany({
    where: { reference },
    orderBy: { id: "asc" },
  })) as { effect: string }[];
  return rows.map(({ effect }) => effect);
}

/** The work started after the answers, by the running CMS (dist/) and by these tests' calls (src/). */
async function flushAll(): Promise<void> {
  await flushServerWork();
  await flushAfterAnswer();
}

/** A receiver that counts the notifications it is given and hands them to the shop's handler. */
function countingReceiver(): { receiver: NotificationReceiver; calls: () => number } {
  const spy = vi.fn<NotificationReceiver>((strapi, providerId, input) => applyNotification(strapi, providerId, input));
  return { receiver: spy, calls: () => spy.mock.calls.length };
}

const refusing: NotificationReceiver = async () => {
  throw new Error("connect ECONNREFUSED 127.0.0.1:1337");
};

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

describe("the sandbox page", () => {
  it("records the decision before it answers, then sends the notification: the order is paid once", async () => {
    const { customer, order, path, reference } = await sandboxOrder({ locale: "ca" });
    const answer = await decide(path, "approve");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${STOREFRONT}/ca/payment-completed/${order.number}`);
    // Written before the 303 left: the answer can only come after the row exists.
    expect((await sandboxRow(reference)).decision).toBe("approve");

    await flushAll();
    expect(await sandboxRow(reference)).toMatchObject({ deliveryStatus: "delivered", attempts: 1, lastError: null });
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await effectsOf(reference)).toEqual(["applied"]);
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)).toHaveLength(1);
    // Nothing is due any more.
    expect(await deliverDueSandboxNotifications(app.strapi, { now: at(new Date(), 30 * MINUTE) })).toEqual({
      delivered: 0,
      failed: 0,
      abandoned: 0,
    });
  });

  it("takes one decision per attempt: of approve and decline posted at once, one is recorded, the other refused", async () => {
    const { order, path, reference } = await sandboxOrder();
    const answers = await Promise.all([decide(path, "approve"), decide(path, "decline")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    await flushAll();
    const [row] = await sandboxRows(reference);
    expect(await sandboxRows(reference)).toHaveLength(1);
    expect(await orderStatusOf(app.strapi, order.id)).toBe(row?.decision === "approve" ? "paid" : "payment_failed");
    expect(await effectsOf(reference)).toEqual(["applied"]);
  });
});

describe("a decision whose notification was lost", () => {
  it("after the CMS stopped right after the answer, a restart sends it and the order is paid", async () => {
    const { customer, order, reference } = await sandboxOrder();
    // The page's work before its 303, and nothing after: the process died there.
    expect(await recordSandboxDecision(app.strapi, reference, "approve")).not.toBeNull();
    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");

    app = await app.restart();
    await flushServerWork();
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await sandboxRow(reference)).toMatchObject({ deliveryStatus: "delivered", attempts: 1 });
    expect(await eventsOf(app.strapi, order.id)).toEqual([
      { from: "pending_payment", to: "paid", actorKind: "payment", actorLabel: "payment:sandbox", note: null },
    ]);
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)).toHaveLength(1);
  });

  it("is sent by the job; meanwhile the page shows the decision and takes no other", async () => {
    const { order, path, reference } = await sandboxOrder({ locale: "pt" });
    const now = new Date();
    await recordSandboxDecision(app.strapi, reference, "decline", { now });

    const page = await (await fetch(`${app.url}${path}`)).text();
    expect(page).toContain("Este pagamento foi recusado.");
    expect(page).toContain(`${STOREFRONT}/pt/payment-failed/${order.number}`);
    expect(page).not.toContain("<form");
    expect((await decide(path, "approve")).status).toBe(409);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");

    const { receiver, calls } = countingReceiver();
    expect(await deliverDueSandboxNotifications(app.strapi, { now, receiver })).toMatchObject({ delivered: 1 });
    await flushAll();
    expect(calls()).toBe(1);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("payment_failed");
    expect(await sandboxRows(reference)).toHaveLength(1);
  });

  it("whose first try failed is sent again after a minute, not before, and pays the order", async () => {
    const { customer, order, reference } = await sandboxOrder();
    const now = new Date();
    await recordSandboxDecision(app.strapi, reference, "approve", { now });
    expect(await deliverSandboxNotification(app.strapi, reference, { now, receiver: refusing })).toBe("pending");
    const failed = await sandboxRow(reference);
    expect(failed).toMatchObject({ deliveryStatus: "pending", attempts: 1 });
    expect(failed.lastError).toContain("ECONNREFUSED");
    expect(new Date(failed.nextAttemptAt).getTime()).toBe(now.getTime() + MINUTE);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");

    const { receiver, calls } = countingReceiver();
    await deliverDueSandboxNotifications(app.strapi, { now: at(now, MINUTE - 1000), receiver });
    expect(calls()).toBe(0);
    expect(await deliverDueSandboxNotifications(app.strapi, { now: at(now, MINUTE), receiver })).toMatchObject({
      delivered: 1,
    });
    await flushAll();
    expect(calls()).toBe(1);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await sandboxRow(reference)).toMatchObject({ deliveryStatus: "delivered", attempts: 2, lastError: null });
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)).toHaveLength(1);
  });

  it("a shop that never answers gets every try, with growing pauses, and then the gateway gives up", async () => {
    const { order, reference } = await sandboxOrder();
    const start = new Date();
    await recordSandboxDecision(app.strapi, reference, "approve", { now: start });
    const error = vi.spyOn(app.strapi.log, "error").mockImplementation(() => app.strapi.log);
    const seen: number[] = [];
    let clock = start;
    try {
      for (let tries = 1; tries <= SANDBOX_MAX_TRIES; tries++) {
        // One second early: not due yet.
        if (tries > 1) {
          const early = await deliverDueSandboxNotifications(app.strapi, { now: at(clock, -1000), receiver: refusing });
          expect(early).toEqual({ delivered: 0, failed: 0, abandoned: 0 });
        }
        await deliverDueSandboxNotifications(app.strapi, { now: clock, receiver: refusing });
        const row = await sandboxRow(reference);
        expect(row.attempts).toBe(tries);
        seen.push(new Date(row.nextAttemptAt).getTime() - clock.getTime());
        clock = new Date(row.nextAttemptAt);
      }
      expect(error).toHaveBeenCalledWith(expect.stringContaining(`${reference} (approve) given up after 7 tries`));
    } finally {
      error.mockRestore();
    }
    expect(seen.slice(0, -1)).toEqual([...SANDBOX_RETRY_DELAYS_MS]);
    expect(SANDBOX_RETRY_DELAYS_MS.slice(0, 2)).toEqual([MINUTE, 5 * MINUTE]);
    expect(await sandboxRow(reference)).toMatchObject({ deliveryStatus: "abandoned", attempts: SANDBOX_MAX_TRIES });
    // Given up: no later run sends it.
    const { receiver, calls } = countingReceiver();
    await deliverDueSandboxNotifications(app.strapi, { now: at(clock, 24 * 60 * MINUTE), receiver });
    expect(calls()).toBe(0);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");
  });
});

describe("an approval near the payment deadline", () => {
  // The order's deadline is half an hour ahead on the real clock (the running CMS's own expiry job
  // must not meet it); the tests' clock is set around it.
  async function deadlineOf(orderId: number): Promise<Date> {
    const row = (await app.strapi.db
      .query(CONTENT_TYPES.order)
      .findOne({ where: { id: orderId }, select: ["expiresAt"] })) as {
      expiresAt: string | Date;
    };
    return new Date(row.expiresAt);
  }

  it("whose first try failed is not undone by the expiry job past the deadline: the next try pays the order", async () => {
    const { customer, order, reference } = await sandboxOrder();
    const deadline = await deadlineOf(order.id);
    const now = at(deadline, -30_000);
    expect(await recordSandboxDecision(app.strapi, reference, "approve", { now })).not.toBeNull();
    expect(await deliverSandboxNotification(app.strapi, reference, { now, receiver: refusing })).toBe("pending");

    // The expiry job's run just past the deadline, before the try a minute after the first.
    // (It may cancel the orders earlier tests left unpaid: only this one's status is asserted.)
    await expireUnpaidOrders(app.strapi, at(deadline, 1000));
    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");

    expect(await deliverDueSandboxNotifications(app.strapi, { now: at(now, MINUTE) })).toMatchObject({ delivered: 1 });
    await flushAll();
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await eventsOf(app.strapi, order.id)).toEqual([
      { from: "pending_payment", to: "paid", actorKind: "payment", actorLabel: "payment:sandbox", note: null },
    ]);
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)).toHaveLength(1);
  });

  it("given up at last, the order expires as any other; a decline waiting for its try holds nothing", async () => {
    const approved = await sandboxOrder();
    const declined = await sandboxOrder();
    const deadline = await deadlineOf(approved.order.id);
    const now = at(deadline, -30_000);
    await recordSandboxDecision(app.strapi, approved.reference, "approve", { now });
    await recordSandboxDecision(app.strapi, declined.reference, "decline", { now });
    const error = vi.spyOn(app.strapi.log, "error").mockImplementation(() => app.strapi.log);
    const warn = vi.spyOn(app.strapi.log, "warn").mockImplementation(() => app.strapi.log);
    try {
      await deliverSandboxNotification(app.strapi, declined.reference, { now, receiver: refusing });
      let clock = now;
      for (let tries = 1; tries <= SANDBOX_MAX_TRIES; tries++) {
        await deliverSandboxNotification(app.strapi, approved.reference, { now: clock, receiver: refusing });
        clock = new Date((await sandboxRow(approved.reference)).nextAttemptAt);
        // Every run of the expiry job while the approval is on its way leaves its order.
        if (tries < SANDBOX_MAX_TRIES) {
          await expireUnpaidOrders(app.strapi, clock);
          expect(await orderStatusOf(app.strapi, approved.order.id)).toBe("pending_payment");
        }
      }
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
    expect(await sandboxRow(approved.reference)).toMatchObject({ deliveryStatus: "abandoned" });
    expect(await orderStatusOf(app.strapi, declined.order.id)).toBe("cancelled");
    await expireUnpaidOrders(app.strapi, at(deadline, 24 * 60 * MINUTE));
    expect(await orderStatusOf(app.strapi, approved.order.id)).toBe("cancelled");
  });

  it("the page's decision is refused past the deadline on the caller's clock", async () => {
    const { order, reference } = await sandboxOrder();
    const deadline = await deadlineOf(order.id);
    expect(await recordSandboxDecision(app.strapi, reference, "approve", { now: deadline })).toBeNull();
    expect(await recordSandboxDecision(app.strapi, reference, "approve", { now: at(deadline, -1000) })).not.toBeNull();
  });
});

describe("sending twice", () => {
  it("an acknowledgement lost on the way back: the next try is a replay and changes nothing", async () => {
    const { customer, order, reference } = await sandboxOrder();
    const now = new Date();
    await recordSandboxDecision(app.strapi, reference, "approve", { now });
    // The shop applies it, but the gateway never hears the 200.
    const lostAnswer: NotificationReceiver = async (strapi, providerId, input) => {
      await applyNotification(strapi, providerId, input);
      throw new Error("socket hang up");
    };
    await deliverSandboxNotification(app.strapi, reference, { now, receiver: lostAnswer });
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");

    expect(await deliverDueSandboxNotifications(app.strapi, { now: at(now, MINUTE) })).toMatchObject({ delivered: 1 });
    await flushAll();
    expect(await effectsOf(reference)).toEqual(["applied", "repeated"]);
    expect(await eventsOf(app.strapi, order.id)).toHaveLength(1);
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)).toHaveLength(1);
    expect(await sandboxRow(reference)).toMatchObject({ deliveryStatus: "delivered", attempts: 2 });
  });

  it("two job runs at once (two CMS processes), and the first try beside them, send it once", async () => {
    const { customer, order, reference } = await sandboxOrder();
    const now = new Date();
    await recordSandboxDecision(app.strapi, reference, "approve", { now });
    const { receiver, calls } = countingReceiver();
    const [first, second, direct] = await Promise.all([
      deliverDueSandboxNotifications(app.strapi, { now, receiver }),
      deliverDueSandboxNotifications(app.strapi, { now, receiver }),
      deliverSandboxNotification(app.strapi, reference, { now, receiver }),
    ]);
    await flushAll();
    expect(calls()).toBe(1);
    expect(first.delivered + second.delivered + (direct === "delivered" ? 1 : 0)).toBe(1);
    expect(await effectsOf(reference)).toEqual(["applied"]);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await eventsOf(app.strapi, order.id)).toHaveLength(1);
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)).toHaveLength(1);
    expect(await sandboxRow(reference)).toMatchObject({ deliveryStatus: "delivered", attempts: 1 });
  });
});

describe("in the admin panel", () => {
  it("staff read the sandbox's records; nothing can be created, changed or deleted", async () => {
    const { path, reference } = await sandboxOrder();
    expect((await decide(path, "approve")).status).toBe(303);
    await flushAll();
    const { demo } = parseEnv(process.env);
    const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
      email: demo.email,
      password: demo.password,
    });
    const staff = { authorization: `Bearer ${login.body.data.token}` };
    const base = `${app.url}/content-manager/collection-types/${CONTENT_TYPES.sandboxNotification}`;
    const list = await getJson(`${base}?filters[reference][$eq]=${reference}`, { headers: staff });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const rows = (list.body as { results: { documentId: string; deliveryStatus: string }[] }).results;
    expect(rows).toMatchObject([{ deliveryStatus: "delivered" }]);
    const documentId = rows[0]!.documentId;

    const changed = await send("PUT", `${base}/${documentId}`, { deliveryStatus: "pending", attempts: 0 }, staff);
    const created = await send("POST", base, { reference: "NEW1", decision: "approve" }, staff);
    const deleted = await send("DELETE", `${base}/${documentId}`, {}, staff);
    for (const refused of [changed, created, deleted]) {
      expect(expectErrorShape(refused, 400).error.name).toBe("ApplicationError");
    }
    expect(await sandboxRow(reference)).toMatchObject({ deliveryStatus: "delivered", attempts: 1 });
    expect(await app.strapi.db.query(CONTENT_TYPES.sandboxNotification).count({ where: { reference: "NEW1" } })).toBe(
      0,
    );
  });
});
