import { ACCOUNT_FIELD_MAX, ADDRESS_COUNTRIES, MAX_ADDRESSES, type Address } from "@shop/contracts";
import { Form, Link, useNavigation } from "react-router";
import type { AccountFormRefusal } from "~/account-forms";
import { AccountForm } from "./account-form";
import { SECONDARY_BUTTON } from "./button-styles";
import { AccountInput, errorText } from "./account-fields";
import { Checkbox, ProblemNotice } from "./account-area";
import type { AuthTexts } from "~/i18n/auth";
import type { AccountTexts } from "~/i18n/account";
import { format } from "~/i18n/format";

/** Query parameter that opens the address editor: a document id, or NEW_ADDRESS. */
export const ADDRESS_PARAM = "address";
export const NEW_ADDRESS = "new";
/** Where the editor is, so that opening it scrolls there. */
export const ADDRESS_FORM_ID = "address-form";

type AddressTexts = AccountTexts["addresses"];

function AddressCard({ address, texts, editHref }: { address: Address; texts: AddressTexts; editHref: string }) {
  const name = address.label ?? address.fullName;
  const lines = [
    address.label ? address.fullName : null,
    address.company,
    address.line1,
    address.line2,
    `${address.postalCode} ${address.city}`,
    [address.region, texts.countries[address.country]].filter(Boolean).join(", "),
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <li className="flex flex-col gap-3 rounded-2xl p-4 ring-1 ring-sand-200">
      <div className="min-w-0 flex-1">
        <p className="font-bold">{name}</p>
        <address className="not-italic text-sand-700 [overflow-wrap:anywhere]">
          {lines.map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </address>
        {address.isDefaultDelivery || address.isDefaultBilling ? (
          <ul className="mt-2 flex flex-wrap gap-2 text-sm font-semibold">
            {address.isDefaultDelivery ? (
              <li className="rounded-full bg-leaf-100 px-3 py-1 text-leaf-800">{texts.defaultDelivery}</li>
            ) : null}
            {address.isDefaultBilling ? (
              <li className="rounded-full bg-sand-200 px-3 py-1 text-sand-900">{texts.defaultBilling}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <Link
        to={editHref}
        aria-label={format(texts.editLabel, { name })}
        className="inline-flex min-h-11 items-center self-start font-semibold text-leaf-700 underline"
      >
        {texts.edit}
      </Link>
    </li>
  );
}

interface EditorProps {
  readonly texts: AddressTexts;
  readonly auth: AuthTexts;
  /** The address being edited; null for a new one. */
  readonly address: Address | null;
  readonly refusal: AccountFormRefusal | undefined;
  readonly action: string;
  readonly cancelHref: string;
}

function AddressEditor({ texts, auth, address, refusal, action, cancelHref }: EditorProps) {
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
    <div id={ADDRESS_FORM_ID} className="scroll-mt-4 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
      <h3 className="text-xl font-bold">{address ? texts.editHeading : texts.newHeading}</h3>
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
        <Link to={cancelHref} className="inline-flex min-h-11 items-center font-semibold text-leaf-700 underline">
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

/**
 * The address book: every address with its defaults, and one editor at a time (a new address, or
 * the one named by `?address=`), reached by plain links so that it works before JavaScript.
 */
export function AddressBook({
  addresses,
  editing,
  texts,
  auth,
  refusal,
  profilePath,
}: {
  addresses: readonly Address[];
  /** `?address=` of the page: an address's document id or NEW_ADDRESS. */
  editing: string | null;
  texts: AddressTexts;
  auth: AuthTexts;
  refusal: AccountFormRefusal | undefined;
  profilePath: string;
}) {
  const action = `${profilePath}#addresses`;
  const hrefFor = (id: string) => `${profilePath}?${ADDRESS_PARAM}=${encodeURIComponent(id)}#${ADDRESS_FORM_ID}`;
  // After a refusal the editor stays open on what was typed, whatever the address bar says.
  const target = refusal ? refusal.values.documentId || NEW_ADDRESS : editing;
  const edited = target && target !== NEW_ADDRESS ? (addresses.find((a) => a.documentId === target) ?? null) : null;
  const missing = target !== null && target !== NEW_ADDRESS && edited === null;
  return (
    <div className="grid gap-4">
      {missing ? <ProblemNotice>{texts.missing}</ProblemNotice> : null}
      {addresses.length === 0 ? (
        <p className="text-sand-700">{texts.empty}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard
              key={address.documentId}
              address={address}
              texts={texts}
              editHref={hrefFor(address.documentId)}
            />
          ))}
        </ul>
      )}
      {target === NEW_ADDRESS || edited ? (
        <AddressEditor
          key={edited?.documentId ?? NEW_ADDRESS}
          texts={texts}
          auth={auth}
          address={edited}
          refusal={refusal}
          action={action}
          cancelHref={`${profilePath}#addresses`}
        />
      ) : addresses.length < MAX_ADDRESSES ? (
        <Link to={hrefFor(NEW_ADDRESS)} className={`${SECONDARY_BUTTON} self-start`}>
          {texts.add}
        </Link>
      ) : null}
    </div>
  );
}
