import { ACCOUNT_FIELD_MAX, ADDRESS_COUNTRIES, type PostalAddressField } from "@shop/contracts";
import { DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { AccountForm } from "~/accounts/account-form";
import { AccountInput, errorText } from "~/accounts/account-fields";
import { refusalOf } from "~/accounts/account-forms";
import type { AuthTexts } from "~/accounts/auth-texts";
import type { AccountTexts } from "~/accounts/texts";
import { format } from "~/i18n/format";
import { invoiceHref } from "./invoice-href";
import type { InvoiceRequestView } from "./invoice-request";
import type { InvoiceRequestTexts } from "./invoice-request-texts";

/** What the order page's loader adds for this form (./invoice-request.server, loadInvoiceRequest). */
export interface InvoiceRequestData {
  /** Null once the order has its invoice (or asked for it in the order flow): nothing to ask for. */
  readonly view: InvoiceRequestView | null;
  readonly texts: InvoiceRequestTexts;
  /** The form's field and error words, only when the form is offered. */
  readonly form: { readonly auth: AuthTexts; readonly addresses: AccountTexts["addresses"] } | null;
}

const MAX: Record<Exclude<PostalAddressField, "country">, number> = {
  fullName: ACCOUNT_FIELD_MAX.fullName,
  company: ACCOUNT_FIELD_MAX.companyName,
  line1: ACCOUNT_FIELD_MAX.line,
  line2: ACCOUNT_FIELD_MAX.line,
  postalCode: ACCOUNT_FIELD_MAX.postalCode,
  city: ACCOUNT_FIELD_MAX.city,
  region: ACCOUNT_FIELD_MAX.region,
  phone: ACCOUNT_FIELD_MAX.phone,
};

/** The action's answer as this form reads it (anything else is another form's). */
type Outcome = unknown;

const doneOf = (outcome: Outcome): { number: string | null } | null =>
  typeof outcome === "object" && outcome !== null && "invoiceRequested" in outcome
    ? (outcome as { invoiceRequested: { number: string | null } }).invoiceRequested
    : null;

const refusedOf = (outcome: Outcome, texts: InvoiceRequestTexts): string | null => {
  if (typeof outcome !== "object" || outcome === null || !("invoiceRefused" in outcome)) return null;
  const code = String((outcome as { invoiceRefused: unknown }).invoiceRefused);
  return Object.hasOwn(texts.refusals, code) ? texts.refusals[code as keyof InvoiceRequestTexts["refusals"]] : null;
};

/**
 * "Do you need an invoice?" on a paid order's page that has none (docs/decisions/039): the name, tax
 * id and billing address (started from the profile's invoice data), posted to the page's action,
 * so it works without JavaScript; once issued, its download. After the last day it says the time
 * is over and whom to write to.
 */
export function InvoiceRequest({
  data,
  intent,
  outcome,
}: {
  data: InvoiceRequestData | null;
  intent: string;
  outcome: Outcome;
}) {
  if (data === null) return null;
  const { view, texts, form } = data;
  const done = doneOf(outcome);
  const refused = refusedOf(outcome, texts);
  if (done) {
    return (
      <DoneNotice>
        {done.number === null ? (
          texts.pending
        ) : (
          <>
            {format(texts.done, { number: done.number })}{" "}
            <a href={invoiceHref(done.number)} download={`${done.number}.pdf`} className="underline">
              {format(texts.download, { number: done.number })}
            </a>
          </>
        )}
      </DoneNotice>
    );
  }
  if (view === null) return null;
  if (view.state === "closed" || form === null) {
    return (
      <Panel heading={texts.heading}>
        <p className="text-sand-900">{format(texts.tooLate, { until: view.until })}</p>
      </Panel>
    );
  }
  const { auth, addresses } = form;
  const refusal = refusalOf(outcome, intent);
  const values = refusal?.values;
  const value = (name: string, stored: string | null | undefined) => values?.[name] ?? stored ?? "";
  const error = (name: string) => errorText(auth, refusal?.errors[name]);
  const { defaults } = view;
  const field = (
    name: Exclude<PostalAddressField, "country">,
    extra: Partial<Parameters<typeof AccountInput>[0]> = {},
  ) => (
    <AccountInput
      name={`address.${name}`}
      label={addresses[name]}
      defaultValue={value(`address.${name}`, defaults.address[name])}
      error={error(`address.${name}`)}
      maxLength={MAX[name]}
      {...extra}
    />
  );
  return (
    <Panel heading={texts.heading} intro={format(texts.intro, { until: view.until })}>
      {refused ? <ProblemNotice>{refused}</ProblemNotice> : null}
      {/* Closed until asked for; open again when the form came back refused. */}
      <details open={refusal !== undefined} className="rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-leaf-800">{texts.open}</summary>
        {defaults.fromProfile ? <p className="mt-2 text-sand-700">{texts.fromProfile}</p> : null}
        <AccountForm
          texts={auth}
          refusal={refusal}
          submitLabel={texts.submit}
          intent={intent}
          className="mt-3 grid gap-4"
        >
          <AccountInput
            name="name"
            label={texts.name}
            defaultValue={value("name", defaults.name)}
            error={error("name")}
            maxLength={ACCOUNT_FIELD_MAX.fullName}
            autoComplete="billing organization"
            required
          />
          <AccountInput
            name="taxId"
            label={texts.taxId}
            hint={texts.taxIdHint}
            defaultValue={value("taxId", defaults.taxId)}
            error={error("taxId")}
            maxLength={ACCOUNT_FIELD_MAX.taxId}
            required
          />
          <fieldset className="min-w-0">
            <legend className="font-bold">{texts.billingLegend}</legend>
            <div className="mt-3 grid gap-4">
              {field("fullName", { required: true, autoComplete: "billing name" })}
              {field("company", { autoComplete: "billing organization" })}
              {field("line1", { required: true, hint: addresses.line1Hint, autoComplete: "billing address-line1" })}
              {field("line2", { autoComplete: "billing address-line2" })}
              <div className="grid gap-4 sm:grid-cols-2">
                {field("postalCode", {
                  required: true,
                  hint: addresses.postalCodeHint,
                  autoComplete: "billing postal-code",
                })}
                {field("city", { required: true, autoComplete: "billing address-level2" })}
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {field("region", { autoComplete: "billing address-level1" })}
                <AccountInput
                  name="address.country"
                  label={addresses.country}
                  defaultValue={value("address.country", defaults.address.country) || "ES"}
                  error={error("address.country")}
                  autoComplete="billing country"
                >
                  {ADDRESS_COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {addresses.countries[country]}
                    </option>
                  ))}
                </AccountInput>
              </div>
              {field("phone", { type: "tel", inputMode: "tel", autoComplete: "billing tel" })}
            </div>
          </fieldset>
        </AccountForm>
      </details>
    </Panel>
  );
}
