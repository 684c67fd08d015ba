import { ACCOUNT_FIELD_MAX, registerBody } from "@shop/contracts";
import { pathTo } from "@shop/routing";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/register";
import { accountErrorsOf, readAccountForm, refuseForm, refuseInvalid } from "~/account.server";
import { refusalOf } from "~/account-forms";
import { AccountForm } from "~/components/account-form";
import { AccountInput, EmailInput, errorText, PasswordInput } from "~/components/account-fields";
import { AuthCard, AuthFootnote, keptRedirect } from "~/components/auth-card";
import { ScreenLink } from "~/components/screen-link";
import { authTextsFor } from "~/i18n/auth";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";
import { requestedTarget, signedInRedirect, signInCall } from "~/sign-in.server";

export const meta = screenMeta;

export function loader({ context: { locale } }: Route.LoaderArgs) {
  return { texts: authTextsFor(locale) };
}

/** A new account signs in at once (specification: register answers a token) and mails a confirmation link. */
export async function action({ request, context: { locale, clientIp } }: Route.ActionArgs) {
  const { fields, values } = await readAccountForm(request, ["email", "firstName", "lastName"]);
  const parsed = registerBody.safeParse({
    email: fields.email,
    password: fields.password,
    firstName: fields.firstName,
    lastName: fields.lastName,
    preferredLocale: locale,
  });
  if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), values);
  const answer = await signInCall("/auth/local/register", parsed.data, clientIp);
  if (!answer.ok) return refuseForm(answer, { values });
  return signedInRedirect(request, answer.value, { target: requestedTarget(request), locale, flash: "registered" });
}

export default function Register({ loaderData: { texts }, actionData }: Route.ComponentProps) {
  const { locale } = usePageLanguage();
  const [params] = useSearchParams();
  const keep = keptRedirect(params);
  const refusal = refusalOf(actionData);
  const error = (field: string) => errorText(texts, refusal?.errors[field]);
  // What the customer's own data would make easy to guess counts against the new password.
  const personalInputs = () =>
    ["email", "firstName", "lastName"].map(
      (name) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? "",
    );
  return (
    <AuthCard>
      <AccountForm texts={texts} refusal={refusal} submitLabel={texts.register.submit}>
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
      <AuthFootnote>
        {texts.register.haveAccount}{" "}
        <Link to={`${pathTo("login", locale)}${keep}`} className="font-semibold text-leaf-700 underline">
          {texts.register.signIn}
        </Link>
      </AuthFootnote>
    </AuthCard>
  );
}
