import {
  createdOrderSchema,
  deliveryCalendarSchema,
  MAX_UNPAID_ORDERS,
  orderDraftAnswerSchema,
  orderListSchema,
  orderQuoteSchema,
  orderSchema,
  paymentAnswerSchema,
} from "@shop/contracts";
import { ORDER_STATUSES, OrderStatusChangeError } from "@shop/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../src/env";
import { expireUnpaidOrders } from "../src/jobs/expire-unpaid-orders";
import { changeOrderStatus } from "../src/ordering/status";
import { bearer, mailsTo, registerCustomer, send, waitForMail } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson, postJson } from "./helpers/http";
import {
  createCatalogue,
  createZone,
  deliveryAddress,
  draftHeaders,
  finishedDraft,
  firstOfferedDate,
  newDraft,
  patchDraft,
  placeOrder,
  type Catalogue,
} from "./helpers/ordering";
import { createTestOrder, flushServerWork } from "./helpers/payment-orders";
import { createProduct, createTax, ensureMarketType } from "../src/factories/catalogue";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// Orders from draft to paid (docs/decisions/015), on SQLite and, in CI, PostgreSQL: the draft's
// checks, the prices computed by the CMS, the slot's last place and the coupon's last use under
// concurrency, the customer's own orders only, expiry, and staff's status changes.
let app: TestStrapi;
let catalogue: Catalogue;
let customer: { jwt: string; email: string };
let choice: { date: string; slot: string };

const POSTCODE = "46010";

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
  catalogue = await createCatalogue(app.strapi);
  await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" });
  await app.strapi.documents(CONTENT_TYPES.coupon as never).create({
    data: { code: "test10", kind: "percentage", value: 10, minimumOrder: 10, active: true } as never,
  });
  customer = await registerCustomer(app.api);
  choice = await firstOfferedDate(app.api, POSTCODE);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const orderOf = async (jwt: string, number: string) =>
  getJson(`${app.api}/orders/mine/${encodeURIComponent(number)}`, { headers: bearer(jwt) });

/** Waits for the order to reach `status` (a gateway's notification is applied after its answer). */
async function waitForStatus(jwt: string, number: string, status: string) {
  for (let tries = 0; tries < 200; tries++) {
    const order = orderSchema.parse((await orderOf(jwt, number)).body);
    if (order.status === status) return order;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`order ${number} never became ${status}`);
}

/** The sandbox gateway's page, as the customer's browser posts its button. */
async function decideSandboxPayment(url: string, decision: "approve" | "decline") {
  const reference = new URL(url).pathname.split("/").at(-1)!;
  const response = await fetch(`${app.api}/payments/sandbox/${reference}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ decision }).toString(),
    redirect: "manual",
  });
  // The page sends the browser back to the shop.
  expect([302, 303]).toContain(response.status);
}

async function slotTaken(date: string, slot: string): Promise<number> {
  const rows = (await app.strapi.db
    .query(CONTENT_TYPES.deliverySlotDay)
    .findMany({ where: { date, slotCode: slot } })) as {
    taken: number;
  }[];
  return rows.reduce((sum, row) => sum + row.taken, 0);
}

describe("an order from the draft to paid, through the API", () => {
  it("draft, steps, quote, order, sandbox payment, paid; the draft is spent", async () => {
    const created = await postJson(`${app.api}/order-drafts`, {});
    expect(created.status).toBe(201);
    const { token, steps } = orderDraftAnswerSchema.parse(created.body);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(steps).toEqual({ postcode: false, plan: false, box: false, extras: false, delivery: false });

    // Signed out until the account step, as the flow is.
    const step = async (body: unknown, jwt?: string) => {
      const response = await patchDraft(app.api, token!, body, jwt);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return orderDraftAnswerSchema.parse(response.body);
    };
    expect((await step({ postcode: "46 010" })).draft.postcode).toBe("46010");
    await step({ purchase: "once" });
    await step({ boxes: [{ productId: catalogue.box, quantity: 2, exclusions: [catalogue.pear] }] });
    expect((await step({ extras: [{ productId: catalogue.oil, quantity: 1 }] })).steps).toEqual({
      postcode: true,
      plan: true,
      box: true,
      extras: true,
      delivery: false,
    });
    const delivery = { address: deliveryAddress(POSTCODE), ...choice, notes: "Timbre 2" };
    expect((await step({ delivery }, customer.jwt)).steps.delivery).toBe(true);
    // The draft is the customer's now: signed out, its holder is asked to sign in (401) and told
    // nothing of it; another customer is told it does not exist.
    const signedOut = await getJson(`${app.api}/order-drafts/current`, { headers: draftHeaders(token!) });
    expectErrorShape(signedOut, 401);
    expect(JSON.stringify(signedOut.body)).not.toContain("46010");
    expectErrorShape(await patchDraft(app.api, token!, { purchase: "once" }), 401);
    const other = await registerCustomer(app.api);
    expectErrorShape(
      await getJson(`${app.api}/order-drafts/current`, { headers: draftHeaders(token!, other.jwt) }),
      404,
    );
    await step({ couponCode: " test10 " }, customer.jwt);

    const quote = orderQuoteSchema.parse(
      (
        await getJson(`${app.api}/order-drafts/current/quote?locale=ca`, {
          headers: draftHeaders(token!, customer.jwt),
        })
      ).body,
    );
    // 2 × 22.00 (20.00 + 10 %) + 9.68 (8.00 + 21 %) = 53.68; 10 % off = 5.37; 4.90 delivery under 60.
    expect(quote).toMatchObject({
      audience: "consumer",
      goods: 5368,
      discount: 537,
      shipping: 490,
      total: 5321,
      coupon: { code: "TEST10", refusal: null },
      freeShippingFrom: 6000,
    });
    expect(quote.lines.map((line) => [line.name, line.unitPrice, line.quantity, line.exclusions])).toEqual([
      ["Caixa mixta mitjana", 2200, 2, ["Pera"]],
      ["Aceite de oliva", 968, 1, []],
    ]);
    expect(quote.lines.reduce((sum, line) => sum + line.discount, 0)).toBe(537);

    const placed = await placeOrder(app.api, token!, customer.jwt, {
      termsAccepted: true,
      marketingConsent: false,
      locale: "ca",
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order, payment } = createdOrderSchema.parse(placed.body);
    expect(order).toMatchObject({
      status: "pending_payment",
      locale: "ca",
      canPay: true,
      totals: { goods: 5368, discount: 537, shipping: 490, total: 5321 },
      couponCode: "TEST10",
      delivery: { date: choice.date, slot: { code: choice.slot }, zoneName: "Valencia", notes: "Timbre 2" },
      subscriptionId: null,
    });
    expect(order.number).toMatch(/^IMP-\d{7}$/);
    // What staff pack: the box's type and size as sold, kept on the line.
    const stored = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { number: order.number },
      populate: { lines: true },
    })) as { lines: { kind: string; boxKind: string | null; size: string | null }[] };
    expect(stored.lines.map(({ kind, boxKind, size }) => [kind, boxKind, size])).toEqual([
      ["box", "mixed", "IM"],
      ["extra", null, null],
    ]);
    expect(order.events).toEqual([expect.objectContaining({ from: null, to: "pending_payment", actor: "customer" })]);
    // Written through the query engine (src/ordering/new-orders.ts): the admin panel's document
    // service finds it whole, with its customer, zone, lines in their order and its history.
    const asStaffSee = (await app.strapi.documents(CONTENT_TYPES.order as never).findFirst({
      filters: { number: order.number } as never,
      populate: { user: true, zone: true, lines: true, events: true } as never,
    })) as unknown as {
      documentId: string;
      publishedAt: string | null;
      user: { email: string };
      zone: { name: string };
      lines: { name: string }[];
      events: { to: string; actorKind: string; actorLabel: string }[];
    };
    expect(asStaffSee.documentId).toMatch(/^\w{20,}$/);
    expect(asStaffSee.publishedAt).not.toBeNull();
    expect(asStaffSee.user.email).toBe(customer.email);
    expect(asStaffSee.zone.name).toBe("Valencia");
    expect(asStaffSee.lines.map((line) => line.name)).toEqual(["Caixa mixta mitjana", "Aceite de oliva"]);
    expect(asStaffSee.events).toEqual([
      expect.objectContaining({ to: "pending_payment", actorKind: "customer", actorLabel: customer.email }),
    ]);
    expect(payment.method).toBe("GET");

    // One draft, one order.
    expectErrorShape(await placeOrder(app.api, token!, customer.jwt), 404);

    await decideSandboxPayment(payment.url, "approve");
    const paid = await waitForStatus(customer.jwt, order.number, "paid");
    expect(paid.canPay).toBe(false);
    expect(paid.events.map((event) => [event.from, event.to, event.actor])).toEqual([
      [null, "pending_payment", "customer"],
      ["pending_payment", "paid", "payment"],
    ]);

    const list = orderListSchema.parse(
      (await getJson(`${app.api}/orders/mine?limit=5`, { headers: bearer(customer.jwt) })).body,
    );
    expect(list.orders[0]).toMatchObject({ number: order.number, status: "paid", total: 5321, itemCount: 3 });

    // A paid order takes no other payment.
    const again = await postJson(`${app.api}/orders/mine/${order.number}/payments`, {}, bearer(customer.jwt));
    expect(errorCode(expectErrorShape(again, 409))).toBe("not_payable");

    // "Order again": the same plan, postcode, boxes and extras in a new draft.
    const reorder = await postJson(`${app.api}/order-drafts/from-order/${order.number}`, {}, bearer(customer.jwt));
    expect(reorder.status).toBe(201);
    expect(orderDraftAnswerSchema.parse(reorder.body)).toMatchObject({
      token: expect.any(String),
      draft: {
        postcode: POSTCODE,
        purchase: "once",
        boxes: [{ productId: catalogue.box, quantity: 2, exclusions: [catalogue.pear] }],
        extras: [{ productId: catalogue.oil, quantity: 1, frequency: "once" }],
        delivery: null,
      },
      steps: { postcode: true, plan: true, box: true, extras: true, delivery: false },
    });
  });

  it("a declined payment can be tried again, and then paid", async () => {
    const token = await finishedDraft(app.api, customer.jwt, {
      postcode: POSTCODE,
      ...choice,
      boxes: [{ productId: catalogue.box, quantity: 1 }],
    });
    const { order, payment } = createdOrderSchema.parse((await placeOrder(app.api, token, customer.jwt)).body);
    await decideSandboxPayment(payment.url, "decline");
    expect((await waitForStatus(customer.jwt, order.number, "payment_failed")).canPay).toBe(true);

    const retry = await postJson(`${app.api}/orders/mine/${order.number}/payments`, {}, bearer(customer.jwt));
    expect(retry.status).toBe(201);
    const { payment: second } = paymentAnswerSchema.parse(retry.body);
    expect(second.url).not.toBe(payment.url);
    await decideSandboxPayment(second.url, "approve");
    const paid = await waitForStatus(customer.jwt, order.number, "paid");
    expect(paid.events.map((event) => event.to)).toEqual([
      "pending_payment",
      "payment_failed",
      "pending_payment",
      "paid",
    ]);
  });

  it("a subscription's first order makes the subscription, active once paid", async () => {
    const token = await finishedDraft(app.api, customer.jwt, {
      postcode: POSTCODE,
      ...choice,
      purchase: "subscription",
      boxes: [{ productId: catalogue.box, quantity: 1 }],
      extras: [
        { productId: catalogue.oil, quantity: 1, frequency: "every_delivery" },
        { productId: catalogue.pear, quantity: 3, frequency: "once" },
      ],
    });
    const { order, payment } = createdOrderSchema.parse((await placeOrder(app.api, token, customer.jwt)).body);
    expect(order).toMatchObject({ purchase: "subscription", frequency: "weekly" });
    expect(order.subscriptionId).toEqual(expect.any(String));
    const subscription = () =>
      app.strapi.db.query(CONTENT_TYPES.subscription).findOne({
        where: { documentId: order.subscriptionId },
        populate: { firstOrder: { select: ["number"] } },
      }) as Promise<{
        subscriptionStatus: string;
        extras: unknown[];
        nextDeliveryDate: string;
        firstOrder: { number: string };
      }>;
    expect(await subscription()).toMatchObject({
      subscriptionStatus: "pending",
      extras: [{ productId: catalogue.oil, quantity: 1, frequency: "every_delivery" }],
      firstOrder: { number: order.number },
    });
    await decideSandboxPayment(payment.url, "approve");
    await waitForStatus(customer.jwt, order.number, "paid");
    expect((await subscription()).subscriptionStatus).toBe("active");
  });
});

describe("a draft refuses what the order would", () => {
  let token: string;

  beforeAll(async () => {
    token = await newDraft(app.api, customer.jwt);
    await patchDraft(app.api, token, { postcode: POSTCODE, purchase: "once" }, customer.jwt);
  });

  const refusal = async (body: unknown, jwt: string | undefined = customer.jwt) => {
    const error = expectErrorShape(await patchDraft(app.api, token, body, jwt), 400);
    const details = error.error.details as { code?: string; errors: { path: unknown[]; message: string }[] };
    return [details.errors[0]?.path, details.code ?? details.errors[0]?.message];
  };

  it("products: unknown, of the wrong kind, inactive, or for the other kind of customer", async () => {
    const box = (productId: number, exclusions: number[] = []) => ({ boxes: [{ productId, quantity: 1, exclusions }] });
    expect(await refusal(box(999_999))).toEqual([["boxes", 0, "productId"], "unknown_product"]);
    expect(await refusal(box(catalogue.pear))).toEqual([["boxes", 0, "productId"], "not_a_box"]);
    expect(await refusal(box(catalogue.inactiveBox))).toEqual([["boxes", 0, "productId"], "unknown_product"]);
    expect(await refusal(box(catalogue.companyBox))).toEqual([["boxes", 0, "productId"], "not_for_you"]);
    expect(await refusal(box(catalogue.box, [catalogue.oil]))).toEqual([["boxes", 0, "exclusions"], "not_an_item"]);
    expect(await refusal({ extras: [{ productId: catalogue.box, quantity: 1 }] })).toEqual([
      ["extras", 0, "productId"],
      "not_an_extra",
    ]);
    expect(await refusal({ extras: [{ productId: catalogue.oil, quantity: 1, frequency: "every_delivery" }] })).toEqual(
      [["extras", 0, "frequency"], "needs_subscription"],
    );
  });

  it("a company may buy what only companies buy", async () => {
    const company = await registerCustomer(app.api);
    await send(
      "PUT",
      `${app.api}/users/me`,
      { preferredLocale: "es", customerKind: "company", companyName: "Fruites SL", taxId: "B12345674" },
      bearer(company.jwt),
    );
    const draft = await newDraft(app.api, company.jwt);
    const response = await patchDraft(
      app.api,
      draft,
      { boxes: [{ productId: catalogue.companyBox, quantity: 1 }] },
      company.jwt,
    );
    expect(response.status).toBe(200);
  });

  it("postcodes, dates, slots and addresses", async () => {
    expect(await refusal({ postcode: "41001" })).toEqual([["postcode"], "not_covered"]);
    expect(await refusal({ postcode: "99999" })).toEqual([["postcode"], "invalid_postcode"]);
    const delivery = { address: deliveryAddress(POSTCODE), ...choice };
    expect(await refusal({ delivery: { ...delivery, date: "2020-01-07" } })).toEqual([
      ["delivery", "date"],
      "date_not_offered",
    ]);
    expect(await refusal({ delivery: { ...delivery, date: "2026-02-30" } })).toEqual([
      ["delivery", "date"],
      "invalidDate",
    ]);
    expect(await refusal({ delivery: { ...delivery, slot: "midnight" } })).toEqual([
      ["delivery", "slot"],
      "slot_unknown",
    ]);
    expect(await refusal({ delivery: { ...delivery, address: deliveryAddress("46200") } })).toEqual([
      ["delivery", "address", "postalCode"],
      "address_not_covered",
    ]);
    // Another customer's address-book entry is no entry at all.
    const other = await registerCustomer(app.api);
    const entry = await postJson(
      `${app.api}/users/me/addresses`,
      { ...deliveryAddress(POSTCODE), label: "Casa" },
      bearer(other.jwt),
    );
    const { documentId } = (entry.body as { data: { documentId: string } }).data;
    expect(await refusal({ delivery: { ...choice, addressId: documentId } })).toEqual([
      ["delivery", "addressId"],
      "unknown_address",
    ]);
    expect(await refusal({ couponCode: "NOSUCHCODE" })).toEqual([["couponCode"], "unknown"]);
    // The customer's own entry is taken, and the order will snapshot it.
    const own = await postJson(
      `${app.api}/users/me/addresses`,
      { ...deliveryAddress(POSTCODE), label: "Oficina" },
      bearer(customer.jwt),
    );
    const ownId = (own.body as { data: { documentId: string } }).data.documentId;
    const taken = await patchDraft(app.api, token, { delivery: { ...choice, addressId: ownId } }, customer.jwt);
    expect(taken.status).toBe(200);
    expect(orderDraftAnswerSchema.parse(taken.body).draft.delivery).toMatchObject({ addressId: ownId, address: null });
  });

  it("answers 400, never 5xx, to garbage: wrong types, unknown fields, huge or broken bodies", async () => {
    for (const body of [
      { postcode: 46010 },
      { boxes: "all" },
      { boxes: [{ productId: "1", quantity: 1 }] },
      { boxes: [{ productId: catalogue.box, quantity: 1e9 }] },
      { total: 0 },
      { delivery: { date: choice.date } },
      { extras: Array.from({ length: 41 }, (_, index) => ({ productId: index + 1, quantity: 1 })) },
      [],
      null,
    ]) {
      const response = await patchDraft(app.api, token, body, customer.jwt);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const huge = await patchDraft(app.api, token, { delivery: { notes: "x".repeat(2_000_000) } }, customer.jwt);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const broken = await fetch(`${app.api}/order-drafts/current`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...draftHeaders(token, customer.jwt) },
      body: '{"postcode": ',
    });
    expect(broken.status).toBe(400);
  });

  it("a missing, unknown or oversized token finds no draft", async () => {
    for (const headers of [{}, draftHeaders("f".repeat(64)), draftHeaders("x".repeat(5000))]) {
      expectErrorShape(await getJson(`${app.api}/order-drafts/current`, { headers }), 404);
      expectErrorShape(await send("PATCH", `${app.api}/order-drafts/current`, { purchase: "once" }, headers), 404);
    }
  });

  it("an order needs a session, the terms, and a finished draft (the first missing step named)", async () => {
    expectErrorShape(
      await postJson(`${app.api}/orders`, { termsAccepted: true, locale: "es" }, draftHeaders(token)),
      401,
    );
    const unfinished = await newDraft(app.api, customer.jwt);
    const incomplete = expectErrorShape(await placeOrder(app.api, unfinished, customer.jwt), 400);
    expect(incomplete.error.details).toMatchObject({ code: "draft_incomplete", errors: [{ path: ["postcode"] }] });
    await patchDraft(app.api, unfinished, { postcode: POSTCODE, purchase: "subscription" }, customer.jwt);
    const noFrequency = expectErrorShape(await placeOrder(app.api, unfinished, customer.jwt), 400);
    expect(noFrequency.error.details).toMatchObject({ errors: [{ path: ["frequency"] }] });
    const noTerms = await placeOrder(app.api, unfinished, customer.jwt, { termsAccepted: false, locale: "es" });
    expect(expectErrorShape(noTerms, 400).error.details).toMatchObject({ errors: [{ path: ["termsAccepted"] }] });
  });
});

describe("seasonal boxes: sold between two days of the year, in their zones, once (decision 042)", () => {
  it("a draft and an order refuse a seasonal box out of its zone, its season or in a subscription", async () => {
    const calendar = deliveryCalendarSchema.parse(
      (await getJson(`${app.api}/delivery/calendar?postcode=${POSTCODE}`)).body,
    );
    const [first, second] = calendar.dates;
    if (!first?.slots[0] || !second?.slots[0]) throw new Error("the Valencia zone offers two dates");
    const valencia = (await app.strapi.db.query(CONTENT_TYPES.deliveryZone).findOne({
      where: { name: "Valencia" },
    })) as { id: number; documentId: string };
    expect(calendar.zone.id).toBe(valencia.id);
    const girona = await createZone(app.strapi, { name: "Girona", postcodes: "17001-17099" });
    const food = (await createTax(app.strapi, { amount_value: 0.04 })).documentId;
    const b2c = (await ensureMarketType(app.strapi, "B2C")).documentId;
    const day = first.date.slice(5);
    const seasonal = async (name: string, zone: string) =>
      (
        await createProduct(app.strapi, {
          type: "box",
          name_es: name,
          itemType: "fruits",
          boxType: "XL",
          price: 24,
          tax_id: food,
          market_types: [b2c],
          seasonal: true,
          // In season on the first offered date only: the second is out of it.
          saleFrom: day,
          saleUntil: day,
          saleZones: [zone],
        })
      ).id;
    const oranges = await seasonal("Caja de naranjas de temporada", valencia.documentId);
    const calsots = await seasonal("Caja calçotada", girona.documentId);

    // The catalogue tells the shop when and where (the box step offers by it).
    const listed = (
      await getJson<{ data: { id: number; saleFrom: string; saleUntil: string; saleZoneIds: number[] }[] }>(
        `${app.api}/products`,
      )
    ).body.data;
    expect(listed.find((product) => product.id === oranges)).toMatchObject({
      saleFrom: day,
      saleUntil: day,
      saleZoneIds: [valencia.id],
    });

    const buyer = await registerCustomer(app.api);
    const token = await newDraft(app.api, buyer.jwt);
    await patchDraft(app.api, token, { postcode: POSTCODE, purchase: "once" }, buyer.jwt);
    const refusal = async (body: unknown, draft = token) => {
      const error = expectErrorShape(await patchDraft(app.api, draft, body, buyer.jwt), 400);
      const details = error.error.details as { code?: string; errors: { path: unknown[]; message: string }[] };
      return [details.errors[0]?.path, details.code ?? details.errors[0]?.message];
    };
    const box = (productId: number) => ({ boxes: [{ productId, quantity: 1, exclusions: [] }] });
    expect(await refusal(box(calsots))).toEqual([["boxes", 0, "productId"], "not_sold_in_zone"]);
    expect((await patchDraft(app.api, token, box(oranges), buyer.jwt)).status).toBe(200);
    await patchDraft(app.api, token, { extras: [] }, buyer.jwt);
    const delivery = { address: deliveryAddress(POSTCODE), slot: first.slots[0].code };
    expect(await refusal({ delivery: { ...delivery, date: second.date } })).toEqual([
      ["delivery", "date"],
      "out_of_season",
    ]);
    expect((await patchDraft(app.api, token, { delivery: { ...delivery, date: first.date } }, buyer.jwt)).status).toBe(
      200,
    );

    // Sold for one delivery: a subscription would renew past its season.
    const subscription = await newDraft(app.api, buyer.jwt);
    await patchDraft(
      app.api,
      subscription,
      { postcode: POSTCODE, purchase: "subscription", frequency: "weekly" },
      buyer.jwt,
    );
    expect(await refusal(box(oranges), subscription)).toEqual([["boxes", 0, "productId"], "once_only"]);

    // Staff move the season meanwhile: the order is refused, the box named; back in season it is placed.
    const move = (saleFrom: string, saleUntil: string) =>
      app.strapi.db.query(CONTENT_TYPES.product).update({ where: { id: oranges }, data: { saleFrom, saleUntil } });
    await move(second.date.slice(5), second.date.slice(5));
    const refused = await placeOrder(app.api, token, buyer.jwt);
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe("out_of_season");
    expect((expectErrorShape(refused, 400).error.details as { errors: { path: unknown[] }[] }).errors[0]?.path).toEqual(
      ["boxes", 0, "productId"],
    );
    await move(day, day);
    const placed = await placeOrder(app.api, token, buyer.jwt);
    expect(placed.status).toBe(201);
    expect(createdOrderSchema.parse(placed.body).order.lines[0]).toMatchObject({ productId: oranges, kind: "box" });
  });
});

describe("orders waiting for payment", () => {
  it("a customer may have 3 at once: a 4th is refused with 409 too_many_unpaid, and the draft stays", async () => {
    const buyer = await registerCustomer(app.api);
    const userId = buyer.user.id;
    const hour = 60 * 60 * 1000;
    // Paid, cancelled and past-deadline orders hold nothing any more: they do not count.
    for (const status of ["paid", "cancelled"] as const) {
      await createTestOrder(app.strapi, { userId, email: buyer.email, status });
    }
    const late = await createTestOrder(app.strapi, {
      userId,
      email: buyer.email,
      expiresAt: new Date(Date.now() - 1000),
    });
    await createTestOrder(app.strapi, { userId, email: buyer.email, expiresAt: new Date(Date.now() + hour) });
    const failed = await createTestOrder(app.strapi, { userId, email: buyer.email, status: "payment_failed" });
    const draft = () =>
      finishedDraft(app.api, buyer.jwt, {
        postcode: POSTCODE,
        ...choice,
        boxes: [{ productId: catalogue.box, quantity: 1 }],
      });

    expect((await placeOrder(app.api, await draft(), buyer.jwt)).status).toBe(201);
    const fourth = await draft();
    const refused = expectErrorShape(await placeOrder(app.api, fourth, buyer.jwt), 409);
    expect(errorCode(refused)).toBe("too_many_unpaid");

    // Once one of them is settled, the same draft can be ordered.
    const cancel = { to: "cancelled", actor: { kind: "system", label: "system:test" } } as const;
    await changeOrderStatus(app.strapi, { ...cancel, orderId: failed.id, from: "payment_failed" });
    expect((await placeOrder(app.api, fourth, buyer.jwt)).status).toBe(201);
    // What the expiry job would do (its own test counts the orders it cancels).
    await changeOrderStatus(app.strapi, { ...cancel, orderId: late.id, from: "pending_payment" });
    await flushServerWork();
  });
});

/**
 * Holds each order draft's lookup until `count` of them are waiting, then lets them all go at once
 * (and any later one straight through): parallel requests then reach the checks before the order's
 * transaction together, as requests arriving at one instant on a busy server do. Returns the undo.
 */
function gatherDraftLookups(count: number): () => void {
  const { strapi } = app;
  let waiting = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const original = strapi.db.query.bind(strapi.db);
  const spy = vi.spyOn(strapi.db, "query").mockImplementation(((uid: string) => {
    const repository = original(uid as never);
    if (uid !== CONTENT_TYPES.orderDraft) return repository;
    return new Proxy(repository, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== "findOne" || typeof value !== "function") return value;
        return async (params?: unknown) => {
          waiting += 1;
          if (waiting >= count) open();
          await gate;
          return (value as (params?: unknown) => Promise<unknown>).call(target, params);
        };
      },
    });
  }) as typeof strapi.db.query);
  return () => spy.mockRestore();
}

describe("orders waiting for payment, placed at the same instant", () => {
  it(`with ${MAX_UNPAID_ORDERS - 1} waiting, parallel "Pay"s from one account place exactly one; the others are refused with 409 too_many_unpaid, their drafts kept`, async () => {
    const buyer = await registerCustomer(app.api);
    const waiting = [];
    for (let index = 0; index < MAX_UNPAID_ORDERS - 1; index++) {
      waiting.push(await createTestOrder(app.strapi, { userId: buyer.user.id, email: buyer.email }));
    }
    const tokens: string[] = [];
    for (let index = 0; index < 5; index++) {
      tokens.push(
        await finishedDraft(app.api, buyer.jwt, {
          postcode: POSTCODE,
          ...choice,
          boxes: [{ productId: catalogue.box, quantity: 1 }],
        }),
      );
    }
    const undo = gatherDraftLookups(tokens.length);
    const answers = await Promise.all(tokens.map((token) => placeOrder(app.api, token, buyer.jwt))).finally(undo);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409)) {
      expect(errorCode(expectErrorShape(answer, 409))).toBe("too_many_unpaid");
    }
    const waitingNow = await app.strapi.db.query(CONTENT_TYPES.order).count({
      where: { user: { id: buyer.user.id }, orderStatus: "pending_payment" },
    });
    expect(waitingNow).toBe(MAX_UNPAID_ORDERS);
    // The refused drafts were not spent: each can still be ordered once a waiting order is settled.
    const refusedToken = tokens[answers.findIndex((answer) => answer.status === 409)] ?? "";
    const cancel = { to: "cancelled", actor: { kind: "system", label: "system:test" } } as const;
    await changeOrderStatus(app.strapi, { ...cancel, orderId: waiting[0]!.id, from: "pending_payment" });
    expect((await placeOrder(app.api, refusedToken, buyer.jwt)).status).toBe(201);
    await flushServerWork();
  });
});

describe("the total the customer was shown", () => {
  it("an order that would come to another total than the summary's is refused with 409 price_changed, the draft kept", async () => {
    const buyer = await registerCustomer(app.api);
    const token = await finishedDraft(app.api, buyer.jwt, {
      postcode: POSTCODE,
      ...choice,
      boxes: [{ productId: catalogue.box, quantity: 1 }],
    });
    const quote = orderQuoteSchema.parse(
      (await getJson(`${app.api}/order-drafts/current/quote`, { headers: draftHeaders(token, buyer.jwt) })).body,
    );
    const body = { termsAccepted: true, locale: "es" };
    const refused = expectErrorShape(
      await placeOrder(app.api, token, buyer.jwt, { ...body, expectedTotal: quote.total - 1 }),
      409,
    );
    expect(refused.error.details).toMatchObject({ code: "price_changed", errors: [{ path: ["expectedTotal"] }] });
    expect((await placeOrder(app.api, token, buyer.jwt, { ...body, expectedTotal: 1.5 })).status).toBe(400);
    const placed = await placeOrder(app.api, token, buyer.jwt, { ...body, expectedTotal: quote.total });
    expect(placed.status).toBe(201);
    expect(createdOrderSchema.parse(placed.body).order.totals.total).toBe(quote.total);
    await flushServerWork();
  });
});

describe("the marketing consent of the summary", () => {
  const WORDING = "Vull rebre per correu les novetats i ofertes d'Imperfecta.";
  const confirmationLink = /\/ca\/newsletter\/confirmar\?token=([0-9a-f]{64})/;

  async function order(jwt: string, marketingConsent: boolean) {
    const token = await finishedDraft(app.api, jwt, {
      postcode: POSTCODE,
      ...choice,
      boxes: [{ productId: catalogue.box, quantity: 1 }],
    });
    const body = { termsAccepted: true, marketingConsent, marketingWording: WORDING, locale: "ca" };
    const placed = await placeOrder(app.api, token, jwt, body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  }

  const consentsOf = async (email: string) =>
    (
      (await app.strapi.db.query(CONTENT_TYPES.newsletterConsent).findMany({
        where: { email },
        populate: { user: { select: ["id"] } },
      })) as { event: string; source: string; wording: string; locale: string; user: { id: number } | null }[]
    ).map(({ event, source, wording, locale, user }) => ({ event, source, wording, locale, userId: user?.id ?? null }));

  it("ticked, asks for the newsletter with its double opt-in, as the account's page does", async () => {
    const buyer = await registerCustomer(app.api);
    await app.strapi.db.query(CONTENT_TYPES.user).update({ where: { id: buyer.user.id }, data: { confirmed: true } });
    await order(buyer.jwt, true);
    const mail = await waitForMail(app.outboxDir, buyer.email, confirmationLink);
    expect(await consentsOf(buyer.email)).toEqual([
      { event: "request", source: "checkout", wording: WORDING, locale: "ca", userId: buyer.user.id },
    ]);
    // Subscribed only once the link is opened.
    expect((await getJson(`${app.api}/users/me`, { headers: bearer(buyer.jwt) })).body).toMatchObject({
      newsletter: false,
    });
    const token = confirmationLink.exec(mail)?.[1] ?? "";
    expect((await postJson(`${app.api}/newsletter/confirm`, { token })).status).toBe(200);
    expect((await getJson(`${app.api}/users/me`, { headers: bearer(buyer.jwt) })).body).toMatchObject({
      newsletter: true,
    });
  });

  it("ticked by an account that has not confirmed its address, asks as a visitor would", async () => {
    const buyer = await registerCustomer(app.api);
    await order(buyer.jwt, true);
    await waitForMail(app.outboxDir, buyer.email, confirmationLink);
    expect(await consentsOf(buyer.email)).toEqual([
      { event: "request", source: "checkout", wording: WORDING, locale: "ca", userId: null },
    ]);
  });

  it("unticked, asks for nothing", async () => {
    const buyer = await registerCustomer(app.api);
    await order(buyer.jwt, false);
    await flushServerWork();
    expect(mailsTo(app.outboxDir, buyer.email).filter((mail) => confirmationLink.test(mail))).toEqual([]);
    expect(await consentsOf(buyer.email)).toEqual([]);
  });
});

describe("concurrency", () => {
  it("20 customers racing for the last place of a slot: exactly one order, the rest 409 slot_full", async () => {
    await createZone(app.strapi, { name: "Castelló", postcodes: "12001-12099", slots: [["last", 1]] });
    const race = await firstOfferedDate(app.api, "12001");
    const racers = await Promise.all(Array.from({ length: 20 }, () => registerCustomer(app.api)));
    const tokens = await Promise.all(
      racers.map((racer) =>
        finishedDraft(app.api, racer.jwt, {
          postcode: "12001",
          ...race,
          boxes: [{ productId: catalogue.box, quantity: 1 }],
        }),
      ),
    );
    const answers = await Promise.all(racers.map((racer, index) => placeOrder(app.api, tokens[index]!, racer.jwt)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const answer of answers.filter((each) => each.status === 409)) {
      expect(errorCode(expectErrorShape(answer, 409))).toBe("slot_full");
    }
    expect(await slotTaken(race.date, "last")).toBe(1);
    expect(await app.strapi.db.query(CONTENT_TYPES.order).count({ where: { slotCode: "last" } })).toBe(1);
    // Full: the calendar no longer offers the slot on that day.
    const calendar = (await getJson(`${app.api}/delivery/calendar?postcode=12001`)).body as {
      dates: { date: string }[];
    };
    expect(calendar.dates.map((day) => day.date)).not.toContain(race.date);
  });
});

describe("the customer's own orders only", () => {
  it("another customer's, a malformed and an unknown number all answer 404, read or paid", async () => {
    const token = await finishedDraft(app.api, customer.jwt, {
      postcode: POSTCODE,
      ...choice,
      boxes: [{ productId: catalogue.box, quantity: 1 }],
    });
    const { order } = createdOrderSchema.parse((await placeOrder(app.api, token, customer.jwt)).body);
    const stranger = await registerCustomer(app.api);
    for (const number of [order.number, "IMP-12", "IMP-9999999", "1", "%00", order.number.toLowerCase()]) {
      const path = `${app.api}/orders/mine/${encodeURIComponent(number)}`;
      expectErrorShape(await getJson(path, { headers: bearer(stranger.jwt) }), 404);
      expectErrorShape(await postJson(`${path}/payments`, {}, bearer(stranger.jwt)), 404);
      expectErrorShape(
        await postJson(`${app.api}/order-drafts/from-order/${encodeURIComponent(number)}`, {}, bearer(stranger.jwt)),
        404,
      );
    }
    expectErrorShape(await getJson(`${app.api}/orders/mine/${order.number}`), 401);
    const theirs = orderListSchema.parse(
      (await getJson(`${app.api}/orders/mine`, { headers: bearer(stranger.jwt) })).body,
    );
    expect(theirs.orders).toEqual([]);
    expect((await orderOf(customer.jwt, order.number)).status).toBe(200);
  });
});

describe("status changes", () => {
  async function pendingOrder(couponCode: string | null = null) {
    const token = await finishedDraft(app.api, customer.jwt, {
      postcode: POSTCODE,
      ...choice,
      boxes: [{ productId: catalogue.box, quantity: 2 }],
      couponCode,
    });
    const placed = await placeOrder(app.api, token, customer.jwt);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order } = createdOrderSchema.parse(placed.body);
    const row = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({ where: { number: order.number } })) as {
      id: number;
      documentId: string;
    };
    return { ...order, id: row.id, documentId: row.documentId };
  }

  it("an unpaid order past its deadline is cancelled once, even by two runs at once, and frees its place and coupon", async () => {
    await app.strapi.documents(CONTENT_TYPES.coupon as never).create({
      data: { code: "EXPIRY5", kind: "fixed", value: 5, minimumOrder: 0, usageLimit: 1, active: true } as never,
    });
    const before = await slotTaken(choice.date, choice.slot);
    const order = await pendingOrder("EXPIRY5");
    expect(await slotTaken(choice.date, choice.slot)).toBe(before + 1);
    const coupon = () =>
      app.strapi.db.query(CONTENT_TYPES.coupon).findOne({ where: { code: "EXPIRY5" } }) as Promise<{
        timesUsed: number;
      }>;
    expect((await coupon()).timesUsed).toBe(1);

    await app.strapi.db
      .query(CONTENT_TYPES.order)
      .update({ where: { id: order.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const runs = await Promise.all([expireUnpaidOrders(app.strapi), expireUnpaidOrders(app.strapi)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    const cancelled = orderSchema.parse((await orderOf(customer.jwt, order.number)).body);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.events.filter((event) => event.to === "cancelled")).toEqual([
      expect.objectContaining({ from: "pending_payment", actor: "system" }),
    ]);
    expect(await slotTaken(choice.date, choice.slot)).toBe(before);
    expect((await coupon()).timesUsed).toBe(0);
    // Its use freed, the customer may use the code again.
    const again = await finishedDraft(app.api, customer.jwt, {
      postcode: POSTCODE,
      ...choice,
      boxes: [{ productId: catalogue.box, quantity: 1 }],
      couponCode: "EXPIRY5",
    });
    expect((await placeOrder(app.api, again, customer.jwt)).status).toBe(201);
    expect(await expireUnpaidOrders(app.strapi)).toBe(0);
  });

  it("changes the domain forbids are refused; of two racing for one change, one wins", async () => {
    const order = await pendingOrder();
    await expect(
      changeOrderStatus(app.strapi, {
        orderId: order.id,
        from: "pending_payment",
        to: "shipped",
        actor: { kind: "staff", label: "x" },
      }),
    ).rejects.toBeInstanceOf(OrderStatusChangeError);
    const pay = () =>
      changeOrderStatus(app.strapi, {
        orderId: order.id,
        from: ["pending_payment", "payment_failed"],
        to: "paid",
        actor: { kind: "payment", label: "payment:test" },
      });
    const results = await Promise.all([pay(), pay(), pay(), pay(), pay()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const paid = orderSchema.parse((await orderOf(customer.jwt, order.number)).body);
    expect(paid.events.filter((event) => event.to === "paid")).toHaveLength(1);
  });

  it("staff move an order in the admin panel along their steps only, recorded under their e-mail", async () => {
    const { demo } = parseEnv(process.env);
    const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
      email: demo.email,
      password: demo.password,
    });
    const staff = { authorization: `Bearer ${login.body.data.token}` };
    const order = await pendingOrder();
    await changeOrderStatus(app.strapi, {
      orderId: order.id,
      from: "pending_payment",
      to: "paid",
      actor: { kind: "payment", label: "payment:test" },
    });
    // The admin panel lists orders by number, newest first, and offers only the status to change.
    const configuration = await getJson(
      `${app.url}/content-manager/content-types/${CONTENT_TYPES.order}/configuration`,
      {
        headers: staff,
      },
    );
    const { contentType } = (
      configuration.body as {
        data: {
          contentType: {
            settings: { mainField: string; defaultSortOrder: string };
            metadatas: Record<string, { edit: { editable: boolean } }>;
            layouts: { list: string[] };
          };
        };
      }
    ).data;
    expect(contentType.settings).toMatchObject({ mainField: "number", defaultSortOrder: "DESC" });
    expect(contentType.layouts.list).toEqual(
      expect.arrayContaining(["number", "orderStatus", "deliveryDate", "zoneName"]),
    );
    expect(contentType.metadatas.orderStatus?.edit.editable).toBe(true);
    expect(contentType.metadatas.total?.edit.editable).toBe(false);

    const url = `${app.url}/content-manager/collection-types/${CONTENT_TYPES.order}/${order.documentId}`;
    // A refusal is an answer for staff, with what they can do instead; not an error of the server's.
    const logged = vi.spyOn(app.strapi.log, "error");
    const wrong = await send("PUT", url, { orderStatus: "delivered" }, staff);
    const deleted = await send("DELETE", url, {}, staff);
    logged.mockRestore();
    expect(expectErrorShape(wrong, 400).error).toMatchObject({
      name: "ApplicationError",
      message: expect.stringContaining("It can become: preparing"),
    });
    expect(expectErrorShape(deleted, 400).error.message).toContain("cancel or refund");
    expect(logged).not.toHaveBeenCalled();
    const right = await send("PUT", url, { orderStatus: "preparing", total: 1 }, staff);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    const row = (await app.strapi.db.query(CONTENT_TYPES.order).findOne({
      where: { id: order.id },
      populate: { events: true },
    })) as { orderStatus: string; total: number; events: { to: string; actorLabel: string; actorKind: string }[] };
    // Only the status: the order's money is the shop's record.
    expect(row).toMatchObject({ orderStatus: "preparing", total: order.totals.total });
    expect(row.events.find((event) => event.to === "preparing")).toMatchObject({
      actorKind: "staff",
      actorLabel: demo.email,
    });
    // Shipped: the customer is told, in the order's language.
    expect((await send("PUT", url, { orderStatus: "shipped" }, staff)).status).toBe(200);
    await waitForMail(app.outboxDir, customer.email, new RegExp(order.number));
  });

  it("the content type's statuses are the domain's", () => {
    const attributes = app.strapi.contentType(CONTENT_TYPES.order as never).attributes as unknown as Record<
      string,
      { enum?: string[] }
    >;
    expect(attributes.orderStatus?.enum).toEqual([...ORDER_STATUSES]);
  });
});
