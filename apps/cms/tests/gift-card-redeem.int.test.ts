import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountGiftCardsSchema, createdOrderSchema, orderQuoteSchema, orderSchema } from "@shop/contracts";
import { shiftIsoDate, shopDateOf } from "@shop/domain";
import { createGiftCard, issueGiftCard } from "../src/gift-cards/cards";
import { balanceOf, ledgerOf, recordMovement } from "../src/gift-cards/ledger";
import { restoreGiftCardsOfOrder } from "../src/gift-cards/redeem";
import { sendGiftCardMail } from "../src/gift-cards/sending";
import { resendGiftCard } from "../src/gift-cards/staff";
import { staffOrderRefunds, staffRefund } from "../src/ordering/refunds/staff";
import { flushAfterAnswer } from "../src/http/after-answer";
import { expireUnpaidOrders } from "../src/jobs/expire-unpaid-orders";
import { renewSubscriptions } from "../src/jobs/renew-subscriptions";
import { gateways } from "../src/payments/gateways";
import { planDeliveries } from "../src/subscriptions/plan";
import { CONTENT_TYPES } from "../src/content-types";
import { bearer, registerCustomer, send } from "./helpers/accounts";
import { errorCode, getJson, postJson } from "./helpers/http";
import { deliveryAddress, draftHeaders, finishedDraft, orderingFixture, placeOrder } from "./helpers/ordering";
import { readableMail } from "./helpers/payment-orders";
import { readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";

// Gift cards as payment (issue 23, docs/decisions/033) through the API the storefront calls: typed at
// the summary, spent in the order added, the rest paid by the sandbox gateway, nothing to pay when the
// cards cover the order; a cancelled or expired order gives back exactly what it took, once; a card
// in the customer's account pays their renewal. One Strapi for the file.

let app: TestStrapi;
let catalogue: Awaited<ReturnType<typeof orderingFixture>>["catalogue"];
let choice: { date: string; slot: string };
let customer: { jwt: string; email: string };

const POSTCODE = "46010";

beforeAll(async () => {
  // The allowances on, as in production: the last test guesses codes.
  app = await startStrapi({
    SEED_DEMO_DATA: "false",
    STOREFRONT_URL: "https://shop.example",
    USERS_PERMISSIONS_RATELIMIT: "true",
  });
  ({ catalogue, choice } = await orderingFixture(app.strapi, app.api, POSTCODE));
  customer = await registerCustomer(app.api);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const recipient = {
  buyerEmail: "buyer@example.test",
  senderName: "Marta",
  recipientName: "Joan",
  recipientEmail: "joan@example.test",
  recipientLocale: "es" as const,
  message: null,
  design: null,
  sendOn: null,
};

/** A paid card of `amount` cents and its code. */
async function paidCard(amount: number) {
  const made = await createGiftCard(app.strapi, { ...recipient, amount });
  await issueGiftCard(app.strapi, made.id, { paymentKey: `redeem-${made.id}` });
  return made;
}

/** A finished draft of `boxes` boxes for the customer. */
const draftOf = (boxes: number, jwt = customer.jwt) =>
  finishedDraft(app.api, jwt, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: catalogue.box, quantity: boxes }],
  });

const addCard = (token: string, code: string, jwt = customer.jwt) =>
  postJson(`${app.api}/order-drafts/current/gift-cards`, { code }, draftHeaders(token, jwt));

async function quoteOf(token: string, jwt = customer.jwt) {
  const response = await getJson(`${app.api}/order-drafts/current/quote?locale=es`, {
    headers: draftHeaders(token, jwt),
  });
  expect(response.status).toBe(200);
  return orderQuoteSchema.parse(response.body);
}

/** Places the draft's order as the summary does (its total and what it said was left to pay). */
async function place(token: string, jwt = customer.jwt) {
  const quote = await quoteOf(token, jwt);
  const response = await placeOrder(app.api, token, jwt, {
    termsAccepted: true,
    locale: "es",
    expectedTotal: quote.total,
    expectedDue: quote.amountDue,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { quote, ...createdOrderSchema.parse(response.body) };
}

async function approveOnSandbox(url: string) {
  const reference = new URL(url).pathname.split("/").at(-1)!;
  const response = await fetch(`${app.api}/payments/sandbox/${reference}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ decision: "approve" }).toString(),
    redirect: "manual",
  });
  expect([302, 303]).toContain(response.status);
}

async function orderView(number: string) {
  for (let tries = 0; tries < 100; tries++) {
    await flushAfterAnswer();
    const order = orderSchema.parse(
      (await getJson(`${app.api}/orders/mine/${number}`, { headers: bearer(customer.jwt) })).body,
    );
    if (order.status !== "pending_payment") return order;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`order ${number} stayed unpaid`);
}

async function paymentsOf(number: string) {
  return (await app.strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { order: { number } },
    select: ["amount", "paymentStatus"],
  })) as { amount: number; paymentStatus: string }[];
}

describe("gift cards at the summary", () => {
  it("a card pays an order it covers with no payment, then the rest of its balance pays part of the next, the gateway the rest", async () => {
    const one = await draftOf(1);
    const firstTotal = (await quoteOf(one)).total;
    const card = await paidCard(firstTotal + 1000);

    // Typed however the customer types it: the summary shows the card and what it pays.
    const added = await addCard(one, ` ${card.code.toLowerCase()} `);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // Added twice, it is one card.
    expect((await addCard(one, card.code)).status).toBe(200);
    const first = await place(one);
    expect(first.quote.giftCards).toEqual([
      { tail: card.code.slice(-4), balance: firstTotal + 1000, applied: firstTotal },
    ]);
    expect(first.quote.amountDue).toBe(0);
    // Nothing to pay: straight to the paid order, no gateway, the order's VAT as usual.
    expect(new URL(first.payment.url).pathname).toContain(first.order.number);
    expect(new URL(first.payment.url).pathname).not.toContain("sandbox");
    const paidFirst = await orderView(first.order.number);
    expect(paidFirst).toMatchObject({ status: "paid", giftCardsPaid: firstTotal });
    expect(paidFirst.totals.total).toBe(firstTotal);
    expect(paidFirst.totals.tax).toBeGreaterThan(0);
    expect(await paymentsOf(first.order.number)).toEqual([]);
    expect(await balanceOf(app.strapi, card.id)).toBe(1000);

    // The next order: the card's last 10 € first, the gateway the rest.
    const two = await draftOf(1);
    expect((await addCard(two, card.code)).status).toBe(200);
    const second = await place(two);
    expect(second.quote.giftCards).toEqual([{ tail: card.code.slice(-4), balance: 1000, applied: 1000 }]);
    expect(second.quote.amountDue).toBe(second.quote.total - 1000);
    await approveOnSandbox(second.payment.url);
    expect(await orderView(second.order.number)).toMatchObject({ status: "paid", giftCardsPaid: 1000 });
    expect(await paymentsOf(second.order.number)).toEqual([
      { amount: second.quote.total - 1000, paymentStatus: "paid" },
    ]);
    expect(await balanceOf(app.strapi, card.id)).toBe(0);

    // Spent, the card can still be typed: it shows nothing left and pays nothing.
    const three = await draftOf(1);
    const spent = await addCard(three, card.code);
    expect(spent.status).toBe(200);
    expect((await quoteOf(three)).giftCards).toEqual([{ tail: card.code.slice(-4), balance: 0, applied: 0 }]);
  });

  it("two cards are spent in the order they were added; a wrong code is one uniform 400", async () => {
    const token = await draftOf(2);
    const total = (await quoteOf(token)).total;
    const small = await paidCard(500);
    const large = await paidCard(total);
    expect((await addCard(token, large.code)).status).toBe(200);
    expect((await addCard(token, small.code)).status).toBe(200);
    for (const wrong of ["not a code", `${large.code.slice(0, -1)}${large.code.endsWith("2") ? "3" : "2"}`]) {
      const refused = await addCard(token, wrong);
      expect(refused.status).toBe(400);
      expect(errorCode(refused.body)).toBe("gift_card_invalid");
    }
    const { quote, order } = await place(token);
    // The first added pays all it can; the second is not touched.
    expect(quote.giftCards).toEqual([
      { tail: large.code.slice(-4), balance: total, applied: total },
      { tail: small.code.slice(-4), balance: 500, applied: 0 },
    ]);
    expect((await orderView(order.number)).status).toBe("paid");
    expect(await balanceOf(app.strapi, large.id)).toBe(0);
    expect(await balanceOf(app.strapi, small.id)).toBe(500);
  });

  it("a balance spent elsewhere since the summary is refused (409 price_changed) and nothing is written", async () => {
    const card = await paidCard(1500);
    const token = await draftOf(1);
    expect((await addCard(token, card.code)).status).toBe(200);
    const quote = await quoteOf(token);
    const other = await draftOf(1);
    expect((await addCard(other, card.code)).status).toBe(200);
    await place(other);
    const refused = await placeOrder(app.api, token, customer.jwt, {
      termsAccepted: true,
      locale: "es",
      expectedTotal: quote.total,
      expectedDue: quote.amountDue,
    });
    expect(refused.status).toBe(409);
    expect(errorCode(refused.body)).toBe("price_changed");
    expect(await balanceOf(app.strapi, card.id)).toBe(0);
  });

  it("a card typed before another account took it is refused when the order is placed", async () => {
    const card = await paidCard(1000);
    const token = await draftOf(1);
    expect((await addCard(token, card.code)).status).toBe(200);
    const other = await registerCustomer(app.api);
    expect((await postJson(`${app.api}/gift-cards/mine`, { code: card.code }, bearer(other.jwt))).status).toBe(200);
    const quote = await quoteOf(token);
    const refused = await placeOrder(app.api, token, customer.jwt, {
      termsAccepted: true,
      locale: "es",
      expectedTotal: quote.total,
      expectedDue: quote.amountDue,
    });
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe("gift_card_invalid");
    expect(await balanceOf(app.strapi, card.id)).toBe(1000);
  });

  it("two orders sharing one card placed at once: one is written, the other refused, the card never below zero", async () => {
    const card = await paidCard(1500);
    // Two cards added to another draft at once: both kept (read and written under the draft's lock).
    const [left, right] = [await paidCard(100), await paidCard(200)];
    const other = await draftOf(1);
    const adds = await Promise.all([addCard(other, left.code), addCard(other, right.code)]);
    expect(adds.map((answer) => answer.status)).toEqual([200, 200]);
    expect(((await quoteOf(other)).giftCards ?? []).map((each) => each.tail).sort()).toEqual(
      [left.code.slice(-4), right.code.slice(-4)].sort(),
    );
    const one = await draftOf(1);
    expect((await addCard(one, card.code)).status).toBe(200);
    const two = await draftOf(1);
    expect((await addCard(two, card.code)).status).toBe(200);
    const quotes = [await quoteOf(one), await quoteOf(two)];
    const answers = await Promise.all(
      [one, two].map((token, index) =>
        placeOrder(app.api, token, customer.jwt, {
          termsAccepted: true,
          locale: "es",
          expectedTotal: quotes[index]!.total,
          expectedDue: quotes[index]!.amountDue,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(errorCode(answers.find((answer) => answer.status === 409)!.body)).toBe("price_changed");
    expect(await balanceOf(app.strapi, card.id)).toBe(0);
    const spent = (await ledgerOf(app.strapi, card.id)).filter((entry) => entry.kind === "spent");
    expect(spent.map((entry) => entry.amount)).toEqual([-1500]);
  });

  it("a cancelled order and an expired one give back exactly what they took, once", async () => {
    const card = await paidCard(3000);
    const token = await draftOf(2);
    expect((await addCard(token, card.code)).status).toBe(200);
    const { order, quote } = await place(token);
    expect(quote.amountDue).toBe(quote.total - 3000);
    expect(await balanceOf(app.strapi, card.id)).toBe(0);
    // Cancelled by the customer while unpaid: the card has its 30 € back.
    const cancelled = await postJson(`${app.api}/orders/mine/${order.number}/cancel`, {}, bearer(customer.jwt));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBeLessThan(300);
    expect(await balanceOf(app.strapi, card.id)).toBe(3000);
    // Replayed (a second caller, a retried job): nothing more.
    const row = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({ where: { number: order.number } })) as {
      id: number;
    };
    expect(await restoreGiftCardsOfOrder(app.strapi, row.id)).toBe(0);
    expect(await balanceOf(app.strapi, card.id)).toBe(3000);
    // The order says what it paid with the card and that it was given back.
    expect(await orderView(order.number)).toMatchObject({ giftCardsPaid: 3000, giftCardsRestored: 3000 });

    // Part of it on an order left unpaid past its deadline: the expiry gives back that part.
    const again = await draftOf(2);
    expect((await addCard(again, card.code)).status).toBe(200);
    const unpaid = await place(again);
    const took = unpaid.quote.giftCards![0]!.applied;
    expect(await balanceOf(app.strapi, card.id)).toBe(3000 - took);
    await app.strapi.db
      .query(CONTENT_TYPES.order)
      .update({ where: { number: unpaid.order.number }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await Promise.all([expireUnpaidOrders(app.strapi), expireUnpaidOrders(app.strapi)]);
    expect(await balanceOf(app.strapi, card.id)).toBe(3000);
    const ledger = await ledgerOf(app.strapi, card.id);
    expect(ledger.map((entry) => [entry.kind, entry.amount])).toEqual([
      ["issued", 3000],
      ["spent", -3000],
      ["restored", 3000],
      ["spent", -took],
      ["restored", took],
    ]);
  });
});

describe("giving back a card payment", () => {
  it("a staff refund of the whole gateway part leaves the cards' part spent; staff give that back only by asking, once", async () => {
    const card = await paidCard(3000);
    const token = await draftOf(2);
    expect((await addCard(token, card.code)).status).toBe(200);
    const { order, quote, payment } = await place(token);
    await approveOnSandbox(payment.url);
    expect(await orderView(order.number)).toMatchObject({ status: "paid", giftCardsPaid: 3000, giftCardsRestored: 0 });
    const gatewayPart = quote.total - 3000;
    expect((await staffOrderRefunds(app.strapi, order.number)).giftCards).toEqual({
      paid: 3000,
      restored: 0,
      restorable: 3000,
    });

    // The gateway's part refunded in full: the order is refunded, the card keeps its spend.
    const refunded = await staffRefund(app.strapi, {
      number: order.number,
      body: { amount: gatewayPart, reason: "damaged box", key: `gift-gateway-${order.number}` },
      staffEmail: "staff@example.test",
    });
    expect(refunded.refund).toMatchObject({ amount: gatewayPart, status: "succeeded" });
    expect(refunded.giftCardsRestored).toBe(0);
    expect(await orderView(order.number)).toMatchObject({ status: "refunded", giftCardsRestored: 0 });
    expect(await balanceOf(app.strapi, card.id)).toBe(0);

    // Staff give back part of the card's, then the rest; more than is left is refused; a retry adds nothing.
    const ask = (giftCards: number, key: string) =>
      staffRefund(app.strapi, {
        number: order.number,
        body: { amount: 0, giftCards, reason: "goodwill", key },
        staffEmail: "staff@example.test",
      });
    expect((await ask(1000, `gift-cards-a-${order.number}`)).giftCardsRestored).toBe(1000);
    expect(await ask(1000, `gift-cards-a-${order.number}`)).toMatchObject({ giftCardsRestored: 0, replayed: true });
    await expect(ask(2001, `gift-cards-b-${order.number}`)).rejects.toMatchObject({ code: "exceeds_refundable" });
    expect((await ask(2000, `gift-cards-c-${order.number}`)).giftCardsRestored).toBe(2000);
    expect(await balanceOf(app.strapi, card.id)).toBe(3000);
    expect(await orderView(order.number)).toMatchObject({ giftCardsPaid: 3000, giftCardsRestored: 3000 });
    expect((await staffOrderRefunds(app.strapi, order.number)).giftCards).toEqual({
      paid: 3000,
      restored: 3000,
      restorable: 0,
    });
  });
});

describe("gift cards in the account", () => {
  it("a card added to the account pays the customer's renewal before any charge; another account cannot add it", async () => {
    const subscriber = await registerCustomer(app.api);
    const user = (await app.strapi.db.query(CONTENT_TYPES.user).findOne({ where: { email: subscriber.email } })) as {
      id: number;
    };
    const card = await paidCard(10_000);
    const add = (code: string, jwt: string) => postJson(`${app.api}/gift-cards/mine`, { code }, bearer(jwt));
    const added = await add(card.code, subscriber.jwt);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(accountGiftCardsSchema.parse(added.body).cards).toEqual([
      { tail: card.code.slice(-4), balance: 10_000, addedAt: expect.any(String) },
    ]);
    // Someone else's card: the same answer as a wrong code.
    const thief = await add(card.code, customer.jwt);
    expect(thief.status).toBe(400);
    expect(errorCode(thief.body)).toBe("gift_card_invalid");
    expect((await getJson(`${app.api}/gift-cards/mine`, { headers: bearer(customer.jwt) })).body).toEqual({
      cards: [],
    });
    // Nor can they spend it at their order's summary: the same answer as a wrong code.
    const theirs = await draftOf(1);
    const spend = await addCard(theirs, card.code);
    expect(spend.status).toBe(400);
    expect(errorCode(spend.body)).toBe("gift_card_invalid");
    expect((await quoteOf(theirs)).giftCards ?? []).toEqual([]);
    expect((await send("GET", `${app.api}/gift-cards/mine`, undefined)).status).toBe(401);

    // An active weekly subscription with a saved sandbox card, its next delivery at its cut-off.
    const anchor = shiftIsoDate(shopDateOf(new Date()), 140);
    const payment = (await app.strapi.db.query(CONTENT_TYPES.paymentMethod).create({
      data: {
        reference: "0000GIFTRENEW",
        user: user.id,
        provider: "sandbox",
        methodStatus: "active",
        brand: "visa",
        last4: "4242",
        expiryMonth: 12,
        expiryYear: 2040,
        locale: "es",
        isDefault: true,
        sandboxToken: "sandbox-token-gift",
        verifiedAt: new Date(),
      },
    })) as { id: number };
    const zone = (await app.strapi.db.query(CONTENT_TYPES.deliveryZone).findOne({ where: { name: "Valencia" } })) as {
      id: number;
    };
    const subscription = (await app.strapi.db.query(CONTENT_TYPES.subscription).create({
      data: {
        user: user.id,
        subscriptionStatus: "active",
        frequency: "weekly",
        locale: "es",
        audience: "consumer",
        boxes: [{ productId: catalogue.box, quantity: 1, exclusions: [] }],
        extras: [],
        zone: zone.id,
        slotCode: choice.slot,
        deliveryAddress: deliveryAddress(POSTCODE),
        nextDeliveryDate: anchor,
        anchorDate: anchor,
        weekday: new Date(`${anchor}T12:00:00Z`).getUTCDay() || 7,
        paymentMethod: payment.id,
      },
    })) as { id: number };
    await planDeliveries(app.strapi, subscription.id, new Date(`${shiftIsoDate(anchor, -3)}T12:00:00Z`));
    const deliveries = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
      where: { subscriptionId: subscription.id },
      select: ["id", "cutoffAt"],
      orderBy: { date: "asc" },
    })) as { id: number; cutoffAt: string }[];
    const renewalOf = async (deliveryId: number) =>
      (
        (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findOne({
          where: { id: deliveryId },
          populate: { order: { select: ["id", "orderStatus", "total", "giftCardsPaid"] } },
        })) as { order: { id: number; orderStatus: string; total: number; giftCardsPaid: number } }
      ).order;
    const chargesOf = (deliveryId: number) =>
      gateways()
        .sandbox!.offSessionCharges()
        .filter((charge) => charge.reference.startsWith(String(deliveryId).padStart(9, "0")));

    // The first renewal: covered by the card, paid with no charge.
    const [first, second] = deliveries;
    await renewSubscriptions(app.strapi, new Date(new Date(first!.cutoffAt).getTime() + 60_000));
    await flushAfterAnswer();
    const covered = await renewalOf(first!.id);
    expect(covered).toMatchObject({ orderStatus: "paid", giftCardsPaid: covered.total });
    expect(chargesOf(first!.id)).toEqual([]);
    // Confirmed as any paid renewal is: its mail queued with the payment.
    expect(
      await app.strapi.db
        .query(CONTENT_TYPES.queuedMail)
        .count({ where: { orderId: covered.id, orderMail: "confirmation" } }),
    ).toBe(1);
    const left = 10_000 - covered.total;
    expect(await balanceOf(app.strapi, card.id)).toBe(left);

    // The next renewal finds 5 € left on the card (staff adjusted it): the card pays those, the saved card the rest.
    await recordMovement(app.strapi, card.id, {
      kind: "adjusted",
      amount: 500 - left,
      idempotencyKey: `test-adjust-${card.id}`,
      reason: "test",
      actor: "staff",
    });
    await renewSubscriptions(app.strapi, new Date(new Date(second!.cutoffAt).getTime() + 60_000));
    await flushAfterAnswer();
    const charged = await renewalOf(second!.id);
    expect(charged).toMatchObject({ orderStatus: "paid", giftCardsPaid: 500 });
    expect(chargesOf(second!.id).map((charge) => charge.amount)).toEqual([charged.total - 500]);
    expect(await balanceOf(app.strapi, card.id)).toBe(0);
  });
});

describe("the account's cards at the summary (docs/decisions/040)", () => {
  const addToAccount = (code: string, jwt: string) => postJson(`${app.api}/gift-cards/mine`, { code }, bearer(jwt));
  const accountCards = async (jwt: string) =>
    accountGiftCardsSchema.parse((await getJson(`${app.api}/gift-cards/mine`, { headers: bearer(jwt) })).body).cards;

  it("pay in the order they were added, before a code typed there; one taken out of this order stays in the account", async () => {
    const buyer = await registerCustomer(app.api);
    const token = await draftOf(2, buyer.jwt);
    const total = (await quoteOf(token, buyer.jwt)).total;
    const [first, second, typed] = [await paidCard(500), await paidCard(700), await paidCard(total)];
    expect((await addToAccount(first.code, buyer.jwt)).status).toBe(200);
    expect((await addToAccount(second.code, buyer.jwt)).status).toBe(200);
    expect((await addCard(token, typed.code, buyer.jwt)).status).toBe(200);
    const tail = (card: { code: string }) => card.code.slice(-4);
    expect((await quoteOf(token, buyer.jwt)).giftCards).toEqual([
      { tail: tail(first), balance: 500, applied: 500 },
      { tail: tail(second), balance: 700, applied: 700 },
      { tail: tail(typed), balance: total, applied: total - 1200 },
    ]);

    // Taken out of this order at the summary: not spent here, still the account's.
    const removed = await send(
      "DELETE",
      `${app.api}/order-drafts/current/gift-cards/${tail(second)}`,
      undefined,
      draftHeaders(token, buyer.jwt),
    );
    expect(removed.status).toBe(200);
    const { quote, order } = await place(token, buyer.jwt);
    expect(quote.giftCards).toEqual([
      { tail: tail(first), balance: 500, applied: 500 },
      { tail: tail(typed), balance: total, applied: total - 500 },
    ]);
    expect(order.giftCardsPaid).toBe(total);
    expect(await balanceOf(app.strapi, first.id)).toBe(0);
    expect(await balanceOf(app.strapi, second.id)).toBe(700);
    expect(await balanceOf(app.strapi, typed.id)).toBe(500);
    // Both still the account's: the first spent, the second untouched.
    expect((await accountCards(buyer.jwt)).map((card) => [card.tail, card.balance])).toEqual([
      [tail(first), 0],
      [tail(second), 700],
    ]);
    // The next summary offers the one with a balance, not the spent one.
    expect((await quoteOf(await draftOf(1, buyer.jwt), buyer.jwt)).giftCards).toEqual([
      { tail: tail(second), balance: 700, applied: 700 },
    ]);
    // Nobody else's summary gets them.
    expect((await quoteOf(await draftOf(1))).giftCards).toEqual([]);
  });

  it("a code replaced by staff's resend spends nothing: out of the account that kept it and of the draft that held it", async () => {
    const holder = await registerCustomer(app.api);
    const sentCard = async (amount: number) => {
      const made = await createGiftCard(app.strapi, {
        ...recipient,
        recipientEmail: `resend-${amount}-${Date.now()}@example.test`,
        amount,
      });
      await issueGiftCard(app.strapi, made.id, { paymentKey: `resend-${made.id}` });
      expect(await sendGiftCardMail(app.strapi, made.id, { now: new Date() })).toBe("sent");
      return made;
    };
    const kept = await sentCard(800);
    const typed = await sentCard(600);
    expect((await addToAccount(kept.code, holder.jwt)).status).toBe(200);
    const token = await draftOf(1);
    expect((await addCard(token, typed.code)).status).toBe(200);
    expect((await quoteOf(token)).giftCards).toHaveLength(1);

    const newCodeOf = async (card: { id: number }) => {
      expect(await resendGiftCard(app.strapi, card.id, new Date())).toBe("sent");
      const row = (await app.strapi.db
        .query(CONTENT_TYPES.giftCard)
        .findOne({ where: { id: card.id }, select: ["recipientEmail"] })) as { recipientEmail: string };
      const mails = readOutbox(app.outboxDir)
        .map((mail) => readableMail(mail.content))
        .filter((text) => text.includes(`To: ${row.recipientEmail}`));
      expect(mails).toHaveLength(2);
      return /\b([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(mails[1]!)![1]!;
    };
    const keptNew = await newCodeOf(kept);
    const typedNew = await newCodeOf(typed);

    // The old codes are dead everywhere: the account no longer has the card, the draft no longer spends it.
    expect(await accountCards(holder.jwt)).toEqual([]);
    const quote = await quoteOf(token);
    expect(quote.giftCards).toEqual([]);
    expect(quote.amountDue).toBe(quote.total);
    expect(errorCode((await addToAccount(kept.code, holder.jwt)).body)).toBe("gift_card_invalid");
    expect(errorCode((await addCard(token, typed.code)).body)).toBe("gift_card_invalid");
    const { order } = await place(token);
    expect(order.giftCardsPaid ?? 0).toBe(0);
    expect(await balanceOf(app.strapi, typed.id)).toBe(600);

    // The new codes work, with the balances the cards kept.
    expect(accountGiftCardsSchema.parse((await addToAccount(keptNew, holder.jwt)).body).cards).toEqual([
      { tail: keptNew.slice(-4), balance: 800, addedAt: expect.any(String) },
    ]);
    const again = await draftOf(1);
    expect((await addCard(again, typedNew)).status).toBe(200);
    expect((await quoteOf(again)).giftCards).toEqual([{ tail: typedNew.slice(-4), balance: 600, applied: 600 }]);
  });
});

describe("guessing codes", () => {
  // Last in the file: it uses up this address's allowance of wrong codes.
  it("is answered 429 once the address's wrong codes are used up, a real code too, and the card is untouched", async () => {
    const card = await paidCard(2000);
    const token = await draftOf(1);
    const answers = [];
    for (let guess = 0; guess < 12; guess++) answers.push((await addCard(token, `WRONG-${guess}`)).status);
    expect(answers.slice(-1)).toEqual([429]);
    expect(answers.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect((await addCard(token, card.code)).status).toBe(429);
    expect((await quoteOf(token)).giftCards).toEqual([]);
    expect(await balanceOf(app.strapi, card.id)).toBe(2000);
  });
});
