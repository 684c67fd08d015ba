import { createCipheriv, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentNotificationError, type PaymentNotification } from "../src/payments/provider";
import { createRedsysProvider, type RedsysSettings } from "../src/payments/redsys";
import { startPayment } from "../src/payments/attempts";
import { registerCustomer } from "./helpers/accounts";
import { errorCode, expectErrorShape, getJson } from "./helpers/http";
import { createTestOrder, eventsOf, flushServerWork, orderMailsTo, orderStatusOf } from "./helpers/payment-orders";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// Redsys (docs/decisions/015): the redirect form, and notifications signed with HMAC-SHA256 under a
// key derived by 3DES from the order reference; the adapter alone, then through the CMS.

/**
 * A notification Redsys sent, from its integration guide (as redsys-easy's fixtures keep it): the
 * terminal's key, the parameters as posted, and the signature in base64url as Redsys writes it.
 */
const GUIDE = {
  settings: {
    merchantCode: "999008881",
    terminal: "871",
    secretKey: "Mk9m98IfEblmPfrpsawt7BmxObt98Jev",
    gateway: "test",
  } satisfies RedsysSettings,
  parameters:
    "eyJEc19EYXRlIjoiMDklMkYxMSUyRjIwMTUiLCJEc19Ib3VyIjoiMTglM0EwMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTQ1IiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwNjkiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6Ijg3MSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDgyMTUwIn0=",
  signature: "6DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=",
};

/** Redsys's public test terminal. */
const TEST_TERMINAL = {
  merchantCode: "999008881",
  terminal: "1",
  secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7",
  gateway: "test",
} satisfies RedsysSettings;

// An implementation of the signature of its own, from Redsys's guide, to check the library against:
// 3DES-CBC (zero IV, zero padding) of the order under the terminal's key, then HMAC-SHA256.
function orderKey(secretKey: string, order: string): Buffer {
  const message = Buffer.from(order, "utf8");
  const padded = Buffer.concat([message, Buffer.alloc((8 - (message.length % 8)) % 8)]);
  const cipher = createCipheriv("des-ede3-cbc", Buffer.from(secretKey, "base64"), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

function sign(secretKey: string, order: string, parameters: string): Buffer {
  return createHmac("sha256", orderKey(secretKey, order)).update(parameters).digest();
}

/** A notification as Redsys posts it: a form with the parameters and their base64url signature. */
function redsysPost(secretKey: string, params: Record<string, string>, encoding: "base64" | "base64url" = "base64url") {
  const parameters = Buffer.from(JSON.stringify(params)).toString("base64");
  const signature = sign(secretKey, params.Ds_Order ?? "", parameters).toString(encoding);
  return { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: parameters, Ds_Signature: signature };
}

function asNotification(form: Record<string, string>): PaymentNotification {
  return {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody: new URLSearchParams(form).toString(),
    form,
  };
}

function params(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    Ds_Date: "14%2F03%2F2031",
    Ds_Hour: "10%3A05",
    Ds_Amount: "4311",
    Ds_Currency: "978",
    Ds_Order: "1234AbCd5678",
    Ds_MerchantCode: "999008881",
    Ds_Terminal: "001",
    Ds_Response: "0000",
    Ds_TransactionType: "0",
    Ds_SecurePayment: "1",
    Ds_AuthorisationCode: "082150",
    Ds_Card_Country: "724",
    Ds_Card_Number: "454881******0004",
    ...overrides,
  };
}

/** The same base64 text with one bit of its decoded bytes flipped. */
function flipBit(base64: string, encoding: "base64" | "base64url", byte: number): string {
  const bytes = Buffer.from(base64, encoding);
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return bytes.toString(encoding);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentNotificationError) return error.reason;
    throw error;
  }
  throw new Error("the notification was accepted");
}

describe("the Redsys adapter", () => {
  const guide = createRedsysProvider(GUIDE.settings);
  const guidePost = {
    Ds_SignatureVersion: "HMAC_SHA256_V1",
    Ds_MerchantParameters: GUIDE.parameters,
    Ds_Signature: GUIDE.signature,
  };

  it("accepts the guide's notification: paid, its amount in cents, euros, the authorisation code", async () => {
    expect(sign(GUIDE.settings.secretKey, "0069", GUIDE.parameters).toString("base64url")).toBe(
      GUIDE.signature.replace(/=+$/, ""),
    );
    const verified = await guide.verify(asNotification(guidePost));
    expect(verified).toMatchObject({
      outcome: "paid",
      reference: "0069",
      amount: 145,
      currency: "EUR",
      providerRef: "082150",
    });
  });

  it("accepts the signature in base64 as well as base64url", async () => {
    const base64 = Buffer.from(GUIDE.signature, "base64url").toString("base64");
    expect(base64).toMatch(/[+/]/);
    expect(await guide.verify(asNotification({ ...guidePost, Ds_Signature: base64 }))).toMatchObject({
      outcome: "paid",
    });
  });

  it("refuses the guide's notification with one bit changed in the parameters or in the signature", async () => {
    const changedParameters = { ...guidePost, Ds_MerchantParameters: flipBit(GUIDE.parameters, "base64", 60) };
    expect(await refusal(guide.verify(asNotification(changedParameters)))).toBe("bad_signature");
    const changedSignature = { ...guidePost, Ds_Signature: flipBit(GUIDE.signature, "base64url", 7) };
    expect(await refusal(guide.verify(asNotification(changedSignature)))).toBe("bad_signature");
    const missing = { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: GUIDE.parameters };
    expect(await refusal(guide.verify(asNotification(missing)))).toBe("malformed");
    expect(await refusal(guide.verify(asNotification({ ...guidePost, Ds_SignatureVersion: "HMAC_SHA512_V2" })))).toBe(
      "malformed",
    );
  });

  it("reads the form from the raw body when no parser did", async () => {
    const { form: _form, ...raw } = asNotification(guidePost);
    expect(await guide.verify(raw)).toMatchObject({ outcome: "paid", reference: "0069" });
  });

  it("pays only for response codes 0000 to 0099", async () => {
    const redsys = createRedsysProvider(TEST_TERMINAL);
    const outcome = async (code: string) =>
      (await redsys.verify(asNotification(redsysPost(TEST_TERMINAL.secretKey, params({ Ds_Response: code }))))).outcome;
    expect(await outcome("0000")).toBe("paid");
    expect(await outcome("0099")).toBe("paid");
    expect(await outcome("0100")).toBe("failed");
    expect(await outcome("0190")).toBe("failed");
    expect(await outcome("9915")).toBe("failed");
  });

  it("refuses another merchant's or terminal's notification, even correctly signed", async () => {
    const redsys = createRedsysProvider(TEST_TERMINAL);
    const otherMerchant = redsysPost(TEST_TERMINAL.secretKey, params({ Ds_MerchantCode: "999008882" }));
    expect(await refusal(redsys.verify(asNotification(otherMerchant)))).toBe("merchant_mismatch");
    const otherTerminal = redsysPost(TEST_TERMINAL.secretKey, params({ Ds_Terminal: "2" }));
    expect(await refusal(redsys.verify(asNotification(otherTerminal)))).toBe("merchant_mismatch");
  });

  it("keeps the card reference of a paid first charge, and never the card in the log's summary", async () => {
    const redsys = createRedsysProvider(TEST_TERMINAL);
    const post = redsysPost(
      TEST_TERMINAL.secretKey,
      params({ Ds_Merchant_Identifier: "b1c2d3e4f5a6", Ds_Merchant_Cof_Txnid: "2108251234567", Ds_ExpiryDate: "3012" }),
    );
    const verified = await redsys.verify(asNotification(post));
    expect(verified).toMatchObject({ savedCard: { token: "b1c2d3e4f5a6", reference: "2108251234567" } });
    const logged = JSON.stringify(verified.summary);
    expect(logged).not.toContain("454881");
    expect(logged).not.toContain("b1c2d3e4f5a6");
    expect(logged).not.toContain("3012");
  });

  it("ignores the echo of an operation that is not a payment (a refund)", async () => {
    const redsys = createRedsysProvider(TEST_TERMINAL);
    const refund = redsysPost(TEST_TERMINAL.secretKey, params({ Ds_TransactionType: "3", Ds_Response: "0900" }));
    expect(await redsys.verify(asNotification(refund))).toMatchObject({
      outcome: "ignored",
      reference: "1234AbCd5678",
    });
  });

  it("starts with a form signed for the reference, asking for a card reference for subscriptions", async () => {
    const redsys = createRedsysProvider(TEST_TERMINAL);
    const attempt = {
      reference: "4321XyZw9876",
      amount: 4311,
      currency: "EUR" as const,
      orderNumber: "IMP-0000042",
      description: "Imperfecta IMP-0000042",
      locale: "ca" as const,
      customerEmail: "ana@example.com",
      returnUrls: {
        completed: "https://shop.example/ca/payment-completed/IMP-0000042",
        failed: "https://shop.example/ca/payment-failed/IMP-0000042",
      },
      notifyUrl: "https://cms.example/api/payments/redsys/notification",
      saveCard: false,
      payBy: null,
    };
    const start = await redsys.start(attempt);
    expect(start.method).toBe("POST");
    expect(start.url).toBe("https://sis-t.redsys.es:25443/sis/realizarPago");
    expect(start.fields.Ds_SignatureVersion).toBe("HMAC_SHA256_V1");
    const sent = JSON.parse(Buffer.from(start.fields.Ds_MerchantParameters ?? "", "base64").toString("utf8"));
    expect(sent).toMatchObject({
      DS_MERCHANT_AMOUNT: "4311",
      DS_MERCHANT_CURRENCY: "978",
      DS_MERCHANT_ORDER: "4321XyZw9876",
      DS_MERCHANT_MERCHANTCODE: "999008881",
      DS_MERCHANT_TERMINAL: "1",
      DS_MERCHANT_TRANSACTIONTYPE: "0",
      DS_MERCHANT_CONSUMERLANGUAGE: "3",
      DS_MERCHANT_URLOK: attempt.returnUrls.completed,
      DS_MERCHANT_URLKO: attempt.returnUrls.failed,
      DS_MERCHANT_MERCHANTURL: attempt.notifyUrl,
    });
    expect(sent.DS_MERCHANT_IDENTIFIER).toBeUndefined();
    expect(Buffer.from(start.fields.Ds_Signature ?? "", "base64")).toEqual(
      sign(TEST_TERMINAL.secretKey, "4321XyZw9876", start.fields.Ds_MerchantParameters ?? ""),
    );

    const subscription = await redsys.start({ ...attempt, saveCard: true });
    const cof = JSON.parse(Buffer.from(subscription.fields.Ds_MerchantParameters ?? "", "base64").toString("utf8"));
    expect(cof).toMatchObject({
      DS_MERCHANT_IDENTIFIER: "REQUIRED",
      DS_MERCHANT_COF_INI: "S",
      DS_MERCHANT_COF_TYPE: "R",
    });
  });
});

describe("Redsys notifications through the CMS", () => {
  let app: TestStrapi;

  beforeAll(async () => {
    app = await startStrapi({
      SEED_DEMO_DATA: "false",
      STOREFRONT_URL: "https://shop.example",
      PAYMENT_PROVIDER: "redsys",
      REDSYS_MERCHANT_CODE: TEST_TERMINAL.merchantCode,
      REDSYS_TERMINAL: TEST_TERMINAL.terminal,
      REDSYS_SECRET_KEY: TEST_TERMINAL.secretKey,
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** An order waiting for payment, and the reference of the attempt the Redsys form carries. */
  async function redsysOrder(purchase: "once" | "subscription" = "once") {
    const customer = await registerCustomer(app.api, { firstName: "Jordi" });
    const order = await createTestOrder(app.strapi, {
      userId: customer.user.id,
      email: customer.email,
      locale: "ca",
      purchase,
    });
    const start = await startPayment(app.strapi, { orderId: order.id });
    const sent = JSON.parse(Buffer.from(start.fields.Ds_MerchantParameters ?? "", "base64").toString("utf8")) as {
      DS_MERCHANT_ORDER: string;
    };
    return { customer, order, reference: sent.DS_MERCHANT_ORDER };
  }

  const notify = (form: Record<string, string>) =>
    getJson(`${app.api}/payments/redsys/notification`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });

  async function logOf(reference: string) {
    return (
      (await app.strapi.db.query(CONTENT_TYPES.paymentNotification).findMany({
        where: { reference },
        orderBy: { id: "asc" },
      })) as { valid: boolean; effect: string; reason: string | null }[]
    ).map(({ valid, effect, reason }) => [valid, effect, reason]);
  }

  it("a valid notification pays the order and keeps a subscription's card reference", async () => {
    const { customer, order, reference } = await redsysOrder("subscription");
    const post = redsysPost(
      TEST_TERMINAL.secretKey,
      params({ Ds_Order: reference, Ds_Amount: String(order.total), Ds_Merchant_Identifier: "f00dcafe1234" }),
    );
    const answer = await notify(post);
    expect(answer.status).toBe(200);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("paid");
    expect((await eventsOf(app.strapi, order.id)).map((event) => event.actorLabel)).toEqual(["payment:redsys"]);
    const payment = (await app.strapi.db.query(CONTENT_TYPES.payment).findOne({ where: { reference } })) as {
      paymentStatus: string;
      cardToken: string | null;
      providerRef: string | null;
    };
    expect(payment).toMatchObject({ paymentStatus: "paid", cardToken: "f00dcafe1234", providerRef: "082150" });
    await flushServerWork();
    expect(orderMailsTo(app.outboxDir, customer.email, order.number)[0]).toContain(
      `Subject: Comanda ${order.number} confirmada`,
    );

    // Redsys sends it again: nothing changes.
    expect((await notify(post)).status).toBe(200);
    expect(await eventsOf(app.strapi, order.id)).toHaveLength(1);
    expect(await logOf(reference)).toEqual([
      [true, "applied", null],
      [true, "repeated", null],
    ]);
  });

  it("a tampered amount is refused, logged, and leaves the order unchanged", async () => {
    const { order, reference } = await redsysOrder();
    const genuine = redsysPost(
      TEST_TERMINAL.secretKey,
      params({ Ds_Order: reference, Ds_Amount: String(order.total) }),
    );

    // Changed in transit: the signature no longer matches.
    const decoded = JSON.parse(Buffer.from(genuine.Ds_MerchantParameters, "base64").toString("utf8")) as Record<
      string,
      string
    >;
    const altered = Buffer.from(JSON.stringify({ ...decoded, Ds_Amount: "1" })).toString("base64");
    const inTransit = await notify({ ...genuine, Ds_MerchantParameters: altered });
    expectErrorShape(inTransit, 400);
    expect(errorCode(inTransit.body)).toBe("bad_signature");

    // Signed with the key, but for another amount than the payment's.
    const otherAmount = await notify(
      redsysPost(TEST_TERMINAL.secretKey, params({ Ds_Order: reference, Ds_Amount: String(order.total - 100) })),
    );
    expectErrorShape(otherAmount, 400);
    expect(errorCode(otherAmount.body)).toBe("amount_mismatch");

    // And in another currency.
    const dollars = await notify(
      redsysPost(
        TEST_TERMINAL.secretKey,
        params({ Ds_Order: reference, Ds_Amount: String(order.total), Ds_Currency: "840" }),
      ),
    );
    expect(errorCode(dollars.body)).toBe("currency_mismatch");

    expect(await orderStatusOf(app.strapi, order.id)).toBe("pending_payment");
    expect(await eventsOf(app.strapi, order.id)).toEqual([]);
    expect(await logOf(reference)).toEqual([
      [false, "refused", "bad_signature"],
      [false, "refused", "amount_mismatch"],
      [false, "refused", "currency_mismatch"],
    ]);
  });

  it("a refusal code fails the order and mails the link to pay again", async () => {
    const { customer, order, reference } = await redsysOrder();
    const answer = await notify(
      redsysPost(
        TEST_TERMINAL.secretKey,
        params({ Ds_Order: reference, Ds_Amount: String(order.total), Ds_Response: "0190" }),
      ),
    );
    expect(answer.status).toBe(200);
    expect(await orderStatusOf(app.strapi, order.id)).toBe("payment_failed");
    await flushServerWork();
    const [mail] = orderMailsTo(app.outboxDir, customer.email, order.number);
    expect(mail).toContain("Tornar a provar el pagament");
    expect(mail).toContain(`https://shop.example/ca/order/pay?order=${order.number}`);
  });

  it("the sandbox is off while Redsys takes the payments", async () => {
    const page = await fetch(`${app.api}/payments/sandbox/1234AbCd5678`);
    expect(page.status).toBe(404);
    const forged = await getJson(`${app.api}/payments/sandbox/notification`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reference: "1234AbCd5678", outcome: "paid", amount: 1, currency: "EUR" }),
    });
    expectErrorShape(forged, 404);
  });
});
