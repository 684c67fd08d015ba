import { addressListSchema, createdOrderSchema, MAX_ADDRESSES, orderSchema } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, registerCustomer } from "./helpers/accounts";
import { getJson, postJson } from "./helpers/http";
import {
  deliveryAddress,
  finishedDraft,
  orderingFixture,
  patchDraft,
  placeOrder,
  type Catalogue,
} from "./helpers/ordering";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// A delivery address typed in the order flow is kept in the customer's address book when the order
// is placed (issue 20): once, not again when it is one the book has, and not for an order not placed.
let app: TestStrapi;
let catalogue: Catalogue;
let choice: { date: string; slot: string };

const POSTCODE = "46010";

/** While true, writing an address to a book fails with an SQL error, in whatever transaction is open. */
let bookWritesFail = false;
/** While true, an address row written by the order flow fails after the row, before its link. */
let linkWritesFail = false;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false" });
  ({ catalogue, choice } = await orderingFixture(app.strapi, app.api, POSTCODE));
  const { strapi } = app;
  // In the writer's transaction when there is one (Strapi reuses it): on PostgreSQL this aborts it.
  const failInTheWrite = async () => {
    if (bookWritesFail) await strapi.db.transaction(({ trx }) => trx.raw("SELECT missing_column FROM missing_table"));
  };
  // The query engine's lifecycles, which every way of writing a row goes through (the order flow's
  // appendAddress writes with createMany, the account's pages through the document service).
  strapi.db.lifecycles.subscribe({
    models: [CONTENT_TYPES.address],
    beforeCreate: failInTheWrite,
    beforeCreateMany: failInTheWrite,
    // After the row, before its link to the customer: the two are written together or not at all.
    afterCreateMany: async () => {
      if (linkWritesFail) throw new Error("the address's link to its customer could not be written");
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function addressBook(jwt: string) {
  const answer = await getJson(`${app.api}/users/me/addresses`, { headers: bearer(jwt) });
  expect(answer.status).toBe(200);
  return addressListSchema.parse(answer.body).data;
}

/** A finished draft delivering to `delivery` (a typed address or a book entry), and its order placed. */
async function order(jwt: string, delivery: Record<string, unknown>, body?: Record<string, unknown>) {
  const token = await finishedDraft(app.api, jwt, {
    postcode: POSTCODE,
    ...choice,
    boxes: [{ productId: catalogue.box, quantity: 1 }],
  });
  const changed = await patchDraft(app.api, token, { delivery: { ...choice, notes: "", ...delivery } }, jwt);
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  return placeOrder(app.api, token, jwt, body);
}

describe("the address book after an order", () => {
  it("keeps a new address typed in the flow once, and offers it for the next order", async () => {
    const customer = await registerCustomer(app.api);
    const typed = { ...deliveryAddress(POSTCODE), line2: "2º 1ª" };
    expect((await order(customer.jwt, { address: typed })).status).toBe(201);
    const [kept, ...more] = await addressBook(customer.jwt);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ fullName: typed.fullName, line1: typed.line1, line2: "2º 1ª", postalCode: POSTCODE });
    // The first address of a book is its default for deliveries (profile.ts), so the next order starts there.
    expect(kept?.isDefaultDelivery).toBe(true);

    // The same place typed again, spelled another way and with another phone, is not a second entry.
    const again = { ...typed, line1: "carrer de la pau, 3", city: "VALENCIA", phone: "+34 611 111 111" };
    expect((await order(customer.jwt, { address: again })).status).toBe(201);
    // Nor is an order to the entry itself.
    expect((await order(customer.jwt, { addressId: kept!.documentId })).status).toBe(201);
    expect((await addressBook(customer.jwt)).map((entry) => entry.documentId)).toEqual([kept!.documentId]);
  });

  it("keeps another place as a second entry, the first staying the default of both kinds", async () => {
    const customer = await registerCustomer(app.api);
    expect((await order(customer.jwt, { address: deliveryAddress(POSTCODE) })).status).toBe(201);
    const elsewhere = { ...deliveryAddress(POSTCODE), line1: "Carrer de Sueca 20" };
    expect((await order(customer.jwt, { address: elsewhere })).status).toBe(201);
    const [first, second, ...more] = await addressBook(customer.jwt);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      line1: deliveryAddress(POSTCODE).line1,
      isDefaultDelivery: true,
      isDefaultBilling: true,
    });
    expect(second).toMatchObject({ line1: "Carrer de Sueca 20", isDefaultDelivery: false, isDefaultBilling: false });
    // Written without the document service: the admin panel's way of reading it finds it whole, its customer too.
    const stored = (await app.strapi.documents(CONTENT_TYPES.address as never).findOne({
      documentId: second!.documentId,
      populate: ["user"],
    } as never)) as unknown as { line1: string; user: { email: string } | null; createdAt: string | null };
    expect(stored).toMatchObject({ line1: "Carrer de Sueca 20", user: { email: customer.email } });
    expect(stored.createdAt).toBeTruthy();
  });

  it("keeps nothing of an order that is not placed", async () => {
    const customer = await registerCustomer(app.api);
    // The summary's total is not the order's: refused (409 price_changed), nothing written.
    const refused = await order(
      customer.jwt,
      { address: { ...deliveryAddress(POSTCODE), line1: "Carrer del Mar 9" } },
      { termsAccepted: true, locale: "es", expectedTotal: 1 },
    );
    expect(refused.status).toBe(409);
    expect(await addressBook(customer.jwt)).toEqual([]);
  });

  it("places the order all the same when the address cannot be written to the book, and says so in the log", async () => {
    const customer = await registerCustomer(app.api);
    const warn = vi.spyOn(app.strapi.log, "warn");
    bookWritesFail = true;
    try {
      const placed = await order(customer.jwt, {
        address: { ...deliveryAddress(POSTCODE), line1: "Carrer de les Flors 4" },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const { order: created } = createdOrderSchema.parse(placed.body);
      const mine = await getJson(`${app.api}/orders/mine/${encodeURIComponent(created.number)}`, {
        headers: bearer(customer.jwt),
      });
      expect(mine.status).toBe(200);
      expect(orderSchema.parse(mine.body).delivery.address.line1).toBe("Carrer de les Flors 4");
      expect(warn.mock.calls.some(([message]) => String(message).includes(created.number))).toBe(true);
    } finally {
      bookWritesFail = false;
      warn.mockRestore();
    }
    expect(await addressBook(customer.jwt)).toEqual([]);
  });

  it("leaves no address behind when its link to the customer cannot be written", async () => {
    const customer = await registerCustomer(app.api);
    linkWritesFail = true;
    try {
      const placed = await order(customer.jwt, {
        address: { ...deliveryAddress(POSTCODE), line1: "Carrer de la Riba 7" },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    } finally {
      linkWritesFail = false;
    }
    expect(await addressBook(customer.jwt)).toEqual([]);
    // Nor a row without a customer, which no book would show and nothing would ever remove.
    expect(await app.strapi.db.query(CONTENT_TYPES.address).count({ where: { line1: "Carrer de la Riba 7" } })).toBe(0);
  });

  it("places the order all the same when the book is full, and leaves the book as it was", async () => {
    const customer = await registerCustomer(app.api);
    for (let index = 0; index < MAX_ADDRESSES; index += 1) {
      const saved = await postJson(
        `${app.api}/users/me/addresses`,
        { ...deliveryAddress(POSTCODE), line1: `Carrer de la Pau ${index + 10}` },
        bearer(customer.jwt),
      );
      expect(saved.status).toBe(201);
    }
    expect(
      (await order(customer.jwt, { address: { ...deliveryAddress(POSTCODE), line1: "Plaça Nova 1" } })).status,
    ).toBe(201);
    const book = await addressBook(customer.jwt);
    expect(book).toHaveLength(MAX_ADDRESSES);
    expect(book.some((entry) => entry.line1 === "Plaça Nova 1")).toBe(false);
  });
});
