import type { ContactMessagePayload } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../src/factories/catalogue";
import { createUser } from "../src/factories/users";
import { countProducts, findProduct, listProducts } from "../src/catalogue/visible-products";
import { RateLimitedError } from "../src/rate-limits/errors";
import { submitContactMessage } from "../src/forms/forms";
import { postJson } from "./helpers/http";
import { readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// The services called as a job, a webhook or another service would call them: no HTTP in between.
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({
    SEED_DEMO_DATA: "false",
    STAFF_EMAIL: "equipo@example.com",
    FORM_SUBMISSIONS_PER_HOUR: "2",
  });
});

afterAll(async () => {
  await app?.stop();
});

const message: ContactMessagePayload = {
  name: "Núria Vidal",
  email: "nuria@example.com",
  message: "Voldria saber si porteu fruita a Girona.",
  locale: "ca",
};

describe("the form service", () => {
  it("stores a contact message and puts the staff notification in the outbox", async () => {
    const mails = readOutbox(app.outboxDir).length;
    const receipt = await submitContactMessage(app.strapi, message, { address: "203.0.113.20" });
    expect(receipt).toMatchObject({ stored: true, id: expect.any(Number), documentId: expect.any(String) });

    const stored = await app.strapi.db.query(CONTENT_TYPES.contactMessage).findOne({
      where: { documentId: receipt.stored ? receipt.documentId : "" },
    });
    expect(stored).toMatchObject({ name: "Núria Vidal", email: "nuria@example.com", phone: null, language: "ca" });
    const outbox = readOutbox(app.outboxDir);
    expect(outbox).toHaveLength(mails + 1);
    const mail = outbox.at(-1)?.content ?? "";
    expect(mail).toMatch(/^To: equipo@example\.com\r?$/m);
    expect(mail).toMatch(/^Reply-To: nuria@example\.com\r?$/m);
    expect(mail).toContain("Girona");
  });

  it("drops a message whose honeypot is filled, without counting it", async () => {
    const count = () => app.strapi.db.query(CONTENT_TYPES.contactMessage).count({});
    const before = await count();
    const sender = { address: "203.0.113.21" };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await submitContactMessage(app.strapi, { ...message, website: "http://spam.example" }, sender)).toEqual({
        stored: false,
      });
    }
    expect(await count()).toBe(before);
    // The bot's attempts took nothing from the address's hour.
    expect((await submitContactMessage(app.strapi, message, sender)).stored).toBe(true);
  });

  it("refuses a sender past the hourly limit with the seconds to wait, and stores nothing", async () => {
    const sender = { address: "203.0.113.22" };
    await submitContactMessage(app.strapi, message, sender);
    await submitContactMessage(app.strapi, message, sender);
    const count = await app.strapi.db.query(CONTENT_TYPES.contactMessage).count({});

    const refusal = await submitContactMessage(app.strapi, message, sender).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    const { retryAfterSeconds } = refusal as RateLimitedError;
    expect(retryAfterSeconds).toBeGreaterThan(3500);
    expect(retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await app.strapi.db.query(CONTENT_TYPES.contactMessage).count({})).toBe(count);
    // Another address has an hour of its own.
    expect((await submitContactMessage(app.strapi, message, { address: "203.0.113.23" })).stored).toBe(true);
  });
});

describe("the catalogue service", () => {
  it("never answers a hidden product, whoever asks", async () => {
    const visible = await createProduct(app.strapi, { name_es: "Manzanas de prueba" });
    const hidden = await createProduct(app.strapi, { hide_from_web: true });

    const { products, pagination } = await listProducts(app.strapi, {});
    expect(products.map((product) => product.SKU)).toEqual([visible.SKU]);
    expect(products[0]).toMatchObject({ name_ca: "Manzanas de prueba", slug_es: "manzanas-de-prueba" });
    expect(pagination).toMatchObject({ total: 1 });
    expect(await countProducts(app.strapi, {})).toBe(1);
    expect(await findProduct(app.strapi, String(hidden.id), {})).toBeNull();
    expect(await findProduct(app.strapi, hidden.documentId, { filters: { hide_from_web: { $eq: true } } })).toBeNull();
    expect((await findProduct(app.strapi, String(visible.id), {}))?.documentId).toBe(visible.documentId);
  });
});

describe("the factories", () => {
  it("make products with unique SKUs and slugs", async () => {
    const [first, second] = [await createProduct(app.strapi), await createProduct(app.strapi)];
    expect(first.SKU).not.toBe(second.SKU);
    for (const field of ["slug_es", "slug_ca", "slug_pt"]) expect(first[field]).not.toBe(second[field]);
  });

  it("make a confirmed customer whose password is hashed and signs in", async () => {
    const { user, password } = await createUser(app.strapi, { email: "Marta@Example.com" });
    const stored = (await app.strapi.db.query(CONTENT_TYPES.user).findOne({
      where: { id: user.id },
      populate: ["role"],
    })) as { email: string; password: string; confirmed: boolean; role: { type: string } };
    expect(stored).toMatchObject({ email: "marta@example.com", confirmed: true, role: { type: "authenticated" } });
    expect(stored.password).toMatch(/^\$2[aby]\$/);

    const signIn = await postJson<{ jwt: string }>(`${app.api}/auth/local`, {
      identifier: "marta@example.com",
      password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.jwt).toEqual(expect.any(String));
  });
});
