import { describe, expect, it } from "vitest";
import {
  areaInterestBody,
  createOrderBody,
  isoDateSchema,
  orderDraftPatchSchema,
  orderDraftSchema,
  orderListQuery,
  postcodeQuery,
} from "./order";

const address = {
  fullName: "Ana Puig",
  company: null,
  line1: "Carrer Gran 1",
  line2: null,
  postalCode: "08001",
  city: "Barcelona",
  region: null,
  country: "ES",
  phone: null,
};

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("order contracts", () => {
  it("a date is a real calendar day", () => {
    expect(isoDateSchema.safeParse("2028-02-29").success).toBe(true);
    for (const date of ["2027-02-29", "2026-13-01", "2026-1-5", "05/01/2026", ""]) {
      expect(isoDateSchema.safeParse(date).success).toBe(false);
    }
  });

  it("postcodes are stored in the address book's spelling, and anything else is invalid_postcode", () => {
    expect(postcodeQuery.parse({ postcode: " 08 001" }).postcode).toBe("08001");
    expect(postcodeQuery.parse({ postcode: "1100053" }).postcode).toBe("1100-053");
    for (const postcode of ["99999", "abc", "0800", "x".repeat(40)]) {
      expect(issues(postcodeQuery.safeParse({ postcode }))).toEqual([["postcode", "invalid_postcode"]]);
    }
  });

  it("a step sends only its own fields, and no field the draft does not have", () => {
    expect(orderDraftPatchSchema.parse({ purchase: "subscription", frequency: "weekly" })).toEqual({
      purchase: "subscription",
      frequency: "weekly",
    });
    expect(orderDraftPatchSchema.safeParse({ purchase: "once", total: 0 }).success).toBe(false);
    expect(orderDraftPatchSchema.safeParse({ frequency: "daily" }).success).toBe(false);
    expect(orderDraftPatchSchema.parse({ couponCode: "  bienvenida10 " }).couponCode).toBe("BIENVENIDA10");
    expect(orderDraftPatchSchema.parse({ couponCode: "" }).couponCode).toBeNull();
  });

  it("boxes: at most six exclusions, each once, and the same box with the same exclusions once", () => {
    const box = { productId: 3, exclusions: [10, 11], quantity: 1 };
    expect(orderDraftPatchSchema.safeParse({ boxes: [box] }).success).toBe(true);
    expect(issues(orderDraftPatchSchema.safeParse({ boxes: [{ ...box, exclusions: [1, 2, 3, 4, 5, 6, 7] }] }))).toEqual(
      [["boxes.0.exclusions", "tooMany:6"]],
    );
    expect(issues(orderDraftPatchSchema.safeParse({ boxes: [{ ...box, exclusions: [1, 1] }] }))).toEqual([
      ["boxes.0.exclusions", "duplicate_line"],
    ]);
    expect(issues(orderDraftPatchSchema.safeParse({ boxes: [box, { ...box, exclusions: [11, 10] }] }))).toEqual([
      ["boxes.1.productId", "duplicate_line"],
    ]);
    // The same box with other exclusions is another line.
    expect(orderDraftPatchSchema.safeParse({ boxes: [box, { ...box, exclusions: [] }] }).success).toBe(true);
    expect(issues(orderDraftPatchSchema.safeParse({ boxes: [{ ...box, quantity: 11 }] }))).toEqual([
      ["boxes.0.quantity", "tooMany:10"],
    ]);
    for (const quantity of [0, 1.5, "1", -1]) {
      expect(orderDraftPatchSchema.safeParse({ boxes: [{ ...box, quantity }] }).success).toBe(false);
    }
  });

  it("a delivery goes to an address-book entry or to a new address, not both and not neither", () => {
    const delivery = { date: "2026-11-26", slot: "morning" };
    expect(orderDraftPatchSchema.parse({ delivery: { ...delivery, addressId: "abc" } }).delivery).toEqual({
      ...delivery,
      addressId: "abc",
      address: null,
      notes: "",
    });
    expect(orderDraftPatchSchema.safeParse({ delivery: { ...delivery, address } }).success).toBe(true);
    expect(issues(orderDraftPatchSchema.safeParse({ delivery }))).toEqual([["delivery.address", "required"]]);
    expect(orderDraftPatchSchema.safeParse({ delivery: { ...delivery, addressId: "abc", address } }).success).toBe(
      false,
    );
    expect(
      issues(orderDraftPatchSchema.safeParse({ delivery: { ...delivery, address: { ...address, postalCode: "99" } } })),
    ).toEqual([["delivery.address.postalCode", "invalidPostalCode"]]);
  });

  it("an invoice needs a valid tax id", () => {
    const invoice = { name: "Fruites SL", taxId: "b-12.345.674", address };
    expect(orderDraftPatchSchema.parse({ invoice }).invoice?.taxId).toBe("B12345674");
    expect(issues(orderDraftPatchSchema.safeParse({ invoice: { ...invoice, taxId: "" } }))).toEqual([
      ["invoice.taxId", "required"],
    ]);
  });

  it("a stored draft parses to itself (the storefront reads back what the CMS answers)", () => {
    const draft = orderDraftSchema.parse({
      postcode: "08001",
      purchase: "subscription",
      frequency: "fortnightly",
      boxes: [{ productId: 3, exclusions: [], quantity: 2 }],
      extras: [{ productId: 9, quantity: 1, frequency: "every_delivery" }],
      delivery: { addressId: null, address, date: "2026-11-26", slot: "morning", notes: "Timbre 2º" },
      invoice: null,
      couponCode: "BIENVENIDA10",
    });
    expect(orderDraftSchema.parse(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it("an order needs the terms accepted, and marketing consent keeps its wording", () => {
    expect(createOrderBody.safeParse({ termsAccepted: true, locale: "ca" }).data).toEqual({
      termsAccepted: true,
      marketingConsent: false,
      marketingWording: null,
      locale: "ca",
    });
    expect(createOrderBody.safeParse({ termsAccepted: false, locale: "es" }).success).toBe(false);
    expect(issues(createOrderBody.safeParse({ termsAccepted: true, marketingConsent: true, locale: "es" }))).toEqual([
      ["marketingWording", "required"],
    ]);
  });

  it("area interest keeps the consent text and the address in lower case", () => {
    expect(areaInterestBody.parse({ email: "Ana@X.es", postcode: "41001", locale: "es", wording: "Avisadme" })).toEqual(
      { email: "ana@x.es", postcode: "41001", locale: "es", wording: "Avisadme" },
    );
    expect(areaInterestBody.safeParse({ email: "ana@x.es", postcode: "41001", locale: "es" }).success).toBe(false);
  });

  it("the orders list takes a bounded limit", () => {
    expect(orderListQuery.parse({}).limit).toBe(20);
    expect(orderListQuery.parse({ limit: "5" }).limit).toBe(5);
    for (const limit of ["0", "101", "x", "2.5"]) expect(orderListQuery.safeParse({ limit }).success).toBe(false);
  });
});
