import type { Address, OrderDraft } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { MARTA_ADDRESS } from "../../tests/fixtures";
import { FORM_FIELD } from "~/accounts/account-forms";
import { BOX_FIELDS, DELIVERY_FIELDS, extraField, INVOICE_FIELDS, ORDER_FIELDS } from "./fields";
import {
  boxAddedFromForm,
  boxRemovedFromForm,
  couponFromForm,
  deliveryErrors,
  deliveryFromForm,
  extrasFromForm,
  orderFromForm,
  pickedPatch,
  pickedProductOf,
  planFromForm,
  postcodeFromForm,
} from "./forms.server";
import { PICK_FIELD } from "./pick";

/** A form as the browser posts it: pairs, so that a field may come more than once. */
function form(...pairs: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of pairs) data.append(name, value);
  return data;
}

const draft: OrderDraft = {
  postcode: "08001",
  purchase: "subscription",
  frequency: "weekly",
  boxes: [{ productId: 11, exclusions: [], quantity: 1 }],
  extras: [
    { productId: 31, quantity: 2, frequency: "every_delivery" },
    { productId: 31, quantity: 9, frequency: "once" },
    { productId: 32, quantity: 1, frequency: "once" },
  ],
  delivery: null,
  invoice: null,
  couponCode: null,
  referralCode: null,
};

describe("the postcode", () => {
  it("is read as the address book writes it", () => {
    expect(postcodeFromForm(form(["postcode", " 08 001 "]))).toEqual({ ok: true, value: "08001" });
    expect(postcodeFromForm(form(["postcode", "1100053"]))).toEqual({ ok: true, value: "1100-053" });
  });

  it("refuses what is no Spanish or Portuguese postcode, beside the field", () => {
    expect(postcodeFromForm(form(["postcode", "99999"]))).toEqual({
      ok: false,
      errors: { postcode: { code: "invalid_postcode" } },
    });
    expect(postcodeFromForm(form())).toMatchObject({ ok: false, errors: { postcode: {} } });
  });
});

describe("the plan", () => {
  it("takes a subscription with its frequency", () => {
    const parsed = planFromForm(form(["purchase", "subscription"], ["frequency", "fortnightly"]), draft);
    expect(parsed).toEqual({ ok: true, value: { purchase: "subscription", frequency: "fortnightly" } });
  });

  it("turns extras for every delivery into extras of the one delivery, merged and capped", () => {
    const parsed = planFromForm(form(["purchase", "once"], ["frequency", "weekly"]), draft);
    expect(parsed).toEqual({
      ok: true,
      value: {
        purchase: "once",
        frequency: null,
        extras: [
          { productId: 31, quantity: 10, frequency: "once" },
          { productId: 32, quantity: 1, frequency: "once" },
        ],
      },
    });
  });

  it("asks for the frequency of a subscription, and for a choice at all", () => {
    expect(planFromForm(form(["purchase", "subscription"]), draft)).toEqual({
      ok: false,
      errors: { frequency: { code: "required" } },
    });
    expect(planFromForm(form(), draft)).toEqual({ ok: false, errors: { purchase: { code: "required" } } });
    expect(planFromForm(form(["purchase", "yearly"]), draft)).toEqual({
      ok: false,
      errors: { purchase: { code: "invalidChoice" } },
    });
    expect(planFromForm(form(["purchase", "subscription"], ["frequency", "daily"]), draft)).toMatchObject({
      ok: false,
      errors: { frequency: { code: "invalidChoice" } },
    });
  });
});

describe("a box", () => {
  const box = (...exclusions: number[]) =>
    form(
      [BOX_FIELDS.productId, "12"],
      ...exclusions.map((id): [string, string] => [BOX_FIELDS.exclusions, String(id)]),
      [BOX_FIELDS.quantity, "2"],
    );

  it("is added after the draft's boxes", () => {
    expect(boxAddedFromForm(box(101, 102), draft)).toEqual({
      ok: true,
      value: {
        boxes: [
          { productId: 11, exclusions: [], quantity: 1 },
          { productId: 12, exclusions: [101, 102], quantity: 2 },
        ],
      },
    });
  });

  it("takes six foods left out and refuses the seventh beside the foods", () => {
    expect(boxAddedFromForm(box(1, 2, 3, 4, 5, 6), draft).ok).toBe(true);
    expect(boxAddedFromForm(box(1, 2, 3, 4, 5, 6, 7), draft)).toEqual({
      ok: false,
      errors: { [BOX_FIELDS.exclusions]: { code: "tooMany", max: 6 } },
    });
  });

  it("asks for a type and size, and a quantity within the line's limit", () => {
    expect(boxAddedFromForm(form([BOX_FIELDS.quantity, "1"]), draft)).toEqual({
      ok: false,
      errors: { [BOX_FIELDS.productId]: { code: "chooseBox" } },
    });
    const tooMany = boxAddedFromForm(form([BOX_FIELDS.productId, "12"], [BOX_FIELDS.quantity, "11"]), draft);
    expect(tooMany).toEqual({ ok: false, errors: { [BOX_FIELDS.quantity]: { code: "tooMany", max: 10 } } });
    const typed = boxAddedFromForm(form([BOX_FIELDS.productId, "12"], [BOX_FIELDS.quantity, "1e3"]), draft);
    expect(typed.ok).toBe(false);
  });

  it("refuses the same box twice, beside the choice of box", () => {
    const again = boxAddedFromForm(form([BOX_FIELDS.productId, "11"], [BOX_FIELDS.quantity, "1"]), draft);
    expect(again).toEqual({ ok: false, errors: { [BOX_FIELDS.productId]: { code: "duplicate_line" } } });
  });

  it("is removed by its place in the list, and an index that is none changes nothing", () => {
    expect(boxRemovedFromForm(form(["index", "0"]), draft)).toEqual({ boxes: [] });
    expect(boxRemovedFromForm(form(["index", "1"]), draft)).toBeNull();
    expect(boxRemovedFromForm(form(["index", "-1"]), draft)).toBeNull();
  });
});

describe("a product page's product", () => {
  it("is read from its field, and anything else is no product", () => {
    expect(pickedProductOf(form([PICK_FIELD, "42"]))).toBe(42);
    for (const value of ["", "-4", "4.5", "abc", "1e3", "99999999"])
      expect(pickedProductOf(form([PICK_FIELD, value]))).toBeNull();
    expect(pickedProductOf(form())).toBeNull();
  });

  it("joins the boxes as it comes, one of it with nothing left out, and only once", () => {
    expect(pickedPatch(draft, { productId: 12, isBox: true })).toEqual({
      boxes: [...draft.boxes, { productId: 12, exclusions: [], quantity: 1 }],
    });
    expect(pickedPatch(draft, { productId: 11, isBox: true })).toBeNull();
    // The same box with foods left out is another box.
    const leftOut = { ...draft, boxes: [{ productId: 11, exclusions: [5], quantity: 1 }] };
    expect(pickedPatch(leftOut, { productId: 11, isBox: true })?.boxes).toHaveLength(2);
  });

  it("joins the basket once, and is not added again when it is there", () => {
    expect(pickedPatch(draft, { productId: 40, isBox: false })).toEqual({
      extras: [...draft.extras, { productId: 40, quantity: 1, frequency: "once" }],
    });
    expect(pickedPatch(draft, { productId: 32, isBox: false })).toBeNull();
  });
});

describe("the extras", () => {
  it("keeps what has a quantity, with its frequency in a subscription", () => {
    const posted = form(
      [extraField("quantity", 31), "2"],
      [extraField("frequency", 31), "every_delivery"],
      [extraField("quantity", 32), "0"],
      [extraField("frequency", 32), "once"],
    );
    expect(extrasFromForm(posted, "subscription")).toEqual({
      ok: true,
      value: { extras: [{ productId: 31, quantity: 2, frequency: "every_delivery" }] },
    });
  });

  it("brings a one-off purchase's extras once, whatever was posted", () => {
    const posted = form([extraField("quantity", 31), "1"], [extraField("frequency", 31), "every_delivery"]);
    expect(extrasFromForm(posted, "once")).toEqual({
      ok: true,
      value: { extras: [{ productId: 31, quantity: 1, frequency: "once" }] },
    });
  });

  it("puts a refusal beside the product's own field", () => {
    const posted = form(
      [extraField("quantity", 31), "1"],
      [extraField("frequency", 31), "weekly"],
      [extraField("quantity", 33), "12"],
    );
    expect(extrasFromForm(posted, "subscription")).toEqual({
      ok: false,
      errors: {
        [extraField("frequency", 31)]: { code: "invalidChoice" },
        [extraField("quantity", 33)]: { code: "tooMany", max: 10 },
      },
    });
  });

  it("takes nothing chosen as no extras", () => {
    expect(extrasFromForm(form(), "once")).toEqual({ ok: true, value: { extras: [] } });
  });
});

describe("the delivery", () => {
  const saved: Address = {
    documentId: "home1",
    label: "Casa",
    ...MARTA_ADDRESS,
    notes: "Timbre roto",
    isDefaultDelivery: true,
    isDefaultBilling: false,
  };
  const when = [DELIVERY_FIELDS.when, "2026-12-01|morning"] as [string, string];

  it("takes an address of the book, the day and slot, and notes", () => {
    const parsed = deliveryFromForm(
      form([DELIVERY_FIELDS.addressId, "home1"], when, [DELIVERY_FIELDS.notes, " 2º B "]),
      [saved],
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        delivery: { addressId: "home1", address: null, date: "2026-12-01", slot: "morning", notes: "2º B" },
        invoice: null,
      },
    });
  });

  it("takes a new address, its Portuguese postcode with the dash put back", () => {
    const parsed = deliveryFromForm(
      form(
        [DELIVERY_FIELDS.addressId, "new"],
        ["delivery.address.fullName", "Ana Sousa"],
        ["delivery.address.line1", "Rua Augusta, 10"],
        ["delivery.address.postalCode", "1100053"],
        ["delivery.address.city", "Lisboa"],
        ["delivery.address.country", "PT"],
        when,
      ),
      [],
    );
    expect(parsed.ok && parsed.value.delivery?.address).toMatchObject({
      fullName: "Ana Sousa",
      postalCode: "1100-053",
      country: "PT",
      company: null,
    });
  });

  it("refuses an address that is not in the customer's book, and a missing day", () => {
    const parsed = deliveryFromForm(form([DELIVERY_FIELDS.addressId, "someone-elses"]), [saved]);
    expect(parsed).toMatchObject({
      ok: false,
      errors: { [DELIVERY_FIELDS.addressId]: { code: "required" }, [DELIVERY_FIELDS.when]: { code: "chooseDate" } },
    });
  });

  it("sends the invoice to the delivery address, or to another one, with a valid tax id", () => {
    const invoiced = deliveryFromForm(
      form(
        [DELIVERY_FIELDS.addressId, "home1"],
        when,
        [INVOICE_FIELDS.wanted, "true"],
        [INVOICE_FIELDS.name, "Fruites Puig SL"],
        [INVOICE_FIELDS.taxId, "b-12.345.674"],
        [INVOICE_FIELDS.sameAddress, "true"],
      ),
      [saved],
    );
    expect(invoiced.ok && invoiced.value.invoice).toEqual({
      name: "Fruites Puig SL",
      taxId: "B12345674",
      address: MARTA_ADDRESS,
    });
    const elsewhere = deliveryFromForm(
      form(
        [DELIVERY_FIELDS.addressId, "home1"],
        when,
        [INVOICE_FIELDS.wanted, "true"],
        [INVOICE_FIELDS.name, "Fruites Puig SL"],
        [INVOICE_FIELDS.taxId, "B12345675"],
        ["invoice.address.fullName", "Administració"],
      ),
      [saved],
    );
    expect(elsewhere).toMatchObject({
      ok: false,
      errors: {
        [INVOICE_FIELDS.taxId]: { code: "invalidTaxId" },
        "invoice.address.line1": { code: "required" },
        "invoice.address.postalCode": { code: "required" },
      },
    });
  });

  it("puts the CMS's refusals of the date and the slot beside the one choice of both", () => {
    expect(
      deliveryErrors({ "delivery.slot": { code: "slot_full" }, "delivery.notes": { code: "invalidText" } }),
    ).toEqual({
      [DELIVERY_FIELDS.when]: { code: "slot_full" },
      "delivery.notes": { code: "invalidText" },
    });
  });

  it("says a box refused again at the delivery (a seasonal box in a subscription) at the form's top", () => {
    expect(deliveryErrors({ "boxes.0.productId": { code: "once_only" } })).toEqual({
      [FORM_FIELD]: { code: "once_only" },
    });
  });
});

describe("the summary's forms", () => {
  it("reads a coupon code, and its removal", () => {
    expect(couponFromForm(form([ORDER_FIELDS.couponCode, " otono10 "]), { remove: false })).toEqual({
      ok: true,
      value: { couponCode: "OTONO10" },
    });
    expect(couponFromForm(form([ORDER_FIELDS.couponCode, "OTONO10"]), { remove: true })).toEqual({
      ok: true,
      value: { couponCode: null },
    });
  });

  it("needs the terms accepted, and keeps marketing consent with its words only when given", () => {
    const options = { locale: "ca" as const, marketingWording: "Vull rebre ofertes." };
    expect(orderFromForm(form(), options)).toEqual({
      ok: false,
      errors: { [ORDER_FIELDS.termsAccepted]: { code: "required" } },
    });
    expect(orderFromForm(form([ORDER_FIELDS.termsAccepted, "true"]), options)).toEqual({
      ok: true,
      value: { termsAccepted: true, marketingConsent: false, marketingWording: null, locale: "ca" },
    });
    expect(
      orderFromForm(form([ORDER_FIELDS.termsAccepted, "true"], [ORDER_FIELDS.marketingConsent, "true"]), options),
    ).toEqual({
      ok: true,
      value: { termsAccepted: true, marketingConsent: true, marketingWording: "Vull rebre ofertes.", locale: "ca" },
    });
  });
});
