import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shiftIsoDate, shopDateOf } from "@shop/domain";
import { nextDunningStep } from "@shop/domain/subscriptions";
import { renewSubscriptions } from "../src/jobs/renew-subscriptions";
import { flushAfterAnswer } from "../src/http/after-answer";
import { deliverySheetFor, packingListFor } from "../src/packing/orders";
import { gateways } from "../src/payments/gateways";
import { createRedsysProvider } from "../src/payments/redsys";
import { createStripeProvider } from "../src/payments/stripe";
import { chargeReferenceOf } from "../src/subscriptions/renewals/collect";
import { orderDueDeliveries } from "../src/subscriptions/renewals/orders";
import { planDeliveries } from "../src/subscriptions/plan";
import { historyValue } from "../src/subscriptions/store";
import { bearer, registerCustomer } from "./helpers/accounts";
import { startFakeRedsys, type FakeRedsys } from "./helpers/fake-redsys";
import { startFakeStripe, type FakeStripe } from "./helpers/fake-stripe";
import { getJson, postJson } from "./helpers/http";
import { createCatalogue, createZone, deliveryAddress } from "./helpers/ordering";
import { flushServerWork, readableMail } from "./helpers/payment-orders";
import { readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";
import { queueRenewalMail } from "../src/subscriptions/renewals/mails";
import { CONTENT_TYPES } from "../src/content-types";

// Renewals (docs/decisions/030) through the sandbox gateway: the job (injected clock) turns each
// delivery at its cut-off into an order and charges the saved card off-session, exactly once, and
// follows the dunning rules to the packing deadline. One Strapi for the file. Each test's
// subscription starts ten weeks after the one before, so that one test's runs find the others'
// deliveries past their packing deadline, which the job leaves alone.

let app: TestStrapi;
let box: number;
let zone: number;
let customer: { jwt: string; email: string; userId: number };
let nextWindow = 1;

const POSTCODE = "46010";
/** Where staff's notifications go (STAFF_EMAIL). */
const STAFF_EMAIL = "tienda@staff.example";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface DeliveryRow {
  id: number;
  date: string;
  deliveryStatus: string;
  cutoffAt: string | Date;
  chargeAttempts: number;
  order: { id: number; number: string; orderStatus: string; total: number; expiresAt: string; renewal: boolean } | null;
}

interface Subscription {
  id: number;
  cardId: number;
  deliveries: DeliveryRow[];
}

async function deliveriesOf(subscriptionId: number): Promise<DeliveryRow[]> {
  const rows = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
    where: { subscriptionId },
    select: ["id", "date", "deliveryStatus", "cutoffAt", "chargeAttempts"],
    populate: { order: { select: ["id", "number", "orderStatus", "total", "expiresAt", "renewal"] } },
    orderBy: { date: "asc" },
  })) as DeliveryRow[];
  return rows.map((row) => ({ ...row, date: String(row.date).slice(0, 10) }));
}

/**
 * An active weekly subscription of the customer with a saved sandbox card ending in `last4` (the
 * sandbox's off-session answer, SANDBOX_OFF_SESSION_CARDS), its deliveries planned from three days
 * before its first one, in its own window of weeks.
 */
async function subscriptionWithCard(last4: string): Promise<Subscription> {
  const anchor = shiftIsoDate(shopDateOf(new Date()), 70 * nextWindow++);
  const card = (await app.strapi.db.query(CONTENT_TYPES.paymentMethod).create({
    data: {
      reference: `0000CARD${String(nextWindow).padStart(4, "0")}`,
      user: customer.userId,
      provider: "sandbox",
      methodStatus: "active",
      brand: "visa",
      last4,
      expiryMonth: 12,
      expiryYear: 2040,
      locale: "es",
      isDefault: false,
      sandboxToken: `sandbox-token-${nextWindow}`,
      verifiedAt: new Date(),
    },
  })) as { id: number };
  const created = (await app.strapi.db.query(CONTENT_TYPES.subscription).create({
    data: {
      user: customer.userId,
      subscriptionStatus: "active",
      frequency: "weekly",
      locale: "es",
      audience: "consumer",
      boxes: [{ productId: box, quantity: 1, exclusions: [] }],
      extras: [],
      zone,
      slotCode: "morning",
      deliveryAddress: deliveryAddress(POSTCODE),
      nextDeliveryDate: anchor,
      anchorDate: anchor,
      weekday: new Date(`${anchor}T12:00:00Z`).getUTCDay() || 7,
      paymentMethod: card.id,
    },
  })) as { id: number };
  await planDeliveries(app.strapi, created.id, new Date(`${shiftIsoDate(anchor, -3)}T12:00:00Z`));
  const deliveries = await deliveriesOf(created.id);
  expect(deliveries[0]).toMatchObject({ date: anchor, deliveryStatus: "scheduled" });
  return { id: created.id, cardId: card.id, deliveries };
}

/** The job's run at `now`, with its mails sent. */
async function renewAt(now: Date) {
  const run = await renewSubscriptions(app.strapi, now);
  await flushAfterAnswer();
  return run;
}

const after = (row: { cutoffAt: string | Date }, ms: number) => new Date(new Date(row.cutoffAt).getTime() + ms);

async function ordersOfDelivery(subscriptionId: number, date: string) {
  return (await app.strapi.db.query(CONTENT_TYPES.order).findMany({
    where: { subscription: { id: subscriptionId }, deliveryDate: date },
    select: ["id", "number", "orderStatus", "renewal", "total"],
  })) as { id: number; number: string; orderStatus: string; renewal: boolean; total: number }[];
}

async function paymentsOf(orderId: number) {
  const rows = (await app.strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { order: { id: orderId } },
    select: ["reference", "paymentStatus", "offSession", "declineCode", "amount"],
    orderBy: { id: "asc" },
  })) as {
    reference: string;
    paymentStatus: string;
    offSession: boolean;
    declineCode: string | null;
    amount: number;
  }[];
  return rows.map(({ reference, paymentStatus, offSession, declineCode, amount }) => ({
    reference,
    paymentStatus,
    offSession,
    declineCode,
    amount,
  }));
}

/** What the sandbox charged for one delivery: its ledger's entries under that delivery's references. */
function sandboxChargesOf(deliveryId: number) {
  const prefix = chargeReferenceOf(deliveryId, 1).slice(0, 10);
  return gateways()
    .sandbox!.offSessionCharges()
    .filter((charge) => charge.reference.startsWith(prefix));
}

function mailsMatching(pattern: RegExp, to = customer.email): string[] {
  return readOutbox(app.outboxDir)
    .map((mail) => readableMail(mail.content))
    .filter((text) => text.includes(`To: ${to}`) && pattern.test(text));
}

async function statusOf(subscriptionId: number) {
  return (await app.strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { id: subscriptionId },
    select: ["subscriptionStatus", "missedInARow"],
  })) as { subscriptionStatus: string; missedInARow: number };
}

async function statusHistoryOf(subscriptionId: number) {
  const rows = (await app.strapi.db.query(CONTENT_TYPES.subscriptionChange).findMany({
    where: { subscription: { id: subscriptionId }, field: "status" },
    select: ["actorKind", "from", "to"],
    orderBy: { id: "asc" },
  })) as { actorKind: string; from: unknown; to: unknown }[];
  return rows.map((row) => [row.actorKind, historyValue(row.from), historyValue(row.to)]);
}

const setCard = (cardId: number, last4: string) =>
  app.strapi.db.query(CONTENT_TYPES.paymentMethod).update({ where: { id: cardId }, data: { last4 } });

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example", STAFF_EMAIL });
  box = (await createCatalogue(app.strapi)).box;
  zone = (await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" })).id;
  const registered = await registerCustomer(app.api);
  const user = (await app.strapi.db.query(CONTENT_TYPES.user).findOne({ where: { email: registered.email } })) as {
    id: number;
  };
  customer = { jwt: registered.jwt, email: registered.email, userId: user.id };
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("a renewal at the cut-off", () => {
  it("two runners at once make one order and one charge per delivery; the order is paid and the customer's", async () => {
    const { id, deliveries } = await subscriptionWithCard("4242");
    const [first] = deliveries;
    const now = after(first!, MINUTE);
    await Promise.all([renewAt(now), renewAt(now), renewAt(now)]);

    const orders = await ordersOfDelivery(id, first!.date);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({ orderStatus: "paid", renewal: true, total: 2200 + 490 });
    expect(await paymentsOf(order!.id)).toEqual([
      {
        reference: chargeReferenceOf(first!.id, 1),
        paymentStatus: "paid",
        offSession: true,
        declineCode: null,
        amount: 2690,
      },
    ]);
    expect(sandboxChargesOf(first!.id)).toHaveLength(1);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ deliveryStatus: "ordered", chargeAttempts: 1, order: { id: order!.id } });
    // Only that delivery: the next one's cut-off has not come.
    expect((await deliveriesOf(id))[1]).toMatchObject({ deliveryStatus: "scheduled", order: null });

    // As any paid order: the confirmation mail, and the customer's list of orders.
    expect(mailsMatching(new RegExp(order!.number))).toHaveLength(1);
    const mine = await getJson<{ orders: { number: string; status: string }[] }>(`${app.api}/orders/mine`, {
      headers: bearer(customer.jwt),
    });
    expect(JSON.stringify(mine.body)).toContain(order!.number);

    // Packed and delivered like any other order of that day.
    const day = { date: first!.date, zoneId: zone };
    expect((await packingListFor(app.strapi, day)).orders.map((each) => each.number)).toContain(order!.number);
    expect((await deliverySheetFor(app.strapi, day)).stops.map((stop) => stop.number)).toContain(order!.number);

    // Later runs find nothing more to do for it.
    await renewAt(after(first!, 30 * MINUTE));
    expect(await ordersOfDelivery(id, first!.date)).toHaveLength(1);
    expect(sandboxChargesOf(first!.id)).toHaveLength(1);
  });

  it("sale limits staff set on a subscribed box afterwards do not stop its renewals (grandfathered, decision 042)", async () => {
    const { id, deliveries } = await subscriptionWithCard("4242");
    const [first] = deliveries;
    const elsewhere = await createZone(app.strapi, { name: "Girona", postcodes: "17001-17099" });
    const products = app.strapi.db.query(CONTENT_TYPES.product);
    // Seasonal, out of season on the delivery's date, and sold in another zone only: the order flow
    // would refuse it three ways (once_only, out_of_season, not_sold_in_zone).
    const day = shiftIsoDate(first!.date, 2).slice(5);
    await products.update({
      where: { id: box },
      data: { seasonal: true, saleFrom: day, saleUntil: day, saleZones: [elsewhere.id] },
    });
    try {
      await renewAt(after(first!, MINUTE));
      const orders = await ordersOfDelivery(id, first!.date);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ orderStatus: "paid", renewal: true, total: 2690 });
    } finally {
      await products.update({
        where: { id: box },
        data: { seasonal: false, saleFrom: null, saleUntil: null, saleZones: [] },
      });
    }
  });

  it("a run that died after ordering, or whose charge's answer was lost, is finished by the next without a second charge", async () => {
    const { id, deliveries } = await subscriptionWithCard("4242");
    const [first, second] = deliveries;

    // The first run orders the delivery and dies before charging it.
    expect(await orderDueDeliveries(app.strapi, after(first!, MINUTE))).toBeGreaterThanOrEqual(1);
    const [ordered] = await ordersOfDelivery(id, first!.date);
    expect(ordered).toMatchObject({ orderStatus: "pending_payment" });
    expect(await paymentsOf(ordered!.id)).toEqual([]);
    await renewAt(after(first!, 2 * MINUTE));
    expect(await ordersOfDelivery(id, first!.date)).toEqual([{ ...ordered, orderStatus: "paid" }]);
    expect(sandboxChargesOf(first!.id)).toHaveLength(1);

    // The next delivery's charge reaches the sandbox, which takes it, but the answer is lost.
    const sandbox = gateways().sandbox!;
    const charge = sandbox.chargeOffSession.bind(sandbox);
    const lost = vi.spyOn(sandbox, "chargeOffSession").mockImplementationOnce(async (sent) => {
      await charge(sent);
      throw new Error("socket hang up");
    });
    try {
      await renewAt(after(second!, MINUTE));
    } finally {
      lost.mockRestore();
    }
    const [waiting] = await ordersOfDelivery(id, second!.date);
    expect(waiting).toMatchObject({ orderStatus: "pending_payment" });
    expect((await paymentsOf(waiting!.id)).map((payment) => payment.paymentStatus)).toEqual(["pending"]);
    // A run right after leaves it to the runner that may still be waiting for the answer.
    await renewAt(after(second!, 2 * MINUTE));
    expect(await orderStatusOf(waiting!.id)).toBe("pending_payment");
    // Later, it asks again under the same reference: the sandbox answers its one charge.
    await renewAt(after(second!, 10 * MINUTE));
    expect(await orderStatusOf(waiting!.id)).toBe("paid");
    expect(await paymentsOf(waiting!.id)).toEqual([
      expect.objectContaining({ reference: chargeReferenceOf(second!.id, 1), paymentStatus: "paid" }),
    ]);
    expect(sandboxChargesOf(second!.id)).toHaveLength(1);
    expect(await ordersOfDelivery(id, second!.date)).toHaveLength(1);
  });

  it("a renewal the customer pays by the link after the job read it is not charged off-session as well", async () => {
    const { id, deliveries } = await subscriptionWithCard("4242");
    const [first] = deliveries;
    expect(await orderDueDeliveries(app.strapi, after(first!, MINUTE))).toBeGreaterThanOrEqual(1);
    const [order] = await ordersOfDelivery(id, first!.date);
    expect(order).toMatchObject({ orderStatus: "pending_payment" });
    const started = await postJson<{ payment: { url: string } }>(
      `${app.api}/orders/mine/${order!.number}/payments`,
      {},
      bearer(customer.jwt),
    );
    expect(started.status).toBe(201);

    // The customer's payment is approved right after the job has read its page of deliveries (the
    // order still unpaid there), before it charges the card.
    const query = app.strapi.db.query.bind(app.strapi.db);
    let paid = false;
    const spy = vi.spyOn(app.strapi.db, "query").mockImplementation((uid) => {
      const repository = query(uid);
      if (uid !== CONTENT_TYPES.subscriptionDelivery || paid) return repository;
      return {
        ...repository,
        findMany: async (params: { where?: { deliveryStatus?: unknown } }) => {
          const rows = await repository.findMany(params);
          if (!paid && params?.where?.deliveryStatus === "ordered") {
            paid = true;
            const decided = await fetch(`${app.url}${new URL(started.body.payment.url).pathname}`, {
              method: "POST",
              redirect: "manual",
              headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
              body: new URLSearchParams({ decision: "approve" }).toString(),
            });
            expect(decided.status).toBe(303);
            await flushServerWork();
          }
          return rows;
        },
      };
    });
    try {
      await renewAt(after(first!, 2 * MINUTE));
    } finally {
      spy.mockRestore();
    }
    expect(paid).toBe(true);
    expect(await orderStatusOf(order!.id)).toBe("paid");
    expect(sandboxChargesOf(first!.id)).toEqual([]);
    expect((await paymentsOf(order!.id)).map((payment) => [payment.offSession, payment.paymentStatus])).toEqual([
      [false, "paid"],
    ]);
  });
});

/**
 * A second CMS process on this file's database (helpers/second-cms.mjs), booted and waiting: `run(now)`
 * starts its renewal job at `now` and resolves with its counts and the references its own sandbox
 * charged (each process has its own ledger).
 */
async function secondCms(): Promise<{
  run(now: Date): Promise<{ run: { ordered: number; paid: number }; charged: string[] }>;
  stop(): void;
}> {
  const child = spawn(process.execPath, [path.join(__dirname, "helpers/second-cms.mjs")], {
    env: process.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout });
  // The next line starting with `word` (Strapi's own log lines share the output).
  const next = (word: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the second CMS stopped (${code})`));
      const onLine = (line: string) => {
        if (!line.startsWith(word)) return;
        child.off("exit", onExit);
        lines.off("line", onLine);
        resolve(line.slice(word.length).trim());
      };
      child.once("exit", onExit);
      lines.on("line", onLine);
    });
  await next("ready");
  return {
    async run(now) {
      const answer = next("result ");
      child.stdin.write(`go ${now.toISOString()}\n`);
      return JSON.parse(await answer) as { run: { ordered: number; paid: number }; charged: string[] };
    },
    stop: () => child.kill(),
  };
}

// SQLite is one file written by one process's connection at a time: a second process would only
// wait on its lock, which is not the race this is about. PostgreSQL is where two CMS processes run.
const onPostgres = Boolean(process.env.DATABASE_URL?.trim());

describe("a delivery the subscription no longer allows", () => {
  /** The subscriber's mails saying what to change, as sent (the queue's rows go once sent). */
  const needsChangeMails = () => mailsMatching(/Tu próxima caja necesita un cambio/);
  /** Staff's, in Spanish (STAFF_LOCALE's default), one per delivery. */
  const staffMails = () => mailsMatching(/Una renovación no se ha podido pedir/, STAFF_EMAIL);

  it("a withdrawn box or a slot gone: no order, no charge, the subscriber told once; ordered once they change it", async () => {
    const { id, deliveries } = await subscriptionWithCard("4242");
    const [first, second, third] = deliveries;
    const products = app.strapi.db.query(CONTENT_TYPES.product);
    const subscriptions = app.strapi.db.query(CONTENT_TYPES.subscription);
    // The box withdrawn from sale.
    await products.update({ where: { id: box }, data: { isActive: false } });
    try {
      await renewAt(after(first!, MINUTE));
      await renewAt(after(first!, 2 * MINUTE));
    } finally {
      await products.update({ where: { id: box }, data: { isActive: true } });
    }
    expect(await ordersOfDelivery(id, first!.date)).toEqual([]);
    expect(sandboxChargesOf(first!.id)).toEqual([]);
    expect((await deliveriesOf(id))[0]!.deliveryStatus).not.toBe("ordered");
    // Two runs, one mail: to the subscriber, pointing at the subscription's page where they change it.
    const told = needsChangeMails();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("https://shop.example/");
    // And staff, once too: whose, which delivery, why, and the subscription in the admin panel.
    const staffTold = staffMails();
    expect(staffTold).toHaveLength(1);
    expect(staffTold[0]).toContain(customer.email);
    expect(staffTold[0]).toContain("Un producto de la suscripción ya no está a la venta");
    expect(staffTold[0]).toContain(`/admin/content-manager/collection-types/api::subscription.subscription/`);
    expect(staffTold[0]).toContain("boxes.0.productId");

    // The box is on sale again (as if they had chosen another): the next run orders and charges it, once.
    await renewAt(after(first!, 3 * MINUTE));
    const orders = await ordersOfDelivery(id, first!.date);
    expect(orders).toEqual([expect.objectContaining({ orderStatus: "paid", renewal: true })]);
    expect(sandboxChargesOf(first!.id)).toHaveLength(1);

    // The slot the subscription names is no longer offered by its zone: the same, for the next delivery.
    await subscriptions.update({ where: { id }, data: { slotCode: "gone" } });
    try {
      await renewAt(after(second!, MINUTE));
      expect(await ordersOfDelivery(id, second!.date)).toEqual([]);
      expect(needsChangeMails()).toHaveLength(2);
      // A second run on the same delivery: nothing more to anyone.
      await renewAt(after(second!, 2 * MINUTE));
      expect(needsChangeMails()).toHaveLength(2);
      expect(staffMails()).toHaveLength(2);
      expect(
        staffMails().filter((mail) => mail.includes("La franja horaria de la suscripción ya no existe")),
      ).toHaveLength(1);
      // A run that first finds a delivery on its day (the job was stopped past its packing deadline):
      // too late to change anything, so nobody is asked to.
      await renewAt(new Date(`${third!.date}T12:00:00Z`));
      expect(await ordersOfDelivery(id, third!.date)).toEqual([]);
      expect(needsChangeMails()).toHaveLength(2);
      expect(staffMails()).toHaveLength(2);
    } finally {
      await subscriptions.update({ where: { id }, data: { slotCode: "morning" } });
    }
  });
});

describe("two CMS processes on one PostgreSQL", () => {
  it.skipIf(!onPostgres)(
    "each claims its own deliveries' pages at once: exactly one order, one charge and one mail per delivery (PostgreSQL only: SQLite has no second process)",
    async () => {
      // One delivery: each subscription of this file has its own window of weeks, so a second one's
      // delivery would be past its packing deadline at this one's cut-off.
      const subscriptions = [await subscriptionWithCard("4242")];
      const now = after(subscriptions[0]!.deliveries[0]!, MINUTE);
      const other = await secondCms();
      let theirs: Awaited<ReturnType<typeof other.run>>;
      let ours: Awaited<ReturnType<typeof renewAt>>;
      try {
        [theirs, ours] = await Promise.all([other.run(now), renewAt(now)]);
      } finally {
        other.stop();
      }
      const ourCharges = gateways()
        .sandbox!.offSessionCharges()
        .map((charge) => charge.reference);
      for (const { id, deliveries } of subscriptions) {
        const [first] = deliveries;
        const orders = await ordersOfDelivery(id, first!.date);
        expect(orders).toHaveLength(1);
        expect(orders[0]).toMatchObject({ orderStatus: "paid", renewal: true });
        expect(await paymentsOf(orders[0]!.id)).toEqual([
          expect.objectContaining({ reference: chargeReferenceOf(first!.id, 1), paymentStatus: "paid" }),
        ]);
        // One charge at the gateway, whichever process sent it.
        const reference = chargeReferenceOf(first!.id, 1);
        expect([...ourCharges, ...theirs.charged].filter((charged) => charged === reference)).toHaveLength(1);
        expect(mailsMatching(new RegExp(orders[0]!.number))).toHaveLength(1);
      }
      // Between them the two processes ordered them all, each delivery once.
      expect(ours.ordered + theirs.run.ordered).toBeGreaterThanOrEqual(subscriptions.length);
    },
    120_000,
  );
});

async function orderStatusOf(orderId: number): Promise<string> {
  const row = (await app.strapi.db
    .query(CONTENT_TYPES.order)
    .findOne({ where: { id: orderId }, select: ["orderStatus"] })) as { orderStatus: string };
  return row.orderStatus;
}

describe("dunning", () => {
  it("a soft refusal is retried when the rules say, and the retry pays the order", async () => {
    const { id, cardId, deliveries } = await subscriptionWithCard("9995");
    const [first] = deliveries;
    const firstCharge = after(first!, MINUTE);
    await renewAt(firstCharge);
    const [order] = await ordersOfDelivery(id, first!.date);
    expect(order).toMatchObject({ orderStatus: "pending_payment" });
    expect(await paymentsOf(order!.id)).toEqual([
      expect.objectContaining({ paymentStatus: "failed", declineCode: "insufficient_funds" }),
    ]);
    // The customer hears it will be tried again, with the link to pay now; no pay-link mail yet.
    expect(mailsMatching(new RegExp(`order/pay\\?order=${order!.number}`))).toHaveLength(1);

    // Before the retry is due, nothing is charged.
    await renewAt(new Date(firstCharge.getTime() + 30 * MINUTE));
    expect(await paymentsOf(order!.id)).toHaveLength(1);

    const { expiresAt } = (await deliveriesOf(id))[0]!.order!;
    const step = nextDunningStep([{ at: firstCharge, outcome: { paid: false, decline: "insufficient_funds" } }], {
      packingDeadline: new Date(expiresAt),
      now: new Date(firstCharge.getTime() + 30 * MINUTE),
      payLinkSentAt: null,
    });
    if (step.action !== "retry") throw new Error(`expected a retry, got ${step.action}`);
    // The money has come in by then.
    await setCard(cardId, "4242");
    await renewAt(step.retryAt);
    expect(await orderStatusOf(order!.id)).toBe("paid");
    expect((await paymentsOf(order!.id)).map((payment) => [payment.reference, payment.paymentStatus])).toEqual([
      [chargeReferenceOf(first!.id, 1), "failed"],
      [chargeReferenceOf(first!.id, 2), "paid"],
    ]);
    expect(sandboxChargesOf(first!.id)).toHaveLength(2);
    expect((await statusOf(id)).subscriptionStatus).toBe("active");
  });

  it("a hard refusal sends the pay link at once; unpaid at the packing deadline it goes past due, and suspended after two", async () => {
    const { id, deliveries } = await subscriptionWithCard("0069");
    const [first, second] = deliveries;

    await renewAt(after(first!, MINUTE));
    const [order] = await ordersOfDelivery(id, first!.date);
    expect(await paymentsOf(order!.id)).toEqual([
      expect.objectContaining({ paymentStatus: "failed", declineCode: "card_expired" }),
    ]);
    const payLinks = () => mailsMatching(/Paga tu próxima caja/);
    expect(mailsMatching(new RegExp(`order/pay\\?order=${order!.number}`))).toHaveLength(1);
    expect(payLinks()).toHaveLength(1);
    // No retry of a hard refusal, and the link only once, until the packing deadline.
    const deadline = new Date((await deliveriesOf(id))[0]!.order!.expiresAt);
    await renewAt(new Date(deadline.getTime() - MINUTE));
    expect(await paymentsOf(order!.id)).toHaveLength(1);
    expect(payLinks()).toHaveLength(1);
    expect(await orderStatusOf(order!.id)).toBe("pending_payment");

    await renewAt(deadline);
    expect(await orderStatusOf(order!.id)).toBe("cancelled");
    const packing = await packingListFor(app.strapi, { date: first!.date, zoneId: zone });
    expect(packing.orders.map((each) => each.number)).not.toContain(order!.number);
    expect(await statusOf(id)).toEqual({ subscriptionStatus: "past_due", missedInARow: 1 });
    expect(mailsMatching(/Tu caja no se ha preparado/)).toHaveLength(1);

    await renewAt(after(second!, MINUTE));
    const [next] = await ordersOfDelivery(id, second!.date);
    expect(next).toMatchObject({ orderStatus: "pending_payment" });
    expect(payLinks()).toHaveLength(2);
    await renewAt(new Date((await deliveriesOf(id))[1]!.order!.expiresAt));
    expect(await statusOf(id)).toEqual({ subscriptionStatus: "suspended", missedInARow: 2 });
    expect(mailsMatching(/Hemos suspendido tu suscripci/)).toHaveLength(1);
    expect(await statusHistoryOf(id)).toEqual([
      ["job", "active", "past_due"],
      ["job", "past_due", "suspended"],
    ]);
    // A suspended subscription's next delivery is not ordered.
    await renewAt(after(deliveries[2]!, MINUTE));
    expect(await ordersOfDelivery(id, deliveries[2]!.date)).toEqual([]);
  });

  it("authentication required asks the customer, who pays by the link; a paid renewal brings a past-due subscription back", async () => {
    const { id, deliveries } = await subscriptionWithCard("3184");
    const [first, second] = deliveries;
    await renewAt(after(first!, MINUTE));
    const [order] = await ordersOfDelivery(id, first!.date);
    expect(await paymentsOf(order!.id)).toEqual([
      expect.objectContaining({ paymentStatus: "failed", declineCode: "authentication_required" }),
    ]);
    expect(mailsMatching(new RegExp(`order/pay\\?order=${order!.number}`))).toHaveLength(1);
    await renewAt(new Date((await deliveriesOf(id))[0]!.order!.expiresAt));
    expect((await statusOf(id)).subscriptionStatus).toBe("past_due");

    // The next delivery asks again; this time the customer follows the link and pays on the page.
    await renewAt(after(second!, MINUTE));
    const [next] = await ordersOfDelivery(id, second!.date);
    expect(next).toMatchObject({ orderStatus: "pending_payment" });
    const started = await postJson<{ payment: { url: string } }>(
      `${app.api}/orders/mine/${next!.number}/payments`,
      {},
      bearer(customer.jwt),
    );
    expect(started.status).toBe(201);
    // The sandbox's page, on this test server (its address names the configured public URL).
    const decided = await fetch(`${app.url}${new URL(started.body.payment.url).pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ decision: "approve" }).toString(),
    });
    expect(decided.status).toBe(303);
    await flushServerWork();
    expect(await orderStatusOf(next!.id)).toBe("paid");
    expect(await statusOf(id)).toEqual({ subscriptionStatus: "active", missedInARow: 0 });
    expect(await statusHistoryOf(id)).toEqual([
      ["job", "active", "past_due"],
      ["job", "past_due", "active"],
    ]);
    // The job ends its collection: no further charge for it.
    await renewAt(after(second!, 2 * HOUR));
    expect((await paymentsOf(next!.id)).filter((payment) => payment.offSession)).toHaveLength(1);
  });
});

// After the other dunning tests: their deliveries are left unpaid, and a later test's runs would
// end their collection at its packing deadline (one more "missed" mail in that test's count).
describe("dunning mails are queued with their step", () => {
  it("a pay link's mail is queued once with its claim, and queueing it again writes nothing", async () => {
    const { id, deliveries } = await subscriptionWithCard("0069");
    const [first] = deliveries;
    // Not sent yet: the mail is a row of the queue, written with the delivery's pay link claim.
    await renewSubscriptions(app.strapi, after(first!, MINUTE));
    const queued = async () =>
      (await app.strapi.db.query(CONTENT_TYPES.queuedMail).findMany({
        where: { dedupeKey: `renewal:payLink:${first!.id}` },
        select: ["id", "sentAt", "message"],
      })) as { id: number; sentAt: string | null; message: { template: string; to: string } }[];
    expect(await queued()).toEqual([
      expect.objectContaining({
        message: expect.objectContaining({ template: "subscriptionRenewal", to: customer.email }),
      }),
    ]);
    const [delivery] = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
      where: { id: first!.id },
      select: ["payLinkSentAt"],
    })) as { payLinkSentAt: string | null }[];
    expect(delivery!.payLinkSentAt).not.toBeNull();
    // A second queueing of the same step (a run that went on after a crash) writes nothing.
    const [order] = await ordersOfDelivery(id, first!.date);
    expect(
      await queueRenewalMail(app.strapi, {
        deliveryId: first!.id,
        subscriptionId: id,
        kind: "payLink",
        date: first!.date,
        order: { number: order!.number, total: order!.total },
        now: new Date(),
      }),
    ).toBe(false);
    await flushAfterAnswer();
    expect(mailsMatching(new RegExp(`order/pay\\?order=${order!.number}`))).toHaveLength(1);
    expect((await queued())[0]!.sentAt).not.toBeNull();
  });

  it("a run that stopped between a soft refusal and its mail has the next run queue the mail, once", async () => {
    const { id, deliveries } = await subscriptionWithCard("9995");
    const [first] = deliveries;
    const firstCharge = after(first!, MINUTE);
    await renewAt(firstCharge);
    const [order] = await ordersOfDelivery(id, first!.date);
    const retrying = () => mailsMatching(new RegExp(`order/pay\\?order=${order!.number}`));
    expect(retrying()).toHaveLength(1);
    // As if that run had died before queueing it: the row is gone, never sent.
    await app.strapi.db
      .query(CONTENT_TYPES.queuedMail)
      .deleteMany({ where: { dedupeKey: `renewal:retrying:${first!.id}` } });
    await renewAt(new Date(firstCharge.getTime() + 10 * MINUTE));
    await renewAt(new Date(firstCharge.getTime() + 20 * MINUTE));
    expect(retrying()).toHaveLength(2);
  });
});

// The gateways' merchant-initiated charges, each adapter against a local stand-in of its API.

const CARD = {
  last4: "0004",
  sandboxToken: null,
  redsysIdentifier: "f00dcafe1234abcd",
  redsysCofTxnid: "2012345678901234",
  stripeCustomerId: "cus_test_renewal",
  stripePaymentMethodId: "pm_test_renewal",
} as const;

const charge = (reference: string) => ({
  reference,
  amount: 2690,
  currency: "EUR" as const,
  orderNumber: "IMP-0000042",
  description: "Imperfecta IMP-0000042",
  notifyUrl: "https://cms.example/api/payments/redsys/notification",
  card: CARD,
});

describe("Redsys merchant-initiated charges", () => {
  const terminal = { merchantCode: "999008881", terminal: "1", secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7" };
  let fake: FakeRedsys;
  beforeAll(async () => {
    fake = await startFakeRedsys({ secretKey: terminal.secretKey });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("quotes the stored card as a later COF charge, exempt as MIT, and never takes one order number twice", async () => {
    const redsys = createRedsysProvider({ ...terminal, gateway: fake.url });
    const reference = chargeReferenceOf(4242, 1);
    expect(await redsys.chargeOffSession(charge(reference))).toMatchObject({ outcome: "paid", providerRef: "123456" });
    expect(fake.requests.at(-1)).toMatchObject({
      DS_MERCHANT_ORDER: reference,
      DS_MERCHANT_AMOUNT: "2690",
      DS_MERCHANT_TRANSACTIONTYPE: "0",
      DS_MERCHANT_IDENTIFIER: CARD.redsysIdentifier,
      DS_MERCHANT_COF_INI: "N",
      DS_MERCHANT_COF_TYPE: "R",
      DS_MERCHANT_COF_TXNID: CARD.redsysCofTxnid,
      DS_MERCHANT_EXCEP_SCA: "MIT",
      DS_MERCHANT_DIRECTPAYMENT: "true",
    });
    // Sent again after a crash: Redsys refuses the order number, the outcome is left to ask about.
    expect(await redsys.chargeOffSession(charge(reference))).toMatchObject({ outcome: "unknown" });

    fake.respondWith("0116");
    expect(await redsys.chargeOffSession(charge(chargeReferenceOf(4242, 2)))).toMatchObject({
      outcome: "declined",
      decline: "insufficient_funds",
    });
    fake.respondWith("0184");
    expect(await redsys.chargeOffSession(charge(chargeReferenceOf(4242, 3)))).toMatchObject({
      outcome: "declined",
      decline: "authentication_required",
    });
  });
});

describe("Stripe off-session PaymentIntents", () => {
  const secretKey = "sk_test_renewals";
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("confirms off-session on the customer's card under the delivery's idempotency key", async () => {
    const stripe = createStripeProvider({ secretKey, webhookSecret: "whsec_test", apiUrl: fake.url });
    const reference = chargeReferenceOf(5151, 1);
    const first = await stripe.chargeOffSession(charge(reference));
    expect(first).toMatchObject({ outcome: "paid" });
    const sent = fake.requests.filter((request) => request.path === "/v1/payment_intents");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "POST",
      idempotencyKey: `renewal-${reference}`,
      form: expect.objectContaining({
        amount: "2690",
        currency: "eur",
        customer: CARD.stripeCustomerId,
        payment_method: CARD.stripePaymentMethodId,
        off_session: "true",
        confirm: "true",
      }),
    });
    // The same charge sent again is the same PaymentIntent: one charge.
    const again = await stripe.chargeOffSession(charge(reference));
    expect(again).toEqual(first);

    fake.declinePaymentMethod("pm_test_declined", "insufficient_funds");
    const declined = await stripe.chargeOffSession({
      ...charge(chargeReferenceOf(5151, 2)),
      card: { ...CARD, stripePaymentMethodId: "pm_test_declined" },
    });
    expect(declined).toMatchObject({ outcome: "declined", decline: "insufficient_funds" });
  });
});
