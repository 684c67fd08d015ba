import { orderQuoteSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson } from "./helpers/http";
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

// Coupons (docs/decisions/015): percentage or fixed, validity dates, a minimum order, one use per
// customer and a total usage limit that hold when customers race for them.
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

function createCoupon(data: Record<string, unknown>) {
  return app.strapi.documents(CONTENT_TYPES.coupon as never).create({
    data: { kind: "percentage", value: 10, minimumOrder: 0, active: true, ...data } as never,
  });
}

/** A finished draft of one box (22.00 to a consumer) per `boxes`, with the coupon. */
const draftWith = (jwt: string, couponCode: string | null, boxes = 1) =>
  finishedDraft(app.api, jwt, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: catalogue.box, quantity: boxes }],
    couponCode,
  });

async function quoteOf(token: string, jwt: string) {
  return orderQuoteSchema.parse(
    (await getJson(`${app.api}/order-drafts/current/quote`, { headers: draftHeaders(token, jwt) })).body,
  );
}

async function couponRow(code: string) {
  return (await app.strapi.db.query(CONTENT_TYPES.coupon).findOne({ where: { code } })) as { timesUsed: number };
}

describe("coupons", () => {
  it("a usage limit of one, raced by five customers: exactly one order uses it", async () => {
    await createCoupon({ code: "UNICO", kind: "fixed", value: 5, usageLimit: 1 });
    const racers = await Promise.all(Array.from({ length: 5 }, () => registerCustomer(app.api)));
    const tokens = await Promise.all(racers.map((racer) => draftWith(racer.jwt, "UNICO")));
    const answers = await Promise.all(racers.map((racer, index) => placeOrder(app.api, tokens[index]!, racer.jwt)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    // A loser is told the coupon is used up: 409 when it lost the race at the write, 400 when the
    // winner had written before it priced its draft.
    for (const answer of answers.filter((each) => each.status !== 201)) {
      const refusal = expectErrorShape(answer, answer.status === 409 ? 409 : 400);
      expect(refusal.error.details).toMatchObject({ code: "exhausted", errors: [{ path: ["couponCode"] }] });
    }
    expect((await couponRow("UNICO")).timesUsed).toBe(1);
    // Once used up, the code is refused where it is typed.
    const late = await registerCustomer(app.api);
    const token = await draftWith(late.jwt, null);
    expect(errorCode(expectErrorShape(await patchDraft(app.api, token, { couponCode: "unico" }, late.jwt), 400))).toBe(
      "exhausted",
    );
  });

  it("one use per customer, even with two orders placed at once", async () => {
    await createCoupon({ code: "UNAVEZ", value: 20 });
    const customer = await registerCustomer(app.api);
    const [first, second] = await Promise.all([draftWith(customer.jwt, "UNAVEZ"), draftWith(customer.jwt, "UNAVEZ")]);
    const answers = await Promise.all([
      placeOrder(app.api, first, customer.jwt),
      placeOrder(app.api, second, customer.jwt),
    ]);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const loser = answers.find((answer) => answer.status !== 201)!;
    expect([400, 409]).toContain(loser.status);
    expect(errorCode(loser.body)).toBe("already_used");
    expect((await couponRow("UNAVEZ")).timesUsed).toBe(1);
    const third = await draftWith(customer.jwt, null);
    const refused = expectErrorShape(await patchDraft(app.api, third, { couponCode: "UNAVEZ" }, customer.jwt), 400);
    expect(refused.error.details).toMatchObject({ code: "already_used", errors: [{ path: ["couponCode"] }] });
    // Another customer still may.
    const other = await registerCustomer(app.api);
    expect((await placeOrder(app.api, await draftWith(other.jwt, "UNAVEZ"), other.jwt)).status).toBe(201);
  });

  it("validity dates and an inactive coupon", async () => {
    const now = Date.now();
    await createCoupon({ code: "MANANA", validFrom: new Date(now + DAY).toISOString() });
    await createCoupon({ code: "AYER", validUntil: new Date(now - DAY).toISOString() });
    await createCoupon({ code: "APAGADO", active: false });
    await createCoupon({
      code: "VIGENTE",
      validFrom: new Date(now - DAY).toISOString(),
      validUntil: new Date(now + DAY).toISOString(),
    });
    const customer = await registerCustomer(app.api);
    const token = await draftWith(customer.jwt, null);
    for (const [code, refusal] of [
      ["MANANA", "not_yet_valid"],
      ["AYER", "expired"],
      ["APAGADO", "unknown"],
    ] as const) {
      expect(
        errorCode(expectErrorShape(await patchDraft(app.api, token, { couponCode: code }, customer.jwt), 400)),
      ).toBe(refusal);
    }
    expect((await patchDraft(app.api, token, { couponCode: "vigente" }, customer.jwt)).status).toBe(200);
    expect((await quoteOf(token, customer.jwt)).coupon).toEqual({ code: "VIGENTE", refusal: null });
  });

  it("a minimum order: kept in the draft with the quote saying why, refused when the order is placed", async () => {
    // 30.00 minimum; one box is 22.00, two are 44.00.
    await createCoupon({ code: "MINIMO30", kind: "fixed", value: 6, minimumOrder: 30 });
    const customer = await registerCustomer(app.api);
    const token = await draftWith(customer.jwt, "MINIMO30");
    const short = await quoteOf(token, customer.jwt);
    expect(short).toMatchObject({
      goods: 2200,
      discount: 0,
      coupon: { code: "MINIMO30", refusal: "minimum_not_reached" },
    });
    const refused = expectErrorShape(await placeOrder(app.api, token, customer.jwt), 400);
    expect(refused.error.details).toMatchObject({ code: "minimum_not_reached", errors: [{ path: ["couponCode"] }] });

    await patchDraft(app.api, token, { boxes: [{ productId: catalogue.box, quantity: 2 }] }, customer.jwt);
    // 44.00 - 6.00 = 38.00 of goods, under the 60.00 of free delivery: 4.90 on top.
    expect(await quoteOf(token, customer.jwt)).toMatchObject({
      goods: 4400,
      discount: 600,
      shipping: 490,
      total: 4290,
      coupon: { refusal: null },
    });
    expect((await placeOrder(app.api, token, customer.jwt)).status).toBe(201);
  });

  it("a percentage over the whole order, shared over its lines to the cent", async () => {
    await createCoupon({ code: "TERCIO", value: 33.33 });
    const customer = await registerCustomer(app.api);
    const token = await finishedDraft(app.api, customer.jwt, {
      postcode: POSTCODE,
      ...choice,
      boxes: [{ productId: catalogue.box, quantity: 3 }],
      extras: [{ productId: catalogue.oil, quantity: 1 }],
      couponCode: "TERCIO",
    });
    const quote = await quoteOf(token, customer.jwt);
    // 66.00 + 9.68 = 75.68; 33.33 % of it is 25.224 -> 25.22.
    expect(quote).toMatchObject({ goods: 7568, discount: 2522 });
    expect(quote.lines.reduce((sum, line) => sum + line.discount, 0)).toBe(2522);
    expect(quote.total).toBe(7568 - 2522 + 490);
  });
});
