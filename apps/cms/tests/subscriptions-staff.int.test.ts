import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shiftIsoDate, shopDateOf } from "@shop/domain";
import { CONTENT_TYPES } from "../src/content-types";
import { parseEnv } from "../src/env";
import { planDeliveries } from "../src/subscriptions/plan";
import { sendPriceNotices } from "../src/subscriptions/price-notices/notices";
import { orderDueDeliveries } from "../src/subscriptions/renewals/orders";
import { createProduct, createTax, ensureMarketType } from "../src/factories/catalogue";
import { bearer, registerCustomer, send } from "./helpers/accounts";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { createCatalogue, createZone, deliveryAddress } from "./helpers/ordering";
import { flushServerWork, readableMail } from "./helpers/payment-orders";
import { readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";

// Staff's subscription tools (src/subscriptions/staff, the staff tools' admin routes) and the price
// notices (src/subscriptions/price-notices, docs/decisions/032): staff list, open, pause, resume and
// cancel a customer's subscription, recorded as staff's with the customer's mail; a customer's token
// is refused; a box's new price is mailed once per subscription and reaches only renewals at least
// 7 days after the mail (the job's clock injected). One Strapi for the file.

let app: TestStrapi;
let box: number;
let zone: number;
let staff: Record<string, string>;
let staffEmail: string;
let customer: { jwt: string; email: string; userId: number };

const POSTCODE = "46010";
const MINUTE = 60_000;

const staffUrl = (path: string, query: Record<string, string> = {}) =>
  `${app.url}/staff-tools/subscriptions${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;

/** A subscription of the customer stored as the shop stores one, planned at `plannedAt`. */
async function subscription({
  anchor,
  status = "active",
  plannedAt,
  userId = customer.userId,
}: {
  anchor: string;
  status?: string;
  plannedAt?: Date;
  userId?: number;
}): Promise<{ id: number; documentId: string }> {
  const created = (await app.strapi.db.query(CONTENT_TYPES.subscription).create({
    data: {
      user: userId,
      subscriptionStatus: status,
      frequency: "weekly",
      locale: "es",
      audience: "consumer",
      boxes: [{ productId: box, quantity: 1, exclusions: [] }],
      extras: [],
      zone,
      slotCode: "morning",
      deliveryAddress: deliveryAddress(POSTCODE),
      nextDeliveryDate: anchor,
      anchorDate: anchor,
      weekday: new Date(`${anchor}T12:00:00Z`).getUTCDay() || 7,
      // As the first order tells it (src/ordering/orders.ts): the box at 20.00 net.
      toldPrices: { [String(box)]: [{ price: 2000, noticeSentAt: null }] },
    },
  })) as { id: number; documentId: string };
  if (plannedAt) await planDeliveries(app.strapi, created.id, plannedAt);
  return created;
}

function mailsTo(email: string, pattern: RegExp): string[] {
  return readOutbox(app.outboxDir)
    .map((mail) => readableMail(mail.content))
    .filter((text) => text.includes(`To: ${email}`) && pattern.test(text));
}

interface StaffDetail {
  subscription: { id: string; status: string; pausedUntil: string | null; pauseReason: string | null };
  customer: { email: string };
  deliveries: { date: string; status: string }[];
  history: { actor: string; by: string; field: string; from: unknown; to: unknown }[];
}

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", STOREFRONT_URL: "https://shop.example" });
  box = (await createCatalogue(app.strapi)).box;
  zone = (await createZone(app.strapi, { name: "Valencia", postcodes: "46001-46099" })).id;
  const registered = await registerCustomer(app.api);
  const user = (await app.strapi.db.query(CONTENT_TYPES.user).findOne({ where: { email: registered.email } })) as {
    id: number;
  };
  customer = { jwt: registered.jwt, email: registered.email, userId: user.id };
  const { demo } = parseEnv(process.env);
  const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
    email: demo.email,
    password: demo.password,
  });
  expect(login.status).toBe(200);
  staff = bearer(login.body.data.token);
  staffEmail = demo.email;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("staff's subscriptions", () => {
  it("lists subscriptions by status and by next delivery date", async () => {
    // Far-off dates of their own, so that no other test's subscription falls in the range.
    const paused = await subscription({ anchor: "2031-03-04", status: "paused" });
    const pausedLater = await subscription({ anchor: "2031-03-18", status: "paused" });
    const active = await subscription({ anchor: "2031-03-05" });
    const range = { nextFrom: "2031-03-01", nextTo: "2031-03-10" };

    const byStatus = await getJson<{ subscriptions: { id: string; customer: { email: string } }[]; total: number }>(
      staffUrl("", { status: "paused", ...range }),
      { headers: staff },
    );
    expect(byStatus.status).toBe(200);
    expect(byStatus.body.subscriptions.map((each) => each.id)).toEqual([paused.documentId]);
    expect(byStatus.body.subscriptions[0]!.customer.email).toBe(customer.email);

    const byDate = await getJson<{ subscriptions: { id: string; nextDeliveryDate: string }[] }>(staffUrl("", range), {
      headers: staff,
    });
    expect(byDate.body.subscriptions.map((each) => [each.id, each.nextDeliveryDate])).toEqual([
      [paused.documentId, "2031-03-04"],
      [active.documentId, "2031-03-05"],
    ]);
    expect(byDate.body.subscriptions.map((each) => each.id)).not.toContain(pausedLater.documentId);

    // A filter that is not one: 400 with the field, never a 500.
    const wrong = expectErrorShape(await getJson(staffUrl("", { status: "sleeping" }), { headers: staff }), 400);
    expect(JSON.stringify(wrong)).toContain("status");
    expectErrorShape(await getJson(staffUrl("", { nextFrom: "2031-02-30" }), { headers: staff }), 400);
    expectErrorShape(await getJson(staffUrl("/nothing-here"), { headers: staff }), 404);
  });

  it("pauses until a date with a reason, resumes and cancels for the customer: recorded as staff, mailed to the customer", async () => {
    const today = shopDateOf(new Date());
    const anchor = shiftIsoDate(today, 14);
    const { documentId } = await subscription({ anchor, plannedAt: new Date() });
    const until = shiftIsoDate(anchor, 8);

    const paused = await postJson<{ subscription: { status: string; pausedUntil: string }; appliesFrom: string }>(
      staffUrl(`/${documentId}/pause`),
      { until, reason: "Vacaciones, llamó por teléfono" },
      staff,
    );
    expect(paused.status).toBe(200);
    expect(paused.body.subscription).toMatchObject({ status: "paused", pausedUntil: until });
    expect(paused.body.appliesFrom).toBe(anchor);
    await flushServerWork();
    expect(mailsTo(customer.email, /en pausa/)).toHaveLength(1);

    const detail = await getJson<StaffDetail>(staffUrl(`/${documentId}`), { headers: staff });
    expect(detail.status).toBe(200);
    expect(detail.body.subscription).toMatchObject({ pauseReason: "Vacaciones, llamó por teléfono" });
    expect(detail.body.customer.email).toBe(customer.email);
    // The pause skipped the two deliveries up to its end; the rest stay planned.
    expect(detail.body.deliveries.slice(0, 3).map((each) => [each.date, each.status])).toEqual([
      [anchor, "skipped"],
      [shiftIsoDate(anchor, 7), "skipped"],
      [shiftIsoDate(anchor, 14), "scheduled"],
    ]);
    expect(detail.body.history).toContainEqual(
      expect.objectContaining({ actor: "staff", by: staffEmail, field: "status", from: "active", to: "paused" }),
    );

    const resumed = await postJson<{ subscription: { status: string } }>(staffUrl(`/${documentId}/resume`), {}, staff);
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscription.status).toBe("active");
    // The same transitions as the customer's: an active subscription cannot be resumed again.
    expectErrorShape(await postJson(staffUrl(`/${documentId}/resume`), {}, staff), 409);

    // Cancelling needs its reason; then it is the customer's cancellation, made by staff.
    expectErrorShape(await postJson(staffUrl(`/${documentId}/cancel`), {}, staff), 400);
    const cancelled = await postJson<{ subscription: { status: string } }>(
      staffUrl(`/${documentId}/cancel`),
      { reason: "Se muda fuera de la zona" },
      staff,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription.status).toBe("cancelled");
    await flushServerWork();
    expect(mailsTo(customer.email, /Has cancelado tu suscripci/)).toHaveLength(1);

    const history = (await getJson<StaffDetail>(staffUrl(`/${documentId}`), { headers: staff })).body.history;
    const statusChanges = history
      .filter((entry) => entry.field === "status")
      .map((entry) => [entry.actor, entry.by, entry.from, entry.to])
      .reverse();
    expect(statusChanges).toEqual([
      ["staff", staffEmail, "active", "paused"],
      ["staff", staffEmail, "paused", "active"],
      ["staff", staffEmail, "active", "cancelled"],
    ]);
    // The customer sees the change in their own account, by staff.
    const own = await getJson<{ history: { actor: string; field: string; to: unknown }[] }>(
      `${app.api}/subscriptions/mine/${documentId}`,
      { headers: bearer(customer.jwt) },
    );
    expect(own.body.history).toContainEqual(
      expect.objectContaining({ actor: "staff", field: "status", to: "cancelled" }),
    );
  });

  it("refuses a customer's token on every staff call, and staff edits of a subscription in the content manager", async () => {
    const { documentId } = await subscription({ anchor: shiftIsoDate(shopDateOf(new Date()), 21) });
    const asCustomer = { headers: bearer(customer.jwt) };
    const refused = (status: number) => expect([401, 403, 404]).toContain(status);
    refused((await getJson(staffUrl(""), asCustomer)).status);
    refused((await getJson(staffUrl(`/${documentId}`), asCustomer)).status);
    for (const [action, body] of [
      ["pause", { until: "2031-01-01", reason: "x" }],
      ["resume", {}],
      ["cancel", { reason: "x" }],
    ] as const) {
      refused((await postJson(staffUrl(`/${documentId}/${action}`), body, bearer(customer.jwt))).status);
    }
    const row = (await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .findOne({ where: { documentId }, select: ["subscriptionStatus"] })) as { subscriptionStatus: string };
    expect(row.subscriptionStatus).toBe("active");

    // The content manager shows the subscription but does not change its status behind the rules' back.
    const edit = await fetch(
      `${app.url}/content-manager/collection-types/${CONTENT_TYPES.subscription}/${documentId}`,
      {
        method: "PUT",
        headers: { ...staff, "content-type": "application/json" },
        body: JSON.stringify({ subscriptionStatus: "cancelled" }),
      },
    );
    expect(edit.status).toBe(400);
    const after = (await app.strapi.db
      .query(CONTENT_TYPES.subscription)
      .findOne({ where: { documentId }, select: ["subscriptionStatus"] })) as { subscriptionStatus: string };
    expect(after.subscriptionStatus).toBe("active");
  });

  it("keeps the food banks: staff add, edit and hide one, and a hidden one is not offered", async () => {
    const base = `${app.url}/content-manager/collection-types/${CONTENT_TYPES.foodBank}`;
    const send = (method: string, url: string, body: unknown) =>
      fetch(url, { method, headers: { ...staff, "content-type": "application/json" }, body: JSON.stringify(body) });
    const created = await send("POST", base, { name: "Banc dels Aliments", city: "Valencia", active: true });
    expect([200, 201]).toContain(created.status);
    const { data } = (await created.json()) as { data: { documentId: string } };
    const renamed = await send("PUT", `${base}/${data.documentId}`, {
      name: "Banco de Alimentos de Valencia",
      city: "Valencia",
      active: true,
    });
    expect(renamed.status).toBe(200);
    const offered = async () =>
      (
        (await getJson<{ foodBanks: { id: string; name: string }[] }>(`${app.api}/food-banks`)).body.foodBanks ?? []
      ).filter((bank) => bank.id === data.documentId);
    expect((await offered()).map((bank) => bank.name)).toEqual(["Banco de Alimentos de Valencia"]);
    expect(
      (
        await send("PUT", `${base}/${data.documentId}`, {
          name: "Banco de Alimentos de Valencia",
          city: "Valencia",
          active: false,
        })
      ).status,
    ).toBe(200);
    expect(await offered()).toEqual([]);
  });
});

describe("price notices", () => {
  it("mails a new box price once, even from two runs at once, and renewals charge it only from 7 days after", async () => {
    // A subscriber of their own (the other tests' subscriptions hear of the price too).
    const registered = await registerCustomer(app.api);
    const subscriber = (await app.strapi.db
      .query(CONTENT_TYPES.user)
      .findOne({ where: { email: registered.email } })) as { id: number; email: string };
    // The notice five days before the first delivery reaches the second.
    const anchor = shiftIsoDate(shopDateOf(new Date()), 120);
    const { id } = await subscription({
      anchor,
      plannedAt: new Date(`${shiftIsoDate(anchor, -6)}T12:00:00Z`),
      userId: subscriber.id,
    });
    const noticeAt = new Date(`${shiftIsoDate(anchor, -5)}T08:00:00Z`);

    // Nothing changed: nothing to tell.
    expect(await sendPriceNotices(app.strapi, noticeAt)).toBe(0);

    await app.strapi.db.query(CONTENT_TYPES.product).update({ where: { id: box }, data: { price: 22 } });
    try {
      await Promise.all([sendPriceNotices(app.strapi, noticeAt), sendPriceNotices(app.strapi, noticeAt)]);
      // A later run finds the price told already.
      expect(await sendPriceNotices(app.strapi, new Date(noticeAt.getTime() + 24 * 60 * MINUTE))).toBe(0);

      const notices = (await app.strapi.db.query(CONTENT_TYPES.subscriptionPriceNotice).findMany({
        where: { subscriptionId: id },
        select: ["oldPrice", "newPrice", "appliesFrom", "sentAt"],
      })) as { oldPrice: number; newPrice: number; appliesFrom: string; sentAt: string | null }[];
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ oldPrice: 2000, newPrice: 2200 });
      expect(String(notices[0]!.appliesFrom).slice(0, 10)).toBe(shiftIsoDate(anchor, 7));

      // One mail to this subscriber: 22.00 -> 24.20 a box (10 % VAT), shipping as before, from the second delivery.
      const mails = mailsTo(subscriber.email, /Cambia el precio de tu suscripci/);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("Caja mixta mediana");
      expect(mails[0]).toMatch(/26,90\s?€/);
      expect(mails[0]).toMatch(/29,10\s?€/);

      // Renewals: the delivery before the notice's 7 days keeps the told price, the one after has the new.
      const deliveries = (await app.strapi.db.query(CONTENT_TYPES.subscriptionDelivery).findMany({
        where: { subscriptionId: id },
        select: ["id", "date", "cutoffAt"],
        orderBy: { date: "asc" },
      })) as { id: number; date: string; cutoffAt: string | Date }[];
      for (const delivery of deliveries.slice(0, 2)) {
        await orderDueDeliveries(app.strapi, new Date(new Date(delivery.cutoffAt).getTime() + MINUTE));
      }
      const orders = (await app.strapi.db.query(CONTENT_TYPES.order).findMany({
        where: { subscription: { id } },
        select: ["deliveryDate", "goods", "total"],
        orderBy: { deliveryDate: "asc" },
      })) as { deliveryDate: string; goods: number; total: number }[];
      expect(orders.map((order) => [String(order.deliveryDate).slice(0, 10), order.total])).toEqual([
        [anchor, 2690],
        [shiftIsoDate(anchor, 7), 2910],
      ]);
    } finally {
      await app.strapi.db.query(CONTENT_TYPES.product).update({ where: { id: box }, data: { price: 20 } });
    }
  });
  it("tells a box the customer changes to at the price the account quoted, kept through a later price change", async () => {
    const registered = await registerCustomer(app.api);
    const subscriber = (await app.strapi.db
      .query(CONTENT_TYPES.user)
      .findOne({ where: { email: registered.email } })) as { id: number; email: string };
    const fruitBox = (
      await createProduct(app.strapi, {
        type: "box",
        name_es: "Caja de fruta",
        itemType: "fruits",
        boxType: "S",
        price: 15,
        tax_id: (await createTax(app.strapi, { amount_value: 0.1 })).documentId,
        market_types: [(await ensureMarketType(app.strapi, "B2C")).documentId],
      })
    ).id;
    const anchor = shiftIsoDate(shopDateOf(new Date()), 28);
    const { id, documentId } = await subscription({ anchor, plannedAt: new Date(), userId: subscriber.id });
    const changed = await send(
      "PATCH",
      `${app.api}/subscriptions/mine/${documentId}`,
      { boxes: [{ productId: fruitBox, quantity: 1, exclusions: [] }] },
      bearer(registered.jwt),
    );
    expect(changed.status).toBe(200);
    const told = async () =>
      (
        (await app.strapi.db.query(CONTENT_TYPES.subscription).findOne({ where: { id }, select: ["toldPrices"] })) as {
          toldPrices: Record<string, { price: number }[]>;
        }
      ).toldPrices;
    // The new box at its price today; the box left is forgotten.
    expect(await told()).toEqual({ [String(fruitBox)]: [{ price: 1500, noticeSentAt: null }] });

    // Staff raise it before any job ran: the notice goes out, and the told list keeps the quoted price first.
    await app.strapi.db.query(CONTENT_TYPES.product).update({ where: { id: fruitBox }, data: { price: 16 } });
    await sendPriceNotices(app.strapi, new Date(`${shiftIsoDate(anchor, -10)}T08:00:00Z`));
    expect((await told())[String(fruitBox)]!.map((entry) => entry.price)).toEqual([1500, 1600]);
    expect(mailsTo(subscriber.email, /Cambia el precio de tu suscripci/)).toHaveLength(1);
  });
});
