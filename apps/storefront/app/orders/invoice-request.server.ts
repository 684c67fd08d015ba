import {
  INVOICE_REQUEST_ERROR_CODES,
  invoiceRequestAnswerSchema,
  invoiceRequestBody,
  POSTAL_ADDRESS_FIELDS,
  type InvoiceRequestErrorCode,
  type Order,
} from "@shop/contracts";
import { isInvoiceable } from "@shop/domain";
import { data } from "react-router";
import { postalCodeOf, requireCustomer, signInAgain, type Visit } from "~/accounts/account-area.server";
import { refuseForm, refuseInvalid } from "~/accounts/account.server";
import { FORM_FIELD, type AccountFieldError } from "~/accounts/account-forms";
import { authTextsFor } from "~/accounts/auth-texts";
import { accountTextsFor } from "~/accounts/texts";
import { cmsCall, fieldErrorOf, fieldOfPath } from "~/cms.server";
import { notFound } from "~/components/error-screen";
import { addressesOf } from "~/order-flow/flow.server";
import { forgetSession } from "~/session.server";
import {
  INVOICE_REQUEST_INTENT,
  invoiceRequestDefaults,
  invoiceRequestState,
  invoiceRequestViewOf,
} from "./invoice-request";
import type { InvoiceRequestData } from "./invoice-request-form";
import { invoiceRequestTextsFor } from "./invoice-request-texts";
import { orderNumberIn } from "./orders.server";

/**
 * "Ask for an invoice" on a paid order's page (docs/decisions/039): what the loader adds to the
 * page, and the form's action, which the CMS answers with the invoice it issued (or the one the
 * order had: asking twice never issues a second). The form is a plain post, so it works without
 * JavaScript.
 */

// The form's `intent` lives in ./invoice-request (the page's component names it too, and must not
// import this server module); re-exported for the page's action.
export { INVOICE_REQUEST_INTENT };

/** The form's fields, named after the CMS's paths so that its refusals land beside them. */
export const INVOICE_REQUEST_FIELDS = [
  "name",
  "taxId",
  ...POSTAL_ADDRESS_FIELDS.map((name) => `address.${name}` as const),
] as const;

/**
 * What the page shows of it, with its texts: null for an order never paid or no longer standing;
 * no view (but its texts, for the notice after the request) once the order has its invoice.
 */
export async function loadInvoiceRequest(
  visit: Visit,
  order: Order,
  now: Date = new Date(),
): Promise<InvoiceRequestData | null> {
  if (!isInvoiceable(order.status)) return null;
  const { locale } = visit.context;
  const texts = invoiceRequestTextsFor(locale);
  const state = invoiceRequestState(order, now);
  if (state === null) return { view: null, texts, form: null };
  const { token, customer } = requireCustomer(visit);
  // The address book is read only when the form is offered.
  const defaults = state.open ? invoiceRequestDefaults(order, customer, await addressesOf(token)) : null;
  return {
    view: invoiceRequestViewOf(state, defaults, locale),
    texts,
    form: state.open ? { auth: authTextsFor(locale), addresses: accountTextsFor(locale).addresses } : null,
  };
}

/** The action's answer once the CMS has the request: the invoice's number, or null while it is prepared. */
export type InvoiceRequested = { readonly invoiceRequested: { readonly number: string | null } };
/** The CMS's refusal of the order (not paid, cancelled, too late), said above the form. */
export type InvoiceRefused = { readonly invoiceRefused: InvoiceRequestErrorCode };

const isRefusalCode = (code: string | undefined): code is InvoiceRequestErrorCode =>
  (INVOICE_REQUEST_ERROR_CODES as readonly (string | undefined)[]).includes(code);

/** The posted form as the CMS's body: the address's empty fields are left for the contract to read as none. */
export function invoiceRequestBodyOf(fields: Readonly<Record<string, string>>) {
  const text = (name: string) => fields[name] ?? "";
  const country = text("address.country");
  return {
    name: text("name"),
    taxId: text("taxId"),
    address: {
      ...Object.fromEntries(POSTAL_ADDRESS_FIELDS.map((name) => [name, text(`address.${name}`)])),
      postalCode: postalCodeOf(text("address.postalCode"), country),
      country,
    },
  };
}

/**
 * Sends the customer's request for the invoice of order `number` to the CMS. Checked here first with
 * the CMS's own contract, so most mistakes come back without a call; someone else's order is the 404
 * page, as on the rest of the order's page.
 */
export async function requestInvoice(visit: Visit, number: string | null | undefined, fields: Record<string, string>) {
  const { token } = requireCustomer(visit);
  const checked = orderNumberIn(number);
  if (!checked) notFound(visit.request);
  const values = Object.fromEntries(INVOICE_REQUEST_FIELDS.map((name) => [name, (fields[name] ?? "").slice(0, 200)]));
  const parsed = invoiceRequestBody.safeParse(invoiceRequestBodyOf(fields));
  if (!parsed.success) {
    const errors: Record<string, AccountFieldError> = {};
    for (const issue of parsed.error.issues) errors[fieldOfPath(issue.path)] ??= fieldErrorOf(issue.message);
    return refuseInvalid(errors, values, INVOICE_REQUEST_INTENT);
  }
  const answer = await cmsCall(`/orders/mine/${encodeURIComponent(checked)}/invoice`, {
    contract: invoiceRequestAnswerSchema,
    method: "POST",
    token,
    body: parsed.data,
  });
  if (answer.ok) {
    return data<InvoiceRequested>({ invoiceRequested: { number: answer.value.invoice?.number ?? null } });
  }
  if (answer.status === "signedOut") {
    forgetSession(token);
    throw signInAgain(visit.request, visit.context.locale);
  }
  if (answer.status === "notFound") notFound(visit.request);
  const code = answer.status === "invalid" ? answer.errors[FORM_FIELD]?.code : undefined;
  if (isRefusalCode(code)) return data<InvoiceRefused>({ invoiceRefused: code }, { status: 409 });
  return refuseForm(answer, { values, intent: INVOICE_REQUEST_INTENT });
}
