import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo, registerCustomer } from "./helpers/accounts";
import { finishedDraft, orderingFixture, placeOrder } from "./helpers/ordering";
import { flushServerWork } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";
import {
  CLAIM_TIMEOUT_MS,
  deleteSentMails,
  MAX_FAILURES,
  queueOrderMails,
  SENT_MAILS_KEPT_DAYS,
  sendQueuedMails,
} from "../src/email/queue";

// The mail queue (src/email/queue.ts, docs/decisions/030): a queued mail is sent once even by two
// senders at once; a failing one is tried again once its claim runs out, then given up after
// MAX_FAILURES; sent mails are deleted after SENT_MAILS_KEPT_DAYS. Clocks are injected.

const POSTCODE = "46010";
const DAY = 24 * 60 * 60_000;
let app: TestStrapi;
let customer: { email: string; orderId: number };

interface QueuedRow {
  id: number;
  orderId: number;
  sentAt: string | null;
  failures: number;
  lastError: string | null;
}

const queued = async (orderId: number) =>
  (await app.strapi.db
    .query(CONTENT_TYPES.queuedMail)
    .findMany({ where: { orderId }, orderBy: { id: "asc" } })) as QueuedRow[];

const queue = (orderIds: number[], now: Date) =>
  app.strapi.db.transaction(() => queueOrderMails(app.strapi, { kind: "confirmation", orderIds, now }));

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
  const { catalogue, choice } = await orderingFixture(app.strapi, app.api, POSTCODE);
  const { email, jwt } = await registerCustomer(app.api);
  const token = await finishedDraft(app.api, jwt!, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: catalogue.box, quantity: 1 }],
  });
  expect((await placeOrder(app.api, token, jwt!)).status).toBe(201);
  const order = (await app.strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { email }, orderBy: { id: "desc" } })) as { id: number } | null;
  customer = { email, orderId: order!.id };
  // The welcome mail the registration sent after its answer, out before the tests count mails.
  await flushServerWork();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("mail queue", () => {
  it("two senders at once send each queued mail once", async () => {
    const before = mailsTo(app.outboxDir, customer.email).length;
    const now = new Date();
    await queue([customer.orderId, customer.orderId, customer.orderId], now);
    const [first, second] = await Promise.all([
      sendQueuedMails(app.strapi, { now }),
      sendQueuedMails(app.strapi, { now }),
    ]);
    expect(first + second).toBe(3);
    expect(mailsTo(app.outboxDir, customer.email).length - before).toBe(3);
    expect((await queued(customer.orderId)).every((row) => row.sentAt !== null)).toBe(true);
    // Nothing left: a third pass sends nothing again.
    expect(await sendQueuedMails(app.strapi, { now: new Date(now.getTime() + CLAIM_TIMEOUT_MS * 2) })).toBe(0);
    expect(mailsTo(app.outboxDir, customer.email).length - before).toBe(3);
  });

  it("a failing mail is tried again once its claim has run out, then given up after MAX_FAILURES", async () => {
    const missingOrder = 987_654_321;
    let now = new Date();
    await queue([missingOrder], now);
    expect(await sendQueuedMails(app.strapi, { now })).toBe(0);
    expect((await queued(missingOrder))[0]).toMatchObject({ failures: 1, sentAt: null });
    // Claimed still: a pass before its claim runs out leaves it alone.
    await sendQueuedMails(app.strapi, { now: new Date(now.getTime() + CLAIM_TIMEOUT_MS - 1000) });
    expect((await queued(missingOrder))[0]!.failures).toBe(1);
    for (let pass = 2; pass <= MAX_FAILURES + 2; pass += 1) {
      now = new Date(now.getTime() + CLAIM_TIMEOUT_MS + 1000);
      await sendQueuedMails(app.strapi, { now });
    }
    const [row] = await queued(missingOrder);
    expect(row).toMatchObject({ failures: MAX_FAILURES, sentAt: null });
    expect(row!.lastError).toMatch(/no one to mail/);
  });

  it("sent mails are deleted after SENT_MAILS_KEPT_DAYS; mails never sent are kept", async () => {
    const now = Date.now();
    expect(await deleteSentMails(app.strapi, new Date(now + (SENT_MAILS_KEPT_DAYS - 1) * DAY))).toBe(0);
    expect(await queued(customer.orderId)).toHaveLength(3);
    expect(await deleteSentMails(app.strapi, new Date(now + (SENT_MAILS_KEPT_DAYS + 1) * DAY))).toBe(3);
    expect(await queued(customer.orderId)).toHaveLength(0);
    expect(await queued(987_654_321)).toHaveLength(1);
  });
});
