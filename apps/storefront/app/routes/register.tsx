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
import { rememberTarget, requestedTarget, signedInRedirect, signInCall } from "~/accounts/sign-in.server";
import { offeredProviders } from "~/social.server";
import { providerLinks } from "~/social-texts.server";

export const meta = screenMeta;

export async function loader({ request, context: { locale } }: Route.LoaderArgs) {
  // The providers open an account too (docs/decisions/025), offered as on the sign-in page.
  const target = requestedTarget(request);
  const { providers, cookies } = await offeredProviders(locale);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (target && providers.length > 0) headers.append("Set-Cookie", rememberTarget(target));
  const texts = authTextsFor(locale);
  return data({ texts, providers: providerLinks(providers, texts) }, { headers });
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
