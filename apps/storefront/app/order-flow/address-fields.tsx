import { useEffect, useRef, useState } from "react";
import { ACCOUNT_FIELD_MAX, ADDRESS_COUNTRIES, type DeliveryAddress, type PostalAddressField } from "@shop/contracts";
import { AccountInput } from "~/accounts/account-fields";
import { usePageLanguage } from "~/root-data";
import { errorWords, type FlowTexts } from "./controls";

interface AddressFieldsProps {
  readonly texts: FlowTexts;
  /** "delivery.address." or "invoice.address.": the draft's path, so that refusals find their field. */
  readonly prefix: string;
  /** What the fields start with: a refused form's values (by full name), else `address`. */
  readonly values: Readonly<Record<string, string>> | undefined;
  readonly address: Partial<DeliveryAddress>;
  readonly errors: Readonly<Record<string, { code: string; max?: number }>> | undefined;
  /** Places suggestions on the first line, when the shop has a Maps key. */
  readonly mapsKey?: string | null;
  readonly hint?: string;
}

const MAX: Record<PostalAddressField, number> = {
  fullName: ACCOUNT_FIELD_MAX.fullName,
  company: ACCOUNT_FIELD_MAX.companyName,
  line1: ACCOUNT_FIELD_MAX.line,
  line2: ACCOUNT_FIELD_MAX.line,
  postalCode: ACCOUNT_FIELD_MAX.postalCode,
  city: ACCOUNT_FIELD_MAX.city,
  region: ACCOUNT_FIELD_MAX.region,
  phone: ACCOUNT_FIELD_MAX.phone,
  country: 2,
};

/** A postal address's fields, labelled as in the address book, named under `prefix`. */
export function AddressFields({ texts, prefix, values, address, errors, mapsKey = null, hint }: AddressFieldsProps) {
  const words = texts.addresses;
  const { locale } = usePageLanguage();
  const line1 = useRef<HTMLDivElement>(null);
  // Said only once Google's suggestions are really there (offline, or without the key, they are not).
  const [suggesting, setSuggesting] = useState(false);
  // Browsers fill a delivery's and an invoice's addresses apart ("shipping", "billing").
  const section = prefix.startsWith("invoice") ? "billing" : "shipping";
  const value = (name: PostalAddressField) => values?.[prefix + name] ?? address[name] ?? "";
  const field = (
    name: Exclude<PostalAddressField, "country">,
    extra: Partial<Parameters<typeof AccountInput>[0]> = {},
  ) => (
    <AccountInput
      name={prefix + name}
      label={words[name]}
      defaultValue={value(name)}
      error={errorWords(texts, errors?.[prefix + name])}
      maxLength={MAX[name]}
      {...extra}
      autoComplete={extra.autoComplete ? `${section} ${extra.autoComplete}` : undefined}
    />
  );

  useEffect(() => {
    const input = line1.current?.querySelector("input");
    if (!mapsKey || !input) return;
    const form = input.form;
    void import("./places")
      .then(({ suggestAddresses }) =>
        suggestAddresses(input, {
          key: mapsKey,
          language: locale,
          onFound: (found) => {
            for (const [name, text] of Object.entries(found)) {
              const target = form?.elements.namedItem(prefix + name);
              if ((target instanceof HTMLInputElement || target instanceof HTMLSelectElement) && text !== "") {
                target.value = text;
              }
            }
          },
        }),
      )
      .then(setSuggesting, () => setSuggesting(false));
  }, [mapsKey, locale, prefix]);

  return (
    <div className="grid gap-4">
      {hint ? <p className="text-sand-700">{hint}</p> : null}
      {field("fullName", { required: true, autoComplete: "name" })}
      {field("company", { autoComplete: "organization" })}
      <div ref={line1}>
        {field("line1", {
          required: true,
          hint: suggesting ? `${words.line1Hint} ${texts.flow.delivery.autocompleteHint}` : words.line1Hint,
          autoComplete: "address-line1",
        })}
      </div>
      {field("line2", { autoComplete: "address-line2" })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("postalCode", { required: true, hint: words.postalCodeHint, autoComplete: "postal-code" })}
        {field("city", { required: true, autoComplete: "address-level2" })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("region", { autoComplete: "address-level1" })}
        <AccountInput
          name={`${prefix}country`}
          label={words.country}
          defaultValue={value("country") || "ES"}
          error={errorWords(texts, errors?.[`${prefix}country`])}
          autoComplete={`${section} country`}
        >
          {ADDRESS_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {words.countries[country]}
            </option>
          ))}
        </AccountInput>
      </div>
      {field("phone", { type: "tel", inputMode: "tel", autoComplete: "tel" })}
    </div>
  );
}
