import {
  createOrderBody,
  orderDraftPatchSchema,
  postcodeField,
  type Address,
  type CreateOrderBody,
  type DraftExtra,
  type OrderDraft,
  type OrderDraftPatch,
} from "@shop/contracts";
import { MAX_LINE_QUANTITY, purchaseRefusal, type PurchaseKind } from "@shop/domain";
import type { Locale } from "@shop/routing";
import type { z } from "zod";
import { documentIdOf, postalCodeOf } from "~/accounts/account-area.server";
import { FORM_FIELD, type AccountFieldError } from "~/accounts/account-forms";
import { fieldErrorOf, fieldOfPath } from "../cms.server";
import type { FlowErrors } from "./draft.server";
import {
  ADDRESS_FIELDS,
  BOX_FIELDS,
  chosenBoxField,
  DELIVERY_FIELDS,
  extraField,
  INVOICE_FIELDS,
  NEW_ADDRESS,
  ORDER_FIELDS,
} from "./fields";
import { PICK_FIELD } from "./pick";

/**
 * The steps' forms turned into what the CMS takes (a patch of the draft, the order's consents),
 * checked here with the same contracts first, so that most mistakes are shown without a call. Field
 * names follow the draft's paths ("delivery.date"), so the CMS's refusals land beside their fields.
 */

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: FlowErrors };

/** A zod error as field errors keyed by dotted path: the first problem of each field. */
export function flowErrorsOf(error: z.ZodError): FlowErrors {
  const errors: Record<string, AccountFieldError> = {};
  for (const issue of error.issues) errors[fieldOfPath(issue.path)] ??= fieldErrorOf(issue.message);
  return errors;
}

/** Moves the errors under `from` ("boxes.2.") to under `to` ("box."), leaving the others. */
export function renamePrefix(errors: FlowErrors, from: string, to: string): FlowErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [
      field === from.slice(0, -1) || field.startsWith(from) ? to + field.slice(from.length) : field,
      error,
    ]),
  );
}

function patchOf(input: Record<string, unknown>): Parsed<OrderDraftPatch> {
  const parsed = orderDraftPatchSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: flowErrorsOf(parsed.error) };
}

/** A whole number as typed in a select or a number field; NaN for anything else. */
const wholeNumber = (value: FormDataEntryValue | null | undefined): number =>
  typeof value === "string" && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;

export function postcodeFromForm(form: FormData): Parsed<string> {
  const parsed = postcodeField.safeParse(String(form.get("postcode") ?? ""));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: { postcode: fieldErrorOf(parsed.error.issues[0]?.message ?? "invalid_postcode") } };
}

/**
 * The plan: one delivery or a subscription and its frequency. Going back to one delivery turns
 * extras meant for every delivery into extras for this one (merged with any of the same product).
 */
export function planFromForm(form: FormData, draft: OrderDraft): Parsed<OrderDraftPatch> {
  const purchase = form.get("purchase");
  if (purchase === "once") {
    const hasRecurring = draft.extras.some((extra) => extra.frequency === "every_delivery");
    return patchOf({
      purchase,
      frequency: null,
      ...(hasRecurring ? { extras: extrasAsOnce(draft.extras) } : {}),
    });
  }
  if (purchase === "subscription") {
    const frequency = form.get("frequency");
    if (frequency === null || frequency === "") return { ok: false, errors: { frequency: { code: "required" } } };
    return patchOf({ purchase, frequency });
  }
  return { ok: false, errors: { purchase: { code: purchase === null ? "required" : "invalidChoice" } } };
}

function extrasAsOnce(extras: readonly DraftExtra[]): DraftExtra[] {
  const byProduct = new Map<number, number>();
  for (const extra of extras) byProduct.set(extra.productId, (byProduct.get(extra.productId) ?? 0) + extra.quantity);
  return [...byProduct].map(([productId, quantity]) => ({
    productId,
    quantity: Math.min(quantity, MAX_LINE_QUANTITY),
    frequency: "once",
  }));
}

/**
 * One more box: the draft's boxes and the one configured. Its refusals (the contract's, and the
 * CMS's at `boxes.N`) are the configurator's fields (`box.productId`, `box.exclusions`...).
 */
export function boxAddedFromForm(form: FormData, draft: OrderDraft): Parsed<OrderDraftPatch> {
  const productId = wholeNumber(form.get(BOX_FIELDS.productId));
  if (Number.isNaN(productId)) return { ok: false, errors: { [BOX_FIELDS.productId]: { code: "chooseBox" } } };
  const box = {
    productId,
    exclusions: form.getAll(BOX_FIELDS.exclusions).map(wholeNumber),
    quantity: wholeNumber(form.get(BOX_FIELDS.quantity)),
  };
  const patch = patchOf({ boxes: [...draft.boxes, box] });
  return patch.ok ? patch : { ok: false, errors: newBoxErrors(patch.errors, draft.boxes.length) };
}

/** The refusals of the box at `index` of a patch, under the configurator's field names. */
export const newBoxErrors = (errors: FlowErrors, index: number): FlowErrors =>
  renamePrefix(errors, `boxes.${index}.`, "box.");

/**
 * The draft's boxes that its purchase may not have (a seasonal box in a subscription: @shop/domain's
 * purchaseRefusal, docs/decisions/042), each at its place in the list, so that the box step's
 * "Continue" refuses them there rather than let the delivery step find out. A box the catalogue does
 * not know is left to the CMS's checks.
 */
export function chosenBoxErrors(
  draft: Pick<OrderDraft, "boxes" | "purchase">,
  catalogue: ReadonlyMap<number, { readonly isSeasonal: boolean }>,
): FlowErrors {
  const errors: Record<string, AccountFieldError> = {};
  draft.boxes.forEach((box, index) => {
    const product = catalogue.get(box.productId);
    const refusal = product ? purchaseRefusal(product, draft.purchase) : null;
    if (refusal) errors[chosenBoxField(index)] = { code: refusal };
  });
  return errors;
}

/** The catalogue id a product page's button posted (PICK_FIELD), or null for anything else. */
export function pickedProductOf(form: FormData): number | null {
  const productId = wholeNumber(form.get(PICK_FIELD));
  return Number.isNaN(productId) ? null : productId;
}

/**
 * A product page's product in the draft: a box joins the boxes as it comes (nothing left out, one
 * of it), an extra joins the basket (one, once: the extras step offers every delivery for a
 * subscription). Null when it is there already, so that a second press adds nothing twice.
 */
export function pickedPatch(draft: OrderDraft, pick: { productId: number; isBox: boolean }): OrderDraftPatch | null {
  const { productId } = pick;
  if (pick.isBox) {
    if (draft.boxes.some((box) => box.productId === productId && box.exclusions.length === 0)) return null;
    return { boxes: [...draft.boxes, { productId, exclusions: [], quantity: 1 }] };
  }
  if (draft.extras.some((extra) => extra.productId === productId)) return null;
  return { extras: [...draft.extras, { productId, quantity: 1, frequency: "once" }] };
}

/** The draft's boxes without the one at `index` (a removed box). */
export function boxRemovedFromForm(form: FormData, draft: OrderDraft): OrderDraftPatch | null {
  const index = wholeNumber(form.get("index"));
  if (!(index >= 0 && index < draft.boxes.length)) return null;
  return { boxes: draft.boxes.filter((_, each) => each !== index) };
}

/**
 * The extras: each product with a quantity field above nought, once or (a subscription's) with
 * every delivery. Which products exist is the CMS's to say (unknown_product); refusals at
 * `extras.N` are put beside that product's quantity.
 */
export function extrasFromForm(form: FormData, purchase: PurchaseKind | null): Parsed<OrderDraftPatch> {
  const offered = [...form.keys()]
    .map((name) => /^extra\.quantity\.(\d{1,9})$/.exec(name)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
  const extras = [...new Set(offered)]
    .map((productId) => ({
      productId,
      quantity: wholeNumber(form.get(extraField("quantity", productId))),
      // Not posted: the contract's default (once).
      frequency: purchase === "subscription" ? (form.get(extraField("frequency", productId)) ?? undefined) : "once",
    }))
    .filter((extra) => extra.quantity !== 0);
  const patch = patchOf({ extras });
  return patch.ok ? patch : { ok: false, errors: extrasErrors(patch.errors, extras) };
}

/** Refusals at `extras.N.x` as the field of that product's `x`. */
export function extrasErrors(errors: FlowErrors, extras: readonly { productId: number }[]): FlowErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => {
      const match = /^extras\.(\d+)(?:\.(\w+))?$/.exec(field);
      const productId = match ? extras[Number(match[1])]?.productId : undefined;
      if (!match || productId === undefined) return [field, error];
      return [extraField(match[2] === "frequency" ? "frequency" : "quantity", productId), error];
    }),
  );
}

/** An address as its fields are named under `prefix` ("delivery.address."). */
function addressOf(form: FormData, prefix: string) {
  const text = (name: string) => String(form.get(prefix + name) ?? "");
  const country = text("country");
  return {
    ...Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, text(name)])),
    postalCode: postalCodeOf(text("postalCode"), country),
    country,
  };
}

/** An address-book entry as a delivery address (its label, notes and defaults stay in the book). */
const postalOf = ({ fullName, company, line1, line2, postalCode, city, region, country, phone }: Address) => ({
  fullName,
  company,
  line1,
  line2,
  postalCode,
  city,
  region,
  country,
  phone,
});

/**
 * The delivery: an address-book entry or a new address, the date and slot (one radio, "date|slot",
 * so that it works without JavaScript), courier notes, and the invoice's details when one is asked
 * for (its address the delivery's unless another is given).
 */
export function deliveryFromForm(form: FormData, addresses: readonly Address[]): Parsed<OrderDraftPatch> {
  const chosen = String(form.get(DELIVERY_FIELDS.addressId) ?? "");
  const saved = chosen === NEW_ADDRESS ? undefined : addresses.find((each) => each.documentId === documentIdOf(chosen));
  const errors: Record<string, AccountFieldError> = {};
  if (chosen !== NEW_ADDRESS && !saved) errors[DELIVERY_FIELDS.addressId] = { code: "required" };
  const [date = "", slot = ""] = String(form.get(DELIVERY_FIELDS.when) ?? "").split("|");
  if (date === "" || slot === "") errors[DELIVERY_FIELDS.when] = { code: "chooseDate" };
  const address = saved ? null : addressOf(form, "delivery.address.");
  const wantsInvoice = form.get(INVOICE_FIELDS.wanted) === "true";
  const invoiceAddress =
    form.get(INVOICE_FIELDS.sameAddress) === "true"
      ? (address ?? (saved ? postalOf(saved) : null))
      : addressOf(form, "invoice.address.");
  const patch = patchOf({
    delivery: {
      addressId: saved?.documentId ?? null,
      address,
      date,
      slot,
      notes: String(form.get(DELIVERY_FIELDS.notes) ?? ""),
    },
    invoice: wantsInvoice
      ? {
          name: String(form.get(INVOICE_FIELDS.name) ?? ""),
          taxId: String(form.get(INVOICE_FIELDS.taxId) ?? ""),
          address: invoiceAddress,
        }
      : null,
  });
  if (patch.ok && Object.keys(errors).length === 0) return patch;
  return { ok: false, errors: { ...(patch.ok ? {} : deliveryErrors(patch.errors)), ...errors } };
}

/**
 * The date's and slot's refusals go beside the one radio group that chooses both. A box or an extra
 * of the draft refused again when the delivery is sent (a seasonal box kept in a draft switched to a
 * subscription: once_only) has no field on this form: it is said at the form's top in its own words,
 * not as "check the marked fields" with none marked.
 */
export function deliveryErrors(errors: FlowErrors): FlowErrors {
  const moved: Record<string, AccountFieldError> = {};
  for (const [field, error] of Object.entries(errors)) {
    const name =
      field === "delivery.date" || field === "delivery.slot"
        ? DELIVERY_FIELDS.when
        : /^(boxes|extras)\./.test(field)
          ? FORM_FIELD
          : field;
    moved[name] ??= error;
  }
  return moved;
}

/** The coupon field: a code, or nothing to take it away. */
export function couponFromForm(form: FormData, { remove }: { remove: boolean }): Parsed<OrderDraftPatch> {
  return patchOf({ couponCode: remove ? null : String(form.get(ORDER_FIELDS.couponCode) ?? "") });
}

/**
 * The order's consents: the terms (required) and, apart, marketing, kept with the words shown
 * beside its box. Unticked boxes are not posted at all.
 */
export function orderFromForm(
  form: FormData,
  { locale, marketingWording }: { locale: Locale; marketingWording: string },
): Parsed<CreateOrderBody> {
  const marketingConsent = form.get(ORDER_FIELDS.marketingConsent) === "true";
  const expectedTotal = form.get(ORDER_FIELDS.expectedTotal);
  const expectedDue = form.get(ORDER_FIELDS.expectedDue);
  const parsed = createOrderBody.safeParse({
    termsAccepted: form.get(ORDER_FIELDS.termsAccepted) === "true" ? true : undefined,
    marketingConsent,
    marketingWording: marketingConsent ? marketingWording : null,
    locale,
    // Sent by the summary's form; a form without it (an old page) is priced as the CMS says.
    expectedTotal: typeof expectedTotal === "string" && expectedTotal !== "" ? Number(expectedTotal) : undefined,
    expectedDue: typeof expectedDue === "string" && expectedDue !== "" ? Number(expectedDue) : undefined,
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: flowErrorsOf(parsed.error) };
}
