import { createCipheriv, createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { paymentReference, shiftIsoDate, shopDateOf, type OrderStatus } from "@shop/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "../src/content-types";
import type { Sql } from "../src/database/sql";
import { slotKeyOf, takeSlotPlace } from "../src/delivery/slot-places";
import { takeCouponUse } from "../src/coupons/coupons";
import { parseEnv } from "../src/env";
import { bearer, registerCustomer } from "./helpers/accounts";
import { signedEvent } from "./helpers/fake-stripe";
import { errorCode, getJson, postJson, type JsonResponse } from "./helpers/http";
import { createTestOrder, flushServerWork, orderMailsTo, orderStatusOf } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// Refunds (docs/decisions/031): staff refunding an order wholly or partly through its gateway
// (the sandbox, Redsys's REST refund and Stripe's refunds, each against a local fake), the gateways'
// own notifications of refunds, and a customer cancelling a one-off order before its cut-off.

const REDSYS = { merchantCode: "999008881", terminal: "1", secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7" };
const STRIPE_KEY = "sk_test_fakeRefundsImperfecta";
const STRIPE_WEBHOOK_SECRET = "whsec_fakeRefundsSigning";
/** A Friday years ahead: its cut-off (two working days before, 23:59 in Madrid) is far away. */
const FAR_DAY = "2031-03-14";

// ---- A fake of Redsys's REST endpoint (trataPeticionREST), signing as Redsys does ----------------

/** 3DES-CBC (zero IV, zero padding) of the order under the terminal's key, then HMAC-SHA256: Redsys's guide. */
function redsysSignature(order: string, parameters: string): Buffer {
  const message = Buffer.from(order, "utf8");
  const padded = Buffer.concat([message, Buffer.alloc((8 - (message.length % 8)) % 8)]);
  const cipher = createCipheriv("des-ede3-cbc", Buffer.from(REDSYS.secretKey, "base64"), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  const key = Buffer.concat([cipher.update(padded), cipher.final()]);
  return createHmac("sha256", key).update(parameters).digest();
}

function signedRedsys(params: Record<string, string>) {
  const parameters = Buffer.from(JSON.stringify(params)).toString("base64");
  const signature = redsysSignature(params.Ds_Order ?? "", parameters).toString("base64url");
  return { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: parameters, Ds_Signature: signature };
}

interface FakeRedsys {
  url: string;
  /** The parameters of every request whose signature held. */
  requests: Record<string, string>[];
  close(): Promise<void>;
}

async function startFakeRedsys(): Promise<FakeRedsys> {
  const requests: Record<string, string>[] = [];
  const server = http.createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, string>;
      const params = JSON.parse(Buffer.from(body.Ds_MerchantParameters ?? "", "base64").toString("utf8")) as Record<
        string,
        string
      >;
      const reply = (answer: unknown) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(answer));
      };
      const expected = redsysSignature(params.DS_MERCHANT_ORDER ?? "", body.Ds_MerchantParameters ?? "");
      if (
        request.url !== "/sis/rest/trataPeticionREST" ||
        !expected.equals(Buffer.from(body.Ds_Signature ?? "", "base64"))
      ) {
        reply({ errorCode: "SIS0042" });
        return;
      }
      requests.push(params);
      reply(
        signedRedsys({
          Ds_Amount: params.DS_MERCHANT_AMOUNT ?? "",
          Ds_Currency: "978",
          Ds_Order: params.DS_MERCHANT_ORDER ?? "",
          Ds_MerchantCode: REDSYS.merchantCode,
          Ds_Terminal: "1",
          Ds_Response: "0900",
          Ds_AuthorisationCode: String(100000 + requests.length),
          Ds_TransactionType: params.DS_MERCHANT_TRANSACTIONTYPE ?? "",
          Ds_SecurePayment: "0",
          Ds_Language: "1",
          Ds_MerchantData: "",
          Ds_Card_Country: "724",
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- A fake of Stripe's refunds (POST /v1/refunds), honouring idempotency keys --------------------

interface FakeStripeRefunds {
  url: string;
  requests: { form: Record<string, string>; idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}

async function startFakeStripeRefunds(): Promise<FakeStripeRefunds> {
  const requests: FakeStripeRefunds["requests"] = [];
  const byKey = new Map<string, unknown>();
  const server = http.createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")).entries());
      const key = request.headers["idempotency-key"] as string | undefined;
      const reply = (status: number, answer: unknown) => {
        response.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
        response.end(JSON.stringify(answer));
      };
      if (request.headers.authorization !== `Bearer ${STRIPE_KEY}` || request.url !== "/v1/refunds") {
        reply(404, { error: { type: "invalid_request_error", message: "No such thing" } });
        return;
      }
      requests.push({ form, idempotencyKey: key });
      const made = (key === undefined ? undefined : byKey.get(key)) ?? {
        id: `re_test_${randomBytes(8).toString("hex")}`,
        object: "refund",
        amount: Number(form.amount),
        currency: "eur",
        payment_intent: form.payment_intent,
        status: "succeeded",
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([name]) => name.startsWith("metadata["))
            .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
        ),
      };
      if (key !== undefined) byKey.set(key, made);
      reply(200, made);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- The shop --------------------------------------------------------------------------------------

let app: TestStrapi;
let redsys: FakeRedsys;
let stripe: FakeStripeRefunds;
let staff: Record<string, string>;
let zoneId: number;
let couponId: number;

beforeAll(async () => {
  redsys = await startFakeRedsys();
  stripe = await startFakeStripeRefunds();
  app = await startStrapi({
    SEED_DEMO_DATA: "false",
    PAYMENT_PROVIDER: "sandbox",
    REDSYS_MERCHANT_CODE: REDSYS.merchantCode,
    REDSYS_TERMINAL: REDSYS.terminal,
    REDSYS_SECRET_KEY: REDSYS.secretKey,
    REDSYS_ENVIRONMENT: `${redsys.url}/sis/realizarPago`,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  const { demo } = parseEnv(process.env);
  const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
    email: demo.email,
    password: demo.password,
  });
  expect(login.status).toBe(200);
  staff = bearer(login.body.data.token);
  const zone = (await app.strapi.db.query(CONTENT_TYPES.deliveryZone).create({
    data: {
      name: "Barcelona",
      postcodes: "08001-08099",
      monday: true,
      tuesday: true,
      wednesday: true,
      thursday: true,
      friday: true,
      shippingFee: 4.9,
      cutoffWorkingDaysBefore: 2,
      cutoffTime: "23:59:00.000",
      active: true,
    },
  })) as { id: number };
  zoneId = zone.id;
  const coupon = (await app.strapi.db.query(CONTENT_TYPES.coupon).create({
    data: {
      code: `REFUND${randomBytes(3).toString("hex").toUpperCase()}`,
      kind: "percentage",
      value: 10,
      timesUsed: 0,
      active: true,
    },
  })) as { id: number };
  couponId = coupon.id;
});

afterAll(async () => {
  await app?.stop();
  await redsys?.close();
  await stripe?.close();
});

interface PlacedOrder {
  id: number;
  number: string;
  total: number;
  reference: string;
  customer: Awaited<ReturnType<typeof registerCustomer>>;
}

/**
 * A one-off order as the shop leaves it once paid through `provider` (or still unpaid), for delivery
 * on `date`, holding a slot place and a coupon use.
 */
async function placedOrder({
  provider = "sandbox",
  status = "paid",
  date = FAR_DAY,
  total = 4311,
}: { provider?: "sandbox" | "redsys" | "stripe"; status?: OrderStatus; date?: string; total?: number } = {}) {
  const { strapi } = app;
  const customer = await registerCustomer(app.api);
  const order = await createTestOrder(strapi, { userId: customer.user.id, email: customer.email, total, status });
  const slotKey = slotKeyOf(zoneId, date, "morning");
  await strapi.db
    .query(CONTENT_TYPES.order)
    .update({ where: { id: order.id }, data: { zone: zoneId, deliveryDate: date, slotKey } });
  await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await takeSlotPlace(strapi, trx, { zoneId, date, slotCode: "morning", capacity: null });
    await takeCouponUse(strapi, trx, { couponId, userId: customer.user.id, orderId: order.id });
  });
  const reference = paymentReference(randomBytes(12));
  if (status !== "pending_payment") {
    await strapi.db.query(CONTENT_TYPES.payment).create({
      data: {
        reference,
        order: order.id,
        provider,
        paymentStatus: "paid",
        amount: total,
        currency: "EUR",
        providerRef: provider === "stripe" ? `pi_test_${randomBytes(8).toString("hex")}` : "082150",
        decidedAt: new Date(),
      },
    });
  }
  return { ...order, reference, customer } satisfies PlacedOrder;
}

const refundUrl = (order: { number: string }) => `${app.url}/staff-tools/orders/${order.number}/refunds`;
const newKey = () => `k-${randomBytes(8).toString("hex")}`;

function staffRefund(order: { number: string }, body: Record<string, unknown>, headers = staff) {
  return postJson<Record<string, unknown>>(
    refundUrl(order),
    { reason: "Faltaba una caja", key: newKey(), ...body },
    headers,
  );
}

async function refundRows(orderId: number) {
  return (await app.strapi.db.query(CONTENT_TYPES.refund).findMany({
    where: { order: { id: orderId } },
    orderBy: { id: "asc" },
  })) as {
    key: string;
    amount: number;
    refundStatus: string;
    origin: string;
    providerRef: string | null;
    actorLabel: string;
  }[];
}

async function slotTaken(date: string): Promise<number> {
  const row = (await app.strapi.db
    .query(CONTENT_TYPES.deliverySlotDay)
    .findOne({ where: { key: slotKeyOf(zoneId, date, "morning") } })) as { taken: number } | null;
  return row?.taken ?? 0;
}

async function redemptionsOf(orderId: number): Promise<number> {
  return app.strapi.db.query(CONTENT_TYPES.couponRedemption).count({ where: { orderId } });
}

async function refundMailsOf(order: PlacedOrder): Promise<string[]> {
  await flushServerWork();
  return orderMailsTo(app.outboxDir, order.customer.email, order.number).filter((mail) =>
    /devuelto|retornat|Devolvemos/.test(mail),
  );
}

const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

describe("a staff refund through the sandbox", () => {
  it("refunds part, then the rest; the order becomes refunded and frees its slot place and coupon use", async () => {
    const order = await placedOrder();
    const before = await slotTaken(FAR_DAY);

    const part = await staffRefund(order, { amount: 1000 });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ amount: 1000, status: "succeeded", provider: "sandbox", origin: "staff" });
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await slotTaken(FAR_DAY)).toBe(before);

    const listed = await getJson<{ payments: { refundable: number }[] }>(refundUrl(order), { headers: staff });
    expect(listed.body.payments).toMatchObject([{ refundable: 3311 }]);

    const rest = await staffRefund(order, { amount: 3311 });
    expect(rest.status).toBe(201);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("refunded");
    expect(await slotTaken(FAR_DAY)).toBe(before - 1);
    expect(await redemptionsOf(order.id)).toBe(0);
    const rows = await refundRows(order.id);
    expect(rows.map((row) => [row.amount, row.refundStatus, row.origin])).toEqual([
      [1000, "succeeded", "staff"],
      [3311, "succeeded", "staff"],
    ]);
    expect(rows[0]?.actorLabel).toBe(parseEnv(process.env).demo.email);

    const mails = await refundMailsOf(order);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain("43,11");
    expect(mails[1]).toContain("al pago de prueba");
  });

  it("refuses more than is left (409 with what is left), amounts that are not cents, and a reused key", async () => {
    const order = await placedOrder();
    const over = await staffRefund(order, { amount: 4312 });
    expect(over.status).toBe(409);
    expect(errorCode(over.body)).toBe("exceeds_refundable");
    expect(JSON.stringify(over.body)).toContain("4311");
    for (const amount of [0, -5, 10.5, "100"]) {
      expect((await staffRefund(order, { amount })).status).toBe(400);
    }
    expect((await staffRefund(order, { amount: 100, reason: "" })).status).toBe(400);
    const key = newKey();
    expect((await staffRefund(order, { amount: 100, key })).status).toBe(201);
    const reused = await staffRefund(order, { amount: 200, key });
    expect(reused.status).toBe(409);
    expect(errorCode(reused.body)).toBe("refund_key_reused");
    expect(sum(await refundRows(order.id))).toBe(100);
  });

  it("answers a retried request with the same refund, never a second one", async () => {
    const order = await placedOrder();
    const key = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => staffRefund(order, { amount: 500, key })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    // The same refund each time (a replay while the gateway is still asked says it is pending).
    expect(new Set(answers.map((answer) => `${String(answer.body.key)} ${String(answer.body.amount)}`)).size).toBe(1);
    expect(await refundRows(order.id)).toHaveLength(1);
  });

  it("lets concurrent refunds together take no more than was paid", async () => {
    const order = await placedOrder();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => staffRefund(order, { amount: 1000 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 409]);
    const rows = await refundRows(order.id);
    expect(sum(rows)).toBe(4000);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
  });

  it("is for staff with the refund permission only: a customer's token or none is refused, an unknown order is 404", async () => {
    const order = await placedOrder();
    expect((await staffRefund(order, { amount: 100 }, {})).status).toBe(401);
    expect([401, 403]).toContain((await staffRefund(order, { amount: 100 }, bearer(order.customer.jwt))).status);
    expect((await getJson(refundUrl(order), { headers: bearer(order.customer.jwt) })).status).toBeGreaterThanOrEqual(
      401,
    );
    expect((await staffRefund({ number: "IMP-9999999" }, { amount: 100 })).status).toBe(404);
    expect(await refundRows(order.id)).toHaveLength(0);
  });

  it("refuses an unpaid order", async () => {
    const order = await placedOrder({ status: "pending_payment" });
    const answer = await staffRefund(order, { amount: 100 });
    expect(answer.status).toBe(409);
    expect(errorCode(answer.body)).toBe("not_refundable");
  });
});

/** A Redsys notification of a refund, signed with the terminal's key. */
function redsysRefundNotification(reference: string, amount: number, authorisation: string) {
  return getJson(`${app.api}/payments/redsys/notification`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(
      signedRedsys({
        Ds_Date: "14%2F03%2F2031",
        Ds_Hour: "10%3A05",
        Ds_Amount: String(amount),
        Ds_Currency: "978",
        Ds_Order: reference,
        Ds_MerchantCode: REDSYS.merchantCode,
        Ds_Terminal: "001",
        Ds_Response: "0900",
        Ds_TransactionType: "3",
        Ds_SecurePayment: "0",
        Ds_AuthorisationCode: authorisation,
      }),
    ).toString(),
  });
}

describe("a Redsys refund", () => {
  it("is a signed type 3 request to trataPeticionREST for the payment's order, and its notification counts once", async () => {
    const order = await placedOrder({ provider: "redsys" });
    const part = await staffRefund(order, { amount: 1500 });
    expect(part.status).toBe(201);
    expect(redsys.requests.at(-1)).toMatchObject({
      DS_MERCHANT_MERCHANTCODE: REDSYS.merchantCode,
      DS_MERCHANT_TERMINAL: REDSYS.terminal,
      DS_MERCHANT_TRANSACTIONTYPE: "3",
      DS_MERCHANT_ORDER: order.reference,
      DS_MERCHANT_AMOUNT: "1500",
      DS_MERCHANT_CURRENCY: "978",
    });
    const authorisation = String(part.body.providerRef);
    expect(authorisation).toMatch(/^\d{6}$/);

    // Redsys also notifies the refund it made for the shop: recorded already, so nothing changes.
    for (let time = 0; time < 2; time++) {
      expect((await redsysRefundNotification(order.reference, 1500, authorisation)).status).toBe(200);
    }
    expect((await refundRows(order.id)).map((row) => row.amount)).toEqual([1500]);

    const rest = await staffRefund(order, { amount: 2811 });
    expect(rest.status).toBe(201);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("refunded");
    expect(await redemptionsOf(order.id)).toBe(0);
  });

  it("made in Redsys's panel is recorded when its notification arrives, and a replay changes nothing", async () => {
    const order = await placedOrder({ provider: "redsys" });
    const requestsBefore = redsys.requests.length;
    expect((await redsysRefundNotification(order.reference, 4311, "771100")).status).toBe(200);
    expect((await redsysRefundNotification(order.reference, 4311, "771100")).status).toBe(200);
    const rows = await refundRows(order.id);
    expect(rows.map((row) => [row.amount, row.origin, row.refundStatus, row.providerRef])).toEqual([
      [4311, "gateway", "succeeded", "771100"],
    ]);
    expect(redsys.requests.length).toBe(requestsBefore);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("refunded");
    expect(await redemptionsOf(order.id)).toBe(0);
    expect(await refundMailsOf(order)).toHaveLength(1);
    // Nothing is left to refund by hand afterwards.
    expect(errorCode((await staffRefund(order, { amount: 1 })).body)).toBe("not_refundable");
  });
});

const stripeWebhook = (type: string, object: Record<string, unknown> & { id: string }) => {
  const event = signedEvent(type, object, { secret: STRIPE_WEBHOOK_SECRET });
  return getJson(`${app.api}/payments/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.body,
  });
};

async function intentOf(orderId: number): Promise<string> {
  const payment = (await app.strapi.db
    .query(CONTENT_TYPES.payment)
    .findOne({ where: { order: { id: orderId } }, select: ["providerRef"] })) as { providerRef: string };
  return payment.providerRef;
}

describe("a Stripe refund", () => {
  it("is created for the payment's PaymentIntent under the refund's key, and its webhook counts once", async () => {
    const order = await placedOrder({ provider: "stripe" });
    const key = newKey();
    const part = await staffRefund(order, { amount: 2000, key });
    expect(part.status).toBe(201);
    const intent = await intentOf(order.id);
    const sent = stripe.requests.at(-1);
    expect(sent?.idempotencyKey).toBe(`refund-staff-${key}`);
    expect(sent?.form).toMatchObject({
      payment_intent: intent,
      amount: "2000",
      "metadata[refund_key]": `staff-${key}`,
      "metadata[reference]": order.reference,
    });
    const refundId = String(part.body.providerRef);
    expect(refundId).toMatch(/^re_/);

    const refund = {
      id: refundId,
      object: "refund",
      amount: 2000,
      currency: "eur",
      payment_intent: intent,
      status: "succeeded",
      metadata: { refund_key: `staff-${key}` },
    };
    for (const type of ["refund.created", "refund.updated", "refund.created"]) {
      expect((await stripeWebhook(type, refund)).status).toBe(200);
    }
    expect(
      (
        await stripeWebhook("charge.refunded", {
          id: "ch_1",
          object: "charge",
          payment_intent: intent,
          amount_refunded: 2000,
          refunds: { object: "list", data: [refund] },
        })
      ).status,
    ).toBe(200);
    expect((await refundRows(order.id)).map((row) => row.amount)).toEqual([2000]);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
  });

  it("made in Stripe's dashboard is recorded from charge.refunded, once, and refunds the order in full", async () => {
    const order = await placedOrder({ provider: "stripe" });
    const intent = await intentOf(order.id);
    const refund = {
      id: `re_dashboard_${randomBytes(4).toString("hex")}`,
      object: "refund",
      amount: 4311,
      currency: "eur",
      payment_intent: intent,
      status: "succeeded",
      metadata: {},
    };
    const charge = {
      id: `ch_${randomBytes(4).toString("hex")}`,
      object: "charge",
      payment_intent: intent,
      amount_refunded: 4311,
      refunds: { object: "list", data: [refund] },
    };
    expect((await stripeWebhook("charge.refunded", charge)).status).toBe(200);
    expect((await stripeWebhook("charge.refunded", charge)).status).toBe(200);
    expect((await stripeWebhook("refund.created", refund)).status).toBe(200);
    expect((await refundRows(order.id)).map((row) => [row.amount, row.origin, row.providerRef])).toEqual([
      [4311, "gateway", refund.id],
    ]);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("refunded");
    expect(await refundMailsOf(order)).toHaveLength(1);
  });

  it("refuses a webhook whose signature does not hold, recording nothing", async () => {
    const order = await placedOrder({ provider: "stripe" });
    const event = signedEvent(
      "refund.created",
      {
        id: "re_forged",
        object: "refund",
        amount: 4311,
        payment_intent: await intentOf(order.id),
        status: "succeeded",
      },
      { secret: "whsec_someoneElse" },
    );
    const answer = await getJson(`${app.api}/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.body,
    });
    expect(answer.status).toBe(400);
    expect(await refundRows(order.id)).toHaveLength(0);
  });
});

describe("a customer cancelling a one-off order", () => {
  const cancel = (order: PlacedOrder, jwt = order.customer.jwt) =>
    postJson<Record<string, unknown>>(`${app.api}/orders/mine/${order.number}/cancel`, {}, bearer(jwt));
  const view = async (order: PlacedOrder) =>
    (
      await getJson<Record<string, unknown>>(`${app.api}/orders/mine/${order.number}`, {
        headers: bearer(order.customer.jwt),
      })
    ).body;

  it("before the cut-off: is told what comes back, then the order is refunded in full, cancelled, its holds freed", async () => {
    const order = await placedOrder();
    const before = await slotTaken(FAR_DAY);
    expect(await view(order)).toMatchObject({
      cancellation: { possible: true, refund: 4311, method: "sandbox" },
      refunds: [],
    });
    const answer: JsonResponse<Record<string, unknown>> = await cancel(order);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: "cancelled",
      refunds: [{ amount: 4311, status: "succeeded" }],
      cancellation: { possible: false },
    });
    expect(await slotTaken(FAR_DAY)).toBe(before - 1);
    expect(await redemptionsOf(order.id)).toBe(0);
    expect((await refundRows(order.id)).map((row) => [row.origin, row.amount])).toEqual([["customer", 4311]]);
    const mails = await refundMailsOf(order);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Hemos anulado el pedido");

    // Asked again (a double click): nothing more happens.
    expect((await cancel(order)).status).toBe(409);
    expect(await refundRows(order.id)).toHaveLength(1);
  });

  it("an unpaid order is cancelled with nothing to refund", async () => {
    const order = await placedOrder({ status: "pending_payment" });
    expect(await view(order)).toMatchObject({ cancellation: { possible: true, refund: 0, method: null } });
    const answer = await cancel(order);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "cancelled", refunds: [] });
    expect(await redemptionsOf(order.id)).toBe(0);
  });

  it("after the cut-off: not offered, and the CMS answers 409 with the reason; the order stays paid", async () => {
    const yesterday = shiftIsoDate(shopDateOf(new Date()), -1);
    const order = await placedOrder({ date: yesterday });
    expect(await view(order)).toMatchObject({ cancellation: { possible: false, refund: 4311 } });
    const answer = await cancel(order);
    expect(answer.status).toBe(409);
    expect(errorCode(answer.body)).toBe("past_cutoff");
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect(await refundRows(order.id)).toHaveLength(0);
  });

  it("another customer's order, or one that does not exist, is 404", async () => {
    const order = await placedOrder();
    const other = await registerCustomer(app.api);
    expect((await cancel(order, other.jwt)).status).toBe(404);
    expect((await cancel({ ...order, number: "IMP-9999998" })).status).toBe(404);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
  });
});
