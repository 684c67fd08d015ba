import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GIFT_CARD_PURCHASE_HEADER } from "@shop/contracts";
import { shiftIsoDate, shopDateOf } from "@shop/domain";
import { CONTENT_TYPES } from "../src/content-types";
import { saveShopSettings } from "../src/factories/shop-settings";
import { expireGiftCardPurchases, giftCardPaymentTtlMs } from "../src/gift-cards/expiry";
import { giftCardForStaff, searchGiftCards, voidGiftCard } from "../src/gift-cards/staff";
import { gateways } from "../src/payments/gateways";
import { mailsTo } from "./helpers/accounts";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { createCatalogue } from "./helpers/ordering";
import { flushServerWork } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi, STRAPI_BOOT_TIMEOUT_MS } from "./helpers/strapi";

// Buying a gift card (issue 23, docs/decisions/036): the offer from the boxes' prices and staff's
// limits, a purchase paid on the sandbox page, the card issued once however often the gateway
// repeats itself, a declined payment that issues nothing and keeps what was typed.
let app: TestStrapi;

const STOREFRONT = "https://shop.example";

beforeAll(async () => {
  // The rate limits on, as in production: the last test uses up the purchases' allowance.
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: STOREFRONT, USERS_PERMISSIONS_RATELIMIT: "true" });
  // One consumer box (22,00 € with VAT), one for companies only, one no longer sold.
  await createCatalogue(app.strapi);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

let buyers = 0;
function purchase(overrides: Record<string, unknown> = {}) {
  buyers += 1;
  return {
    amount: 2200,
    design: "orchard",
    recipientName: "Joan",
    recipientEmail: "joan@example.test",
    recipientLocale: "ca",
    message: "Bon profit!",
    senderName: "Marta",
    buyerEmail: `buyer${buyers}@example.test`,
    sendOn: null,
    locale: "es",
    ...overrides,
  };
}

interface Started {
  token: string;
  payment: { method: string; url: string; fields: Record<string, string> };
}

async function buy(overrides: Record<string, unknown> = {}) {
  const body = purchase(overrides);
  const answer = await postJson<Started>(`${app.api}/gift-cards/purchases`, body);
  expect(answer.status).toBe(201);
  const url = new URL(answer.body.payment.url);
  return { body, token: answer.body.token, path: url.pathname, reference: url.pathname.split("/").at(-1) ?? "" };
}

const decide = (path: string, decision: "approve" | "decline") =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ decision }).toString(),
  });

const current = (token: string) =>
  getJson<Record<string, unknown>>(`${app.api}/gift-cards/purchases/current`, {
    headers: { [GIFT_CARD_PURCHASE_HEADER]: token },
  });

async function cardOfPayment(reference: string) {
  const payment = (await app.strapi.db
    .query(CONTENT_TYPES.payment)
    .findOne({ where: { reference }, select: ["giftCardId", "paymentStatus", "amount"] })) as {
    giftCardId: number;
    paymentStatus: string;
    amount: number;
  };
  const card = (await app.strapi.db
    .query(CONTENT_TYPES.giftCard)
    .findOne({ where: { id: payment.giftCardId }, select: ["state", "amount"] })) as {
    state: string;
    amount: number;
  };
  const ledger = (await app.strapi.db.query(CONTENT_TYPES.giftCardEntry).findMany({
    where: { giftCardId: payment.giftCardId },
    select: ["kind", "amount"],
  })) as { kind: string; amount: number }[];
  return { payment, card, ledger };
}

function postSandboxNotification(reference: string, decision: "approve" | "decline", amount: number) {
  const sandbox = gateways().sandbox;
  if (sandbox === undefined) throw new Error("the sandbox is off");
  const notification = sandbox.notificationFor(decision, { reference, amount, currency: "EUR" });
  return getJson(`${app.api}/payments/sandbox/notification`, {
    method: "POST",
    headers: notification.headers as Record<string, string>,
    body: notification.rawBody.toString(),
  });
}

describe("the gift card's offer", () => {
  it("offers the consumer boxes' prices with VAT within the default limits, and staff's limits once set", async () => {
    const offer = await getJson<{ amounts: number[]; limits: unknown; designs: string[] }>(
      `${app.api}/gift-cards/offer`,
    );
    expect(offer.status).toBe(200);
    // The company box (44 €) and the box no longer sold are not offered.
    expect(offer.body).toEqual({
      amounts: [2200],
      limits: { minimum: 1000, maximum: 30_000 },
      designs: ["harvest", "orchard", "basket", "sunrise"],
    });

    await saveShopSettings(app.strapi, { giftCardMinimumEuros: 15, giftCardMaximumEuros: 100 });
    const limited = await getJson<{ limits: unknown }>(`${app.api}/gift-cards/offer`);
    expect(limited.body.limits).toEqual({ minimum: 1500, maximum: 10_000 });
  });

  it("refuses a custom amount outside staff's limits or with cents, beside the amount, and takes one within", async () => {
    await saveShopSettings(app.strapi, { giftCardMinimumEuros: 15, giftCardMaximumEuros: 100 });
    for (const [amount, code] of [
      [1200, "below_minimum"],
      [10_100, "above_maximum"],
      [2250, "not_whole_euros"],
    ] as const) {
      const answer = await postJson(`${app.api}/gift-cards/purchases`, purchase({ amount }));
      expect(expectErrorShape(answer, 400).error.details).toMatchObject({
        errors: [{ path: ["amount"], message: code }],
      });
    }
    // Within the limits in whole euros, and the box's price (not whole euros, but offered), are taken.
    const custom = await buy({ amount: 5000 });
    expect((await cardOfPayment(custom.reference)).payment.amount).toBe(5000);
    expect((await cardOfPayment((await buy({ amount: 2200 })).reference)).card).toEqual({
      state: "pending_payment",
      amount: 2200,
    });
    await saveShopSettings(app.strapi, { giftCardMinimumEuros: null, giftCardMaximumEuros: null });
  });

  it("refuses a sending day before Madrid's today and fields that break the contract, each beside its field", async () => {
    const yesterday = shiftIsoDate(shopDateOf(new Date()), -1);
    const past = await postJson(`${app.api}/gift-cards/purchases`, purchase({ sendOn: yesterday }));
    expect(expectErrorShape(past, 400).error.details).toMatchObject({
      errors: [{ path: ["sendOn"], message: "in_the_past" }],
    });

    const broken = await postJson(
      `${app.api}/gift-cards/purchases`,
      purchase({ recipientEmail: "not-an-address", recipientName: " ", design: "neon" }),
    );
    const paths = (expectErrorShape(broken, 400).error.details as { errors: { path: string[]; message: string }[] })
      .errors;
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["recipientEmail"], message: "invalidEmail" }),
        expect.objectContaining({ path: ["recipientName"], message: "required" }),
        expect.objectContaining({ path: ["design"], message: "invalidChoice" }),
      ]),
    );
    // A price sent by the browser is not a field the CMS takes.
    const priced = await postJson(`${app.api}/gift-cards/purchases`, { ...purchase(), total: 1 });
    expectErrorShape(priced, 400);
  });
});

describe("paying for a gift card", () => {
  it("issues the card once on the sandbox's approval, mails the receipt once, and a replayed notification changes nothing", async () => {
    const sendOn = shiftIsoDate(shopDateOf(new Date()), 10);
    const { body, token, path, reference } = await buy({ sendOn, locale: "ca" });
    expect(path).toBe(`/api/payments/sandbox/${reference}`);

    const page = await (await fetch(`${app.url}${path}`)).text();
    expect(page).toContain("22,00");
    expect(page).toMatch(/GIFT-\d{6}/);

    const approved = await decide(path, "approve");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(`${STOREFRONT}/ca/gift-card/payment-completed`);
    await flushServerWork();

    const paid = await cardOfPayment(reference);
    expect(paid.payment.paymentStatus).toBe("paid");
    expect(paid.card.state).toBe("active");
    expect(paid.ledger).toEqual([{ kind: "issued", amount: 2200 }]);
    expect((await current(token)).body).toMatchObject({
      state: "paid",
      amount: 2200,
      recipientName: "Joan",
      recipientEmail: "joan@example.test",
      sendOn,
    });

    const receipts = mailsTo(app.outboxDir, body.buyerEmail);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain("22,00");
    expect(receipts[0]).toContain("Joan");
    // A multi-purpose voucher: no VAT charged on its sale (decision 033).
    expect(receipts[0]).toContain("Bo polivalent");
    expect(receipts[0]).not.toMatch(/IVA \(|IVA:/);

    // The gateway says it again (and again): 200, and nothing more is issued or mailed.
    for (let replay = 0; replay < 2; replay++) {
      expect((await postSandboxNotification(reference, "approve", 2200)).status).toBe(200);
    }
    await flushServerWork();
    expect((await cardOfPayment(reference)).ledger).toEqual([{ kind: "issued", amount: 2200 }]);
    expect(mailsTo(app.outboxDir, body.buyerEmail)).toHaveLength(1);
  });

  it("issues nothing on a declined payment and gives back what was typed; a new purchase then pays", async () => {
    const { body, token, path, reference } = await buy({ amount: 3000 });
    const declined = await decide(path, "decline");
    expect(declined.headers.get("location")).toBe(`${STOREFRONT}/tarjeta-regalo-digital/pago`);
    await flushServerWork();

    const failed = await cardOfPayment(reference);
    expect(failed.payment.paymentStatus).toBe("failed");
    expect(failed.card.state).toBe("payment_failed");
    expect(failed.ledger).toEqual([]);
    const sealed = (await app.strapi.db
      .query(CONTENT_TYPES.giftCard)
      .findOne({ where: { id: failed.payment.giftCardId }, select: ["codeSealed"] })) as { codeSealed: string | null };
    // Its code is erased: the card will never be sent.
    expect(sealed.codeSealed).toBeNull();
    expect((await current(token)).body).toMatchObject({
      state: "failed",
      amount: 3000,
      design: "orchard",
      recipientName: "Joan",
      recipientLocale: "ca",
      message: "Bon profit!",
      senderName: "Marta",
      buyerEmail: body.buyerEmail,
      sendOn: null,
    });
    expect(mailsTo(app.outboxDir, body.buyerEmail)).toHaveLength(0);
    // Staff read it as declined, in their list and on the card (as the admin panel shows the stored
    // state), not as waiting for the bank; and still so once its deadline has passed (not "abandoned unpaid").
    const staffStatus = async () => ({
      list: (await searchGiftCards(app.strapi, body.buyerEmail)).map((card) => card.status),
      detail: (await giftCardForStaff(app.strapi, failed.payment.giftCardId))?.card.status,
    });
    expect(await staffStatus()).toEqual({ list: ["payment_failed"], detail: "payment_failed" });
    await expireGiftCardPurchases(app.strapi, new Date(Date.now() + giftCardPaymentTtlMs() + 60_000));
    expect((await cardOfPayment(reference)).card.state).toBe("payment_failed");
    expect(await staffStatus()).toEqual({ list: ["payment_failed"], detail: "payment_failed" });

    const retry = await buy({ amount: 3000, buyerEmail: body.buyerEmail });
    await decide(retry.path, "approve");
    await flushServerWork();
    expect((await cardOfPayment(retry.reference)).ledger).toEqual([{ kind: "issued", amount: 3000 }]);
    expect((await current(retry.token)).body).toMatchObject({ state: "paid" });

    // Staff void it: the buyer's page no longer says "paid, will be sent".
    const { payment } = await cardOfPayment(retry.reference);
    const voided = await voidGiftCard(app.strapi, payment.giftCardId, {
      reason: "Fraude",
      key: "void-test",
      staffEmail: "staff@example.test",
    });
    expect(voided.ok).toBe(true);
    expect((await current(retry.token)).body).toMatchObject({ state: "voided", amount: 3000 });
    // The buyer's two purchases, newest first: the paid one (voided since) and the declined one.
    expect((await searchGiftCards(app.strapi, body.buyerEmail)).map((card) => card.status)).toEqual([
      "voided",
      "payment_failed",
    ]);
  });

  it("gives up a purchase unpaid past its deadline: its buyer is told it failed; a late approval issues nothing and is flagged for a refund", async () => {
    const { body, token, reference } = await buy({ amount: 2500 });
    const cardId = (await cardOfPayment(reference)).payment.giftCardId;
    const deadline = Date.now() + giftCardPaymentTtlMs();
    // Within its deadline it waits (the job's clock is the caller's).
    await expireGiftCardPurchases(app.strapi, new Date(deadline - 60_000));
    expect((await cardOfPayment(reference)).card.state).toBe("pending_payment");
    expect((await current(token)).body).toMatchObject({ state: "pending" });

    expect(await expireGiftCardPurchases(app.strapi, new Date(deadline + 60_000))).toBeGreaterThanOrEqual(1);
    const expired = await cardOfPayment(reference);
    expect(expired.card.state).toBe("expired");
    expect(expired.payment.paymentStatus).toBe("voided");
    // Given up, not declined: staff read it as expired unpaid.
    expect((await giftCardForStaff(app.strapi, cardId))?.card.status).toBe("expired");
    const sealed = (await app.strapi.db
      .query(CONTENT_TYPES.giftCard)
      .findOne({ where: { id: cardId }, select: ["codeSealed"] })) as { codeSealed: string | null };
    expect(sealed.codeSealed).toBeNull();
    // Back on the page: nothing was charged, what they typed is there to try again.
    expect((await current(token)).body).toMatchObject({ state: "failed", amount: 2500, buyerEmail: body.buyerEmail });
    // Another run has nothing more to do with it.
    await expireGiftCardPurchases(app.strapi, new Date(deadline + 120_000));
    expect((await cardOfPayment(reference)).card.state).toBe("expired");

    // The bank approves it late: the money is noted for staff to refund, and no card is issued or sent.
    expect((await postSandboxNotification(reference, "approve", 2500)).status).toBe(200);
    await flushServerWork();
    const late = await cardOfPayment(reference);
    expect(late.payment.paymentStatus).toBe("paid");
    expect(late.card.state).toBe("expired");
    expect(late.ledger).toEqual([]);
    const note = (await app.strapi.db
      .query(CONTENT_TYPES.payment)
      .findOne({ where: { reference }, select: ["staffNote"] })) as { staffNote: string | null };
    expect(note.staffNote).toContain("refund it");
    expect((await current(token)).body).toMatchObject({ state: "expired", amount: 2500 });
    expect(mailsTo(app.outboxDir, body.buyerEmail)).toHaveLength(0);
  });

  it(
    "an upgraded shop keeps its cards (their status column becomes state, a declined one payment_failed), and rotating JWT_SECRET keeps purchases in flight",
    { timeout: STRAPI_BOOT_TIMEOUT_MS },
    async () => {
      const issued = await buy({ amount: 2300 });
      await decide(issued.path, "approve");
      await flushServerWork();
      const inFlight = await buy({ amount: 2200 });
      const declined = await buy({ amount: 2100 });
      await decide(declined.path, "decline");
      await flushServerWork();
      const declinedId = (await cardOfPayment(declined.reference)).payment.giftCardId;
      // The database as a shop had it before the rename (the cards' state in `status`) and before a
      // declined purchase had a state of its own (it stayed pending_payment), the migrations not run.
      const knex = app.strapi.db.connection;
      await knex("gift_cards").where("id", declinedId).update({ state: "pending_payment" });
      await knex.raw("ALTER TABLE ?? RENAME COLUMN ?? TO ??", ["gift_cards", "state", "status"]);
      await knex("strapi_migrations").where("name", "like", "%gift-card-state%").delete();
      await knex("strapi_migrations").where("name", "like", "%gift-card-payment-failed%").delete();
      const jwtSecret = process.env.JWT_SECRET;
      process.env.JWT_SECRET = "a-new-jwt-secret-after-a-leak-0123456789";
      try {
        app = await app.restart();
      } finally {
        if (jwtSecret === undefined) delete process.env.JWT_SECRET;
        else process.env.JWT_SECRET = jwtSecret;
      }
      expect((await cardOfPayment(issued.reference)).card.state).toBe("active");
      expect((await cardOfPayment(inFlight.reference)).card.state).toBe("pending_payment");
      expect((await cardOfPayment(declined.reference)).card.state).toBe("payment_failed");
      // The buyer at the bank while the sign-in key was rotated is still found, and their payment issues the card.
      expect((await current(inFlight.token)).body).toMatchObject({ state: "pending", amount: 2200 });
      expect((await postSandboxNotification(inFlight.reference, "approve", 2200)).status).toBe(200);
      await flushServerWork();
      expect((await current(inFlight.token)).body).toMatchObject({ state: "paid" });
      expect((await cardOfPayment(inFlight.reference)).ledger).toEqual([{ kind: "issued", amount: 2200 }]);
    },
  );

  // Last in the file: it uses up this address's allowance.
  it("answers 429 past 30 purchases an hour from one address, and makes no card then", async () => {
    let answer = await postJson(`${app.api}/gift-cards/purchases`, purchase());
    for (let tries = 0; answer.status === 201 && tries < 30; tries++) {
      answer = await postJson(`${app.api}/gift-cards/purchases`, purchase());
    }
    expect(expectErrorShape(answer, 429).error.name).toBe("RateLimitError");
    const cards = await app.strapi.db.query(CONTENT_TYPES.giftCard).count({});
    expect((await postJson(`${app.api}/gift-cards/purchases`, purchase())).status).toBe(429);
    expect(await app.strapi.db.query(CONTENT_TYPES.giftCard).count({})).toBe(cards);
  });

  it("answers a token that names no purchase with 404", async () => {
    const answer = await current("no-such-purchase");
    expect(expectErrorShape(answer, 404).error.name).toBe("NotFoundError");
  });
});
