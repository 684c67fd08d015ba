import type { Order, OrderSummary, PaymentStart } from "@shop/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import { thrown, visitOf } from "../../tests/visit";
import {
  cancelOrder,
  listLimitOf,
  loadOwnOrder,
  loadOwnOrders,
  orderAgain,
  orderNumberIn,
  paymentResponse,
  startPayment,
} from "./orders.server";
import { nextDeliveryOf, orderView } from "./order-view";

const cms = useFakeCms();

const signedIn = (path: string) =>
  new Request(`http://shop.test${path}`, { headers: { Cookie: "shop_session=jwt-of-marta" } });

const address = {
  fullName: "Marta Puig",
  company: null,
  line1: "Carrer de Mallorca 200, 3r 2a",
  line2: null,
  postalCode: "08036",
  city: "Barcelona",
  region: null,
  country: "ES",
  phone: "+34600111222",
} as const;

const ORDER: Order = {
  number: "IMP-0000042",
  status: "paid",
  createdAt: "2026-03-02T23:30:00.000Z",
  locale: "ca",
  purchase: "once",
  frequency: null,
  audience: "consumer",
  lines: [
    {
      kind: "box",
      productId: 7,
      name: "Caixa mixta M",
      quantity: 1,
      frequency: null,
      unitPrice: 2490,
      taxRate: 0.04,
      gross: 2490,
      tax: 96,
      discount: 0,
      exclusions: ["Api"],
    },
  ],
  totals: { goods: 2490, discount: 0, shipping: 0, tax: 96, total: 2490 },
  couponCode: null,
  delivery: {
    date: "2026-03-06",
    slot: { code: "morning", start: "09:00", end: "14:00" },
    zoneName: "Barcelona",
    address,
    notes: "",
  },
  invoice: null,
  events: [
    { at: "2026-03-02T23:30:00.000Z", from: null, to: "pending_payment", actor: "customer" },
    { at: "2026-03-02T23:31:10.000Z", from: "pending_payment", to: "paid", actor: "payment" },
  ],
  canPay: false,
  refundDue: false,
  subscriptionId: null,
  refunds: [],
  cancellation: { possible: false, until: null, refund: 0, method: null },
};

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the order number of a URL", () => {
  it("is taken only as the shop writes it", () => {
    expect(orderNumberIn("IMP-0000042")).toBe("IMP-0000042");
    for (const other of ["imp-0000042", "IMP-42", " IMP-0000042", "IMP-00000042", "42", "", null, undefined]) {
      expect(orderNumberIn(other)).toBeNull();
    }
  });
});

describe("the customer's own order", () => {
  it("is asked for with the customer's token and checked against the contract", async () => {
    cms.otherwise(() => json(ORDER));
    expect(
      await loadOwnOrder(visitOf(signedIn("/ca/el-meu-compte/comandes/IMP-0000042"), { locale: "ca" }), "IMP-0000042"),
    ).toEqual(ORDER);
    expect(cms.calls).toMatchObject([{ method: "GET", path: "/orders/mine/IMP-0000042", token: "jwt-of-marta" }]);
  });

  it("answers the 404 page for another customer's order, as for one that does not exist", async () => {
    cms.otherwise(() => json({ error: { status: 404, name: "NotFoundError", message: "Not Found" } }, 404));
    expect(
      await thrown(loadOwnOrder(visitOf(signedIn("/payment-completed/IMP-0000043"), { locale: "es" }), "IMP-0000043")),
    ).toEqual({
      status: 404,
      location: null,
    });
  });

  it("answers the 404 page for no number or a malformed one, without asking the CMS", async () => {
    for (const number of [null, "", "IMP-1", "../users/me", "IMP-0000042?x=1"]) {
      expect((await thrown(loadOwnOrder(visitOf(signedIn("/order/status"), { locale: "es" }), number))).status).toBe(
        404,
      );
    }
    expect(cms.calls).toEqual([]);
    // The error boundary's 404 page, with the specification's message for the page's path.
    const error: unknown = await loadOwnOrder(visitOf(signedIn("/order/status"), { locale: "es" }), null).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ data: { message: "Page not found: /order/status" }, init: { status: 404 } });
  });

  it("sends a customer whose token the CMS refuses to sign in again, back to this page", async () => {
    cms.otherwise(() => json({}, 401));
    const refusal = await thrown(
      loadOwnOrder(visitOf(signedIn("/pt/payment-failed/IMP-0000042"), { locale: "pt" }), "IMP-0000042"),
    );
    expect(refusal.status).toBe(302);
    expect(refusal.location).toBe(`/pt/auth/login?redirect=${encodeURIComponent("/pt/payment-failed/IMP-0000042")}`);
  });

  it("is null when the CMS cannot answer or breaks the contract, so the page can say so", async () => {
    cms.otherwise(() => Promise.reject(new Error("ECONNREFUSED")));
    expect(await loadOwnOrder(visitOf(signedIn("/order/status"), { locale: "es" }), "IMP-0000042")).toBeNull();
    cms.otherwise(() => json({ ...ORDER, status: "lost_in_the_post" }));
    expect(await loadOwnOrder(visitOf(signedIn("/order/status"), { locale: "es" }), "IMP-0000042")).toBeNull();
  });
});

describe("what the order pages say", () => {
  it("tells the delivery day with its weekday, and the day placed in Madrid (23:30 UTC is the next day there)", () => {
    const view = orderView(ORDER, "es");
    expect(view.deliveryOn).toBe("viernes, 6 de marzo de 2026");
    expect(view.placedOn).toBe("3 de marzo de 2026");
    expect(view.events.map((event) => event.when)).toEqual([
      expect.stringMatching(/^3 de marzo de 2026.*00:30/),
      expect.stringMatching(/^3 de marzo de 2026.*00:31/),
    ]);
    expect(orderView(ORDER, "ca").deliveryOn).toBe("divendres, 6 de març del 2026");
  });

  it("knows a cancelled order that was paid first from one that expired unpaid", () => {
    const expired = orderView(
      {
        ...ORDER,
        status: "cancelled",
        events: [
          ORDER.events[0]!,
          { at: "2026-03-03T00:01:00Z", from: "pending_payment", to: "cancelled", actor: "system" },
        ],
      },
      "es",
    );
    expect(expired.wasPaid).toBe(false);
    const refunded = orderView(
      {
        ...ORDER,
        status: "cancelled",
        events: [...ORDER.events, { at: "2026-03-04T09:00:00Z", from: "paid", to: "cancelled", actor: "staff" }],
      },
      "es",
    );
    expect(refunded.wasPaid).toBe(true);
  });

  it("offers to pay again at once when the bank has kept the order waiting for over a minute", () => {
    const pending: Order = { ...ORDER, status: "pending_payment", canPay: true, events: [ORDER.events[0]!] };
    const placed = Date.parse(ORDER.events[0]!.at);
    expect(orderView(pending, "es", new Date(placed + 30_000)).waitedLong).toBe(false);
    expect(orderView(pending, "es", new Date(placed + 61_000)).waitedLong).toBe(true);
    expect(orderView(ORDER, "es", new Date(placed + 61_000)).waitedLong).toBe(false);
  });
});

describe("the list of orders", () => {
  const summary = (number: string, status: OrderSummary["status"], deliveryDate: string): OrderSummary => ({
    number,
    status,
    createdAt: "2026-03-01T10:00:00Z",
    total: 2490,
    deliveryDate,
    slot: { start: "09:00", end: "14:00" },
    itemCount: 2,
  });

  it("asks the CMS for the page's number of orders", async () => {
    cms.otherwise(() => json({ orders: [summary("IMP-0000042", "paid", "2026-03-06")] }));
    const orders = await loadOwnOrders(visitOf(signedIn("/mi-cuenta/pedidos"), { locale: "es" }), 20);
    expect(orders?.map((order) => order.number)).toEqual(["IMP-0000042"]);
    expect(cms.calls).toMatchObject([{ method: "GET", path: "/orders/mine?limit=20", token: "jwt-of-marta" }]);
  });

  it("is null when the CMS cannot answer", async () => {
    expect(await loadOwnOrders(visitOf(signedIn("/mi-cuenta/pedidos"), { locale: "es" }), 20)).toBeNull();
  });

  it("takes ?limit= only within the contract's bounds", () => {
    const limitOf = (query: string) => listLimitOf(new Request(`http://shop.test/mi-cuenta/pedidos${query}`));
    expect(limitOf("")).toBe(20);
    expect(limitOf("?limit=100")).toBe(100);
    for (const wrong of ["?limit=0", "?limit=101", "?limit=abc", "?limit=2.5"]) expect(limitOf(wrong)).toBe(20);
  });

  it("names the next delivery: the earliest one still to come of an order paid, in preparation or on its way", () => {
    const now = new Date("2026-03-05T23:30:00Z"); // 6 March in Madrid
    const orders = [
      summary("IMP-0000050", "pending_payment", "2026-03-06"),
      summary("IMP-0000049", "paid", "2026-03-13"),
      summary("IMP-0000048", "shipped", "2026-03-06"),
      summary("IMP-0000047", "cancelled", "2026-03-07"),
      summary("IMP-0000046", "delivered", "2026-03-06"),
      summary("IMP-0000045", "paid", "2026-03-05"),
    ];
    expect(nextDeliveryOf(orders, now)?.number).toBe("IMP-0000048");
    expect(nextDeliveryOf(orders.slice(3), now)).toBeNull();
  });
});

describe("sending the browser to pay", () => {
  const redsys: PaymentStart = {
    method: "POST",
    url: "https://sis-t.redsys.es:25443/sis/realizarPago",
    fields: { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: "e30=", Ds_Signature: "c2ln" },
  };

  it("redirects to a payment that starts with a GET, its fields in the query, and keeps the action's headers", () => {
    const response = paymentResponse(
      { method: "GET", url: "http://localhost:1337/payments/sandbox/1234ABCDEFGH?lang=es", fields: { sig: "a b" } },
      { locale: "es", orderNumber: "IMP-0000042", headers: { "Set-Cookie": "shop_order_draft=; Max-Age=0" } },
    );
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("Location")).toBe(
      "http://localhost:1337/payments/sandbox/1234ABCDEFGH?lang=es&sig=a+b",
    );
    expect(redirect.headers.get("Set-Cookie")).toBe("shop_order_draft=; Max-Age=0");
  });

  it("answers a form for the page to post when the payment starts with a POST, with the page's words", () => {
    const answer = paymentResponse(redsys, { locale: "pt", orderNumber: "IMP-0000042" });
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer).toMatchObject({
      data: { paymentForm: { payment: redsys, texts: { button: "Ir para a página de pagamento" } } },
    });
  });

  it("sends the browser to no page but the known payment pages: the order's status page instead", () => {
    for (const url of [
      "javascript:alert(1)",
      "https://sis.redsys.es.evil.test/sis/realizarPago",
      "http://sis.redsys.es/sis/realizarPago",
      "https://checkout.stripe.com.evil.test/c/pay",
      "http://127.0.0.1:1338/payments/sandbox/1",
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const response = paymentResponse(
          { ...redsys, method, url },
          { locale: "ca", orderNumber: "IMP-0000042", headers: { "Set-Cookie": "shop_order_draft=; Max-Age=0" } },
        );
        expect(response, url).toBeInstanceOf(Response);
        expect((response as Response).headers.get("Location"), url).toBe("/ca/order/status?order=IMP-0000042");
        expect((response as Response).headers.get("Set-Cookie")).toBe("shop_order_draft=; Max-Age=0");
      }
    }
  });

  it("starts a new attempt for the customer's order and follows it", async () => {
    cms.otherwise(() => json({ payment: redsys }, 201));
    const answer = await startPayment(
      visitOf(
        new Request("http://shop.test/order/pay?order=IMP-0000042", {
          method: "POST",
          headers: { Cookie: "shop_session=jwt-of-marta" },
        }),
      ),
      "IMP-0000042",
    );
    expect(answer).toMatchObject({ data: { paymentForm: { payment: redsys } } });
    expect(cms.calls).toMatchObject([
      { method: "POST", path: "/orders/mine/IMP-0000042/payments", token: "jwt-of-marta", body: {} },
    ]);
  });

  it("says so when the order no longer waits for a payment, or the CMS cannot start one", async () => {
    cms.otherwise(() => json({ error: { status: 409, details: { code: "not_payable" } } }, 409));
    expect(await startPayment(visitOf(signedIn("/order/pay"), { locale: "es" }), "IMP-0000042")).toMatchObject({
      data: { refused: "notPayable" },
      init: { status: 409 },
    });
    cms.otherwise(() => json({}, 500));
    expect(await startPayment(visitOf(signedIn("/order/pay"), { locale: "es" }), "IMP-0000042")).toMatchObject({
      data: { refused: "failed" },
      init: { status: 503 },
    });
  });

  it("answers the 404 page for someone else's order", async () => {
    cms.otherwise(() => json({}, 404));
    expect((await thrown(startPayment(visitOf(signedIn("/order/pay"), { locale: "es" }), "IMP-0000043"))).status).toBe(
      404,
    );
  });
});

describe("cancelling an order", () => {
  const cancelled: Order = {
    ...ORDER,
    status: "cancelled",
    refunds: [{ amount: 2490, at: "2026-03-03T08:00:00.000Z", status: "succeeded" }],
  };

  it("asks the CMS to cancel the customer's order and says what it refunded", async () => {
    cms.otherwise(() => json(cancelled));
    expect(
      await cancelOrder(visitOf(signedIn("/mi-cuenta/pedidos/IMP-0000042"), { locale: "es" }), "IMP-0000042"),
    ).toEqual({
      cancelled: { refunded: 2490 },
    });
    expect(cms.calls).toMatchObject([
      { method: "POST", path: "/orders/mine/IMP-0000042/cancel", token: "jwt-of-marta", body: {} },
    ]);
  });

  it("says nothing was refunded for an unpaid order", async () => {
    cms.otherwise(() => json({ ...ORDER, status: "cancelled" }));
    expect(
      await cancelOrder(visitOf(signedIn("/mi-cuenta/pedidos/IMP-0000042"), { locale: "es" }), "IMP-0000042"),
    ).toEqual({
      cancelled: { refunded: 0 },
    });
  });

  it("says why when the cut-off has passed, the order cannot be cancelled, or the bank refused the refund", async () => {
    const visit = () => visitOf(signedIn("/mi-cuenta/pedidos/IMP-0000042"), { locale: "es" });
    const cases = [
      ["past_cutoff", "cancelTooLate"],
      ["not_cancellable", "cancelNotPossible"],
      ["refund_refused", "cancelRefundRefused"],
    ] as const;
    for (const [code, refused] of cases) {
      cms.otherwise(() =>
        cmsError(409, {
          name: "ConflictError",
          details: { code, errors: [{ path: [], message: code, name: "ValidationError" }] },
        }),
      );
      expect(await cancelOrder(visit(), "IMP-0000042")).toMatchObject({ data: { refused }, init: { status: 409 } });
    }
    cms.otherwise(() => cmsError(503, { details: { code: "refund_unavailable" } }));
    expect(await cancelOrder(visit(), "IMP-0000042")).toMatchObject({
      data: { refused: "cancelFailed" },
      init: { status: 503 },
    });
  });

  it("answers the 404 page for someone else's order, and sends a signed-out customer to sign in", async () => {
    cms.otherwise(() => cmsError(404, { name: "NotFoundError" }));
    expect(
      (await thrown(cancelOrder(visitOf(signedIn("/mi-cuenta/pedidos/IMP-0000043"), { locale: "es" }), "IMP-0000043")))
        .status,
    ).toBe(404);
    cms.otherwise(() => cmsError(401, { name: "UnauthorizedError" }));
    expect(
      (await thrown(cancelOrder(visitOf(signedIn("/mi-cuenta/pedidos/IMP-0000042"), { locale: "es" }), "IMP-0000042")))
        .status,
    ).toBe(302);
  });
});

describe("order again", () => {
  const draft = {
    postcode: "08036",
    purchase: "once",
    frequency: null,
    boxes: [{ productId: 7, exclusions: [], quantity: 1 }],
    extras: [],
    delivery: null,
    invoice: null,
    couponCode: null,
  };
  const steps = { postcode: true, plan: true, box: true, extras: true, delivery: false };

  it("keeps the new draft's token in the flow's cookie and opens the flow at its delivery step", async () => {
    cms.otherwise(() => json({ token: "a".repeat(64), draft, steps }, 201));
    const response = await orderAgain(
      visitOf(signedIn("/ca/el-meu-compte/comandes/IMP-0000042"), { locale: "ca", clientIp: "203.0.113.9" }),
      "IMP-0000042",
    );
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.headers.get("Location")).toBe("/ca/nova-comanda?step=delivery");
    expect(redirect.headers.get("Set-Cookie")).toMatch(new RegExp(`^shop_order_draft=${"a".repeat(64)};.*HttpOnly`));
    expect(cms.calls[0]).toMatchObject({
      path: "/order-drafts/from-order/IMP-0000042",
      // The visitor's address, for the CMS's allowance of new drafts per address.
      method: "POST",
      token: "jwt-of-marta",
      clientIp: "203.0.113.9",
    });
  });

  it("says so when the CMS cannot make the draft, and answers 404 for someone else's order", async () => {
    cms.otherwise(() =>
      json({ error: { status: 400, details: { errors: [{ path: ["boxes", 0], message: "unknown_product" }] } } }, 400),
    );
    expect(
      await orderAgain(
        visitOf(signedIn("/mi-cuenta/pedidos/IMP-0000042"), { locale: "es", clientIp: "203.0.113.9" }),
        "IMP-0000042",
      ),
    ).toMatchObject({
      data: { refused: "orderAgainFailed" },
      init: { status: 400 },
    });
    cms.otherwise(() => json({}, 404));
    const refusal = await thrown(
      orderAgain(
        visitOf(signedIn("/mi-cuenta/pedidos/IMP-0000043"), { locale: "es", clientIp: "203.0.113.9" }),
        "IMP-0000043",
      ),
    );
    expect(refusal.status).toBe(404);
  });
});
