import { describe, expect, it } from "vitest";
import type { InvoiceRow } from "../src/invoices/issue";
import { invoicePdf } from "../src/invoices/pdf";
import { textOf } from "./helpers/pdf-text";

// What an invoice's PDF says (docs/decisions/039): the date of the operation apart when the invoice
// was issued on another day (art. 6.1 i: asked for after payment, or owed), and the seller's registry
// entry in the invoice's language.

const invoice = (overrides: Partial<InvoiceRow>): InvoiceRow => ({
  id: 1,
  number: "F-2026-000042",
  kind: "invoice",
  issuedAt: "2026-11-28T10:00:00.000Z",
  locale: "es",
  seller: {
    name: "Imperfecta Alimentació SL",
    taxId: "B12345674",
    address: ["Carrer de Pallars, 100", "08018 Barcelona", "ES"],
    registration: "Registro Mercantil de Barcelona, tomo 47321, folio 85, hoja B-512345",
  },
  buyer: {
    name: "Fruites Puig SL",
    taxId: "B12345674",
    address: {
      fullName: "Administració",
      company: null,
      line1: "Carrer de Mallorca, 120",
      line2: null,
      postalCode: "08036",
      city: "Barcelona",
      region: null,
      country: "ES",
      phone: null,
    },
  },
  lines: [{ description: "Caja mixta", quantity: 1, unitPrice: 2394, discount: 0, base: 2394, rate: 0.04, tax: 96 }],
  vat: [{ rate: 0.04, base: 2394, tax: 96 }],
  base: 2394,
  tax: 96,
  total: 2490,
  giftCardsPaid: 0,
  correctsNumber: null,
  reason: null,
  orderNumber: "IMP-0000042",
  operationAt: "2026-11-28T08:00:00.000Z",
  ...overrides,
});

describe("an invoice's PDF", () => {
  it("gives the date of the operation apart only when the invoice was issued on another day", async () => {
    const sameDay = textOf(await invoicePdf(invoice({})));
    expect(sameDay).toContain("Fecha de expedición: 28 de noviembre de 2026");
    expect(sameDay).not.toContain("Fecha de la operación");
    const later = textOf(await invoicePdf(invoice({ operationAt: "2026-11-03T09:00:00.000Z" })));
    expect(later).toContain("Fecha de la operación: 3 de noviembre de 2026");
    const portuguese = textOf(await invoicePdf(invoice({ locale: "pt", operationAt: "2026-11-03T09:00:00.000Z" })));
    expect(portuguese).toContain("Data da operação: 3 de novembro de 2026");
  });

  it("prints the registry entry in the invoice's language", async () => {
    expect(textOf(await invoicePdf(invoice({})))).toContain("Registro Mercantil de Barcelona, tomo 47321");
    expect(textOf(await invoicePdf(invoice({ locale: "ca" })))).toContain("Registre Mercantil de Barcelona, tom 47321");
    expect(textOf(await invoicePdf(invoice({ locale: "pt" })))).toContain("Registo Comercial de Barcelona, tomo 47321");
  });
});
