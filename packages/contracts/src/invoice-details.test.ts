import { describe, expect, it } from "vitest";
import { draftInvoiceSchema, orderInvoiceDetailsSchema } from "./order";

// An invoice's details (docs/decisions/039): the tax id is read with the billing address's country.

const address = (country: "ES" | "PT", postalCode: string) => ({
  fullName: "Administració",
  company: null,
  line1: "Rua Augusta 10",
  line2: null,
  postalCode,
  city: country === "PT" ? "Lisboa" : "Barcelona",
  region: null,
  country,
  phone: null,
});
const inSpain = address("ES", "08036");
const inPortugal = address("PT", "1100-048");

const refusal = (input: unknown) => {
  const parsed = draftInvoiceSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("an invoice's tax id", () => {
  it("takes a Portuguese NIF for an address in Portugal, a Spanish one for an address in Spain", () => {
    expect(draftInvoiceSchema.parse({ name: "Frutas Lda", taxId: "501 964 843", address: inPortugal }).taxId).toBe(
      "501964843",
    );
    expect(draftInvoiceSchema.parse({ name: "Fruites SL", taxId: "b-12345674", address: inSpain }).taxId).toBe(
      "B12345674",
    );
  });

  it("says beside the field when the id is the other country's, and when it is no id at all", () => {
    expect(refusal({ name: "Frutas Lda", taxId: "501964843", address: inSpain })).toEqual([
      ["taxId", "taxIdNotForCountry"],
    ]);
    expect(refusal({ name: "Fruites SL", taxId: "B12345674", address: inPortugal })).toEqual([
      ["taxId", "taxIdNotForCountry"],
    ]);
    // A wrong id is said with the address's own mistakes.
    expect(refusal({ name: "X", taxId: "501964844", address: { ...inPortugal, city: "" } })).toEqual([
      ["taxId", "invalidTaxId"],
      ["address.city", "required"],
    ]);
  });

  it("takes an EU VAT number with its prefix for any address, kept with it", () => {
    expect(draftInvoiceSchema.parse({ name: "Primeurs SA", taxId: "FR 40 303 265 045", address: inSpain }).taxId).toBe(
      "FR40303265045",
    );
    expect(draftInvoiceSchema.parse({ name: "Frutas Lda", taxId: "PT501964843", address: inSpain }).taxId).toBe(
      "PT501964843",
    );
    expect(refusal({ name: "Primeurs SA", taxId: "FR 40 303", address: inSpain })).toEqual([["taxId", "invalidTaxId"]]);
  });

  it("reads an order's stored details without checking them again", () => {
    expect(orderInvoiceDetailsSchema.parse({ name: "Old", taxId: "501964843", address: inSpain }).taxId).toBe(
      "501964843",
    );
  });
});
