import type { Order } from "@shop/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import { visitOf } from "../../tests/visit";
import { changeBodyOf, confirmChange, quoteChange } from "./order-change.server";

// Changing a one-off order from its page (docs/decisions/049): the form read against the order (only
// what differs is asked for), and the CMS's answers worded as the page says them.

const cms = useFakeCms();

const address = {
  fullName: "Marta Puig",
  company: null,
  line1: "Carrer de Mallorca 200",
  line2: null,
  postalCode: "08036",
  city: "Barcelona",
  region: null,
  country: "ES",
  phone: null,
} as const;

const line = {
  kind: "box",
  productId: 7,
  name: "Caixa mixta M",
  quantity: 2,
  frequency: null,
  unitPrice: 2490,
  taxRate: 0.04,
  gross: 4980,
  tax: 192,
  discount: 0,
  exclusions: [],
} as const;

const ORDER = {
  lines: [line, { ...line, productId: 8, name: "Mel", quantity: 1 }],
  delivery: {
    date: "2026-12-04",
    slot: { code: "morning", start: "09:00", end: "14:00" },
    zoneName: "Barcelona",
    address,
    notes: "",
  },
} as unknown as Order;

/** The form as the page posts it untouched. */
const untouched = {
  delivery: "2026-12-04|morning",
  "qty-0": "2",
  "qty-1": "1",
  fullName: "Marta Puig",
  line1: "Carrer de Mallorca 200",
  line2: "",
  postalCode: "08036",
  city: "Barcelona",
  phone: "",
  notes: "",
};

const visit = () =>
  visitOf(new Request("http://shop.test/mi-cuenta/pedidos/IMP-0000042", { headers: { Cookie: "shop_session=jwt" } }), {
    locale: "es",
  });

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the change a form asks for", () => {
  it("is nothing for the form as the page showed it", () => {
    expect(changeBodyOf(untouched, ORDER)).toEqual({});
  });

  it("names only what differs: another day, a lower quantity, a floor added", () => {
    expect(changeBodyOf({ ...untouched, delivery: "2026-12-11|evening", "qty-0": "1", line2: "3r 2a" }, ORDER)).toEqual(
      {
        delivery: { date: "2026-12-11", slot: "evening" },
        lines: [{ index: 0, quantity: 1 }],
        address: { ...address, line2: "3r 2a" },
      },
    );
  });

  it("is null when a field cannot be one (a date that does not exist)", () => {
    expect(changeBodyOf({ ...untouched, delivery: "2026-02-30|morning" }, ORDER)).toBeNull();
  });
});

describe("the CMS's answers", () => {
  it("passes the quote's figures back with the change, and says what was refunded", async () => {
    cms.otherwise(() => json({ order: { bad: true }, refunded: 1000, method: "sandbox" }));
    await confirmChange(visit(), "IMP-0000042", {
      change: JSON.stringify({ lines: [{ index: 0, quantity: 1 }] }),
      basis: "abc",
      expectedTotal: "3430",
      expectedRefund: "2000",
    });
    expect(cms.calls).toMatchObject([
      {
        method: "POST",
        path: "/orders/mine/IMP-0000042/change",
        body: { lines: [{ index: 0, quantity: 1 }], basis: "abc", expectedTotal: 3430, expectedRefund: 2000 },
      },
    ]);
  });

  it("words the refusals: a slot taken meanwhile, a refund the bank refused, and anything else as a failure", async () => {
    const cases = [
      ["slot_full", 409, "slotFull"],
      ["refund_refused", 409, "refundRefused"],
      ["costs_more", 409, "costsMore"],
      ["past_cutoff", 409, "pastCutoff"],
      // A subscription's or a cancelled order is refused for what it is, not as "past the cut-off".
      ["not_changeable", 409, "notChangeable"],
      ["payment_pending", 409, "paymentPending"],
      ["out_of_season", 400, "outOfSeason"],
    ] as const;
    for (const [code, status, refused] of cases) {
      cms.otherwise(() => cmsError(status, { name: "ConflictError", details: { code } }));
      expect(await quoteChange(visit(), "IMP-0000042", { lines: [{ index: 0, quantity: 1 }] })).toMatchObject({
        data: { changeRefused: refused },
        init: { status },
      });
    }
    cms.otherwise(() => cmsError(503, { details: { code: "refund_unavailable" } }));
    expect(await quoteChange(visit(), "IMP-0000042", { notes: "x" })).toMatchObject({
      data: { changeRefused: "refundUnavailable" },
      init: { status: 503 },
    });
  });
});
