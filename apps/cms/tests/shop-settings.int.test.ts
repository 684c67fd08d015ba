import { shopSettingsAnswerSchema, type ShopSettings } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../src/env";
import { saveShopSettings } from "../src/factories/shop-settings";
import { createUser } from "../src/factories/users";
import { SHOP_SETTINGS } from "../src/seed/data";
import { getShopSettings, serializeShopSettings } from "../src/shop-settings/shop-settings";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// The "Shop settings" single type: the company's details, contact, hours, social links and payment
// methods that the storefront's footer, contact page and legal notice show.

const UID = CONTENT_TYPES.shopSetting;

describe("the shop settings", () => {
  let app: TestStrapi;

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false" });
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** Signs the demo staff account in to the admin panel, as staff do, and returns its admin API headers. */
  async function staffHeaders(): Promise<Record<string, string>> {
    const { demo } = parseEnv(process.env);
    const login = await postJson<{ data: { token: string } }>(`${app.url}/admin/login`, {
      email: demo.email,
      password: demo.password,
    });
    expect(login.status).toBe(200);
    return { authorization: `Bearer ${login.body.data.token}`, "content-type": "application/json" };
  }

  // Runs first: the single type is empty until staff (or the seed) save it.
  it("answers 404 in Strapi's shape before staff have saved them, and the service says null", async () => {
    expect(await getShopSettings(app.strapi)).toBeNull();
    expectErrorShape(await getJson(`${app.api}/shop-setting`), 404);
  });

  it("answers visitors with every field in the contract's shape, lists flattened", async () => {
    await saveShopSettings(app.strapi, {
      legalName: "Fruta Fea, S.L.",
      taxId: "B12345674",
      streetAddress: "Carrer de la Collita, 12",
      postalCode: "08005",
      locality: "Barcelona",
      country: "ES",
      email: "hola@example.com",
      phone: "+34 930 123 456",
      openingHours_es: "De lunes a viernes, de 9:00 a 18:00",
      openingHours_ca: "  ",
      socialLinks: [{ network: "instagram", url: "https://www.instagram.com/frutafea" }],
      paymentMethods: [{ method: "card" }, { method: "bizum" }, { method: "card" }],
    });
    const response = await getJson(`${app.api}/shop-setting`);
    expect(response.status).toBe(200);
    const { data } = shopSettingsAnswerSchema.parse(response.body);
    expect(data).toEqual({
      legalName: "Fruta Fea, S.L.",
      taxId: "B12345674",
      registration: null,
      streetAddress: "Carrer de la Collita, 12",
      postalCode: "08005",
      locality: "Barcelona",
      region: null,
      country: "ES",
      email: "hola@example.com",
      phone: "+34 930 123 456",
      openingHours_es: "De lunes a viernes, de 9:00 a 18:00",
      openingHours_ca: null,
      openingHours_pt: null,
      socialLinks: [{ network: "instagram", url: "https://www.instagram.com/frutafea" }],
      paymentMethods: ["card", "bizum"],
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Exactly the contract's fields: no ids of components, no createdAt, nothing Strapi adds.
    expect(Object.keys(response.body as { data: object }).sort()).toEqual(["data", "meta"]);
    expect(Object.keys((response.body as { data: object }).data).sort()).toEqual(Object.keys(data).sort());
    expect(await getShopSettings(app.strapi)).toEqual(data);
  });

  it("answers signed-in customers too, and leaves writing to staff", async () => {
    const { user, password } = await createUser(app.strapi);
    const signIn = await postJson<{ jwt: string }>(`${app.api}/auth/local`, { identifier: user.email, password });
    expect(signIn.status).toBe(200);
    const asCustomer = { authorization: `Bearer ${signIn.body.jwt}` };
    expect((await getJson(`${app.api}/shop-setting`, { headers: asCustomer })).status).toBe(200);

    const change = JSON.stringify({ data: { legalName: "Someone Else, S.L." } });
    for (const headers of [{}, asCustomer]) {
      const put = { method: "PUT", headers: { ...headers, "content-type": "application/json" }, body: change };
      expectErrorShape(await getJson(`${app.api}/shop-setting`, put), 403);
      expectErrorShape(await getJson(`${app.api}/shop-setting`, { method: "DELETE", headers }), 403);
    }
    expect((await getShopSettings(app.strapi))?.legalName).toBe("Fruta Fea, S.L.");
  });

  it("is edited by staff in the admin panel, and visitors see the change", async () => {
    const headers = await staffHeaders();
    const path = `${app.url}/content-manager/single-types/${UID}`;
    const current = await getJson<{ data: Record<string, unknown> }>(path, { headers });
    expect(current.status).toBe(200);
    expect(current.body.data.legalName).toBe("Fruta Fea, S.L.");

    const saved = await getJson(path, {
      method: "PUT",
      headers,
      body: JSON.stringify({
        ...current.body.data,
        legalName: "Fruta Fea Cooperativa",
        openingHours_pt: "De segunda a sexta, das 9h00 às 18h00",
        socialLinks: [],
        paymentMethods: [{ method: "giftCard" }],
      }),
    });
    expect(saved.status).toBe(200);
    const { data } = shopSettingsAnswerSchema.parse((await getJson(`${app.api}/shop-setting`)).body);
    expect(data).toMatchObject({
      legalName: "Fruta Fea Cooperativa",
      openingHours_pt: "De segunda a sexta, das 9h00 às 18h00",
      socialLinks: [],
      paymentMethods: ["giftCard"],
      taxId: "B12345674",
    });
  });

  it("refuses, in the admin panel, a social link that is not https and a phone number with letters", async () => {
    const headers = await staffHeaders();
    const path = `${app.url}/content-manager/single-types/${UID}`;
    for (const change of [
      { socialLinks: [{ network: "facebook", url: "http://facebook.com/frutafea" }] },
      { phone: "call us" },
      { country: "Spain" },
    ]) {
      const response = await getJson(path, { method: "PUT", headers, body: JSON.stringify(change) });
      expect(response.status).toBe(400);
    }
    expect((await getShopSettings(app.strapi))?.socialLinks).toEqual([]);
  });

  it("leaves out what could not safely go into a link, whatever is stored", () => {
    const stored = {
      id: 1,
      documentId: "x",
      legalName: " Fruta Fea ",
      email: "not an address",
      phone: "call us",
      country: "Spain",
      socialLinks: [
        { id: 1, network: "instagram", url: "javascript:alert(1)" },
        { id: 2, network: "myspace", url: "https://myspace.com/frutafea" },
        { id: 3, network: "youtube", url: "https://www.youtube.com/@frutafea" },
      ],
      paymentMethods: [{ id: 1, method: "cash" }, { id: 2, method: "bizum" }, null],
      updatedAt: new Date("2026-11-20T10:00:00.000Z"),
    };
    const settings: ShopSettings = serializeShopSettings(stored);
    expect(settings).toMatchObject({
      legalName: "Fruta Fea",
      email: null,
      phone: null,
      country: null,
      socialLinks: [{ network: "youtube", url: "https://www.youtube.com/@frutafea" }],
      paymentMethods: ["bizum"],
      updatedAt: "2026-11-20T10:00:00.000Z",
    });
  });
});

describe("the demo shop settings", () => {
  let app: TestStrapi;

  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "true" });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("are seeded with the demo company's details, in the contract's shape", async () => {
    const response = await getJson(`${app.api}/shop-setting`);
    expect(response.status).toBe(200);
    const { data } = shopSettingsAnswerSchema.parse(response.body);
    const { paymentMethods, ...fields } = SHOP_SETTINGS;
    expect(data).toEqual({
      ...fields,
      paymentMethods: paymentMethods.map(({ method }) => method),
      updatedAt: expect.any(String),
    });
    // Nothing left for the pages to leave out.
    expect(
      Object.entries(data).filter(([, value]) => value === null || (Array.isArray(value) && value.length === 0)),
    ).toEqual([]);
  });
});
