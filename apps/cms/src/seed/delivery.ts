import type { Core } from "@strapi/strapi";
import { renewDemoDeliveryFaqs } from "./delivery-faqs";
import { renewDemoLegalPages } from "./legal-pages";
import { CONTENT_TYPES } from "../content-types";
import { SEASONAL_BOXES } from "./data";

/**
 * The demo shop's delivery rules (docs/decisions/015), so that `npm start` takes orders: three zones
 * (Barcelona, Madrid, Lisbon) with their weekdays, slots with places, fees and cut-offs; the national
 * holidays of 2026 and 2027 (Spain's close every zone: the shop packs in Spain; Portugal's close
 * Lisbon); and a welcome coupon. Written once per database, on every start of a demo shop until then
 * (a database seeded before orders existed gets them too); staff's later changes are never undone.
 */

const MARKER = { type: "core", name: "imperfecta", key: "demo-delivery-seed" } as const;

const slots = (list: readonly [code: string, start: string, end: string, capacity: number][]) =>
  list.map(([code, start, end, capacity]) => ({ code, start: `${start}:00.000`, end: `${end}:00.000`, capacity }));

const NO_WEEKDAYS = {
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};

const ZONES = [
  {
    key: "barcelona",
    data: {
      name: "Barcelona",
      postcodes: "08001-08999",
      ...NO_WEEKDAYS,
      tuesday: true,
      thursday: true,
      slots: slots([
        ["morning", "09:00", "14:00", 40],
        ["afternoon", "16:00", "20:00", 40],
      ]),
      shippingFee: 4.9,
      freeShippingFrom: 50,
      cutoffWorkingDaysBefore: 2,
      cutoffTime: "23:59:00.000",
      active: true,
    },
  },
  {
    key: "madrid",
    data: {
      name: "Madrid",
      postcodes: "28001-28999",
      ...NO_WEEKDAYS,
      wednesday: true,
      friday: true,
      slots: slots([
        ["morning", "09:00", "14:00", 30],
        ["afternoon", "16:00", "20:00", 30],
      ]),
      shippingFee: 4.9,
      freeShippingFrom: 50,
      cutoffWorkingDaysBefore: 2,
      cutoffTime: "23:59:00.000",
      active: true,
    },
  },
  {
    key: "lisboa",
    data: {
      name: "Lisboa",
      postcodes: "1000-001-1999-999",
      ...NO_WEEKDAYS,
      friday: true,
      slots: slots([["day", "10:00", "18:00", 25]]),
      shippingFee: 6.9,
      freeShippingFrom: 60,
      cutoffWorkingDaysBefore: 3,
      cutoffTime: "18:00:00.000",
      active: true,
    },
  },
] as const;

/** Spain's national holidays (BOE) of 2026 and 2027 that fall Monday to Friday: no zone packs or delivers. */
const SPANISH_HOLIDAYS = [
  ["2026-01-01", "Año Nuevo"],
  ["2026-01-06", "Epifanía del Señor"],
  ["2026-04-03", "Viernes Santo"],
  ["2026-05-01", "Fiesta del Trabajo"],
  ["2026-08-15", "Asunción de la Virgen"],
  ["2026-10-12", "Fiesta Nacional de España"],
  ["2026-12-08", "Inmaculada Concepción"],
  ["2026-12-25", "Natividad del Señor"],
  ["2027-01-01", "Año Nuevo"],
  ["2027-01-06", "Epifanía del Señor"],
  ["2027-03-26", "Viernes Santo"],
  ["2027-10-12", "Fiesta Nacional de España"],
  ["2027-11-01", "Todos los Santos"],
  ["2027-12-06", "Día de la Constitución Española"],
  ["2027-12-08", "Inmaculada Concepción"],
] as const;

/** Portugal's national holidays of 2026 and 2027 that fall Monday to Friday and are not Spain's too. */
const PORTUGUESE_HOLIDAYS = [
  ["2026-06-04", "Corpo de Deus"],
  ["2026-06-10", "Dia de Portugal"],
  ["2026-10-05", "Implantação da República"],
  ["2026-12-01", "Restauração da Independência"],
  ["2027-05-27", "Corpo de Deus"],
  ["2027-06-10", "Dia de Portugal"],
  ["2027-10-05", "Implantação da República"],
  ["2027-12-01", "Restauração da Independência"],
] as const;

const WELCOME_COUPON = {
  code: "BIENVENIDA10",
  kind: "percentage",
  value: 10,
  minimumOrder: 30,
  usageLimit: null,
  active: true,
} as const;

interface StoreApi {
  get(params: { type: string; name: string; key: string }): Promise<unknown>;
  set(params: { type: string; name: string; key: string; value: unknown }): Promise<void>;
}

/**
 * Writes the demo's zones, holidays and coupon once per database; whether it wrote them now. Every
 * start also renews the FAQ's delivery answers of a database seeded when they named fees of their
 * own (./delivery-faqs), and the terms of one seeded when they named a cut-off of their own
 * (./legal-pages): they are about these zones.
 */
export async function seedDemoDelivery(strapi: Core.Strapi): Promise<boolean> {
  await renewDemoDeliveryFaqs(strapi);
  await renewDemoLegalPages(strapi);
  const store = strapi.store as unknown as StoreApi;
  if (await store.get(MARKER)) return false;
  const create = (uid: string, data: Record<string, unknown>) =>
    strapi.documents(uid as never).create({ data: data as never }) as unknown as Promise<{ documentId: string }>;
  const zones: Record<string, string> = {};
  for (const zone of ZONES) zones[zone.key] = (await create(CONTENT_TYPES.deliveryZone, zone.data)).documentId;
  // The seasonal boxes sold in some zones only (seeded with the catalogue, before the zones exist).
  for (const box of SEASONAL_BOXES.filter((each) => each.zones.length > 0)) {
    const product = (await strapi.db.query(CONTENT_TYPES.product).findOne({ where: { SKU: box.sku } })) as {
      documentId: string;
    } | null;
    if (!product) continue;
    await strapi.documents(CONTENT_TYPES.product as never).update({
      documentId: product.documentId,
      data: { saleZones: box.zones.map((key) => zones[key]) } as never,
    });
  }
  for (const [date, reason] of SPANISH_HOLIDAYS) await create(CONTENT_TYPES.closedDay, { date, reason });
  for (const [date, reason] of PORTUGUESE_HOLIDAYS) {
    await create(CONTENT_TYPES.closedDay, { date, reason, zone: zones.lisboa });
  }
  await create(CONTENT_TYPES.coupon, WELCOME_COUPON);
  await store.set({ ...MARKER, value: { seededAt: new Date().toISOString() } });
  return true;
}
