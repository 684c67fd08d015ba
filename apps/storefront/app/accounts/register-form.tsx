import { useId } from "react";
import { ACCOUNT_FIELD_MAX } from "@shop/contracts";
import type { refusalOf } from "./account-forms";
import { AccountForm } from "./account-form";
import { AccountInput, EmailInput, errorText, PasswordInput } from "./account-fields";
import { ScreenLink } from "~/components/screen-link";
import type { authTextsFor } from "./auth-texts";

/**
 * The registration form as the registration page and the new-order flow's account step show it:
 * one copy, so both ask the same things and say them the same way. (The sign-in code's entry is
 * its own module, code-entry.tsx: the sign-in page, whose first load is counted, needs only that.)
 */

type Texts = ReturnType<typeof authTextsFor>;
type Refusal = ReturnType<typeof refusalOf>;

/** The registration form: e-mail, a password with its strength, names, and what signing up accepts. */
export function RegisterForm({
  texts,
  refusal,
  intent,
  id,
}: {
  texts: Texts;
  refusal: Refusal;
  /** Where the page has several forms: which one this is. */
  intent?: string;
  id?: string;
}) {
  const scope = useId();
  const error = (field: string) => errorText(texts, refusal?.errors[field]);
  // What the customer's own data would make easy to guess counts against the new password; the
  // form's own fields only, since the flow's page holds other forms with the same names.
  const personalInputs = () =>
    ["email", "firstName", "lastName"].map(
      (name) => document.querySelector<HTMLInputElement>(`[data-form="${scope}"] [name="${name}"]`)?.value ?? "",
    );
  return (
    <div id={id} data-form={scope}>
      <AccountForm texts={texts} refusal={refusal} intent={intent} submitLabel={texts.register.submit}>
        <EmailInput texts={texts} refusal={refusal} />
        <PasswordInput
          name="password"
          label={texts.fields.password}
          texts={texts}
          autoComplete="new-password"
          showStrength
          personalInputs={personalInputs}
          error={error("password")}
        />
        <AccountInput
          name="firstName"
          label={texts.fields.firstName}
          autoComplete="given-name"
          maxLength={ACCOUNT_FIELD_MAX.firstName}
          defaultValue={refusal?.values.firstName}
          error={error("firstName")}
        />
        <AccountInput
          name="lastName"
          label={texts.fields.lastName}
          autoComplete="family-name"
          maxLength={ACCOUNT_FIELD_MAX.lastName}
          defaultValue={refusal?.values.lastName}
          error={error("lastName")}
        />
        <p className="text-sm text-sand-700">
          {texts.register.terms}{" "}
          <ScreenLink screen="termsAndConditions" className="font-semibold text-leaf-700 underline">
            {texts.register.termsLink}
          </ScreenLink>
          .
        </p>
      </AccountForm>
    </div>
  );
}
