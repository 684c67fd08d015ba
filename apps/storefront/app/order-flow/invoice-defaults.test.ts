import type { Address } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { invoiceDefaultsOf } from "./invoice-defaults";

const address = (overrides: Partial<Address>): Address => ({
  documentId: "a1",
  label: null,
  fullName: "Administració",
  company: "Fruites Puig SL",
  line1: "Carrer de Mallorca, 120",
  line2: null,
  postalCode: "08036",
  city: "Barcelona",
  region: null,
  country: "ES",
  phone: null,
  notes: null,
  isDefaultDelivery: false,
  isDefaultBilling: false,
  ...overrides,
});

describe("invoiceDefaultsOf", () => {
  it("brings a company's name, tax id and default billing address, the invoice asked for", () => {
    const billing = address({ documentId: "b", isDefaultBilling: true });
    const defaults = invoiceDefaultsOf(
      { customerKind: "company", companyName: "Fruites Puig SL", taxId: "B12345674", firstName: "Ana", lastName: null },
      [address({ isDefaultDelivery: true }), billing],
    );
    expect(defaults).toEqual({ wanted: true, name: "Fruites Puig SL", taxId: "B12345674", address: billing });
  });

  it("leaves a consumer's invoice unasked, with their name and any tax id they gave", () => {
    expect(
      invoiceDefaultsOf(
        { customerKind: "consumer", companyName: null, taxId: null, firstName: "Ana", lastName: "García" },
        [],
      ),
    ).toEqual({ wanted: false, name: "Ana García", taxId: "", address: null });
    expect(invoiceDefaultsOf(null, [])).toEqual({ wanted: false, name: "", taxId: "", address: null });
  });
});
