import { TEXT_BUTTON } from "~/components/button-styles";
import { ACCOUNT_FIELD_MAX, ADDRESS_COUNTRIES, type Address } from "@shop/contracts";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { AccountFormRefusal } from "./account-forms";
import { AccountForm } from "./account-form";
import { AccountInput, errorText } from "./account-fields";
import { Checkbox } from "./account-area";
import type { AuthTexts } from "./auth-texts";
import type { AccountTexts } from "./texts";

type AddressTexts = AccountTexts["addresses"];

interface EditorProps {
  readonly texts: AddressTexts;
  readonly auth: AuthTexts;
  /** The address being edited; null for a new one. */
  readonly address: Address | null;
  readonly refusal: AccountFormRefusal | undefined;
  readonly action: string;
  readonly cancelHref: string;
  /** The editor's id, which the links that open it name. */
  readonly id: string;
}

/** An address's form (a new one when `address` is null), its way out and, for a saved one, its deletion. */
export function AddressEditor({ texts, auth, address, refusal, action, cancelHref, id }: EditorProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // Opened by a link to it (an address's "Edit", "Add an address"): it comes into view, and keyboard
  // and screen-reader users land on its heading. A refused form focuses its first error instead.
  useEffect(() => {
    if (hash !== `#${id}` || refusal) return;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [hash, id, refusal]);
  const values = refusal?.values;
  const value = (name: keyof Address & string) => {
    if (values) return values[name] ?? "";
    const stored = address?.[name];
    return typeof stored === "string" ? stored : "";
  };
  const ticked = (name: "isDefaultDelivery" | "isDefaultBilling") =>
    values ? values[name] === "true" : (address?.[name] ?? false);
  const error = (name: string) => errorText(auth, refusal?.errors[name]);
  const text = (
    name: keyof Address & keyof AddressTexts,
    max: number,
    extra: Partial<Parameters<typeof AccountInput>[0]> = {},
  ) => (
    <AccountInput
      name={name}
      label={texts[name] as string}
      defaultValue={value(name)}
      error={error(name)}
      maxLength={max}
      {...extra}
    />
  );
  return (
    <div id={id} className="scroll-mt-24 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
      <h3 ref={heading} tabIndex={-1} className="scroll-mt-24 text-xl font-bold">
        {address ? texts.editHeading : texts.newHeading}
      </h3>
      <AccountForm
        texts={auth}
        refusal={refusal}
        submitLabel={texts.save}
        intent="address"
        action={action}
        className="mt-3 grid gap-4"
      >
        <input type="hidden" name="documentId" value={address?.documentId ?? values?.documentId ?? ""} />
        {text("label", ACCOUNT_FIELD_MAX.label, { hint: texts.labelHint })}
        {text("fullName", ACCOUNT_FIELD_MAX.fullName, { required: true, autoComplete: "name" })}
        {text("company", ACCOUNT_FIELD_MAX.companyName, { autoComplete: "organization" })}
        {text("line1", ACCOUNT_FIELD_MAX.line, {
          required: true,
          hint: texts.line1Hint,
          autoComplete: "address-line1",
        })}
        {text("line2", ACCOUNT_FIELD_MAX.line, { autoComplete: "address-line2" })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("postalCode", ACCOUNT_FIELD_MAX.postalCode, {
            required: true,
            hint: texts.postalCodeHint,
            autoComplete: "postal-code",
          })}
          {text("city", ACCOUNT_FIELD_MAX.city, { required: true, autoComplete: "address-level2" })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("region", ACCOUNT_FIELD_MAX.region, { autoComplete: "address-level1" })}
          <AccountInput
            name="country"
            label={texts.country}
            defaultValue={value("country") || "ES"}
            error={error("country")}
            autoComplete="country"
          >
            {ADDRESS_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {texts.countries[country]}
              </option>
            ))}
          </AccountInput>
        </div>
        {text("phone", ACCOUNT_FIELD_MAX.phone, { type: "tel", inputMode: "tel", autoComplete: "tel" })}
        {text("notes", ACCOUNT_FIELD_MAX.notes)}
        <Checkbox
          name="isDefaultDelivery"
          label={texts.isDefaultDelivery}
          defaultChecked={ticked("isDefaultDelivery")}
        />
        <Checkbox name="isDefaultBilling" label={texts.isDefaultBilling} defaultChecked={ticked("isDefaultBilling")} />
      </AccountForm>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <Link to={cancelHref} className={TEXT_BUTTON}>
          {texts.cancel}
        </Link>
        {address ? <DeleteAddress texts={texts} documentId={address.documentId} action={action} /> : null}
      </div>
    </div>
  );
}

function DeleteAddress({ texts, documentId, action }: { texts: AddressTexts; documentId: string; action: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "deleteAddress";
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="deleteAddress" />
      <input type="hidden" name="documentId" value={documentId} />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 items-center font-semibold text-carrot-700 underline disabled:opacity-60"
      >
        {texts.delete}
      </button>
    </Form>
  );
}
