import type { Address, Order } from "@shop/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import { customerOf, thrown, visitOf } from "../../tests/visit";
import { errorText } from "~/accounts/account-fields";
import { authTextsFor } from "~/accounts/auth-texts";
import { invoiceRequestDefaults, invoiceRequestState } from "./invoice-request";
import { loadInvoiceRequest, requestInvoice } from "./invoice-request.server";

const cms = useFakeCms();

const signedIn = () =>
  new Request("http://shop.test/mi-cuenta/pedidos/IMP-0000042", { headers: { Cookie: "shop_session=jwt-of-marta" } });

const address = {
  fullName: "Marta Puig",
  company: null,
  line1: "Carrer de Mallorca 200, 3r 2a",
  line2: null,
  postalCode: "08036",
  city: "Barcelona",
  region: null,
  country: "ES",
  phone: "+34600111222",
} as const;

/** Paid on 3 March 2026 (Madrid): the request is open until 15 April. */
const ORDER = {
  number: "IMP-0000042",
  status: "paid",
  invoice: null,
  invoices: [],
  delivery: {
    date: "2026-03-06",
    slot: { code: "morning", start: "09:00", end: "14:00" },
    zoneName: "BCN",
    address,
    notes: "",
  },
  events: [
    { at: "2026-03-02T23:30:00.000Z", from: null, to: "pending_payment", actor: "customer" },
    { at: "2026-03-02T23:31:10.000Z", from: "pending_payment", to: "paid", actor: "payment" },
  ],
} as unknown as Order;

const FORM = {
  intent: "requestInvoice",
  name: "Fruites Puig SL",
  taxId: "b-1234567-4",
  "address.fullName": "Administració",
  "address.company": "Fruites Puig SL",
  "address.line1": "Carrer de Mallorca, 120",
  "address.line2": "",
  "address.postalCode": "08036",
  "address.city": "Barcelona",
  "address.region": "",
  "address.country": "ES",
  "address.phone": "",
};

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("when the order page offers to ask for an invoice", () => {
  const inMarch = new Date("2026-03-20T10:00:00Z");

  it("offers it on a paid order without an invoice until the 15th of the next month, in Madrid", () => {
    expect(invoiceRequestState(ORDER, inMarch)).toEqual({ open: true, lastDay: "2026-04-15" });
    expect(invoiceRequestState(ORDER, new Date("2026-04-15T21:59:00Z"))).toEqual({ open: true, lastDay: "2026-04-15" });
    expect(invoiceRequestState(ORDER, new Date("2026-04-15T22:00:00Z"))).toEqual({
      open: false,
      lastDay: "2026-04-15",
    });
    expect(invoiceRequestState({ ...ORDER, status: "delivered" }, inMarch)?.open).toBe(true);
  });

  it("offers nothing for an order unpaid, cancelled, refunded, or that has its invoice or asked for it", () => {
    for (const status of ["pending_payment", "payment_failed", "cancelled", "refunded"] as const) {
      expect(invoiceRequestState({ ...ORDER, status }, inMarch)).toBeNull();
    }
    const issued = [
      { number: "F-2026-000007", kind: "invoice", issuedAt: "2026-03-03T00:00:00Z", total: 2490 },
    ] as const;
    expect(invoiceRequestState({ ...ORDER, invoices: [...issued] }, inMarch)).toBeNull();
    expect(invoiceRequestState({ ...ORDER, invoice: { name: "X", taxId: "12345678Z", address } }, inMarch)).toBeNull();
  });

  it("starts from the profile's company, tax id and default billing address, else the delivery's address", () => {
    const billing = {
      ...address,
      documentId: "a1",
      label: null,
      notes: null,
      isDefaultDelivery: false,
      isDefaultBilling: true,
      fullName: "Comptabilitat",
      line1: "Via Augusta 1",
    } as unknown as Address;
    const company = customerOf({ customerKind: "company", companyName: "Fruites Puig SL", taxId: "B12345674" });
    expect(invoiceRequestDefaults(ORDER, company, [billing])).toMatchObject({
      name: "Fruites Puig SL",
      taxId: "B12345674",
      address: { fullName: "Comptabilitat", line1: "Via Augusta 1" },
      fromProfile: true,
    });
    expect(invoiceRequestDefaults(ORDER, customerOf(), [])).toMatchObject({
      name: "Marta Puig",
      taxId: "",
      address: { line1: address.line1 },
      fromProfile: false,
    });
  });

  it("reads the address book only when the form is offered", async () => {
    cms.on("GET /users/me/addresses", json({ data: [] }));
    const visit = visitOf(signedIn(), { locale: "ca" });
    const open = await loadInvoiceRequest(visit, ORDER, inMarch);
    expect(open?.view).toMatchObject({ state: "open", until: expect.stringContaining("abril") });
    expect(open?.form).not.toBeNull();
    expect(cms.callsTo("GET /users/me/addresses")).toHaveLength(1);
    const closed = await loadInvoiceRequest(visit, ORDER, new Date("2026-05-01T10:00:00Z"));
    expect(closed).toMatchObject({ view: { state: "closed" }, form: null });
    expect(cms.callsTo("GET /users/me/addresses")).toHaveLength(1);
    expect(await loadInvoiceRequest(visit, { ...ORDER, status: "cancelled" }, inMarch)).toBeNull();
  });
});

describe("asking for the invoice", () => {
  const visit = () => visitOf(signedIn(), { locale: "es" });

  it("sends the details to the CMS with the customer's token and answers the invoice's number", async () => {
    cms.on(
      "POST /orders/mine/IMP-0000042/invoice",
      json(
        { invoice: { number: "F-2026-000012", kind: "invoice", issuedAt: "2026-03-20T10:00:00Z", total: 2490 } },
        201,
      ),
    );
    const answer = await requestInvoice(visit(), "IMP-0000042", FORM);
    expect(answer.data).toEqual({ invoiceRequested: { number: "F-2026-000012" } });
    const [call] = cms.callsTo("POST /orders/mine/IMP-0000042/invoice");
    expect(call).toMatchObject({
      token: "jwt-of-marta",
      body: { name: "Fruites Puig SL", taxId: "B12345674", address: { line1: "Carrer de Mallorca, 120", line2: null } },
    });
  });

  it("refuses a wrong tax id beside its field without asking the CMS, keeping what was typed", async () => {
    const answer = await requestInvoice(visit(), "IMP-0000042", { ...FORM, taxId: "12345678A", "address.city": "" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      intent: "requestInvoice",
      errors: { taxId: { code: "invalidTaxId" }, "address.city": { code: "required" } },
      values: { name: "Fruites Puig SL", taxId: "12345678A" },
    });
    expect(cms.calls).toEqual([]);
  });

  it("refuses a Portuguese NIF for an address in Spain beside the tax id, in words of each language", async () => {
    const answer = await requestInvoice(visit(), "IMP-0000042", { ...FORM, taxId: "501 964 843" });
    expect(answer.data).toMatchObject({ errors: { taxId: { code: "taxIdNotForCountry" } } });
    for (const locale of ["es", "ca", "pt"] as const) {
      const words = errorText(authTextsFor(locale), { code: "taxIdNotForCountry" });
      expect(words).not.toBe(authTextsFor(locale).errors.invalid);
      expect(words).toMatch(/ES, PT/);
    }
    // With its prefix it is a Portuguese business's VAT number: taken.
    cms.on("POST /orders/mine/IMP-0000042/invoice", json({ invoice: null }));
    const prefixed = await requestInvoice(visit(), "IMP-0000042", { ...FORM, taxId: "PT 501 964 843" });
    expect(prefixed.data).toEqual({ invoiceRequested: { number: null } });
    expect(cms.callsTo("POST /orders/mine/IMP-0000042/invoice")[0]?.body).toMatchObject({ taxId: "PT501964843" });
  });

  it("says the CMS's refusal of the order, and answers the 404 page for someone else's", async () => {
    cms.on(
      "POST /orders/mine/IMP-0000042/invoice",
      json(
        {
          data: null,
          error: {
            status: 409,
            name: "ConflictError",
            message: "too late",
            details: { code: "invoice_too_late", errors: [{ path: [], message: "invoice_too_late" }] },
          },
        },
        409,
      ),
    );
    const answer = await requestInvoice(visit(), "IMP-0000042", FORM);
    expect(answer.data).toEqual({ invoiceRefused: "invoice_too_late" });
    expect(answer.init?.status).toBe(409);

    cms.on("POST /orders/mine/IMP-0000043/invoice", cmsError(404));
    expect((await thrown(requestInvoice(visit(), "IMP-0000043", FORM))).status).toBe(404);
  });
});
