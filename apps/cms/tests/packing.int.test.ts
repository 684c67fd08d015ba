import type { Core } from "@strapi/strapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_DATA_SUBJECTS } from "../src/bootstrap/staff-roles";
import { getEnv, parseEnv } from "../src/env";
import { createProduct } from "../src/factories/catalogue";
import { uniqueSuffix } from "../src/factories/unique";
import { bearer, registerCustomer } from "./helpers/accounts";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// The staff tools' admin routes (src/plugins/staff-tools): the day's packing list and delivery
// sheet, as JSON for the admin page and as CSV files, for signed-in staff allowed to read them.

const DAY = "2026-11-24";
const OTHER_DAY = "2026-11-26";

interface Zone {
  id: number;
  name: string;
}

async function createZone(strapi: Core.Strapi, name: string, weekdays: Record<string, boolean>): Promise<Zone> {
  return (await strapi.db.query(CONTENT_TYPES.deliveryZone).create({
    data: {
      name,
      postcodes: "08001-08099",
      ...weekdays,
      shippingFee: 4.9,
      cutoffWorkingDaysBefore: 2,
      cutoffTime: "23:59:00.000",
      active: true,
    },
  })) as Zone;
}

interface OrderSpec {
  number: string;
  status: string;
  zone: Zone;
  date?: string;
  slot?: [string, string];
  address?: Record<string, unknown>;
  notes?: string;
  lines: Record<string, unknown>[];
}

/** An order as the shop stores it (src/ordering/orders.ts), with only what the sheets read varied. */
async function createOrder(strapi: Core.Strapi, spec: OrderSpec): Promise<void> {
  const [start, end] = spec.slot ?? ["09:00", "13:00"];
  const address = {
    fullName: "Ana Peña",
    company: null,
    line1: "Carrer de Mallorca 1",
    line2: null,
    postalCode: "08001",
    city: "Barcelona",
    region: null,
    country: "ES",
    phone: "+34 600 000 001",
    ...spec.address,
  };
  const created = (await strapi.documents(CONTENT_TYPES.order as never).create({
    data: {
      orderStatus: spec.status,
      locale: "es",
      audience: "consumer",
      purchase: "once",
      lines: spec.lines.map((line) => ({
        frequency: "once",
        unitPrice: 2500,
        taxRate: 0.04,
        gross: 2500,
        tax: 96,
        discount: 0,
        exclusions: [],
        ...line,
      })),
      goods: 2500,
      discount: 0,
      shipping: 0,
      shippingTax: 0,
      tax: 96,
      total: 2500,
      zone: spec.zone.id,
      zoneName: spec.zone.name,
      deliveryDate: spec.date ?? DAY,
      slotCode: start < "14:00" ? "morning" : "afternoon",
      slotStart: start,
      slotEnd: end,
      postcode: address.postalCode,
      deliveryAddress: address,
      notes: spec.notes ?? "",
      termsAcceptedAt: new Date(),
      marketingConsent: false,
    } as never,
  })) as unknown as { id: number };
  // As the shop does once the id is known (the number is made from it): here, a number per test.
  await strapi.db.query(CONTENT_TYPES.order).update({ where: { id: created.id }, data: { number: spec.number } });
}

interface PackingListBody {
  date: string;
  orderCount: number;
  boxCount: number;
  extraCount: number;
  boxes: { productId: number; name: string; boxKind: string; size: string; count: number; withExclusions: unknown[] }[];
  extras: { productId: number; name: string; quantity: number }[];
  orders: { number: string; customerName: string; phone: string; boxes: { exclusions: string[] }[] }[];
}

interface DeliverySheetBody {
  date: string;
  stops: Record<string, unknown>[];
}

describe("the staff tools' packing list and delivery sheet", () => {
  let app: TestStrapi;
  let staff: Record<string, string>;
  let centro: Zone;
  let costa: Zone;
  let mixedBox: number;
  let fruitBox: number;
  let oil: number;

  const url = (path: string, query: Record<string, string> = {}) =>
    `${app.url}/staff-tools/${path}?${new URLSearchParams(query).toString()}`;

  async function signIn(email: string, password: string): Promise<Record<string, string>> {
    const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, { email, password });
    expect(login.status).toBe(200);
    return { authorization: `Bearer ${login.body.data.token}` };
  }

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false" });
    const { strapi } = app;
    const { demo } = parseEnv(process.env);
    staff = await signIn(demo.email, demo.password);

    centro = await createZone(strapi, "Centro", { tuesday: true, thursday: true });
    costa = await createZone(strapi, "Costa", { tuesday: true });
    const box = (name: string, itemType: "mixed" | "fruits", boxType: "S" | "IM") =>
      createProduct(strapi, { type: "box", name_es: name, itemType, boxType, price: 25 });
    mixedBox = (await box("Caja mixta mediana", "mixed", "IM")).id;
    fruitBox = (await box("Caja de fruta pequeña", "fruits", "S")).id;
    oil = (await createProduct(strapi, { type: "marketplace_item", name_es: "Aceite de oliva", price: 9 })).id;

    // Lines as the shop writes them: a box's type and size as it was sold.
    const mixed = { kind: "box", productId: mixedBox, name: "Caja mixta mediana", boxKind: "mixed", size: "IM" };
    const fruit = { kind: "box", productId: fruitBox, name: "Caja de fruta pequeña", boxKind: "fruits", size: "S" };
    const extraOil = { kind: "extra", productId: oil, name: "Aceite de oliva" };
    await createOrder(strapi, {
      number: "IMP-9000001",
      status: "paid",
      zone: centro,
      slot: ["16:00", "20:00"],
      address: { fullName: "Peña; Ana", postalCode: "08012", phone: null },
      notes: '=HYPERLINK("http://example.com","Pulsa")',
      lines: [
        {
          ...mixed,
          quantity: 1,
          exclusions: [
            { id: 501, name: "Cebolla" },
            { id: 502, name: "Ajo" },
          ],
        },
        { ...fruit, quantity: 1 },
        { ...extraOil, quantity: 2 },
      ],
    });
    await createOrder(strapi, {
      number: "IMP-9000002",
      status: "preparing",
      zone: centro,
      lines: [{ ...mixed, quantity: 2 }],
    });
    await createOrder(strapi, {
      number: "IMP-9000003",
      status: "paid",
      zone: costa,
      slot: ["16:00", "20:00"],
      address: { fullName: "Joan Serra", company: "Fruites Serra SL", line2: "Baixos" },
      lines: [
        { ...fruit, quantity: 1, exclusions: [{ id: 503, name: "Kiwi" }] },
        { ...extraOil, quantity: 1 },
      ],
    });
    // Not packed on DAY: unpaid, cancelled, already on its way, or another day.
    for (const [number, status, date] of [
      ["IMP-9000004", "pending_payment", DAY],
      ["IMP-9000005", "cancelled", DAY],
      ["IMP-9000006", "shipped", DAY],
      ["IMP-9000007", "paid", OTHER_DAY],
    ] as const) {
      await createOrder(strapi, { number, status, zone: centro, date, lines: [{ ...mixed, quantity: 5 }] });
    }
    // Staff change the catalogue after the orders: they pack what was sold, not what is sold now.
    await strapi.db
      .query(CONTENT_TYPES.product)
      .update({ where: { id: mixedBox }, data: { itemType: "vegetables", boxType: "XL" } });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("answers 401 without a staff token, and a customer's token is no staff token", async () => {
    for (const path of ["packing-list", "delivery-sheet", "filters", "links"]) {
      expectErrorShape(await getJson(url(path, { date: DAY })), 401);
      expectErrorShape(await getJson(url(path, { date: DAY }), { headers: { authorization: "Bearer nonsense" } }), 401);
    }
  });

  it("answers 403 to staff whose role was not given the staff tools", async () => {
    const password = "Editor-Kiwi-2026!";
    const email = `editor-${uniqueSuffix()}@example.com`;
    const editorRole = (await app.strapi.db
      .query(CONTENT_TYPES.adminRole)
      .findOne({ where: { code: "strapi-editor" } })) as {
      id: number;
    };
    await (app.strapi.service("admin::user") as unknown as { create(data: object): Promise<unknown> }).create({
      email,
      firstname: "Eva",
      lastname: "Editora",
      password,
      isActive: true,
      registrationToken: null,
      roles: [editorRole.id],
    });
    const editor = await signIn(email, password);
    for (const path of ["packing-list", "delivery-sheet", "filters", "links"]) {
      expectErrorShape(await getJson(url(path, { date: DAY }), { headers: editor }), 403);
    }
    // Nor does the content manager show an editor customers' orders, payments or addresses.
    for (const uid of [CONTENT_TYPES.order, CONTENT_TYPES.payment, CONTENT_TYPES.address, CONTENT_TYPES.coupon]) {
      const listed = await getJson(`${app.url}/content-manager/collection-types/${uid}`, { headers: editor });
      expect(listed.status, uid).toBe(403);
    }
    // Nor refer-a-friend's rows, rewards and settings (money), nor the mail queue (addresses, mails).
    for (const uid of [CONTENT_TYPES.referral, CONTENT_TYPES.referralReward, CONTENT_TYPES.queuedMail]) {
      const listed = await getJson(`${app.url}/content-manager/collection-types/${uid}`, { headers: editor });
      expect(listed.status, uid).toBe(403);
    }
    const settings = await getJson(`${app.url}/content-manager/single-types/${CONTENT_TYPES.referralSetting}`, {
      headers: editor,
    });
    expect(settings.status).toBe(403);
    const kept = await app.strapi.db.query(CONTENT_TYPES.adminPermission).count({
      where: {
        role: { code: { $in: ["strapi-editor", "strapi-author"] } },
        subject: {
          $in: [
            CONTENT_TYPES.referral,
            CONTENT_TYPES.referralReward,
            CONTENT_TYPES.referralSetting,
            CONTENT_TYPES.queuedMail,
          ],
        },
      },
    });
    expect(kept).toBe(0);
    // The catalogue is still theirs to edit.
    const products = await getJson(`${app.url}/content-manager/collection-types/api::product.product`, {
      headers: editor,
    });
    expect(products.status).toBe(200);
  });

  it("withholds every customer-data content type from the Editor and Author roles", async () => {
    for (const uid of CUSTOMER_DATA_SUBJECTS) {
      expect(app.strapi.contentTypes[uid as keyof typeof app.strapi.contentTypes], uid).toBeDefined();
    }
    const granted = await app.strapi.db.query(CONTENT_TYPES.adminPermission).count({
      where: {
        role: { code: { $in: ["strapi-editor", "strapi-author"] } },
        subject: { $in: [...CUSTOMER_DATA_SUBJECTS] },
      },
    });
    expect(granted).toBe(0);
  });

  it("leads staff from the panel's menu to the gift cards' staff page, in each language; a customer's token gets nothing", async () => {
    const answer = await getJson<{ giftCards: Record<string, string> }>(url("links"), { headers: staff });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const { giftCards } = answer.body;
    expect(Object.keys(giftCards).sort()).toEqual(["ca", "es", "pt"]);
    expect(new URL(giftCards.es!).pathname).toBe("/admin/gift-cards");
    expect(new URL(giftCards.ca!).pathname).toBe("/ca/admin/gift-cards");
    expect(new URL(giftCards.pt!).pathname).toBe("/pt/admin/gift-cards");
    // The storefront's address, not the CMS's.
    expect(new URL(giftCards.es!).origin).toBe(new URL(getEnv().storefrontUrl).origin);
    const customer = await registerCustomer(app.api);
    expectErrorShape(await getJson(url("links"), { headers: bearer(customer.jwt) }), 401);
  });

  it("answers 400 with the field when the date, the zone or the format is not one", async () => {
    const bad: Record<string, string>[] = [
      {},
      { date: "" },
      { date: "24/11/2026" },
      { date: "2026-02-30" },
      { date: "2026-11-24T00:00:00Z" },
      { date: DAY, zone: "centro" },
      { date: DAY, zone: "0" },
      { date: DAY, format: "xlsx" },
      { date: DAY, lang: "fr" },
    ];
    for (const query of bad) {
      for (const path of ["packing-list", "delivery-sheet"]) {
        const body = expectErrorShape(await getJson(url(path, query), { headers: staff }), 400);
        expect(body.error.name).toBe("ValidationError");
        expect(body.error.details.errors).toEqual([expect.objectContaining({ path: [expect.any(String)] })]);
      }
    }
    // A repeated parameter is two values, not one.
    const twice = await getJson(`${url("packing-list")}date=${DAY}&date=${OTHER_DAY}`, { headers: staff });
    expectErrorShape(twice, 400);
  });

  it("groups the day's paid and preparing orders: boxes by type and size with exclusions, extras, orders", async () => {
    const response = await getJson<PackingListBody>(url("packing-list", { date: DAY }), { headers: staff });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const list = response.body;
    expect(list).toMatchObject({ date: DAY, orderCount: 3, boxCount: 5, extraCount: 3 });
    expect(list.boxes).toEqual([
      {
        productId: fruitBox,
        name: "Caja de fruta pequeña",
        boxKind: "fruits",
        size: "S",
        count: 2,
        withExclusions: [{ orderNumber: "IMP-9000003", quantity: 1, exclusions: ["Kiwi"] }],
      },
      {
        productId: mixedBox,
        name: "Caja mixta mediana",
        boxKind: "mixed",
        size: "IM",
        count: 3,
        withExclusions: [{ orderNumber: "IMP-9000001", quantity: 1, exclusions: ["Cebolla", "Ajo"] }],
      },
    ]);
    expect(list.extras).toEqual([{ productId: oil, name: "Aceite de oliva", quantity: 3 }]);
    expect(list.orders.map((order) => order.number)).toEqual(["IMP-9000002", "IMP-9000003", "IMP-9000001"]);
    expect(list.orders[1]).toMatchObject({ customerName: "Joan Serra (Fruites Serra SL)", phone: "+34 600 000 001" });
  });

  it("keeps to one zone when asked", async () => {
    const response = await getJson<PackingListBody>(url("packing-list", { date: DAY, zone: String(costa.id) }), {
      headers: staff,
    });
    expect(response.body).toMatchObject({ orderCount: 1, boxCount: 1, extraCount: 1 });
    expect(response.body.orders.map((order) => order.number)).toEqual(["IMP-9000003"]);
    const elsewhere = await getJson<PackingListBody>(url("packing-list", { date: OTHER_DAY, zone: String(costa.id) }), {
      headers: staff,
    });
    expect(elsewhere.body).toMatchObject({ orderCount: 0, boxes: [], extras: [], orders: [] });
  });

  it("lists the delivery stops by postcode then slot, with address, phone, notes and boxes", async () => {
    const response = await getJson<DeliverySheetBody>(url("delivery-sheet", { date: DAY }), { headers: staff });
    expect(response.status).toBe(200);
    expect(response.body.stops).toEqual([
      {
        number: "IMP-9000002",
        name: "Ana Peña",
        address: "Carrer de Mallorca 1",
        postcode: "08001",
        city: "Barcelona",
        phone: "+34 600 000 001",
        slot: "09:00-13:00",
        notes: null,
        boxCount: 2,
      },
      expect.objectContaining({ number: "IMP-9000003", address: "Carrer de Mallorca 1, Baixos", slot: "16:00-20:00" }),
      expect.objectContaining({
        number: "IMP-9000001",
        name: "Peña; Ana",
        postcode: "08012",
        phone: null,
        notes: '=HYPERLINK("http://example.com","Pulsa")',
        boxCount: 2,
      }),
    ]);
    const other = await getJson<DeliverySheetBody>(url("delivery-sheet", { date: OTHER_DAY }), { headers: staff });
    expect(other.body.stops.map((stop) => stop.number)).toEqual(["IMP-9000007"]);
  });

  it("downloads the packing list as Excel's UTF-8 CSV, named after the day and the zone", async () => {
    const query = { date: DAY, zone: String(centro.id), format: "csv", lang: "ca" };
    const response = await fetch(url("packing-list", query), { headers: staff });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="packing-list-${DAY}-zone-${centro.id}.csv"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(`Llista de preparació;Data;${DAY};Zona;Centro`);
    expect(lines[1]).toBe("Comandes;2;Caixes;4;Extres;2");
    expect(lines).toContain(';;;1;IMP-9000001;"Cebolla, Ajo"');
    expect(lines).toContain("Total caixes;;;4;;");
  });

  it("downloads the delivery sheet as CSV, customers' text quoted and never a formula", async () => {
    const response = await fetch(url("delivery-sheet", { date: DAY, format: "csv" }), { headers: staff });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="delivery-sheet-${DAY}.csv"`);
    const lines = (await response.text()).split("\r\n");
    // fetch's text() drops the byte order mark; the bytes test above sees it.
    expect(lines[0]).toBe(`Hoja de reparto;Fecha;${DAY};Zona;Todas las zonas`);
    expect(lines[2]).toBe("Pedido;Nombre;Dirección;Código postal;Población;Teléfono;Franja;Notas;Cajas");
    expect(lines[3]).toBe("IMP-9000002;Ana Peña;Carrer de Mallorca 1;08001;Barcelona;'+34 600 000 001;09:00-13:00;;2");
    expect(lines[5]).toBe(
      'IMP-9000001;"Peña; Ana";Carrer de Mallorca 1;08012;Barcelona;;16:00-20:00;"\'=HYPERLINK(""http://example.com"",""Pulsa"")";2',
    );
  });

  it("offers every zone and the next day one of them delivers", async () => {
    const response = await getJson<{ nextDeliveryDay: string; zones: Zone[] }>(url("filters"), { headers: staff });
    expect(response.status).toBe(200);
    expect(response.body.zones).toEqual([
      { id: centro.id, name: "Centro" },
      { id: costa.id, name: "Costa" },
    ]);
    // Tuesdays and Thursdays: within the coming week, on one of them.
    const next = new Date(`${response.body.nextDeliveryDay}T12:00:00Z`);
    expect([2, 4]).toContain(next.getUTCDay());
    expect(next.getTime() - Date.now()).toBeLessThan(7 * 24 * 3600 * 1000);
  });
});
