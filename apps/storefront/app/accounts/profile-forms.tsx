import { ACCOUNT_FIELD_MAX, type Account } from "@shop/contracts";
import { LOCALE_NAMES, LOCALES, pathTo } from "@shop/routing";
import type { AccountFormRefusal } from "./account-forms";
import { AccountForm } from "./account-form";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { AccountInput, errorText, PasswordInput } from "./account-fields";
import { Checkbox } from "./account-area";
import { ScreenLink } from "~/components/screen-link";
import type { AuthTexts } from "./auth-texts";
import type { AccountTexts } from "./texts";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

/** The personal data: names, phone, the language of the shop's mails, and a company's name and tax id. */
export function PersonalDataForm({
  account,
  texts,
  auth,
  refusal,
  action,
}: {
  account: Account;
  texts: AccountTexts["profile"];
  auth: AuthTexts;
  refusal: AccountFormRefusal | undefined;
  action: string;
}) {
  const values = refusal?.values;
  const value = (name: keyof Account & string) => values?.[name] ?? (account[name] as string | null) ?? "";
  const error = (name: string) => errorText(auth, refusal?.errors[name]);
  const kind = values?.customerKind ?? account.customerKind;
  return (
    <AccountForm texts={auth} refusal={refusal} submitLabel={texts.save} intent="profile" action={action}>
      <p className="text-sand-700">
        {format(texts.emailNote, { email: account.email })}{" "}
        <ScreenLink screen="contact" className="font-semibold text-leaf-700 underline">
          {texts.emailLink}
        </ScreenLink>
        .
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountInput
          name="firstName"
          label={texts.firstName}
          defaultValue={value("firstName")}
          error={error("firstName")}
          maxLength={ACCOUNT_FIELD_MAX.firstName}
          autoComplete="given-name"
        />
        <AccountInput
          name="lastName"
          label={texts.lastName}
          defaultValue={value("lastName")}
          error={error("lastName")}
          maxLength={ACCOUNT_FIELD_MAX.lastName}
          autoComplete="family-name"
        />
      </div>
      <AccountInput
        name="phone"
        type="tel"
        inputMode="tel"
        label={texts.phone}
        defaultValue={value("phone")}
        error={error("phone")}
        maxLength={ACCOUNT_FIELD_MAX.phone}
        autoComplete="tel"
      />
      <AccountInput
        name="preferredLocale"
        label={texts.preferredLocale}
        hint={texts.preferredLocaleHint}
        defaultValue={value("preferredLocale")}
        error={error("preferredLocale")}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </AccountInput>
      {/* The company's fields show while "company" is ticked: CSS alone, so it works before JavaScript. */}
      <fieldset className="group grid gap-4">
        <legend className="font-semibold">{texts.customerKind}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {(["consumer", "company"] as const).map((option) => (
            <label key={option} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="customerKind"
                value={option}
                defaultChecked={kind === option}
                className="h-5 w-5 accent-leaf-700"
              />
              {texts[option]}
            </label>
          ))}
        </div>
        <div className="hidden gap-4 group-has-[input[value=company]:checked]:grid sm:grid-cols-2">
          <AccountInput
            name="companyName"
            label={texts.companyName}
            defaultValue={value("companyName")}
            error={error("companyName")}
            maxLength={ACCOUNT_FIELD_MAX.companyName}
            autoComplete="organization"
          />
          <AccountInput
            name="taxId"
            label={texts.taxId}
            hint={texts.taxIdHint}
            defaultValue={value("taxId")}
            error={error("taxId")}
            maxLength={ACCOUNT_FIELD_MAX.taxId}
          />
        </div>
      </fieldset>
    </AccountForm>
  );
}

/** The password change: the current one, the new one twice; the answer signs this device in anew. */
export function PasswordForm({
  texts,
  auth,
  refusal,
  action,
  mayHaveNoPassword,
}: {
  texts: AccountTexts["password"];
  auth: AuthTexts;
  refusal: AccountFormRefusal | undefined;
  action: string;
  mayHaveNoPassword: boolean;
}) {
  const error = (name: string) => errorText(auth, refusal?.errors[name]);
  return (
    <AccountForm texts={auth} refusal={refusal} submitLabel={texts.submit} intent="password" action={action}>
      {mayHaveNoPassword ? <p className="text-sand-700">{texts.noPasswordHint}</p> : null}
      <PasswordInput
        name="currentPassword"
        label={auth.fields.currentPassword}
        texts={auth}
        error={error("currentPassword")}
        autoComplete="current-password"
      />
      <PasswordInput
        name="password"
        label={auth.fields.newPassword}
        texts={auth}
        error={error("password")}
        autoComplete="new-password"
        showStrength
      />
      <PasswordInput
        name="passwordConfirmation"
        label={auth.fields.passwordConfirmation}
        texts={auth}
        error={error("passwordConfirmation")}
        autoComplete="new-password"
      />
    </AccountForm>
  );
}

/** A copy of everything the shop keeps about the customer, as a file (routes/account-data.ts). */
export function DataDownload({ texts, href }: { texts: AccountTexts["data"]; href: string }) {
  return (
    <>
      <p>{texts.body}</p>
      {/* A plain link: the file comes from a resource route, not a page React Router could render. */}
      <a href={href} download className={`${SECONDARY_BUTTON} mt-4`}>
        {texts.download}
      </a>
    </>
  );
}

/**
 * Deleting the account: what goes, what the law makes the shop keep and why, then (behind a
 * deliberate "I want to delete my account") the password, a box to tick, and the button.
 */
export function DeletionForm({
  texts,
  auth,
  refusal,
  kept,
  passwordRequired,
}: {
  texts: AccountTexts["deletion"];
  auth: AuthTexts;
  refusal: AccountFormRefusal | undefined;
  kept: readonly (keyof AccountTexts["deletion"]["kept"])[];
  passwordRequired: boolean;
}) {
  const { locale } = usePageLanguage();
  const error = (name: string) => errorText(auth, refusal?.errors[name]);
  return (
    <>
      <p>{texts.body}</p>
      <h3 className="mt-4 font-bold">{texts.keptHeading}</h3>
      <ul className="mt-1 list-disc pl-5 text-sand-700">
        {kept.map((code) => (
          <li key={code}>{texts.kept[code]}</li>
        ))}
      </ul>
      <details open={refusal !== undefined} className="mt-4">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-carrot-700 underline">
          {texts.open}
        </summary>
        <div className="mt-3 max-w-md">
          <AccountForm
            texts={auth}
            refusal={refusal}
            submitLabel={texts.submit}
            intent="deleteAccount"
            action={`${pathTo("profile", locale)}#delete`}
          >
            <div>
              <PasswordInput
                name="currentPassword"
                label={texts.password}
                texts={auth}
                error={error("currentPassword")}
                autoComplete="current-password"
                optional={!passwordRequired}
              />
              {passwordRequired ? null : <p className="mt-1 text-sm text-sand-700">{texts.passwordHint}</p>}
            </div>
            <Checkbox
              name="confirm"
              label={texts.confirm}
              required
              error={refusal?.errors.confirm ? texts.confirmRequired : undefined}
            />
          </AccountForm>
        </div>
      </details>
    </>
  );
}
