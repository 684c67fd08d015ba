import { myReferralsSchema, orderDraftAnswerSchema, orderQuoteSchema } from "@shop/contracts";
import { parseOrderNumber, shiftIsoDate, shopDateOf } from "@shop/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, GOOD_PASSWORD, registerCustomer, send } from "./helpers/accounts";
import { errorCode, getJson } from "./helpers/http";
import {
  draftHeaders,
  finishedDraft,
  orderingFixture,
  patchDraft,
  placeOrder,
  type Catalogue,
} from "./helpers/ordering";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";
import { changeOrderStatus } from "../src/ordering/status";
import { settleReferrals } from "../src/referrals/settle";
import { orderDueDeliveries } from "../src/subscriptions/renewals/orders";
import { storedSubscription } from "./helpers/subscriptions";

// Refer-a-friend (issue 23): the friend's discount on a first order, self-referrals rejected with
// their reason, the referrals job (refund window, monthly cap, one reward per friend with two runs at
// once), and the reward applied by itself to the referrer's next order. Defaults: 15 % for the
// friend, a 10.00 EUR reward, 14 days, 5 a month.
let app: TestStrapi;
let catalogue: Catalogue;
let choice: { date: string; slot: string };

const POSTCODE = "46010";
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
  ({ catalogue, choice } = await orderingFixture(app.strapi, app.api, POSTCODE));
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

async function mine(customer: Customer) {
  const answer = await getJson(`${app.api}/referrals/mine`, { headers: bearer(customer.jwt) });
  expect(answer.status).toBe(200);
  return myReferralsSchema.parse(answer.body);
}

/** A finished draft of one box (22.00) carrying `referralCode`, delivered to `line1`. */
async function draftWithCode(customer: Customer, referralCode: string | null, line1?: string) {
  const token = await finishedDraft(app.api, customer.jwt, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: catalogue.box, quantity: 1 }],
  });
  if (line1) {
    const address = {
      fullName: "Bea Soler",
      company: null,
      line1,
      line2: null,
      postalCode: POSTCODE,
      city: "Valencia",
      region: null,
      country: "ES",
      phone: "+34 600 000 001",
    };
    expect(
      (await patchDraft(app.api, token, { delivery: { address, ...choice, notes: "" } }, customer.jwt)).status,
    ).toBe(200);
  }
  if (referralCode !== null) {
    expect((await patchDraft(app.api, token, { referralCode }, customer.jwt)).status).toBe(200);
  }
  return token;
}

async function quoteOf(token: string, customer: Customer) {
  const answer = await getJson(`${app.api}/order-drafts/current/quote`, { headers: draftHeaders(token, customer.jwt) });
  return orderQuoteSchema.parse(answer.body);
}

async function order(token: string, customer: Customer) {
  const placed = await placeOrder(app.api, token, customer.jwt);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const body = placed.body as { order: { number: string; totals: { discount: number; total: number } } };
  return { id: parseOrderNumber(body.order.number)!, ...body.order };
}

/** The order as staff leave it once delivered at `at` (paid before). */
async function delivered(orderId: number, at: Date) {
  await app.strapi.db.query(CONTENT_TYPES.order).update({ where: { id: orderId }, data: { orderStatus: "delivered" } });
  await app.strapi.db.query(CONTENT_TYPES.orderEvent).create({
    data: { order: orderId, at, from: "shipped", to: "delivered", actorKind: "staff", actorLabel: "test" },
  });
}

const referralOf = async (friendId: number) =>
  (await app.strapi.db.query(CONTENT_TYPES.referral).findOne({ where: { friendId } })) as {
    id: number;
    referralStatus: string;
    reason: string | null;
    friendDiscount: number;
  } | null;

/** A referrer and a friend whose first order with the referrer's code was delivered at `deliveredAt`. */
async function friendDelivered(referrer: Customer, code: string, deliveredAt: Date, line1 = "Calle Nueva 1") {
  const friend = await registerCustomer(app.api, { firstName: "Bea", lastName: "soler" });
  const placed = await order(await draftWithCode(friend, code, line1), friend);
  await delivered(placed.id, deliveredAt);
  return { friend, placed };
}

describe("refer-a-friend", () => {
  it("the friend's discount on their first order only, from the share link's code or one typed at the summary", async () => {
    const referrer = await registerCustomer(app.api);
    const { code } = await mine(referrer);
    const friend = await registerCustomer(app.api, { firstName: "Bea", lastName: "Soler" });

    // The code typed in the summary's code field (no coupon has it) becomes the draft's referral code.
    const token = await draftWithCode(friend, null, "Calle Nueva 1");
    const typed = await patchDraft(app.api, token, { couponCode: code.toLowerCase() }, friend.jwt);
    expect(orderDraftAnswerSchema.parse(typed.body).draft).toMatchObject({ referralCode: code, couponCode: null });
    // 15 % of 22.00 = 3.30, its own part of the quote; delivery 4.90 on top.
    const quote = await quoteOf(token, friend);
    expect(quote).toMatchObject({ goods: 2200, discount: 330, referral: { code, refusal: null, discount: 330 } });
    expect(quote.total).toBe(2200 - 330 + 490);
    const first = await order(token, friend);
    expect(first.totals).toMatchObject({ discount: 330, total: 2360 });
    expect(await referralOf(friend.user.id)).toMatchObject({ referralStatus: "pending", friendDiscount: 330 });

    // Paid and delivered, it was their first order: the code gives nothing to the next.
    await delivered(first.id, new Date());
    const second = await draftWithCode(friend, code, "Calle Nueva 1");
    expect((await quoteOf(second, friend)).referral).toEqual({ code, refusal: "not_first_order", discount: 0 });
    expect((await order(second, friend)).totals.discount).toBe(0);

    // A code nobody has is refused where it arrives.
    const third = await draftWithCode(friend, null);
    const unknown = await patchDraft(app.api, third, { referralCode: "ZZZZZZZZ" }, friend.jwt);
    expect(unknown.status).toBe(400);
    expect(errorCode(unknown.body)).toBe("unknown");
  });

  it("oneself: the own code refused; the same mailbox, door or card told nothing at the quote, rejected with its reason for the referrer", async () => {
    const local = `ref${Date.now().toString(36)}`;
    const referrer = await registerCustomer(app.api, { email: `${local}@example.com` });
    const { code } = await mine(referrer);
    await app.strapi.db.query(CONTENT_TYPES.address).create({
      data: {
        user: referrer.user.id,
        fullName: "Ana",
        line1: "C/ Mallorca, 200 3º-2ª",
        postalCode: POSTCODE,
        city: "Valencia",
        country: "ES",
      },
    });

    const own = await draftWithCode(referrer, code);
    expect((await quoteOf(own, referrer)).referral).toMatchObject({ refusal: "same_account", discount: 0 });

    const sameMailbox = await registerCustomer(app.api, {
      email: `${local.slice(0, 2)}.${local.slice(2).toUpperCase()}+second@Example.com`,
    });
    // Codes are posted publicly: an answer that changed with the draft's mailbox or door would tell
    // whoever holds one where its owner lives. The friend's quote is anyone's; only the referral says why.
    const anyones = { code, refusal: null, discount: 330 };
    const mailboxDraft = await draftWithCode(sameMailbox, code, "Calle Otra 9");
    expect((await quoteOf(mailboxDraft, sameMailbox)).referral).toEqual(anyones);
    expect((await order(mailboxDraft, sameMailbox)).totals.discount).toBe(330);
    expect(await referralOf(sameMailbox.user.id)).toMatchObject({ referralStatus: "rejected", reason: "same_email" });

    const sameDoor = await registerCustomer(app.api);
    const doorDraft = await draftWithCode(sameDoor, code, "Calle Otra 9");
    expect((await quoteOf(doorDraft, sameDoor)).referral).toEqual(anyones);
    // The prober moves the draft to the referrer's door (however written): the answer does not move.
    const address = {
      fullName: "Bea Soler",
      company: null,
      line1: "c mallorca 200 3 2",
      line2: null,
      postalCode: POSTCODE,
      city: "Valencia",
      region: null,
      country: "ES",
      phone: "+34 600 000 001",
    };
    expect(
      (await patchDraft(app.api, doorDraft, { delivery: { address, ...choice, notes: "" } }, sameDoor.jwt)).status,
    ).toBe(200);
    expect((await quoteOf(doorDraft, sameDoor)).referral).toEqual(anyones);
    await order(doorDraft, sameDoor);
    expect(await referralOf(sameDoor.user.id)).toMatchObject({ referralStatus: "rejected", reason: "same_address" });

    // The card is known once paid: the job finds it and rejects the referral, whatever else.
    const { friend: sameCard } = await friendDelivered(referrer, code, new Date(Date.now() - 20 * DAY), "Calle Tres 3");
    for (const user of [referrer.user.id, sameCard.user.id]) {
      await app.strapi.db.query(CONTENT_TYPES.paymentMethod).create({
        data: {
          reference: `pm-${user}-${Date.now()}`,
          user,
          provider: "sandbox",
          methodStatus: "active",
          brand: "visa",
          last4: "4242",
          expiryMonth: 12,
          expiryYear: 2030,
          locale: "es",
        },
      });
    }
    await settleReferrals(app.strapi, new Date());
    expect(await referralOf(sameCard.user.id)).toMatchObject({ referralStatus: "rejected", reason: "same_card" });
    expect((await mine(referrer)).friends.map((friend) => friend.reason).sort()).toEqual([
      "same_address",
      "same_card",
      "same_email",
    ]);
  });

  it("a first order cancelled unpaid is final for the referrer, and the friend's next first order takes the referral over", async () => {
    const referrer = await registerCustomer(app.api);
    const { code } = await mine(referrer);
    const friend = await registerCustomer(app.api, { firstName: "Bea", lastName: "Soler" });
    const first = await order(await draftWithCode(friend, code, "Calle Nueva 1"), friend);
    const cancelled = await changeOrderStatus(app.strapi, {
      orderId: first.id,
      from: ["pending_payment", "payment_failed"],
      to: "cancelled",
      actor: { kind: "system", label: "system:payment-expiry" },
      note: "Not paid in time",
    });
    expect(cancelled).toBe(true);
    await settleReferrals(app.strapi, new Date());
    expect(await referralOf(friend.user.id)).toMatchObject({ referralStatus: "rejected", reason: "not_paid" });
    expect((await mine(referrer)).friends).toEqual([
      expect.objectContaining({ status: "rejected", reason: "not_paid" }),
    ]);

    // Still their first order: the discount again, and the referral is this order's, pending.
    const second = await order(await draftWithCode(friend, code, "Calle Nueva 1"), friend);
    expect(second.totals.discount).toBe(330);
    const row = (await app.strapi.db
      .query(CONTENT_TYPES.referral)
      .findOne({ where: { friendId: friend.user.id } })) as {
      referralStatus: string;
      reason: string | null;
      friendOrderId: number;
    };
    expect(row).toMatchObject({ referralStatus: "pending", reason: null, friendOrderId: second.id });
  });

  it("the refund window: waits until it passes, and a refund within it rejects the referral", async () => {
    const referrer = await registerCustomer(app.api);
    const { code } = await mine(referrer);
    const deliveredAt = new Date(Date.now() - DAY);
    const { friend: kept } = await friendDelivered(referrer, code, deliveredAt);
    const { friend: refunded, placed } = await friendDelivered(referrer, code, deliveredAt);
    await app.strapi.db.query(CONTENT_TYPES.refund).create({
      data: {
        key: `test-${placed.id}`,
        order: placed.id,
        provider: "sandbox",
        amount: 500,
        currency: "EUR",
        origin: "staff",
        refundStatus: "succeeded",
      },
    });
    // 13 days after the delivery: still within the window.
    await settleReferrals(app.strapi, new Date(deliveredAt.getTime() + 13 * DAY));
    expect(await referralOf(kept.user.id)).toMatchObject({ referralStatus: "pending" });
    expect(await referralOf(refunded.user.id)).toMatchObject({ referralStatus: "rejected", reason: "refunded" });
    await settleReferrals(app.strapi, new Date(deliveredAt.getTime() + 14 * DAY));
    expect(await referralOf(kept.user.id)).toMatchObject({ referralStatus: "rewarded" });
  });

  it("a reward once per friend with two runs at once, the monthly cap, and the reward on the referrer's next order", async () => {
    const referrer = await registerCustomer(app.api);
    const { code } = await mine(referrer);
    const deliveredAt = new Date(Date.now() - 20 * DAY);
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push((await friendDelivered(referrer, code, deliveredAt)).friend);
    const settings = await app.strapi.db.query(CONTENT_TYPES.referralSetting).create({ data: { monthlyCap: 2 } });
    try {
      const now = new Date();
      const runs = await Promise.all([settleReferrals(app.strapi, now), settleReferrals(app.strapi, now)]);
      expect(runs.reduce((sum, run) => sum + run.rewarded, 0)).toBe(2);
    } finally {
      await app.strapi.db
        .query(CONTENT_TYPES.referralSetting)
        .delete({ where: { id: (settings as { id: number }).id } });
    }
    const statuses = await Promise.all(friends.map(async (friend) => (await referralOf(friend.user.id))!));
    expect(statuses.filter((row) => row.referralStatus === "rewarded")).toHaveLength(2);
    expect(statuses.filter((row) => row.referralStatus === "rejected")[0]).toMatchObject({ reason: "monthly_cap" });
    const rewards = (await app.strapi.db.query(CONTENT_TYPES.referralReward).findMany({
      where: { userId: referrer.user.id },
    })) as { referralId: number }[];
    expect(rewards).toHaveLength(2);
    expect(new Set(rewards.map((reward) => reward.referralId)).size).toBe(2);
    // Another run finds nothing left to do.
    expect(await settleReferrals(app.strapi, new Date())).toEqual({ qualified: 0, rewarded: 0, rejected: 0 });

    // The referrer's next order takes one reward (10.00 off), by itself; the next takes the other.
    const next = await draftWithCode(referrer, null, "Calle Cuatro 4");
    expect((await quoteOf(next, referrer)).reward).toEqual({ discount: 1000 });
    const placed = await order(next, referrer);
    expect(placed.totals).toMatchObject({ discount: 1000, total: 2200 - 1000 + 490 });
    const view = await mine(referrer);
    expect(view.friends).toHaveLength(3);
    expect(view.friends[0]).toMatchObject({ name: "Bea S." });
    expect(view.rewards.filter((reward) => reward.usedAt !== null)).toHaveLength(1);
    expect(view.totalSaved).toBe(1000);
    // Another customer sees none of it.
    const stranger = await registerCustomer(app.api);
    expect((await mine(stranger)).friends).toEqual([]);
  });

  it("a referrer whose account was deleted: never rewarded, their referrals closed with the reason, their code no one's", async () => {
    const referrer = await registerCustomer(app.api);
    const { code } = await mine(referrer);
    const deliveredAt = new Date(Date.now() - 20 * DAY);
    const waiting = (await friendDelivered(referrer, code, deliveredAt, "Calle Cinco 5")).friend;
    const earned = (await friendDelivered(referrer, code, deliveredAt, "Calle Seis 6")).friend;
    // One had qualified already and waits for its reward when the account goes.
    const qualified = (await referralOf(earned.user.id))!;
    await app.strapi.db
      .query(CONTENT_TYPES.referral)
      .update({ where: { id: qualified.id }, data: { referralStatus: "qualified" } });
    // A friend at the summary with the code when it goes.
    const late = await registerCustomer(app.api, { firstName: "Bea", lastName: "soler" });
    const lateDraft = await draftWithCode(late, code, "Calle Siete 7");
    expect((await quoteOf(lateDraft, late)).referral).toMatchObject({ refusal: null, discount: 330 });

    const deleted = await send(
      "DELETE",
      `${app.api}/users/me`,
      { confirm: true, currentPassword: GOOD_PASSWORD },
      bearer(referrer.jwt),
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    await settleReferrals(app.strapi, new Date());
    for (const friend of [waiting, earned]) {
      expect(await referralOf(friend.user.id)).toMatchObject({
        referralStatus: "rejected",
        reason: "referrer_deleted",
      });
    }
    expect(await app.strapi.db.query(CONTENT_TYPES.referralReward).count({ where: { userId: referrer.user.id } })).toBe(
      0,
    );
    // The friend's summary: the code is no one's now, no discount, and the order goes through.
    const quote = await quoteOf(lateDraft, late);
    expect(quote.referral).toMatchObject({ refusal: "unknown", discount: 0 });
    await order(lateDraft, late);
    expect(await referralOf(late.user.id)).toBeNull();
  });

  it("a waiting reward comes off the next renewal, once, even with two of the customer's renewals in one page", async () => {
    const subscriber = await registerCustomer(app.api);
    const zone = (await app.strapi.db
      .query(CONTENT_TYPES.deliveryZone)
      .findOne({ where: { name: "Valencia" }, select: ["id"] })) as { id: number };
    const earned = (await app.strapi.db.query(CONTENT_TYPES.referralReward).create({
      data: {
        referralId: 900_000 + subscriber.user.id,
        userId: subscriber.user.id,
        kind: "amount",
        value: 1000,
        earnedAt: new Date(),
      },
    })) as { id: number };
    // Two weekly subscriptions delivered the same days: their renewals fall in one page of the job.
    const anchor = shiftIsoDate(shopDateOf(new Date()), 21);
    const plannedAt = new Date(`${shiftIsoDate(anchor, -3)}T12:00:00Z`);
    const subscriptions: { id: number }[] = [];
    for (let i = 0; i < 2; i++) {
      subscriptions.push(
        await storedSubscription(app.strapi, {
          userId: subscriber.user.id,
          anchor,
          box: catalogue.box,
          zone: zone.id,
          plannedAt,
        }),
      );
    }
    const deliveries = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
      where: { subscriptionId: { $in: subscriptions.map(({ id }) => id) } },
      select: ["id", "date", "cutoffAt"],
      orderBy: { date: "asc" },
    })) as { id: number; date: string; cutoffAt: string | Date }[];
    const ordersOn = async (date: string) =>
      (await app.strapi.db.query(CONTENT_TYPES.order).findMany({
        where: { subscription: { id: { $in: subscriptions.map(({ id }) => id) } }, deliveryDate: date },
        select: ["id", "discount", "total"],
      })) as { id: number; discount: number; total: number }[];
    const byDate = (date: string) => deliveries.filter((row) => String(row.date).slice(0, 10) === date);
    const [first, next] = [anchor, shiftIsoDate(anchor, 7)].map(byDate);
    expect(first).toHaveLength(2);
    expect(next).toHaveLength(2);

    await orderDueDeliveries(app.strapi, new Date(new Date(first![0]!.cutoffAt).getTime() + 60_000));
    // Both ordered in the run; one of them 10.00 off, and the reward is that order's.
    const firstOrders = await ordersOn(anchor);
    expect(firstOrders).toHaveLength(2);
    expect(firstOrders.map((each) => each.discount).sort((a, b) => a - b)).toEqual([0, 1000]);
    const rewarded = firstOrders.find((each) => each.discount === 1000)!;
    expect(await app.strapi.db.query(CONTENT_TYPES.referralReward).findOne({ where: { id: earned.id } })).toMatchObject(
      { orderId: rewarded.id, saved: 1000 },
    );

    // Used once: the week after, neither renewal has it.
    await orderDueDeliveries(app.strapi, new Date(new Date(next![0]!.cutoffAt).getTime() + 60_000));
    expect((await ordersOn(shiftIsoDate(anchor, 7))).map((each) => each.discount)).toEqual([0, 0]);
  });
});
