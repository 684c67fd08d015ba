import { RegisterForm } from "~/accounts/register-form";
import { registerBody } from "@shop/contracts";
import { pathTo } from "@shop/routing";
import { data, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/register";
import { accountErrorsOf, readAccountForm, refuseForm, refuseInvalid } from "~/accounts/account.server";
import { refusalOf } from "~/accounts/account-forms";
import { AuthCard, AuthFootnote, keptRedirect } from "~/accounts/auth-card";
import { SocialSignIn } from "~/components/social-sign-in";
import { authTextsFor } from "~/accounts/auth-texts";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";
import { requestedTarget, signedInRedirect, signInCall } from "~/accounts/sign-in.server";
import { providerOffer } from "~/social.server";

export const meta = screenMeta;

export async function loader({ request, context: { locale } }: Route.LoaderArgs) {
  const { providers, headers } = await providerOffer(request, locale);
  return data({ texts: authTextsFor(locale), providers }, { headers });
}

/** A new account signs in at once (specification: register answers a token) and mails a confirmation link. */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale, clientIp } = context;
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
  return signedInRedirect(context, answer.value, { target: requestedTarget(request), flash: "registered" });
}

export default function Register({ loaderData: { texts, providers }, actionData }: Route.ComponentProps) {
  const { locale } = usePageLanguage();
  const [params] = useSearchParams();
  const keep = keptRedirect(params);
  const refusal = refusalOf(actionData);
  return (
    <AuthCard>
      <RegisterForm texts={texts} refusal={refusal} />
      <SocialSignIn providers={providers} texts={texts} />
      <AuthFootnote>
        {texts.register.haveAccount}{" "}
        <Link to={`${pathTo("login", locale)}${keep}`} className="font-semibold text-leaf-700 underline">
          {texts.register.signIn}
        </Link>
      </AuthFootnote>
    </AuthCard>
  );
}
