import type { Core } from "@strapi/strapi";
import {
  deliveryCalendarSchema,
  orderDraftAnswerSchema,
  ORDER_DRAFT_HEADER,
  type DeliveryAddress,
} from "@shop/contracts";
import { expect } from "vitest";
import { createProduct, createTax, ensureMarketType } from "../../src/factories/catalogue";
import { bearer, send } from "./accounts";
import { getJson, postJson } from "./http";
import { CONTENT_TYPES } from "../../src/content-types";

/** What the ordering tests share: a zone, a small catalogue, drafts filled in through the API. */

const EVERY_DAY = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

/**
 * A zone delivering every day (so that dates are offered whatever day the tests run), orders closing
 * one working day before at 23:59; slots given as [code, capacity].
 */
export async function createZone(
  strapi: Core.Strapi,
  {
    name,
    postcodes,
    slots = [["morning", null]],
    fee = 4.9,
    freeFrom = 60,
  }: {
    name: string;
    postcodes: string;
    slots?: [code: string, capacity: number | null][];
    fee?: number;
    freeFrom?: number | null;
  },
): Promise<{ id: number; documentId: string }> {
  return (await strapi.documents(CONTENT_TYPES.deliveryZone as never).create({
    data: {
      name,
      postcodes,
      ...EVERY_DAY,
      slots: slots.map(([code, capacity], index) => ({
        code,
        start: `${String(9 + index * 5).padStart(2, "0")}:00:00.000`,
        end: `${String(13 + index * 5).padStart(2, "0")}:00:00.000`,
        capacity,
      })),
      shippingFee: fee,
      freeShippingFrom: freeFrom,
      cutoffWorkingDaysBefore: 1,
      cutoffTime: "23:59:00.000",
      active: true,
    } as never,
  })) as unknown as { id: number; documentId: string };
}

export interface Catalogue {
  /** A consumer box: 20.00 net at 10 %, 22.00 to a consumer. */
  box: number;
  /** A box sold only to companies. */
  companyBox: number;
  /** Produce a box may leave out. */
  pear: number;
  /** A complementary product for everyone: 8.00 net at 21 %, 9.68 to a consumer. */
  oil: number;
  /** Not on sale any more. */
  inactiveBox: number;
}

export async function createCatalogue(strapi: Core.Strapi): Promise<Catalogue> {
  const food = (await createTax(strapi, { amount_value: 0.1 })).documentId;
  const general = (await createTax(strapi, { amount_value: 0.21 })).documentId;
  const b2c = (await ensureMarketType(strapi, "B2C")).documentId;
  const b2b = (await ensureMarketType(strapi, "B2B")).documentId;
  const product = async (data: Parameters<typeof createProduct>[1]) => (await createProduct(strapi, data)).id;
  return {
    box: await product({
      type: "box",
      name_es: "Caja mixta mediana",
      name_ca: "Caixa mixta mitjana",
      itemType: "mixed",
      boxType: "IM",
      price: 20,
      tax_id: food,
      market_types: [b2c, b2b],
    }),
    companyBox: await product({
      type: "box",
      name_es: "Caja de oficina",
      itemType: "fruits",
      boxType: "XL",
      price: 40,
      tax_id: food,
      market_types: [b2b],
    }),
    pear: await product({
      type: "item",
      name_es: "Pera",
      name_ca: "Pera",
      price: 2.5,
      tax_id: food,
      market_types: [b2c],
    }),
    oil: await product({
      type: "marketplace_item",
      name_es: "Aceite de oliva",
      price: 8,
      tax_id: general,
      market_types: [b2c, b2b],
    }),
    inactiveBox: await product({ type: "box", name_es: "Caja retirada", price: 15, tax_id: food, isActive: false }),
  };
}

export function deliveryAddress(postalCode: string): DeliveryAddress {
  return {
    fullName: "Ana Puig",
    company: null,
    line1: "Carrer de la Pau 3",
    line2: null,
    postalCode,
    city: "Valencia",
    region: null,
    country: "ES",
    phone: "+34 600 000 000",
  };
}

export function draftHeaders(token: string, jwt?: string): Record<string, string> {
  return { [ORDER_DRAFT_HEADER]: token, ...(jwt === undefined ? {} : bearer(jwt)) };
}

/** A new draft's token. */
export async function newDraft(api: string, jwt?: string): Promise<string> {
  const response = await postJson(`${api}/order-drafts`, {}, jwt === undefined ? {} : bearer(jwt));
  expect(response.status).toBe(201);
  const { token } = orderDraftAnswerSchema.parse(response.body);
  if (token === undefined) throw new Error("a new draft without its token");
  return token;
}

export function patchDraft(api: string, token: string, body: unknown, jwt?: string) {
  return send("PATCH", `${api}/order-drafts/current`, body, draftHeaders(token, jwt));
}

/** The first date the postcode's calendar offers, with a slot. */
export async function firstOfferedDate(api: string, postcode: string): Promise<{ date: string; slot: string }> {
  const calendar = deliveryCalendarSchema.parse((await getJson(`${api}/delivery/calendar?postcode=${postcode}`)).body);
  const first = calendar.dates[0];
  if (!first?.slots[0]) throw new Error(`no date offered to ${postcode}`);
  return { date: first.date, slot: first.slots[0].code };
}

/** Fills a draft to its last step through the API, as the storefront's steps do; its token. */
export async function finishedDraft(
  api: string,
  jwt: string,
  {
    postcode,
    date,
    slot,
    boxes,
    extras = [],
    couponCode = null,
    purchase = "once",
  }: {
    postcode: string;
    date: string;
    slot: string;
    boxes: { productId: number; quantity: number; exclusions?: number[] }[];
    extras?: { productId: number; quantity: number; frequency?: string }[];
    couponCode?: string | null;
    purchase?: "once" | "subscription";
  },
): Promise<string> {
  const token = await newDraft(api, jwt);
  const steps = [
    { postcode },
    purchase === "once" ? { purchase } : { purchase, frequency: "weekly" },
    { boxes },
    { extras },
    { delivery: { address: deliveryAddress(postcode), date, slot, notes: "Timbre 2" } },
    ...(couponCode === null ? [] : [{ couponCode }]),
  ];
  for (const step of steps) {
    const response = await patchDraft(api, token, step, jwt);
    if (response.status !== 200) throw new Error(`step ${JSON.stringify(step)}: ${JSON.stringify(response.body)}`);
  }
  return token;
}

export function placeOrder(
  api: string,
  token: string,
  jwt: string,
  body: unknown = { termsAccepted: true, locale: "es" },
) {
  return postJson(`${api}/orders`, body, draftHeaders(token, jwt));
}

/** What most ordering tests start from: the test catalogue, a Valencia zone, and its first offered date and slot. */
export async function orderingFixture(strapi: Core.Strapi, api: string, postcode: string) {
  const catalogue = await createCatalogue(strapi);
  await createZone(strapi, { name: "Valencia", postcodes: "46001-46099" });
  return { catalogue, choice: await firstOfferedDate(api, postcode) };
}

/** The shop's legal details, which every invoice names as its seller (docs/decisions/039). */
export async function createShopLegalDetails(strapi: Core.Strapi): Promise<void> {
  await strapi.documents(CONTENT_TYPES.shopSetting as never).create({
    data: {
      legalName: "Imperfecta Alimentos Rescatados, S.L.",
      taxId: "B12345674",
      streetAddress: "Carrer de la Collita, 12",
      postalCode: "08005",
      locality: "Barcelona",
      country: "ES",
    } as never,
  });
}
