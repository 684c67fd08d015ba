import { useId } from "react";
import {
  ACCOUNT_FIELD_MAX,
  ORDER_FIELD_MAX,
  type Address,
  type DeliveryAddress,
  type OrderDraft,
} from "@shop/contracts";
import { AccountInput } from "~/accounts/account-fields";
import { Checkbox } from "~/accounts/account-area";
import { format } from "~/i18n/format";
import { AddressFields } from "./address-fields";
import { ChoiceCard, ChoiceGroup, errorWords, FieldError, refusalFor, StepForm, type FlowTexts } from "./controls";
import { DeliveryWhen } from "./delivery-when";
import { DELIVERY_FIELDS, INTENTS, INVOICE_FIELDS, NEW_ADDRESS } from "./fields";
import type { InvoiceDefaults } from "./invoice-defaults";
import { SignedInAs } from "./signed-in-as";
import type { StepProps } from "./step-props";

/** The address-book entry the step starts with: the draft's, else one in the draft's postcode (the default first). */
function firstAddress(addresses: readonly Address[], draft: OrderDraft): string {
  if (draft.delivery) return draft.delivery.addressId ?? NEW_ADDRESS;
  const inArea = addresses.filter((address) => address.postalCode === draft.postcode);
  const pick = inArea.find((address) => address.isDefaultDelivery) ?? inArea[0];
  return pick?.documentId ?? NEW_ADDRESS;
}

/** Whether two addresses are one place (the invoice's "same as delivery"). */
const samePlace = (a: Partial<DeliveryAddress> | null | undefined, b: Partial<DeliveryAddress> | null | undefined) =>
  Boolean(a && b) && a?.line1 === b?.line1 && a?.postalCode === b?.postalCode && a?.city === b?.city;

/**
 * Step 6: where (an address of the book, or a new one within the postcode's zone), when (a day and
 * a slot the zone still offers), notes for the courier, and the invoice's details when one is
 * wanted. The new address's and the invoice's fields show when chosen (CSS :has, so without
 * JavaScript too).
 */
export default function DeliveryStep({ view, draft, texts, answer }: StepProps<"delivery">) {
  const words = texts.flow.delivery;
  const refusal = refusalFor(answer, INTENTS.delivery);
  const values = refusal?.values;
  const errors = refusal?.errors;
  const chosenAddress = values?.[DELIVERY_FIELDS.addressId] ?? firstAddress(view.addresses, draft);
  const newAddress: Partial<DeliveryAddress> = draft.delivery?.address ?? {
    postalCode: draft.postcode ?? "",
    country: draft.postcode?.includes("-") ? "PT" : "ES",
  };
  const chosenWhen =
    values?.[DELIVERY_FIELDS.when] ?? (draft.delivery ? `${draft.delivery.date}|${draft.delivery.slot}` : null);
  const notesId = useId();
  const notesError = errorWords(texts, errors?.[DELIVERY_FIELDS.notes]);
  return (
    <div className="grid gap-6">
      <SignedInAs texts={texts} />
      <StepForm texts={texts} refusal={refusal} buttons={[{ intent: INTENTS.delivery, label: texts.flow.continue }]}>
        <ChoiceGroup legend={words.addressLegend} error={errorWords(texts, errors?.[DELIVERY_FIELDS.addressId])}>
          <div className="grid gap-3">
            {view.addresses.map((address) => (
              <ChoiceCard
                key={address.documentId}
                name={DELIVERY_FIELDS.addressId}
                value={address.documentId}
                defaultChecked={chosenAddress === address.documentId}
              >
                <AddressLines address={address} texts={texts} />
              </ChoiceCard>
            ))}
            <div className="group/new grid gap-4">
              <ChoiceCard
                name={DELIVERY_FIELDS.addressId}
                value={NEW_ADDRESS}
                defaultChecked={chosenAddress === NEW_ADDRESS}
              >
                <span className="font-semibold">{words.newAddress}</span>
              </ChoiceCard>
              <div className="hidden rounded-2xl bg-sand-50 p-4 group-has-[input[value=new]:checked]/new:block">
                <AddressFields
                  texts={texts}
                  prefix="delivery.address."
                  values={values}
                  address={newAddress}
                  errors={errors}
                  mapsKey={view.mapsKey}
                  hint={format(words.newAddressHint, { postcode: draft.postcode ?? "" })}
                />
              </div>
            </div>
          </div>
        </ChoiceGroup>
        <DeliveryWhen
          texts={texts}
          calendar={view.calendar}
          chosen={chosenWhen}
          error={errorWords(texts, errors?.[DELIVERY_FIELDS.when])}
        />
        <div>
          <label htmlFor={notesId} className="font-semibold">
            {words.notes}
          </label>
          <textarea
            id={notesId}
            name={DELIVERY_FIELDS.notes}
            rows={3}
            maxLength={ORDER_FIELD_MAX.notes}
            defaultValue={values?.[DELIVERY_FIELDS.notes] ?? draft.delivery?.notes ?? ""}
            aria-describedby={`${notesId}-hint${notesError ? ` ${notesId}-error` : ""}`}
            aria-invalid={notesError ? true : undefined}
            className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-carrot-600"
          />
          <p id={`${notesId}-hint`} className="mt-1 text-sm text-sand-700">
            {words.notesHint}
          </p>
          <FieldError id={`${notesId}-error`} text={notesError} />
        </div>
        <Invoice
          texts={texts}
          draft={draft}
          values={values}
          errors={errors}
          deliveryAddress={deliveryAddressOf(draft, view.addresses)}
          defaults={view.invoiceDefaults}
        />
      </StepForm>
    </div>
  );
}

/** The draft's delivery address, from the book or typed. */
function deliveryAddressOf(draft: OrderDraft, addresses: readonly Address[]): Partial<DeliveryAddress> | null {
  const delivery = draft.delivery;
  if (!delivery) return null;
  return delivery.address ?? addresses.find((address) => address.documentId === delivery.addressId) ?? null;
}

function AddressLines({ address, texts }: { address: Address; texts: FlowTexts }) {
  const lines = [
    address.label ? address.fullName : null,
    address.company,
    address.line1,
    address.line2,
    `${address.postalCode} ${address.city}`,
    [address.region, texts.addresses.countries[address.country]].filter(Boolean).join(", "),
  ].filter((line): line is string => Boolean(line));
  return (
    <>
      <span className="block font-semibold">{address.label ?? address.fullName}</span>
      <span className="block text-sand-700 [overflow-wrap:anywhere]">{lines.join(" · ")}</span>
    </>
  );
}

interface InvoiceProps {
  readonly texts: FlowTexts;
  readonly draft: OrderDraft;
  readonly values: Readonly<Record<string, string>> | undefined;
  readonly errors: Readonly<Record<string, { code: string; max?: number }>> | undefined;
  readonly deliveryAddress: Partial<DeliveryAddress> | null;
  /** From the profile, while the draft has no invoice yet (docs/decisions/039). */
  readonly defaults: InvoiceDefaults | undefined;
}

/** "I need an invoice": the name, the tax id and, unless it is the delivery's, the billing address. */
function Invoice({ texts, draft, values, errors, deliveryAddress, defaults }: InvoiceProps) {
  const words = texts.flow.delivery;
  const invoice = draft.invoice;
  // A draft's invoice is what the customer chose; without one, the profile's data fill the fields.
  const fromProfile = invoice === null ? defaults : undefined;
  const wanted = values ? values[INVOICE_FIELDS.wanted] === "true" : invoice !== null || fromProfile?.wanted === true;
  const billing = invoice?.address ?? fromProfile?.address ?? null;
  const sameAddress = values
    ? values[INVOICE_FIELDS.sameAddress] === "true"
    : !billing || samePlace(billing, deliveryAddress);
  const error = (name: string) => errorWords(texts, errors?.[name]);
  return (
    <div className="group/invoice grid gap-4">
      <Checkbox name={INVOICE_FIELDS.wanted} label={words.invoice} defaultChecked={wanted} />
      <div className="hidden gap-4 rounded-2xl bg-sand-50 p-4 group-has-[input[name='invoice.wanted']:checked]/invoice:grid">
        <AccountInput
          name={INVOICE_FIELDS.name}
          label={words.invoiceName}
          autoComplete="billing organization"
          maxLength={ACCOUNT_FIELD_MAX.fullName}
          defaultValue={values?.[INVOICE_FIELDS.name] ?? invoice?.name ?? fromProfile?.name ?? ""}
          error={error(INVOICE_FIELDS.name)}
        />
        <AccountInput
          name={INVOICE_FIELDS.taxId}
          label={words.taxId}
          hint={words.taxIdHint}
          maxLength={ACCOUNT_FIELD_MAX.taxId}
          defaultValue={values?.[INVOICE_FIELDS.taxId] ?? invoice?.taxId ?? fromProfile?.taxId ?? ""}
          error={error(INVOICE_FIELDS.taxId)}
        />
        <div className="group/billing grid gap-4">
          <Checkbox name={INVOICE_FIELDS.sameAddress} label={words.sameAddress} defaultChecked={sameAddress} />
          <fieldset className="min-w-0 group-has-[input[name='invoice.sameAddress']:checked]/billing:hidden">
            <legend className="font-bold">{words.billingLegend}</legend>
            <div className="mt-3">
              <AddressFields
                texts={texts}
                prefix="invoice.address."
                values={values}
                address={billing && !sameAddress ? billing : { country: "ES" }}
                errors={errors}
              />
            </div>
          </fieldset>
        </div>
      </div>
    </div>
  );
}
