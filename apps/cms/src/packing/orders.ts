import type { Core } from "@strapi/strapi";
import { shopDateOf, text, type IsoDate, type OrderStatus } from "@shop/domain";
import { loadClosedDays, loadZones } from "../delivery/delivery";
import {
  deliverySheetOf,
  nextDeliveryDay,
  packingListOf,
  type BoxToPack,
  type DeliverySheet,
  type OrderToPrepare,
  type PackingList,
  type StaffFilters,
} from "./packing";
import { CONTENT_TYPES } from "../content-types";
import { exclusionNames } from "../ordering/lines";

/**
 * Reads the orders staff prepare on a day for the packing list and the delivery sheet (./packing.ts):
 * paid ones, and those already being prepared. Pending, failed, cancelled and refunded orders are
 * not packed; shipped and delivered ones have left the warehouse.
 */

const STATUSES_TO_PREPARE = ["paid", "preparing"] as const satisfies readonly OrderStatus[];

export interface DayFilter {
  date: IsoDate;
  /** Only the orders of this delivery zone; null: every zone. */
  zoneId: number | null;
}

interface LineRow {
  kind: "box" | "extra";
  productId: number;
  name: string;
  quantity: number;
  exclusions: unknown;
  /** The box's type and size when it was sold (src/ordering/orders.ts). */
  boxKind: string | null;
  size: string | null;
}

interface OrderRow {
  number: string | null;
  zoneName: string | null;
  slotStart: string | null;
  slotEnd: string | null;
  postcode: string | null;
  deliveryAddress: unknown;
  notes: string | null;
  lines?: LineRow[];
  user?: { phone?: string | null } | null;
}

function field(address: unknown, name: string): string | null {
  return typeof address === "object" && address !== null ? text((address as Record<string, unknown>)[name]) : null;
}

/** The order's delivery address (the address book's fields, kept as JSON) as the sheets show it. */
function deliveryOf(row: OrderRow) {
  const address = row.deliveryAddress;
  const fullName = field(address, "fullName") ?? "";
  const company = field(address, "company");
  return {
    customerName: company ? `${fullName} (${company})` : fullName,
    address: [field(address, "line1"), field(address, "line2")].filter((part) => part !== null).join(", "),
    postcode: field(address, "postalCode") ?? text(row.postcode) ?? "",
    city: field(address, "city") ?? "",
    // The address's own phone first: it is the one for this door; else the customer's.
    phone: field(address, "phone") ?? text(row.user?.phone),
  };
}

function toOrderToPrepare(row: OrderRow): OrderToPrepare {
  const lines = row.lines ?? [];
  const boxes: BoxToPack[] = lines
    .filter((line) => line.kind === "box")
    .map((line) => ({
      productId: line.productId,
      name: line.name,
      boxKind: line.boxKind,
      size: line.size,
      quantity: line.quantity,
      exclusions: exclusionNames(line.exclusions),
    }));
  const extras = lines
    .filter((line) => line.kind === "extra")
    .map((line) => ({ productId: line.productId, name: line.name, quantity: line.quantity }));
  return {
    number: row.number ?? "",
    zoneName: row.zoneName ?? "",
    slot: row.slotStart && row.slotEnd ? `${row.slotStart}-${row.slotEnd}` : null,
    notes: text(row.notes),
    ...deliveryOf(row),
    boxes,
    extras,
  };
}

export async function ordersToPrepare(strapi: Core.Strapi, { date, zoneId }: DayFilter): Promise<OrderToPrepare[]> {
  const rows = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: {
      deliveryDate: date,
      orderStatus: { $in: [...STATUSES_TO_PREPARE] },
      ...(zoneId === null ? {} : { zone: { id: zoneId } }),
    },
    select: ["number", "zoneName", "slotStart", "slotEnd", "postcode", "deliveryAddress", "notes"],
    populate: { lines: true, user: { select: ["phone"] } },
  })) as OrderRow[];
  return rows.map(toOrderToPrepare);
}

export async function packingListFor(strapi: Core.Strapi, filter: DayFilter): Promise<PackingList> {
  return packingListOf(filter.date, await ordersToPrepare(strapi, filter));
}

export async function deliverySheetFor(strapi: Core.Strapi, filter: DayFilter): Promise<DeliverySheet> {
  return deliverySheetOf(filter.date, await ordersToPrepare(strapi, filter));
}

/** What the admin page offers before it asks for a day: every zone (inactive ones may still have orders) and the next delivery day. */
export async function staffFilters(strapi: Core.Strapi, now: Date): Promise<StaffFilters> {
  const today = shopDateOf(now);
  const [zones, activeZones, closedDays] = await Promise.all([
    strapi.db
      .query(CONTENT_TYPES.deliveryZone)
      .findMany({ select: ["id", "name"], orderBy: { name: "asc" } }) as Promise<{ id: number; name: string }[]>,
    loadZones(strapi),
    loadClosedDays(strapi, today),
  ]);
  return {
    nextDeliveryDay: nextDeliveryDay(activeZones, closedDays, today),
    zones: zones.map(({ id, name }) => ({ id, name })),
  };
}

/** The name of a zone for a file's title; null when there is no such zone. */
export async function zoneNameOf(strapi: Core.Strapi, zoneId: number): Promise<string | null> {
  const zone = (await strapi.db
    .query(CONTENT_TYPES.deliveryZone)
    .findOne({ where: { id: zoneId }, select: ["name"] })) as {
    name: string;
  } | null;
  return zone?.name ?? null;
}
