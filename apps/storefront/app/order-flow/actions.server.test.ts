import { beforeEach, describe, expect, it, vi } from "vitest";
import { fieldRefusal, json, useFakeCms } from "../../tests/fake-cms";
import { MARTA_ADDRESS } from "../../tests/fixtures";
import { flowAction } from "./actions.server";
import { readCookies, SIGNED_OUT, type Session } from "../session.server";
import { customerOf } from "../../tests/visit";
import { BOX_FIELDS, ORDER_FIELDS } from "./fields";
import { forgetCatalogue } from "../catalogue.server";

const cms = useFakeCms();

const draft = {
  postcode: "08001",
  purchase: "once",
  frequency: null,
  boxes: [{ productId: 11, exclusions: [], quantity: 1 }],
  extras: [],
  delivery: { addressId: "home1", address: null, date: "2026-12-01", slot: "morning", notes: "" },
  invoice: null,
  couponCode: null,
};
const allDone = { postcode: true, plan: true, box: true, extras: true, delivery: true };
const order = {
  number: "IMP-0000042",
  status: "pending_payment",
  createdAt: "2026-11-23T10:00:00.000Z",
  locale: "es",
  purchase: "once",
  frequency: null,
  audience: "consumer",
  lines: [],
  totals: { goods: 2000, discount: 0, shipping: 490, tax: 100, total: 2490 },
  couponCode: null,
  delivery: {
    date: "2026-12-01",
    slot: { code: "morning", start: "09:00", end: "14:00" },
    zoneName: "Barcelona",
    address: MARTA_ADDRESS,
    notes: "",
  },
  invoice: null,
  events: [],
  canPay: true,
  refundDue: false,
  subscriptionId: null,
  refunds: [],
  cancellation: { possible: false, until: null, refund: 0, method: null },
};

function post(fields: [string, string][], cookie = "") {
  const body = new URLSearchParams(fields);
  return new Request("http://shop.test/nuevo-pedido", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
}

/** The session the server resolves for the cookie (server/request-context.ts): signed in while it holds a token. */
const sessionOf = (cookie: string): Session => {
  const token = /(?:^|; )shop_session=([^;]+)/.exec(cookie)?.[1] ?? null;
  return token ? { token, user: customerOf(), clearCookie: false } : SIGNED_OUT;
};

const act = (fields: [string, string][], cookie = "") =>
  flowAction({
    request: post(fields, cookie),
    locale: "es",
    clientIp: "203.0.113.9",
    session: sessionOf(cookie),
    cookies: readCookies(cookie),
  });

/** A redirect's target and cookies; a thrown redirect counts too. */
async function redirected(answer: Promise<unknown>) {
  const response = (await answer.catch((thrown: unknown) => thrown)) as Response;
  expect(response).toBeInstanceOf(Response);
  return { location: response.headers.get("Location"), cookies: response.headers.getSetCookie().join("\n") };
}

/** A data answer's body and status. */
async function answered(answer: Promise<unknown>) {
  const value = (await answer) as { data: unknown; init: { status?: number } | null };
  return { data: value.data, status: value.init?.status ?? 200 };
}

const signedIn = "shop_session=jwt-1; shop_order_draft=draft-1";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  cms.otherwise(({ path }) => (path === "/users/me" ? json({ id: 1, email: "marta@example.test" }) : json({}, 500)));
});

describe("the postcode", () => {
  it("offers to tell the visitor when we get there, and makes no draft", async () => {
    cms.otherwise(({ path }) => (path.startsWith("/delivery/coverage") ? json({ covered: false }) : json({}, 500)));
    expect(
      await answered(
        act([
          ["intent", "postcode"],
          ["postcode", "28001"],
        ]),
      ),
    ).toEqual({
      data: { notCovered: "28001" },
      status: 200,
    });
    expect(cms.calls.map((call) => call.path)).toEqual(["/delivery/coverage?postcode=28001"]);
  });

  it("makes the draft on the first form, keeps its token in the cookie, and goes on to the plan", async () => {
    cms.otherwise(({ method, path }) => {
      if (path.startsWith("/delivery/coverage"))
        return json({ covered: true, zone: { name: "BCN", shippingFee: 490, freeShippingFrom: null } });
      if (method === "POST" && path === "/order-drafts")
        return json({ token: "new-token", draft: { ...draft, postcode: null }, steps: allDone }, 201);
      if (method === "PATCH") return json({ draft, steps: allDone });
      return json({}, 500);
    });
    const { location, cookies } = await redirected(
      act([
        ["intent", "postcode"],
        ["postcode", "08001"],
      ]),
    );
    expect(location).toBe("/nuevo-pedido?step=plan");
    expect(cookies).toContain("shop_order_draft=new-token");
    const patch = cms.calls.find((call) => call.method === "PATCH");
    expect(patch).toMatchObject({ draft: "new-token", body: { postcode: "08001" } });
    // The CMS counts new drafts per visitor address, so the visitor's goes with the call.
    const created = cms.calls.find((call) => call.path === "/order-drafts");
    expect(created).toMatchObject({ method: "POST", clientIp: "203.0.113.9" });
  });

  it("starts a new draft when the cookie's has expired", async () => {
    let patches = 0;
    cms.otherwise(({ method, path }) => {
      if (path.startsWith("/delivery/coverage"))
        return json({ covered: true, zone: { name: "BCN", shippingFee: 490, freeShippingFrom: null } });
      if (method === "PATCH") return patches++ === 0 ? json({}, 404) : json({ draft, steps: allDone });
      if (method === "POST") return json({ token: "fresh", draft, steps: allDone }, 201);
      return json({}, 500);
    });
    const { cookies } = await redirected(
      act(
        [
          ["intent", "postcode"],
          ["postcode", "08001"],
        ],
        "shop_order_draft=old",
      ),
    );
    expect(cookies).toContain("shop_order_draft=fresh");
  });
});

describe("a step's refusals", () => {
  beforeEach(() => {
    cms.otherwise(({ method, path }) => {
      if (path === "/order-drafts/current" && method === "GET") return json({ draft, steps: allDone });
      if (method === "PATCH") return fieldRefusal({ "boxes.1.exclusions": "not_an_item" });
      return json({}, 500);
    });
  });

  it("refuses a seventh food left out before asking the CMS, with what was typed", async () => {
    const foods = [1, 2, 3, 4, 5, 6, 7].map((id): [string, string] => [BOX_FIELDS.exclusions, String(id)]);
    const { data, status } = await answered(
      act(
        [["intent", "addBox"], [BOX_FIELDS.productId, "12"], ...foods, [BOX_FIELDS.quantity, "1"]],
        "shop_order_draft=d",
      ),
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      intent: "addBox",
      errors: { [BOX_FIELDS.exclusions]: { code: "tooMany", max: 6 } },
      values: { [BOX_FIELDS.exclusions]: "1,2,3,4,5,6,7", [BOX_FIELDS.productId]: "12" },
    });
    expect(cms.calls.some((call) => call.method === "PATCH")).toBe(false);
  });

  it("puts the CMS's refusal of the new box beside the configurator's field", async () => {
    const { data } = await answered(
      act(
        [
          ["intent", "addBoxAndContinue"],
          [BOX_FIELDS.productId, "12"],
          [BOX_FIELDS.exclusions, "99"],
          [BOX_FIELDS.quantity, "1"],
        ],
        "shop_order_draft=d",
      ),
    );
    expect(data).toMatchObject({ errors: { [BOX_FIELDS.exclusions]: { code: "not_an_item" } } });
    // The draft is read once per post, however many parts of the action need it.
    const reads = cms.calls.filter((call) => call.path === "/order-drafts/current" && call.method !== "PATCH");
    expect(reads).toHaveLength(1);
  });

  it("starts again at the postcode when the draft is gone", async () => {
    cms.otherwise(() => json({}, 404));
    const { location, cookies } = await redirected(
      act(
        [
          ["intent", "plan"],
          ["purchase", "once"],
        ],
        "shop_order_draft=gone",
      ),
    );
    expect(location).toBe("/nuevo-pedido?step=postcode");
    expect(cookies).toContain("shop_order_draft=;");
    expect(cookies).toContain("shop_order_notice=draftExpired");
  });

  it("keeps a customer's draft, signed out since, and asks them to sign in again", async () => {
    cms.otherwise(() => json({ error: { status: 401, name: "UnauthorizedError", message: "Sign in" } }, 401));
    const { location, cookies } = await redirected(
      act(
        [
          ["intent", "plan"],
          ["purchase", "once"],
        ],
        "shop_order_draft=theirs",
      ),
    );
    expect(location).toBe("/nuevo-pedido?step=account");
    expect(cookies).not.toContain("shop_order_draft=");
    expect(cookies).toContain("shop_order_notice=signedOut");
  });

  it("leaves a draft that waits for someone else's sign-in and starts a new one", async () => {
    const { location, cookies } = await redirected(act([["intent", "startOver"]], "shop_order_draft=theirs"));
    expect(location).toBe("/nuevo-pedido?step=postcode");
    expect(cookies).toContain("shop_order_draft=;");
  });

  it("answers an unknown intent with 400", async () => {
    const thrown = await act([["intent", "nope"]]).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 400 } });
  });
});

describe("the box step's Continue", () => {
  const ORANGES = 31;
  const MIXED = 11;
  /** A box as the CMS's product list answers it; seasonal or not. */
  const wireBox = (id: number, name: string, seasonal: boolean) => ({
    id,
    documentId: `doc${id}`,
    type: "box",
    ...Object.fromEntries(
      ["name", "slug", "description", "content", "seotitle", "seodescription", "category"].flatMap((field) =>
        ["es", "ca", "pt"].map((lang) => [`${field}_${lang}`, field === "name" ? name : null]),
      ),
    ),
    image: [],
    imagePath: [],
    media: [],
    gallery: [],
    position: id,
    market_types: [{ id: 2, name: "B2C" }],
    product_labels: [],
    isActive: true,
    hide_from_web: false,
    price: 20,
    priceCents: 2000,
    tax_id: { id: 1, name: "IVA superreducido", amount_value: 0.04 },
    weight: 6000,
    measureAmount: null,
    measureUnit: null,
    boxType: seasonal ? null : "IM",
    itemType: "mixed",
    seasonal,
    saleFrom: seasonal ? "10-15" : null,
    saleUntil: seasonal ? "05-31" : null,
    saleZoneIds: [],
    isImperfectusProduct: true,
    SKU: null,
    frequency: "once",
    updatedAt: null,
  });
  const subscription = {
    ...draft,
    purchase: "subscription",
    frequency: "weekly",
    // Chosen as a one-off purchase, then the plan became a subscription: the draft keeps the box.
    boxes: [
      { productId: MIXED, exclusions: [], quantity: 1 },
      { productId: ORANGES, exclusions: [], quantity: 1 },
    ],
    delivery: null,
  };
  const answerWith = (current: typeof draft | typeof subscription) =>
    cms.otherwise(({ method, path }) => {
      if (path === "/products?isActive=all")
        return json({ data: [wireBox(MIXED, "Caja mixta", false), wireBox(ORANGES, "Caja de naranjas", true)] });
      if (path === "/order-drafts/current" && method === "GET") return json({ draft: current, steps: allDone });
      return json({}, 500);
    });

  beforeEach(() => forgetCatalogue());

  it("refuses a seasonal box in a subscription beside that box, before the extras and the delivery", async () => {
    answerWith(subscription);
    const { data, status } = await answered(act([["intent", "boxesChosen"]], "shop_order_draft=d"));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      intent: "boxesChosen",
      errors: { "boxes.1.productId": { code: "once_only" }, form: { code: "once_only" } },
    });
    // Only the seasonal box is blamed, and nothing was changed.
    expect(Object.keys((data as { errors: object }).errors)).not.toContain("boxes.0.productId");
    expect(cms.calls.some((call) => call.method === "PATCH")).toBe(false);
  });

  it("goes on to the extras with a one-off purchase's seasonal box", async () => {
    answerWith({ ...subscription, purchase: "once", frequency: null } as unknown as typeof subscription);
    const { location } = await redirected(act([["intent", "boxesChosen"]], "shop_order_draft=d"));
    expect(location).toBe("/nuevo-pedido?step=extras");
  });
});

describe("paying", () => {
  const pay: [string, string][] = [
    ["intent", "pay"],
    [ORDER_FIELDS.termsAccepted, "true"],
  ];
  const withOrders = (answer: () => Response) => {
    cms.otherwise(({ method, path }) => {
      if (path === "/users/me") return json({ id: 1, email: "marta@example.test" });
      if (path === "/order-drafts/current" && method === "GET") return json({ draft, steps: allDone });
      if (path === "/orders" && method === "POST") return answer();
      return json({}, 500);
    });
  };

  it("needs the terms, beside their box", async () => {
    withOrders(() => json({}, 500));
    const { data, status } = await answered(act([["intent", "pay"]], signedIn));
    expect(status).toBe(400);
    expect(data).toMatchObject({ errors: { [ORDER_FIELDS.termsAccepted]: { code: "required" } } });
  });

  it("sends the browser to the payment page and forgets the spent draft", async () => {
    // The CMS at 127.0.0.1:1337 names its sandbox page by its default PUBLIC_URL, localhost:1337 (decision 022).
    withOrders(() =>
      json(
        { order, payment: { method: "GET", url: "http://localhost:1337/api/payments/sandbox/0042AB", fields: {} } },
        201,
      ),
    );
    const { location, cookies } = await redirected(act(pay, signedIn));
    expect(location).toBe("http://localhost:1337/api/payments/sandbox/0042AB");
    expect(cookies).toContain("shop_order_draft=;");
    const placed = cms.calls.find((call) => call.path === "/orders");
    expect(placed).toMatchObject({
      token: "jwt-1",
      draft: "draft-1",
      body: { termsAccepted: true, marketingConsent: false, marketingWording: null, locale: "es" },
      clientIp: "203.0.113.9",
    });
  });

  it("goes back to the delivery when the slot filled up meanwhile", async () => {
    withOrders(() => fieldRefusal({ "delivery.slot": "slot_full" }, 409));
    const { location, cookies } = await redirected(act(pay, signedIn));
    expect(location).toBe("/nuevo-pedido?step=delivery");
    expect(cookies).toContain("shop_order_notice=slotFull");
  });

  it("goes back to the first step that is missing", async () => {
    withOrders(() => fieldRefusal({ boxes: "draft_incomplete" }));
    expect((await redirected(act(pay, signedIn))).location).toBe("/nuevo-pedido?step=box");
  });

  /** The CMS of the coupon tests: the draft holds `held`, a PATCH of the code answers `onPatch`, POST /orders `onOrder`. */
  const withCoupon = ({
    held,
    onPatch,
    onOrder,
  }: {
    held: string | null;
    onPatch: (code: string | null) => Response;
    onOrder: () => Response;
  }) => {
    let couponCode = held;
    cms.otherwise(({ method, path }) => {
      if (path === "/users/me") return json({ id: 1, email: "marta@example.test" });
      if (path === "/order-drafts/current" && method === "GET")
        return json({ draft: { ...draft, couponCode }, steps: allDone });
      if (path === "/order-drafts/current" && method === "PATCH") {
        const body = cms.calls.at(-1)?.body as { couponCode: string | null };
        const answer = onPatch(body.couponCode);
        if (answer.ok) couponCode = body.couponCode;
        return answer.ok ? json({ draft: { ...draft, couponCode }, steps: allDone }) : answer;
      }
      if (path === "/orders" && method === "POST") return onOrder();
      return json({}, 500);
    });
  };
  const placedOrder = () =>
    json(
      { order, payment: { method: "GET", url: "http://localhost:1337/api/payments/sandbox/0042AB", fields: {} } },
      201,
    );
  const patches = () => cms.calls.filter((call) => call.path === "/order-drafts/current" && call.method === "PATCH");
  const orders = () => cms.calls.filter((call) => call.path === "/orders");

  it("applies a code typed but not applied before placing the order, and shows the new total", async () => {
    // "Pay" pressed while "Apply" was on its way, or instead of it: the order must not go without the code.
    withCoupon({
      held: null,
      onPatch: () => json({}),
      onOrder: () => fieldRefusal({ expectedTotal: "price_changed" }, 409),
    });
    const answer = act(
      [...pay, [ORDER_FIELDS.couponCode, " bienvenida10"], [ORDER_FIELDS.expectedTotal, "4000"]],
      signedIn,
    );
    const { location, cookies } = await redirected(answer);
    expect(patches().map((call) => call.body)).toEqual([{ couponCode: "BIENVENIDA10" }]);
    expect(orders()[0]).toMatchObject({ body: { expectedTotal: 4000 } });
    expect(location).toBe("/nuevo-pedido?step=summary");
    expect(cookies).toContain("shop_order_notice=priceChanged");
  });

  it("says a typed code's refusal beside the coupon, and places no order", async () => {
    withCoupon({
      held: null,
      onPatch: () => fieldRefusal({ couponCode: "unknown" }),
      onOrder: placedOrder,
    });
    const { data, status } = await answered(act([...pay, [ORDER_FIELDS.couponCode, "NOEXISTE"]], signedIn));
    expect(status).toBe(400);
    expect(data).toMatchObject({ intent: "pay", errors: { couponCode: { code: "unknown" } } });
    expect(orders()).toEqual([]);
  });

  it("pays without a code the summary showed refused, at the total shown", async () => {
    withCoupon({
      held: null,
      onPatch: () => fieldRefusal({ couponCode: "unknown" }),
      onOrder: placedOrder,
    });
    const fields: [string, string][] = [
      ...pay,
      [ORDER_FIELDS.couponCode, "noexiste"],
      [ORDER_FIELDS.refusedCoupon, "NOEXISTE"],
      [ORDER_FIELDS.expectedTotal, "4490"],
    ];
    // Placed: the draft is spent and forgotten, the browser sent on to pay.
    const { location, cookies } = await redirected(act(fields, signedIn));
    expect(cookies).toContain("shop_order_draft=;");
    expect(location).not.toContain("step=");
    expect(orders()).toHaveLength(1);
    expect(orders()[0]).toMatchObject({ body: { expectedTotal: 4490 } });
  });

  it("says a refused code again with the terms' refusal, so that the next Pay goes on without it", async () => {
    withCoupon({
      held: null,
      onPatch: () => fieldRefusal({ couponCode: "unknown" }),
      onOrder: placedOrder,
    });
    const shownRefused: [string, string][] = [
      ["intent", "pay"],
      [ORDER_FIELDS.couponCode, "NOEXISTE"],
      [ORDER_FIELDS.refusedCoupon, "NOEXISTE"],
    ];
    const { data, status } = await answered(act(shownRefused, signedIn));
    expect(status).toBe(400);
    expect(data).toMatchObject({
      intent: "pay",
      errors: { [ORDER_FIELDS.termsAccepted]: { code: "required" }, couponCode: { code: "unknown" } },
    });
    expect(orders()).toEqual([]);
  });

  it("pays without a code kept in the draft that the CMS refuses when placing the order", async () => {
    // A code kept while its minimum is not reached (or used up meanwhile) no longer blocks "Pay".
    let tries = 0;
    withCoupon({
      held: "BIENVENIDA10",
      onPatch: () => json({}),
      onOrder: () => ((tries += 1) === 1 ? fieldRefusal({ couponCode: "minimum_not_reached" }) : placedOrder()),
    });
    const fields: [string, string][] = [
      ...pay,
      [ORDER_FIELDS.couponCode, "BIENVENIDA10"],
      [ORDER_FIELDS.refusedCoupon, "BIENVENIDA10"],
      [ORDER_FIELDS.expectedTotal, "2490"],
    ];
    const { location, cookies } = await redirected(act(fields, signedIn));
    expect(cookies).toContain("shop_order_draft=;");
    expect(location).not.toContain("step=");
    expect(patches().map((call) => call.body)).toEqual([{ couponCode: null }]);
    expect(orders().map((call) => (call.body as { expectedTotal: number }).expectedTotal)).toEqual([2490, 2490]);
  });

  it("a second Pay, the draft spent by the first, goes to the customer's orders, not to 'expired'", async () => {
    cms.otherwise(({ path }) => (path === "/users/me" ? json({ id: 1, email: "marta@example.test" }) : json({}, 404)));
    const { location, cookies } = await redirected(act(pay, signedIn));
    expect(location).toBe("/mi-cuenta/pedidos");
    expect(cookies).toContain("shop_order_draft=;");
    expect(cookies).toContain("shop_flash=draftSpent");
    expect(cookies).not.toContain("draftExpired");
    expect(cms.calls.some((call) => call.path === "/orders")).toBe(false);
  });

  it("sends a product the account may not buy back to its step, said on the page", async () => {
    withOrders(() => fieldRefusal({ "boxes.0.productId": "not_for_you" }));
    const { location, cookies } = await redirected(act(pay, signedIn));
    expect(location).toBe("/nuevo-pedido?step=box");
    expect(cookies).toContain("shop_order_notice=notForYou");
  });

  it("sends the summary's total, and shows the new one when the CMS says it changed", async () => {
    withOrders(() => fieldRefusal({ expectedTotal: "price_changed" }, 409));
    const { location, cookies } = await redirected(act([...pay, [ORDER_FIELDS.expectedTotal, "2490"]], signedIn));
    expect(location).toBe("/nuevo-pedido?step=summary");
    expect(cookies).toContain("shop_order_notice=priceChanged");
    const placed = cms.calls.find((call) => call.path === "/orders");
    expect(placed).toMatchObject({ body: { expectedTotal: 2490 } });
  });

  it("asks a signed-out customer to sign in first", async () => {
    expect((await redirected(act(pay, "shop_order_draft=draft-1"))).location).toBe("/nuevo-pedido?step=account");
  });
});

describe("signing in on the account step", () => {
  const signIn: [string, string][] = [
    ["intent", "signIn"],
    ["identifier", "empresa@example.test"],
    ["password", "a-long-password"],
  ];
  const company = {
    id: 2,
    email: "empresa@example.test",
    provider: "local",
    confirmed: true,
    firstName: "Ana",
    lastName: null,
    phone: null,
    preferredLocale: "es",
    customerKind: "company",
    companyName: "Fruites SL",
    taxId: "B12345678",
    newsletter: false,
    createdAt: "2026-11-01T10:00:00.000Z",
  };
  const withQuote = (quote: () => Response) => {
    cms.otherwise(({ method, path }) => {
      if (path === "/auth/local" && method === "POST") return json({ jwt: "jwt-2", user: company });
      if (path.startsWith("/order-drafts/current/quote")) return quote();
      return json({}, 500);
    });
  };

  it("goes on to the delivery when everything chosen is the account's to buy", async () => {
    withQuote(() => json({}, 500));
    const { location, cookies } = await redirected(act(signIn, "shop_order_draft=d"));
    expect(location).toBe("/nuevo-pedido?step=delivery");
    expect(cookies).toContain("shop_session=jwt-2");
  });

  it("a company that chose a consumer's box signed out is sent back to the box, told why", async () => {
    withQuote(() => fieldRefusal({ "boxes.0.productId": "not_for_you" }));
    const { location, cookies } = await redirected(act(signIn, "shop_order_draft=d"));
    expect(location).toBe("/nuevo-pedido?step=box");
    expect(cookies).toContain("shop_session=jwt-2");
    expect(cookies).toContain("shop_order_notice=notForYou");
    const quote = cms.calls.find((call) => call.path.startsWith("/order-drafts/current/quote"));
    expect(quote).toMatchObject({ token: "jwt-2", draft: "d" });
  });
});

describe("gift cards at the summary", () => {
  const withCards = (onAdd: () => Response) => {
    cms.otherwise(({ method, path }) => {
      if (path === "/users/me") return json({ id: 1, email: "marta@example.test" });
      if (path === "/order-drafts/current" && method === "GET") return json({ draft, steps: allDone });
      if (path === "/order-drafts/current/gift-cards" && method === "POST") return onAdd();
      if (path.startsWith("/order-drafts/current/gift-cards/") && method === "DELETE") return json({ ok: true });
      return json({}, 500);
    });
  };
  const cardCalls = () => cms.calls.filter((call) => call.path.startsWith("/order-drafts/current/gift-cards"));

  it("sends the typed code with the draft and the visitor's address, and shows the summary again", async () => {
    withCards(() => json({ ok: true }));
    const applied = act(
      [
        ["intent", "applyGiftCard"],
        [ORDER_FIELDS.giftCardCode, " 7kq4m-xw2rp-abcde-fgh23 "],
      ],
      signedIn,
    );
    expect((await redirected(applied)).location).toBe("/nuevo-pedido?step=summary");
    expect(cardCalls()).toEqual([
      expect.objectContaining({
        method: "POST",
        draft: "draft-1",
        body: { code: "7kq4m-xw2rp-abcde-fgh23" },
        clientIp: "203.0.113.9",
      }),
    ]);
  });

  it("says a refused code beside its field, and never sends a code back to the page (it is a secret, like a sign-in code)", async () => {
    withCards(() => fieldRefusal({ code: "gift_card_invalid" }));
    const { data, status } = await answered(
      act(
        [
          ["intent", "applyGiftCard"],
          [ORDER_FIELDS.giftCardCode, "NOT-A-CODE"],
        ],
        signedIn,
      ),
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      errors: { [ORDER_FIELDS.giftCardCode]: { code: "gift_card_invalid" } },
    });
    expect(JSON.stringify(data)).not.toContain("NOT-A-CODE");
  });

  it("a code sent with Enter (the coupon's Apply, the form's first button) is refused beside the card's field", async () => {
    withCards(() => fieldRefusal({ code: "gift_card_invalid" }));
    const { data, status } = await answered(
      act(
        [
          ["intent", "applyCoupon"],
          [ORDER_FIELDS.couponCode, ""],
          [ORDER_FIELDS.giftCardCode, "NOT-A-CODE"],
        ],
        signedIn,
      ),
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      intent: "applyGiftCard",
      errors: { [ORDER_FIELDS.giftCardCode]: { code: "gift_card_invalid" } },
    });
  });

  it("a code typed and not applied when paying is applied first, and nothing is ordered yet", async () => {
    withCards(() => json({ ok: true }));
    const paid = act(
      [
        ["intent", "pay"],
        [ORDER_FIELDS.termsAccepted, "true"],
        [ORDER_FIELDS.giftCardCode, "7KQ4MXW2RPABCDEFGH23"],
      ],
      signedIn,
    );
    expect((await redirected(paid)).location).toBe("/nuevo-pedido?step=summary");
    expect(cardCalls()).toHaveLength(1);
    expect(cms.calls.some((call) => call.path === "/orders")).toBe(false);
  });

  it("Remove takes off the card its button names", async () => {
    withCards(() => json({}, 500));
    const request = new Request(`http://shop.test/nuevo-pedido?${ORDER_FIELDS.giftCardTail}=GH23`, {
      method: "POST",
      body: new URLSearchParams([["intent", "removeGiftCard"]]),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: signedIn },
    });
    const removed = flowAction({
      request,
      locale: "es",
      clientIp: "203.0.113.9",
      session: sessionOf(signedIn),
      cookies: readCookies(signedIn),
    });
    expect((await redirected(removed)).location).toBe("/nuevo-pedido?step=summary");
    expect(cardCalls()).toEqual([
      expect.objectContaining({ method: "DELETE", path: "/order-drafts/current/gift-cards/GH23" }),
    ]);
  });
});
