import fs from "node:fs";
import path from "node:path";
import type { DeliveryZone } from "@shop/domain";
import { describe, expect, it } from "vitest";
import {
  deliverySheetCsv,
  deliverySheetOf,
  nextDeliveryDay,
  packingListCsv,
  packingListOf,
  type OrderToPrepare,
} from "../src/packing/packing";
import { PACKING_TEXTS } from "../src/packing/texts";

// The packing list and delivery sheet from the orders of a day (src/packing/packing.ts), and their
// CSV files. Reading the orders from the database is tested in packing.int.test.ts.

const DATE = "2026-11-24";

function order(overrides: Partial<OrderToPrepare> & Pick<OrderToPrepare, "number">): OrderToPrepare {
  return {
    customerName: "Ana Peña",
    phone: "+34 600 000 001",
    zoneName: "Centro",
    slot: "09:00-13:00",
    address: "Carrer de Mallorca 1, 2º 1ª",
    postcode: "08001",
    city: "Barcelona",
    notes: null,
    boxes: [],
    extras: [],
    ...overrides,
  };
}

const MIXED_IM = { productId: 1, name: "Caja mixta mediana", boxKind: "mixed", size: "IM" } as const;
const MIXED_S = { productId: 2, name: "Caja mixta pequeña", boxKind: "mixed", size: "S" } as const;
const FRUITS_XL = { productId: 3, name: "Caja de fruta grande", boxKind: "fruits", size: "XL" } as const;
const OIL = { productId: 10, name: "Aceite de oliva" } as const;
const HONEY = { productId: 11, name: "Miel" } as const;

const ORDERS: OrderToPrepare[] = [
  order({
    number: "IMP-0000003",
    postcode: "08012",
    slot: "16:00-20:00",
    boxes: [{ ...MIXED_IM, quantity: 1, exclusions: ["Cebolla", "Ajo"] }],
    extras: [{ ...OIL, quantity: 2 }],
  }),
  order({
    number: "IMP-0000002",
    postcode: "08001",
    slot: "16:00-20:00",
    boxes: [
      { ...MIXED_IM, quantity: 2, exclusions: [] },
      { ...FRUITS_XL, quantity: 1, exclusions: ["Kiwi"] },
    ],
  }),
  order({
    number: "IMP-0000001",
    postcode: "08001",
    slot: "09:00-13:00",
    boxes: [
      { ...MIXED_S, quantity: 1, exclusions: [] },
      { ...MIXED_IM, quantity: 1, exclusions: [] },
    ],
    extras: [
      { ...HONEY, quantity: 1 },
      { ...OIL, quantity: 1 },
    ],
  }),
];

describe("packingListOf", () => {
  const list = packingListOf(DATE, ORDERS);

  it("counts the day's orders, boxes and extras", () => {
    expect(list).toMatchObject({ date: DATE, orderCount: 3, boxCount: 6, extraCount: 4 });
  });

  it("groups boxes by product, by type then size from small to large, each with the orders packed apart", () => {
    expect(list.boxes).toEqual([
      { ...FRUITS_XL, count: 1, withExclusions: [{ orderNumber: "IMP-0000002", quantity: 1, exclusions: ["Kiwi"] }] },
      { ...MIXED_S, count: 1, withExclusions: [] },
      {
        ...MIXED_IM,
        count: 4,
        withExclusions: [{ orderNumber: "IMP-0000003", quantity: 1, exclusions: ["Cebolla", "Ajo"] }],
      },
    ]);
  });

  it("adds up each extra over the orders, by name", () => {
    expect(list.extras).toEqual([
      { ...OIL, quantity: 3 },
      { ...HONEY, quantity: 1 },
    ]);
  });

  it("lists the orders by postcode, then slot, then number, as the delivery sheet", () => {
    expect(list.orders.map((each) => each.number)).toEqual(["IMP-0000001", "IMP-0000002", "IMP-0000003"]);
  });

  it("puts a box the catalogue no longer knows after the known ones", () => {
    const gone = { productId: 99, name: "Caja retirada", boxKind: null, size: null, quantity: 1, exclusions: [] };
    const withGone = packingListOf(DATE, [order({ number: "IMP-0000009", boxes: [gone] }), ...ORDERS]);
    expect(withGone.boxes.map((group) => group.productId)).toEqual([3, 2, 1, 99]);
  });

  it("is empty on a day without orders", () => {
    expect(packingListOf(DATE, [])).toEqual({
      date: DATE,
      orderCount: 0,
      boxCount: 0,
      extraCount: 0,
      boxes: [],
      extras: [],
      orders: [],
    });
  });
});

describe("deliverySheetOf", () => {
  it("makes one stop per order by postcode then slot, with its box count", () => {
    const sheet = deliverySheetOf(DATE, ORDERS);
    expect(sheet.stops.map(({ number, postcode, slot, boxCount }) => ({ number, postcode, slot, boxCount }))).toEqual([
      { number: "IMP-0000001", postcode: "08001", slot: "09:00-13:00", boxCount: 2 },
      { number: "IMP-0000002", postcode: "08001", slot: "16:00-20:00", boxCount: 3 },
      { number: "IMP-0000003", postcode: "08012", slot: "16:00-20:00", boxCount: 1 },
    ]);
    expect(sheet.stops[0]).toEqual({
      number: "IMP-0000001",
      name: "Ana Peña",
      address: "Carrer de Mallorca 1, 2º 1ª",
      postcode: "08001",
      city: "Barcelona",
      phone: "+34 600 000 001",
      slot: "09:00-13:00",
      notes: null,
      boxCount: 2,
    });
  });
});

/**
 * The CSV's rows as cells, without the byte order mark. Enough for these tests' cells, which hold no
 * separator, quote nor line break: a cell with a comma comes quoted, and is unquoted here.
 */
const rowsOf = (csv: string) =>
  csv
    .slice(1)
    .split("\r\n")
    .slice(0, -1)
    .map((line) => line.split(";").map((cell) => cell.replace(/^"(.*)"$/, "$1")));

describe("packingListCsv", () => {
  const csv = packingListCsv(packingListOf(DATE, ORDERS), { texts: PACKING_TEXTS.es, zoneName: "Centro" });

  it("starts with the byte order mark, the title, the day and the zone, then the totals", () => {
    expect(csv.startsWith("\uFEFFLista de preparación;Fecha;2026-11-24;Zona;Centro\r\n")).toBe(true);
    expect(rowsOf(csv)[1]).toEqual(["Pedidos", "3", "Cajas", "6", "Extras", "4"]);
  });

  it("lists the boxes by type and size, the orders packed apart under their box, and the total", () => {
    const rows = rowsOf(csv);
    const start = rows.findIndex((row) => row[0] === "Caja");
    expect(rows.slice(start, start + 7)).toEqual([
      ["Caja", "Tipo", "Tamaño", "Cantidad", "Pedido", "Sin"],
      ["Caja de fruta grande", "Frutas", "XL", "1", "", ""],
      ["", "", "", "1", "IMP-0000002", "Kiwi"],
      ["Caja mixta pequeña", "Mixta", "S", "1", "", ""],
      ["Caja mixta mediana", "Mixta", "IM", "4", "", ""],
      ["", "", "", "1", "IMP-0000003", "Cebolla, Ajo"],
      ["Total cajas", "", "", "6", "", ""],
    ]);
  });

  it("lists the extras with their total", () => {
    const rows = rowsOf(csv);
    const start = rows.findIndex((row) => row[0] === "Extra");
    expect(rows.slice(start, start + 4)).toEqual([
      ["Extra", "Cantidad"],
      ["Aceite de oliva", "3"],
      ["Miel", "1"],
      ["Total extras", "4"],
    ]);
  });

  it("ends with every order's lines, boxes before extras", () => {
    const rows = rowsOf(csv);
    const start = rows.findIndex((row) => row[0] === "Pedido");
    expect(rows.slice(start)).toEqual([
      ["Pedido", "Cliente", "Zona", "Franja", "Producto", "Tipo", "Tamaño", "Cantidad", "Sin"],
      ["IMP-0000001", "Ana Peña", "Centro", "09:00-13:00", "Caja mixta pequeña", "Mixta", "S", "1", ""],
      ["IMP-0000001", "Ana Peña", "Centro", "09:00-13:00", "Caja mixta mediana", "Mixta", "IM", "1", ""],
      ["IMP-0000001", "Ana Peña", "Centro", "09:00-13:00", "Miel", "Extra", "", "1", ""],
      ["IMP-0000001", "Ana Peña", "Centro", "09:00-13:00", "Aceite de oliva", "Extra", "", "1", ""],
      ["IMP-0000002", "Ana Peña", "Centro", "16:00-20:00", "Caja mixta mediana", "Mixta", "IM", "2", ""],
      ["IMP-0000002", "Ana Peña", "Centro", "16:00-20:00", "Caja de fruta grande", "Frutas", "XL", "1", "Kiwi"],
      ["IMP-0000003", "Ana Peña", "Centro", "16:00-20:00", "Caja mixta mediana", "Mixta", "IM", "1", "Cebolla, Ajo"],
      ["IMP-0000003", "Ana Peña", "Centro", "16:00-20:00", "Aceite de oliva", "Extra", "", "2", ""],
    ]);
  });

  it("speaks the language asked for, and names every zone when none was chosen", () => {
    const catalan = packingListCsv(packingListOf(DATE, ORDERS), { texts: PACKING_TEXTS.ca, zoneName: null });
    expect(rowsOf(catalan)[0]).toEqual(["Llista de preparació", "Data", DATE, "Zona", "Totes les zones"]);
    expect(rowsOf(catalan)).toContainEqual(["Total caixes", "", "", "6", "", ""]);
  });
});

describe("deliverySheetCsv", () => {
  it("writes a title row, then one row per stop, customer text made safe for a spreadsheet", () => {
    const risky = order({
      number: "IMP-0000004",
      customerName: "Peña; Ana",
      notes: '=HYPERLINK("http://example.com","Pulsa")',
      boxes: [{ ...MIXED_S, quantity: 2, exclusions: [] }],
    });
    const csv = deliverySheetCsv(deliverySheetOf(DATE, [risky]), { texts: PACKING_TEXTS.pt, zoneName: "Centro" });
    expect(csv).toBe(
      "\uFEFF" +
        "Folha de entregas;Data;2026-11-24;Zona;Centro\r\n" +
        "\r\n" +
        "Encomenda;Nome;Morada;Código postal;Localidade;Telefone;Horário;Notas;Cabazes\r\n" +
        'IMP-0000004;"Peña; Ana";"Carrer de Mallorca 1, 2º 1ª";08001;Barcelona;\'+34 600 000 001;09:00-13:00;' +
        '"\'=HYPERLINK(""http://example.com"",""Pulsa"")";2\r\n',
    );
  });
});

describe("nextDeliveryDay", () => {
  const zone = (id: number, weekdays: DeliveryZone["weekdays"]): DeliveryZone => ({
    id,
    name: `Zona ${id}`,
    postcodes: [],
    weekdays,
    slots: [],
    shippingFee: 0,
    freeShippingFrom: null,
    cutoff: { workingDaysBefore: 2, time: "23:59" },
  });

  it("is today when a zone delivers today", () => {
    // 2026-11-24 is a Tuesday.
    expect(nextDeliveryDay([zone(1, [2])], [], "2026-11-24")).toBe("2026-11-24");
  });

  it("is the first weekday of any zone from today on, across a month's end", () => {
    expect(nextDeliveryDay([zone(1, [2]), zone(2, [5])], [], "2026-11-28")).toBe("2026-12-01");
  });

  it("skips a day closed for every zone, or for the only zone that delivers on it", () => {
    const zones = [zone(1, [2]), zone(2, [2, 4])];
    expect(nextDeliveryDay(zones, [{ date: "2026-11-24", zoneId: null }], "2026-11-24")).toBe("2026-11-26");
    expect(nextDeliveryDay(zones, [{ date: "2026-11-24", zoneId: 1 }], "2026-11-24")).toBe("2026-11-24");
    expect(
      nextDeliveryDay(
        zones,
        [
          { date: "2026-11-24", zoneId: 1 },
          { date: "2026-11-24", zoneId: 2 },
        ],
        "2026-11-24",
      ),
    ).toBe("2026-11-26");
  });

  it("is today when no zone delivers at all", () => {
    expect(nextDeliveryDay([], [], "2026-11-24")).toBe("2026-11-24");
    expect(nextDeliveryDay([zone(1, [])], [], "2026-11-24")).toBe("2026-11-24");
  });
});

describe("the admin page's translations", () => {
  const folder = path.join(__dirname, "..", "src", "plugins", "staff-tools", "admin", "translations");
  const read = (locale: string) =>
    JSON.parse(fs.readFileSync(path.join(folder, `${locale}.json`), "utf8")) as Record<string, string>;

  it.each(["es", "ca", "pt"])("has every English key in %s, each translated", (locale) => {
    const english = read("en");
    const translated = read(locale);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const value of Object.values(translated)) expect(value.trim()).not.toBe("");
  });
});
