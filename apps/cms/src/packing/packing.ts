import { isoWeekdayOf, shiftIsoDate, SIZE_CODES, type ClosedDay, type DeliveryZone, type IsoDate } from "@shop/domain";
import { toCsv, type CsvCell } from "./csv";
import type { PackingTexts } from "./texts";

/**
 * The day's work for the staff who pack and deliver: what to pack (boxes by type and size, with the
 * foods each customer left out, and the extras) and where to take it (one stop per order, by
 * postcode). Pure functions from the orders to prepare to what the admin page shows and the CSV
 * files staff print; ./packing-orders.ts reads those orders from the database.
 */

/** A box of an order, with its type and size as the order's line kept them when it was sold. */
export interface BoxToPack {
  productId: number;
  name: string;
  /** The box product's item type: "mixed", "fruits", "vegetables"... */
  boxKind: string | null;
  /** "S", "IM" or "XL". */
  size: string | null;
  quantity: number;
  /** Names of the foods the customer left out of each of these boxes. */
  exclusions: string[];
}

export interface ExtraToPack {
  productId: number;
  name: string;
  quantity: number;
}

/** An order of the day, paid or being prepared, as the sheets need it. */
export interface OrderToPrepare {
  number: string;
  customerName: string;
  phone: string | null;
  zoneName: string;
  /** "09:00-13:00"; null when the order has no slot. */
  slot: string | null;
  /** The street address on one line: street, number, floor, door. */
  address: string;
  postcode: string;
  city: string;
  notes: string | null;
  boxes: BoxToPack[];
  extras: ExtraToPack[];
}

/** The boxes of one product: how many, and which of them leave foods out (the rest are standard). */
export interface BoxGroup {
  productId: number;
  name: string;
  boxKind: string | null;
  size: string | null;
  count: number;
  withExclusions: { orderNumber: string; quantity: number; exclusions: string[] }[];
}

export interface ExtraGroup {
  productId: number;
  name: string;
  quantity: number;
}

export interface PackingList {
  date: IsoDate;
  orderCount: number;
  boxCount: number;
  extraCount: number;
  boxes: BoxGroup[];
  extras: ExtraGroup[];
  /** Every order with its boxes and extras, in delivery order (as the delivery sheet). */
  orders: OrderToPrepare[];
}

export interface DeliveryStop {
  number: string;
  name: string;
  address: string;
  postcode: string;
  city: string;
  phone: string | null;
  slot: string | null;
  notes: string | null;
  boxCount: number;
}

export interface DeliverySheet {
  date: IsoDate;
  stops: DeliveryStop[];
}

/** What the admin page needs before it asks for a day. */
export interface StaffFilters {
  nextDeliveryDay: IsoDate;
  zones: { id: number; name: string }[];
}

/** How far ahead the next delivery day is looked for: four weeks cover any zone's weekly rounds. */
const DELIVERY_DAY_HORIZON = 28;

/**
 * The first day from `today` on when some zone delivers: one of its weekdays and not closed for it or
 * for every zone. `today` itself when no zone delivers within four weeks (no zone set up yet).
 */
export function nextDeliveryDay(
  zones: readonly DeliveryZone[],
  closedDays: readonly ClosedDay[],
  today: IsoDate,
): IsoDate {
  const deliversOn = (zone: DeliveryZone, date: IsoDate) =>
    zone.weekdays.includes(isoWeekdayOf(date)) &&
    !closedDays.some((closed) => closed.date === date && (closed.zoneId === null || closed.zoneId === zone.id));
  for (let offset = 0; offset < DELIVERY_DAY_HORIZON; offset++) {
    const date = shiftIsoDate(today, offset);
    if (zones.some((zone) => deliversOn(zone, date))) return date;
  }
  return today;
}

const sizeRank = (size: string | null) => {
  const index = SIZE_CODES.indexOf(size as (typeof SIZE_CODES)[number]);
  return index === -1 ? SIZE_CODES.length : index;
};

/** Text in Spanish alphabetical order, an unknown value (null) last. */
function byText(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a.localeCompare(b, "es");
}

/** Type, then size from small to large, then name: the order boxes stand in the warehouse. */
function compareBoxGroups(a: BoxGroup, b: BoxGroup): number {
  return byText(a.boxKind, b.boxKind) || sizeRank(a.size) - sizeRank(b.size) || byText(a.name, b.name);
}

/**
 * By postcode (the courier's rounds follow it), then slot, then number, so that the sheet reads the
 * same every time it is printed.
 */
function compareStops(a: OrderToPrepare, b: OrderToPrepare): number {
  return byText(a.postcode, b.postcode) || byText(a.slot, b.slot) || byText(a.number, b.number);
}

function groupBoxes(orders: readonly OrderToPrepare[]): BoxGroup[] {
  const groups = new Map<number, BoxGroup>();
  for (const order of orders) {
    for (const box of order.boxes) {
      const group = groups.get(box.productId) ?? {
        productId: box.productId,
        name: box.name,
        boxKind: box.boxKind,
        size: box.size,
        count: 0,
        withExclusions: [],
      };
      group.count += box.quantity;
      if (box.exclusions.length > 0) {
        group.withExclusions.push({ orderNumber: order.number, quantity: box.quantity, exclusions: box.exclusions });
      }
      groups.set(box.productId, group);
    }
  }
  return [...groups.values()].sort(compareBoxGroups);
}

function groupExtras(orders: readonly OrderToPrepare[]): ExtraGroup[] {
  const groups = new Map<number, ExtraGroup>();
  for (const extra of orders.flatMap((order) => order.extras)) {
    const group = groups.get(extra.productId) ?? { productId: extra.productId, name: extra.name, quantity: 0 };
    group.quantity += extra.quantity;
    groups.set(extra.productId, group);
  }
  return [...groups.values()].sort((a, b) => byText(a.name, b.name));
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const boxCountOf = (order: OrderToPrepare) => sum(order.boxes.map((box) => box.quantity));

export function packingListOf(date: IsoDate, orders: readonly OrderToPrepare[]): PackingList {
  const boxes = groupBoxes(orders);
  const extras = groupExtras(orders);
  return {
    date,
    orderCount: orders.length,
    boxCount: sum(boxes.map((group) => group.count)),
    extraCount: sum(extras.map((group) => group.quantity)),
    boxes,
    extras,
    orders: [...orders].sort(compareStops),
  };
}

export function deliverySheetOf(date: IsoDate, orders: readonly OrderToPrepare[]): DeliverySheet {
  return {
    date,
    stops: [...orders].sort(compareStops).map((order) => ({
      number: order.number,
      name: order.customerName,
      address: order.address,
      postcode: order.postcode,
      city: order.city,
      phone: order.phone,
      slot: order.slot,
      notes: order.notes,
      boxCount: boxCountOf(order),
    })),
  };
}

// ---- CSV files -------------------------------------------------------------------------------------

export interface CsvOptions {
  texts: PackingTexts;
  /** The zone the list was asked for; null: every zone. */
  zoneName: string | null;
}

function kindLabel(texts: PackingTexts, kind: string | null): string | null {
  if (kind === null) return null;
  // Own keys only: a value read from the database must not find Object.prototype's.
  return (Object.hasOwn(texts.boxKinds, kind) && texts.boxKinds[kind]) || kind;
}
const listed = (names: readonly string[]) => names.join(", ");

function titleRows(title: string, date: IsoDate, { texts, zoneName }: CsvOptions): CsvCell[][] {
  return [[title, texts.date, date, texts.zone, zoneName ?? texts.allZones]];
}

function boxRows(list: PackingList, texts: PackingTexts): CsvCell[][] {
  const rows: CsvCell[][] = [[texts.box, texts.type, texts.size, texts.quantity, texts.order, texts.without]];
  for (const group of list.boxes) {
    rows.push([group.name, kindLabel(texts, group.boxKind), group.size, group.count, null, null]);
    // Under its group, each order's boxes that leave foods out: the packer makes these apart.
    for (const special of group.withExclusions) {
      rows.push([null, null, null, special.quantity, special.orderNumber, listed(special.exclusions)]);
    }
  }
  rows.push([`${texts.total} ${texts.boxes.toLowerCase()}`, null, null, list.boxCount, null, null]);
  return rows;
}

function extraRows(list: PackingList, texts: PackingTexts): CsvCell[][] {
  return [
    [texts.extra, texts.quantity],
    ...list.extras.map((group): CsvCell[] => [group.name, group.quantity]),
    [`${texts.total} ${texts.extras.toLowerCase()}`, list.extraCount],
  ];
}

function orderRows(list: PackingList, texts: PackingTexts): CsvCell[][] {
  const rows: CsvCell[][] = [
    [
      texts.order,
      texts.customer,
      texts.zone,
      texts.slot,
      texts.product,
      texts.type,
      texts.size,
      texts.quantity,
      texts.without,
    ],
  ];
  for (const order of list.orders) {
    const head = [order.number, order.customerName, order.zoneName, order.slot];
    for (const box of order.boxes) {
      rows.push([...head, box.name, kindLabel(texts, box.boxKind), box.size, box.quantity, listed(box.exclusions)]);
    }
    for (const extra of order.extras) rows.push([...head, extra.name, texts.extra, null, extra.quantity, null]);
  }
  return rows;
}

/**
 * The packing list as one CSV file to print: the day's totals, the boxes by product with the orders
 * whose boxes leave foods out, the extras, and every order's lines. Blank rows part the sections.
 */
export function packingListCsv(list: PackingList, options: CsvOptions): string {
  const { texts } = options;
  return toCsv([
    ...titleRows(texts.packingList, list.date, options),
    [texts.orders, list.orderCount, texts.boxes, list.boxCount, texts.extras, list.extraCount],
    [],
    ...boxRows(list, texts),
    [],
    ...extraRows(list, texts),
    [],
    ...orderRows(list, texts),
  ]);
}

/** The delivery sheet as a CSV file: a title row, then one row per stop in the courier's order. */
export function deliverySheetCsv(sheet: DeliverySheet, options: CsvOptions): string {
  const { texts } = options;
  return toCsv([
    ...titleRows(texts.deliverySheet, sheet.date, options),
    [],
    [
      texts.order,
      texts.name,
      texts.address,
      texts.postcode,
      texts.city,
      texts.phone,
      texts.slot,
      texts.notes,
      texts.boxes,
    ],
    ...sheet.stops.map((stop): CsvCell[] => [
      stop.number,
      stop.name,
      stop.address,
      stop.postcode,
      stop.city,
      stop.phone,
      stop.slot,
      stop.notes,
      stop.boxCount,
    ]),
  ]);
}
