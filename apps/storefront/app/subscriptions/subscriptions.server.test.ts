import type { SubscriptionDelivery, SubscriptionDetail, SubscriptionSummary } from "@shop/contracts";
import { pathTo } from "@shop/routing";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, fieldRefusal, json, useFakeCms } from "../../tests/fake-cms";
import { thrown, visitOf } from "../../tests/visit";
import type { BoxesPreview, ChangeDone, ChangeRefusal, ExtrasPreview } from "./answers";
import { closesIn, firstOpenDelivery, lastComingBox } from "./subscription-view";
import {
  cancelStepOf,
  deliveryAction,
  foodBanks,
  loadSubscription,
  loadSubscriptions,
  loadUpcoming,
  nextDeliveriesOf,
  subscriptionAction,
} from "./subscriptions.server";
import { subscriptionsTextsFor } from "./texts";

// The account's subscription pages against the fake CMS: what each loader asks and shows, and what
// each form sends and says afterwards (the CMS's answer, never the request).

const cms = useFakeCms();

const ID = "sub7abc";
const MINE = `/subscriptions/mine/${ID}`;
/** Monday 30 November 2026, 10:00 in Madrid. */
const NOW = new Date("2026-11-30T09:00:00.000Z");

const signedIn = (path: string) => new Request(`http://shop.test${path}`);

const CONTENTS = {
  boxes: [{ productId: 7, name: "Caja mixta M", quantity: 1, exclusions: [{ id: 31, name: "Apio" }] }],
  extras: [{ productId: 40, name: "Huevos", quantity: 2 }],
};

const SUMMARY: SubscriptionSummary = {
  id: ID,
  status: "active",
  frequency: "monthly",
  weekday: 3,
  contents: CONTENTS,
  pricePerDelivery: 2990,
  // Cut-off on Monday 7 December at 08:00 in Madrid: 6 days and 22 hours after NOW.
  nextDelivery: { date: "2026-12-09", cutoff: "2026-12-07T07:00:00.000Z", locked: false },
};

const address = {
  fullName: "Marta Puig",
  company: null,
  line1: "Carrer de Mallorca 200",
  line2: null,
  postalCode: "08036",
  city: "Barcelona",
  region: null,
  country: "ES",
  phone: "+34600111222",
} as const;

const DETAIL: SubscriptionDetail = {
  ...SUMMARY,
  locale: "es",
  audience: "consumer",
  createdAt: "2026-10-01T10:00:00.000Z",
  zoneName: "Barcelona",
  slot: { code: "morning", start: "09:00", end: "14:00" },
  slotChoices: [
    { code: "morning", start: "09:00", end: "14:00" },
    { code: "evening", start: "17:00", end: "21:00" },
  ],
  weekdayChoices: [3, 5],
  address,
  notes: "",
  card: { id: "card4242abcd", brand: "visa", last4: "4242", expiry: "12/28" },
  pausedUntil: null,
  pauseReason: null,
  cancelReason: null,
  cancelsOn: null,
  lastDelivery: null,
  history: [
    { at: "2026-10-01T10:00:00.000Z", actor: "customer", field: "status", from: null, to: "pending" },
    { at: "2026-10-01T10:05:00.000Z", actor: "job", field: "status", from: "pending", to: "active" },
    {
      at: "2026-11-02T12:00:00.000Z",
      actor: "customer",
      field: "delivery:2026-11-11",
      from: "scheduled",
      // As the CMS records a delivery's change: its new status, with the friend's or food bank's name.
      to: { status: "gifted", giftTo: "Laia" },
    },
    {
      at: "2026-11-03T09:00:00.000Z",
      actor: "customer",
      field: "extras",
      // As the CMS answers the extras' change: each line named in the subscription's language.
      from: [],
      to: [
        { productId: 7, quantity: 2, name: "Huevos camperos" },
        { productId: 9, quantity: 1, name: "Miel de romero" },
      ],
    },
  ],
  restartFrom: null,
  orderToPay: null,
};

function delivery(date: string, overrides: Partial<SubscriptionDelivery> = {}): SubscriptionDelivery {
  return {
    date,
    plannedDate: date,
    change: "none",
    status: "scheduled",
    cutoff: `${date}T07:00:00.000Z`,
    locked: false,
    contents: CONTENTS,
    price: 2990,
    orderNumber: null,
    giftTo: null,
    foodBank: null,
    ...overrides,
  };
}

const DELIVERIES = [
  delivery("2026-12-02", { status: "locked", locked: true, cutoff: "2026-11-30T07:00:00.000Z" }),
  // 8 December is a holiday: the delivery moved to the 9th.
  delivery("2026-12-09", { plannedDate: "2026-12-08", change: "moved", cutoff: "2026-12-07T07:00:00.000Z" }),
  delivery("2027-01-06", { status: "skipped", price: 0 }),
];

const OVERVIEW = "GET /users/me/overview";

/** The CMS's one answer for a subscription's page: it, its deliveries, the address book and the cards. */
const overviewOf = (detail: SubscriptionDetail, deliveries = DELIVERIES) =>
  json({ subscription: { detail, deliveries }, addresses: [], cards: [] });

/** What a refusal or answer of an action carries: its body and status. */
const dataOf = <T>(answer: unknown) => answer as { data: T; init: { status?: number } | null };

function post(screen: "subscriptionDetail" | "upcomingDeliveries", fields: Record<string, string>, id = ID) {
  const request = new Request(`http://shop.test${pathTo(screen, "es", { id })}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const visit = visitOf(request);
  return screen === "subscriptionDetail" ? subscriptionAction(visit, id) : deliveryAction(visit, id);
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the list of subscriptions", () => {
  it("shows each with its status, 'every 4 weeks', the next delivery's cut-off and time left, contents and price", async () => {
    cms.on("GET /subscriptions/mine", json({ subscriptions: [SUMMARY] }));
    const [shown] = (await loadSubscriptions(visitOf(signedIn("/mi-cuenta/suscripciones")), NOW)) ?? [];
    expect(cms.calls).toMatchObject([{ method: "GET", path: "/subscriptions/mine", token: "jwt-of-marta" }]);
    expect(shown).toMatchObject({
      id: ID,
      statusText: "Activa",
      frequencyText: "Cada 4 semanas",
      weekdayText: "Miércoles",
      headline: "Caja mixta M",
      contents: ["1 × Caja mixta M (sin Apio)", "2 × Huevos (extra)"],
      pricePerDelivery: 2990,
      next: { date: "2026-12-09", day: "miércoles, 9 de diciembre de 2026", left: "se cierra en 6 días" },
    });
    expect(shown?.next?.cutoff).toMatch(/7 de diciembre.*08:00/);
  });

  it("never offers the first paid order's delivery as changeable: it is ordered, its cut-off still ahead", async () => {
    cms.on(
      "GET /subscriptions/mine",
      json({ subscriptions: [{ ...SUMMARY, nextDelivery: { ...SUMMARY.nextDelivery!, locked: true } }] }),
    );
    const [shown] = (await loadSubscriptions(visitOf(signedIn("/mi-cuenta/suscripciones")), NOW)) ?? [];
    expect(shown?.next).toMatchObject({ date: "2026-12-09", locked: true });
    cms.on("GET /subscriptions/mine", json({ subscriptions: [SUMMARY] }));
    const [changeable] = (await loadSubscriptions(visitOf(signedIn("/mi-cuenta/suscripciones")), NOW)) ?? [];
    expect(changeable?.next?.locked).toBe(false);
  });

  it("is empty for a customer without subscriptions, and null when the CMS cannot say", async () => {
    cms.on("GET /subscriptions/mine", json({ subscriptions: [] }));
    expect(await loadSubscriptions(visitOf(signedIn("/mi-cuenta/suscripciones")), NOW)).toEqual([]);
    cms.on("GET /subscriptions/mine", cmsError(500));
    expect(await loadSubscriptions(visitOf(signedIn("/mi-cuenta/suscripciones")), NOW)).toBeNull();
    // A CMS without the call (404) fails the list, not the page: the account home shows the rest.
    cms.on("GET /subscriptions/mine", cmsError(404, { name: "NotFoundError" }));
    expect(await loadSubscriptions(visitOf(signedIn("/mi-cuenta")), NOW)).toBeNull();
  });

  it("sends a visitor whose token the CMS refuses to sign in again, back to the list", async () => {
    cms.on("GET /subscriptions/mine", cmsError(401));
    const refusal = await thrown(loadSubscriptions(visitOf(signedIn("/mi-cuenta/suscripciones")), NOW));
    expect(refusal.status).toBe(302);
    expect(decodeURIComponent(refusal.location ?? "")).toContain("/mi-cuenta/suscripciones");
  });

  it("gives the account home each running subscription's next delivery", () => {
    const home = nextDeliveriesOf(
      [SUMMARY, { ...SUMMARY, id: "gone1", status: "cancelled", nextDelivery: null }],
      "es",
      NOW,
    );
    expect(home).toEqual([
      {
        id: ID,
        headline: "Caja mixta M",
        statusText: "Activa",
        next: expect.objectContaining({ date: "2026-12-09" }),
      },
    ]);
    expect(nextDeliveriesOf(null, "es", NOW)).toBeNull();
  });
});

describe("one subscription", () => {
  it("shows its detail and coming deliveries (one call), the history newest first, and which delivery a change reaches", async () => {
    cms.on(OVERVIEW, overviewOf(DETAIL));
    const { subscription, deliveries, offer } = await loadSubscription(
      visitOf(signedIn(`/mi-cuenta/suscripciones/${ID}`)),
      ID,
      { now: NOW },
    );
    // The boxes on sale come from the catalogue's cache (its first load here); with no change form
    // open, neither the address book nor the cards are asked for, nor any choice sent.
    expect(cms.calls.map((call) => call.path).filter((path) => !path.startsWith("/products"))).toEqual([
      `/users/me/overview?subscription=${ID}`,
    ]);
    expect(offer).toMatchObject({ boxes: [], extras: [], addresses: [], cards: [] });
    expect(subscription?.history.map((line) => line.text)).toEqual([
      "Tú: Extras: — → 2 × Huevos camperos, 1 × Miel de romero",
      "Tú: Entrega del miércoles, 11 de noviembre de 2026: Prevista → Regalada (Laia)",
      "Automático: Estado: Pendiente del primer pago → Activa",
      "Tú: Estado: — → Pendiente del primer pago",
    ]);
    expect(subscription?.may).toEqual({ change: true, pause: true, resume: false, cancel: true, restart: false });
    // The card as the profile shows it: "VISA", not the gateway's "visa".
    expect(subscription?.card).toMatchObject({ brand: "VISA", last4: "4242" });
    expect(subscription?.weekdayChoices).toEqual([
      { weekday: 3, text: "Miércoles" },
      { weekday: 5, text: "Viernes" },
    ]);
    // The first is locked: a change reaches the moved one of the 9th; cancelling now still brings the 2nd.
    expect(firstOpenDelivery(deliveries ?? [])?.date).toBe("2026-12-09");
    expect(lastComingBox(deliveries ?? [])?.date).toBe("2026-12-02");
    expect(deliveries?.[1]).toMatchObject({ plannedDay: "martes, 8 de diciembre de 2026", canSkip: true });
  });

  it("asks for the saved cards only with the card form open, and offers the active ones as the profile shows them", async () => {
    const card = {
      provider: "sandbox",
      brand: "visa",
      last4: "4242",
      expiryMonth: 3,
      expiryYear: 2031,
      isDefault: true,
      failureReason: null,
      createdAt: "2026-11-01T10:00:00.000Z",
      verifiedAt: "2026-11-01T10:00:00.000Z",
    };
    cms.on(
      OVERVIEW,
      json({
        subscription: { detail: DETAIL, deliveries: DELIVERIES },
        cards: [
          { ...card, id: "card00000001", status: "active" },
          { ...card, id: "card00000002", status: "pending" },
        ],
      }),
    );
    const { offer } = await loadSubscription(visitOf(signedIn(`/mi-cuenta/suscripciones/${ID}?change=card`)), ID, {
      openForm: "card",
      now: NOW,
    });
    expect(cms.calls.map((call) => call.path).filter((path) => !path.startsWith("/products"))).toEqual([
      `/users/me/overview?include=cards&subscription=${ID}`,
    ]);
    expect(offer.cards).toEqual([{ id: "card00000001", brand: "VISA", last4: "4242", expiry: "03/31" }]);
    expect(offer.addresses).toEqual([]);
  });

  it("offers no change of a pending subscription, whose deliveries are planned once its first is paid", async () => {
    cms.on(OVERVIEW, overviewOf({ ...DETAIL, status: "pending" }, []));
    const { subscription } = await loadSubscription(visitOf(signedIn(`/mi-cuenta/suscripciones/${ID}`)), ID, {
      now: NOW,
    });
    expect(subscription?.may.change).toBe(false);
    cms.on(OVERVIEW, overviewOf({ ...DETAIL, status: "past_due" }));
    const pastDue = await loadSubscription(visitOf(signedIn(`/mi-cuenta/suscripciones/${ID}`)), ID, { now: NOW });
    expect(pastDue.subscription?.may.change).toBe(true);
  });

  it("says the card is charged for each delivery only while deliveries are charged, not once cancelled or suspended", async () => {
    const charged = async (status: SubscriptionDetail["status"]) => {
      cms.on(OVERVIEW, overviewOf({ ...DETAIL, status }, []));
      const { subscription } = await loadSubscription(visitOf(signedIn(`/mi-cuenta/suscripciones/${ID}`)), ID, {
        now: NOW,
      });
      return subscription?.cardCharged;
    };
    for (const status of ["pending", "active", "paused", "past_due"] as const) expect(await charged(status)).toBe(true);
    for (const status of ["cancelled", "suspended"] as const) expect(await charged(status)).toBe(false);
  });

  it("answers the 404 page for another customer's subscription, and for a malformed id without asking", async () => {
    cms.otherwise(() => cmsError(404, { name: "NotFoundError", message: "Not Found" }));
    const visit = visitOf(signedIn("/mi-cuenta/suscripciones/other1"));
    expect(await thrown(loadSubscription(visit, "other1", { now: NOW }))).toEqual({ status: 404, location: null });
    expect(await thrown(loadUpcoming(visit, "other1", NOW))).toEqual({ status: 404, location: null });
    const before = cms.calls.length;
    for (const id of ["", "../users/me", "a b", "x".repeat(65)]) {
      expect((await thrown(loadSubscription(visit, id, { now: NOW }))).status).toBe(404);
    }
    expect(cms.calls).toHaveLength(before);
  });

  it("reads the cancellation's step from the URL: offer first, then confirm", () => {
    const at = (query: string) => cancelStepOf(signedIn(`/mi-cuenta/suscripciones/${ID}${query}`));
    expect([at(""), at("?cancel=offer"), at("?cancel=confirm"), at("?cancel=now")]).toEqual([
      null,
      "offer",
      "confirm",
      null,
    ]);
  });
});

describe("the coming deliveries", () => {
  beforeEach(() => foodBanks.clear());

  it("come with the food banks (asked once for many views), and a locked one offers nothing", async () => {
    cms
      .on(`GET ${MINE}/deliveries`, json({ deliveries: DELIVERIES }))
      .on("GET /food-banks", json({ foodBanks: [{ id: "fb1", name: "Banc dels Aliments", city: "Barcelona" }] }));
    await loadUpcoming(visitOf(signedIn("/x")), ID, NOW);
    const { deliveries, foodBanks: banks } = await loadUpcoming(visitOf(signedIn("/x")), ID, NOW);
    expect(banks).toHaveLength(1);
    expect(cms.callsTo("GET /food-banks")).toHaveLength(1);
    expect(deliveries?.map(({ canSkip, canRestore, locked }) => ({ canSkip, canRestore, locked }))).toEqual([
      { canSkip: false, canRestore: false, locked: true },
      { canSkip: true, canRestore: false, locked: false },
      { canSkip: false, canRestore: true, locked: false },
    ]);
  });

  it("tells the first paid order's delivery as ordered, not as past its cut-off, while that cut-off is ahead", async () => {
    const first = delivery("2026-12-09", { status: "ordered", locked: true, orderNumber: "IMP-0000003" });
    cms.on(`GET ${MINE}/deliveries`, json({ deliveries: [first] })).on("GET /food-banks", json({ foodBanks: [] }));
    const { deliveries } = await loadUpcoming(visitOf(signedIn("/x")), ID, NOW);
    expect(deliveries?.[0]).toMatchObject({ locked: true, orderedEarly: true, canSkip: false });
    const later = await loadUpcoming(visitOf(signedIn("/x")), ID, new Date("2026-12-09T08:00:00.000Z"));
    expect(later.deliveries?.[0]).toMatchObject({ locked: true, orderedEarly: false });
  });

  it("skips one and says the status the CMS answered", async () => {
    cms.on(
      `POST ${MINE}/deliveries/2026-12-09/skip`,
      json({ delivery: delivery("2026-12-09", { status: "skipped", price: 0 }) }),
    );
    const answer = (await post("upcomingDeliveries", { intent: "skip", date: "2026-12-09" })) as ChangeDone;
    expect(cms.calls).toMatchObject([{ method: "POST", body: {}, token: "jwt-of-marta" }]);
    expect(answer).toEqual({
      done: "delivery",
      intent: "skip",
      date: "2026-12-09",
      day: "miércoles, 9 de diciembre de 2026",
      statusText: "Saltada: no llega ni se cobra",
    });
  });

  it("explains a 409 delivery_locked with the first delivery still open", async () => {
    cms.on(
      `POST ${MINE}/deliveries/2026-12-02/skip`,
      cmsError(409, {
        name: "ConflictError",
        details: {
          code: "delivery_locked",
          date: "2026-12-09",
          errors: [{ path: [], message: "delivery_locked", name: "ValidationError" }],
        },
      }),
    );
    const answer = dataOf<ChangeRefusal>(await post("upcomingDeliveries", { intent: "skip", date: "2026-12-02" }));
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({
      refused: "locked",
      intent: "skip",
      date: "2026-12-02",
      lockedFrom: "miércoles, 9 de diciembre de 2026",
    });
  });

  it("says a refusal of the delivery's date or the subscription's status at the top of the form", async () => {
    cms.on(
      `POST ${MINE}/deliveries/2026-12-09/restore`,
      cmsError(409, {
        name: "ConflictError",
        details: {
          code: "delivery_unchanged",
          errors: [{ path: ["date"], message: "delivery_unchanged", name: "ValidationError" }],
        },
      }),
    );
    const answer = dataOf<ChangeRefusal>(await post("upcomingDeliveries", { intent: "restore", date: "2026-12-09" }));
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ refused: "invalid", errors: { form: { code: "delivery_unchanged" } } });
  });

  it("checks a gift's address before asking, and puts the CMS's refusals beside the friend's fields", async () => {
    const refused = dataOf<ChangeRefusal>(
      await post("upcomingDeliveries", { intent: "gift", date: "2026-12-09", fullName: "Joan", email: "nope" }),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toMatchObject({
      line1: { code: "required" },
      phone: { code: "required" },
      email: { code: "invalidEmail" },
    });
    expect(refused.data.values).toMatchObject({ fullName: "Joan", email: "nope" });
    expect(cms.calls).toHaveLength(0);

    cms.on(`POST ${MINE}/deliveries/2026-12-09/gift`, fieldRefusal({ "address.postalCode": "not_covered" }));
    const friend = {
      intent: "gift",
      date: "2026-12-09",
      fullName: "Joan Vila",
      line1: "Carrer Gran 1",
      postalCode: "17001",
      city: "Girona",
      country: "ES",
      phone: "+34600222333",
      email: "joan@example.test",
      note: "Per a tu!",
    };
    const outside = dataOf<ChangeRefusal>(await post("upcomingDeliveries", friend));
    expect(outside.data.errors).toEqual({ postalCode: { code: "not_covered" } });
    expect(cms.calls[0]?.body).toMatchObject({
      address: { fullName: "Joan Vila", postalCode: "17001", phone: "+34600222333" },
      email: "joan@example.test",
      note: "Per a tu!",
    });
  });

  it("refuses a form for an unknown intent with a 400", async () => {
    expect((await thrown(post("upcomingDeliveries", { intent: "pause", date: "2026-12-09" }))).status).toBe(400);
  });
});

describe("the subscription's forms", () => {
  const changed = (subscription: Partial<SubscriptionDetail>, appliesFrom: string | null) =>
    json({ subscription: { ...DETAIL, ...subscription }, appliesFrom });

  it("refuses a pause 'until a date' without the date beside its field, asking nothing", async () => {
    const answer = dataOf<ChangeRefusal>(await post("subscriptionDetail", { intent: "pause", option: "until" }));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ refused: "invalid", errors: { until: { code: "required" } } });
    const unknown = dataOf<ChangeRefusal>(await post("subscriptionDetail", { intent: "pause", option: "3y" }));
    expect(unknown.data.errors).toEqual({ option: { code: "invalidChoice" } });
    expect(cms.calls).toHaveLength(0);
  });

  it("puts the CMS's invalid_pause beside the date, and says what a pause did as the CMS answered", async () => {
    cms.on(`POST ${MINE}/pause`, fieldRefusal({ until: "invalid_pause" }));
    const refused = dataOf<ChangeRefusal>(
      await post("subscriptionDetail", { intent: "pause", option: "until", until: "2027-12-01", reason: "viaje" }),
    );
    expect(refused.data.errors).toEqual({ until: { code: "invalid_pause" } });
    expect(refused.data.values).toEqual({ option: "until", until: "2027-12-01", reason: "viaje" });

    cms.on(`POST ${MINE}/pause`, changed({ status: "paused", pausedUntil: "2026-12-15" }, "2026-12-09"));
    const done = await post("subscriptionDetail", { intent: "pause", option: "2w", reason: "" });
    expect(cms.calls.at(-1)?.body).toEqual({ option: "2w", reason: "" });
    expect(done).toEqual({
      done: "subscription",
      intent: "pause",
      appliesFrom: "miércoles, 9 de diciembre de 2026",
      statusText: "En pausa",
      pricePerDelivery: 2990,
    });
  });

  it("cancels with the reason, saying the CMS's status and that no delivery is left", async () => {
    cms.on(
      `POST ${MINE}/cancel`,
      changed({ status: "cancelled", cancelsOn: "2026-12-02", lastDelivery: "2026-12-02" }, null),
    );
    const done = await post("subscriptionDetail", { intent: "cancel", reason: "  Nos mudamos " });
    expect(cms.calls).toMatchObject([{ method: "POST", path: `${MINE}/cancel`, body: { reason: "Nos mudamos" } }]);
    expect(done).toMatchObject({ done: "subscription", intent: "cancel", appliesFrom: null, statusText: "Cancelada" });
  });

  it("skips the next delivery from the cancellation's offer", async () => {
    cms.on(
      `POST ${MINE}/deliveries/2026-12-09/skip`,
      json({ delivery: delivery("2026-12-09", { status: "skipped" }) }),
    );
    expect(await post("subscriptionDetail", { intent: "skip", date: "2026-12-09" })).toMatchObject({
      done: "delivery",
      date: "2026-12-09",
    });
  });

  it("changes the weekday with one PATCH, and a weekday the zone does not offer is refused beside its field", async () => {
    cms.on(`PATCH ${MINE}`, fieldRefusal({ weekday: "weekday_not_offered" }));
    const refused = dataOf<ChangeRefusal>(await post("subscriptionDetail", { intent: "weekday", weekday: "6" }));
    expect(cms.calls[0]?.body).toEqual({ weekday: 6 });
    expect(refused.data.errors).toEqual({ weekday: { code: "weekday_not_offered" } });
    const invalid = dataOf<ChangeRefusal>(
      await post("subscriptionDetail", { intent: "frequency", frequency: "daily" }),
    );
    expect(invalid.data.errors).toEqual({ frequency: { code: "invalidChoice" } });
    expect(cms.calls).toHaveLength(1);
  });

  it("quotes a new box first (nothing changed), then PATCHes it with the exclusions kept and says the new price", async () => {
    cms.on(`POST ${MINE}/quote`, json({ appliesFrom: "2026-12-09", pricePerDelivery: 3490 }));
    const preview = (await post("subscriptionDetail", {
      intent: "quoteBoxes",
      productId: "8",
      quantity: "2",
      exclusions: "31",
    })) as BoxesPreview;
    expect(cms.calls).toMatchObject([
      { method: "POST", path: `${MINE}/quote`, body: { boxes: [{ productId: 8, quantity: 2, exclusions: [31] }] } },
    ]);
    expect(preview).toEqual({
      preview: "boxes",
      productId: 8,
      quantity: 2,
      appliesFrom: "miércoles, 9 de diciembre de 2026",
      appliesFromDate: "2026-12-09",
      pricePerDelivery: 3490,
    });

    cms.on(`PATCH ${MINE}`, changed({ pricePerDelivery: 3490 }, "2026-12-09"));
    const done = await post("subscriptionDetail", {
      intent: "boxes",
      productId: "8",
      quantity: "2",
      exclusions: "31",
      appliesFrom: "2026-12-09",
    });
    expect(cms.calls.at(-1)).toMatchObject({
      method: "PATCH",
      // The delivery the quote told goes with it: the CMS refuses it (409) once that one is locked.
      body: { boxes: [{ productId: 8, quantity: 2, exclusions: [31] }], appliesFrom: "2026-12-09" },
    });
    expect(done).toEqual({
      done: "subscription",
      intent: "boxes",
      appliesFrom: "miércoles, 9 de diciembre de 2026",
      statusText: "Activa",
      pricePerDelivery: 3490,
    });
  });

  it("quotes the extras as the form leaves them (kept, changed, removed, one added), then PATCHes that list", async () => {
    cms.on(`POST ${MINE}/quote`, json({ appliesFrom: "2026-12-09", pricePerDelivery: 3890 }));
    const preview = (await post("subscriptionDetail", {
      intent: "quoteExtras",
      "extra-12": "3",
      "extra-13": "0",
      addProductId: "14",
      addQuantity: "1",
    })) as ExtrasPreview;
    expect(cms.calls.at(-1)).toMatchObject({
      path: `${MINE}/quote`,
      body: {
        extras: [
          { productId: 12, quantity: 3 },
          { productId: 14, quantity: 1 },
        ],
      },
    });
    expect(preview).toMatchObject({ preview: "extras", appliesFromDate: "2026-12-09", pricePerDelivery: 3890 });

    // Confirmed after that delivery's cut-off: the CMS says which delivery it would reach now.
    cms.on(
      `PATCH ${MINE}`,
      cmsError(409, { name: "ConflictError", details: { code: "delivery_locked", date: "2026-12-16", errors: [] } }),
    );
    const refused = dataOf<ChangeRefusal>(
      await post("subscriptionDetail", { intent: "extras", extras: "12:3,14:1", appliesFrom: "2026-12-09" }),
    );
    expect(cms.calls.at(-1)?.body).toEqual({
      extras: [
        { productId: 12, quantity: 3 },
        { productId: 14, quantity: 1 },
      ],
      appliesFrom: "2026-12-09",
    });
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ refused: "locked", lockedFrom: "miércoles, 16 de diciembre de 2026" });
  });

  it("restarts with the CMS's order of the first delivery and sends the customer to pay it", async () => {
    cms.on(
      `POST ${MINE}/restart`,
      json({
        subscription: { ...DETAIL, status: "pending", orderToPay: "000123" },
        appliesFrom: "2026-12-09",
        orderNumber: "000123",
      }),
    );
    const answer = (await post("subscriptionDetail", { intent: "restart", restartFrom: "2026-12-09" })) as Response;
    expect(cms.calls.at(-1)).toMatchObject({
      method: "POST",
      path: `${MINE}/restart`,
      body: { restartFrom: "2026-12-09" },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`${pathTo("orderPay", "es")}?order=000123`);
  });

  it("says the delivery a restart starts with now when the one the page said has closed meanwhile", async () => {
    cms.on(
      `POST ${MINE}/restart`,
      cmsError(409, {
        name: "ConflictError",
        details: {
          code: "delivery_locked",
          date: "2026-12-16",
          errors: [{ path: ["restartFrom"], message: "delivery_locked", name: "ValidationError" }],
        },
      }),
    );
    const refused = dataOf<{ refused: string; lockedFrom: string }>(
      await post("subscriptionDetail", { intent: "restart", restartFrom: "2026-12-09" }),
    );
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ refused: "locked", lockedFrom: "miércoles, 16 de diciembre de 2026" });
  });

  it("says a box the CMS refuses beside the box's choice, and a quantity the order flow does not take before asking", async () => {
    cms.on(`POST ${MINE}/quote`, fieldRefusal({ "boxes.0.productId": "product_unavailable" }));
    const refused = dataOf<ChangeRefusal>(
      await post("subscriptionDetail", { intent: "quoteBoxes", productId: "99", quantity: "1" }),
    );
    expect(refused.init?.status).toBe(400);
    expect(Object.keys(refused.data.errors)).toEqual(["productId"]);
    const tooMany = dataOf<ChangeRefusal>(
      await post("subscriptionDetail", { intent: "boxes", productId: "8", quantity: "500" }),
    );
    expect(tooMany.init?.status).toBe(400);
    expect(Object.keys(tooMany.data.errors)).toEqual(["productId"]);
    expect(cms.calls).toHaveLength(1);
  });

  it("moves the deliveries to an address of the book; one outside the zone is refused beside the choice", async () => {
    const book = {
      documentId: "addr2",
      label: "Oficina",
      ...address,
      line1: "Carrer de Pau Claris 10",
      postalCode: "08010",
      notes: null,
      isDefaultDelivery: false,
      isDefaultBilling: false,
    };
    cms.on("GET /users/me/addresses", json({ data: [book] }));
    cms.on(`PATCH ${MINE}`, fieldRefusal({ "address.postalCode": "not_covered" }));
    const refused = dataOf<ChangeRefusal>(await post("subscriptionDetail", { intent: "address", addressId: "addr2" }));
    expect(cms.calls.at(-1)?.body).toEqual({
      address: { ...address, line1: "Carrer de Pau Claris 10", postalCode: "08010" },
    });
    expect(refused.data.errors).toEqual({ addressId: { code: "not_covered" } });

    const unknown = dataOf<ChangeRefusal>(await post("subscriptionDetail", { intent: "address", addressId: "gone" }));
    expect(unknown.data.errors).toEqual({ addressId: { code: "invalidChoice" } });
    expect(cms.calls.filter((call) => call.method === "PATCH")).toHaveLength(1);
  });

  it("charges the renewals to another saved card; one that is not the customer's is refused beside the choice", async () => {
    cms.on(
      `PATCH ${MINE}`,
      changed({ card: { id: "card1111wxyz", brand: "mastercard", last4: "1111", expiry: "01/29" } }, "2026-12-09"),
    );
    expect(await post("subscriptionDetail", { intent: "card", paymentMethodId: "card1111wxyz" })).toMatchObject({
      done: "subscription",
      intent: "card",
    });
    expect(cms.calls.at(-1)?.body).toEqual({ paymentMethodId: "card1111wxyz" });
    cms.on(`PATCH ${MINE}`, fieldRefusal({ paymentMethodId: "card_unknown" }));
    const refused = dataOf<ChangeRefusal>(await post("subscriptionDetail", { intent: "card", paymentMethodId: "x" }));
    expect(refused.data.errors).toEqual({ paymentMethodId: { code: "card_unknown" } });
  });

  it("answers the 404 page when the CMS does not show the subscription, and a failure without claiming a change", async () => {
    cms.on(`POST ${MINE}/resume`, cmsError(404, { name: "NotFoundError" }));
    expect((await thrown(post("subscriptionDetail", { intent: "resume" }))).status).toBe(404);
    cms.on(`POST ${MINE}/resume`, cmsError(502));
    const failed = dataOf<ChangeRefusal>(await post("subscriptionDetail", { intent: "resume" }));
    expect(failed.init?.status).toBe(503);
    expect(failed.data.refused).toBe("failed");
  });
});

describe("the time left before a cut-off", () => {
  const texts = subscriptionsTextsFor("ca").closesIn;
  it("is told in days, hours, or less than an hour, rounded down", () => {
    const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
    expect(closesIn(at(24 * 3 + 5), NOW, texts)).toBe("es tanca d'aquí a 3 dies");
    expect(closesIn(at(47.5), NOW, texts)).toBe("es tanca d'aquí a 47 hores");
    expect(closesIn(at(1.2), NOW, texts)).toBe("es tanca d'aquí a 1 hora");
    expect(closesIn(at(0.5), NOW, texts)).toBe("es tanca d'aquí a menys d'una hora");
    expect(closesIn(at(-1), NOW, texts)).toBe("ja està tancada");
  });
});
