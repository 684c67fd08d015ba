import { TEXT_BUTTON } from "~/components/button-styles";
import { CodeEntry } from "~/accounts/code-entry";
import { emailRequestBody, okAnswerSchema, signInBody, signInCodeBody } from "@shop/contracts";
import { pathTo } from "@shop/routing";
import { data, Link, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login";
import { accountCall, accountErrorsOf, readAccountForm, refuseForm, refuseInvalid } from "~/accounts/account.server";
import { refusalOf } from "~/accounts/account-forms";
import { AccountForm } from "~/accounts/account-form";
import { EmailInput, errorText, PasswordInput } from "~/accounts/account-fields";
import { AuthCard, AuthFootnote, keptRedirect } from "~/accounts/auth-card";
import { SocialSignIn } from "~/components/social-sign-in";
import { authTextsFor } from "~/accounts/auth-texts";
import { format } from "~/i18n/format";
import { usePageLanguage, useRootData } from "~/root-data";
import { screenMeta } from "~/seo";
import { requestedTarget, signedInRedirect, signInCall } from "~/accounts/sign-in.server";
import { providerOffer } from "~/social.server";

export const meta = screenMeta;

/** `?method=code`: sign in with a code sent by e-mail instead of a password. */
const METHOD_PARAM = "method";

export async function loader({ request, context: { locale } }: Route.LoaderArgs) {
  const { providers, headers } = await providerOffer(request, locale);
  return data({ texts: authTextsFor(locale), providers }, { headers });
}

type CodeStep = { readonly codeSentTo: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, clientIp } = context;
  const { fields, values, form } = await readAccountForm(request, ["identifier", "email"]);
  const intent = fields.intent ?? "password";
  const target = requestedTarget(request);

  if (intent === "requestCode" || intent === "resendCode") {
    const parsed = emailRequestBody.safeParse({ email: fields.email, locale });
    if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), values, "requestCode");
    const sent = await accountCall("/auth/sign-in-code", okAnswerSchema, {
      method: "POST",
      body: parsed.data,
      clientIp,
    });
    if (!sent.ok) return refuseForm(sent, { values, intent: "requestCode" });
    return { codeSentTo: parsed.data.email } satisfies CodeStep;
  }

  if (intent === "resendConfirmation") {
    const parsed = emailRequestBody.safeParse({ email: fields.email, locale });
    if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), values, intent);
    const sent = await accountCall("/auth/send-email-confirmation", z.object({ sent: z.literal(true) }), {
      method: "POST",
      body: parsed.data,
      clientIp,
    });
    if (!sent.ok) return refuseForm(sent, { values, intent });
    return { confirmationSentTo: parsed.data.email };
  }

  if (intent === "verifyCode") {
    // One cell per digit, all posted as `code` (accounts/code-cells.tsx).
    const code = form.getAll("code").map(String).join("").replace(/\D/g, "");
    const parsed = signInCodeBody.safeParse({ email: fields.email, code });
    if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), values, "verifyCode");
    const answer = await signInCall("/auth/sign-in-code/verify", parsed.data, clientIp);
    if (answer.ok) return signedInRedirect(context, answer.value, { target });
    return refuseForm(answer, { values, intent: "verifyCode" });
  }

  const parsed = signInBody.safeParse({ identifier: fields.identifier, password: fields.password });
  if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), values, "password");
  const answer = await signInCall("/auth/local", parsed.data, clientIp);
  if (answer.ok) return signedInRedirect(context, answer.value, { target });
  return refuseForm(answer, { values, intent: "password" });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { texts, providers } = loaderData;
  const { locale } = usePageLanguage();
  const [params] = useSearchParams();
  const keep = keptRedirect(params);

  const verifyRefusal = refusalOf(actionData, "verifyCode");
  // The code form stays after a refused code: the address it went to comes back with the refusal.
  const codeSentTo = actionData && "codeSentTo" in actionData ? actionData.codeSentTo : verifyRefusal?.values.email;
  // The answer to a code form keeps the code view, whatever the address bar says.
  const withCode =
    params.get(METHOD_PARAM) === "code" ||
    codeSentTo !== undefined ||
    refusalOf(actionData, "requestCode") !== undefined;
  const methodLink = (code: boolean) => {
    const next = new URLSearchParams(keep.slice(1));
    if (code) next.set(METHOD_PARAM, "code");
    const query = next.toString();
    return `${pathTo("login", locale)}${query ? `?${query}` : ""}`;
  };
  const tab = (code: boolean, label: string) => (
    <Link
      to={methodLink(code)}
      replace
      aria-current={withCode === code ? "page" : undefined}
      className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full px-3 text-sm font-semibold aria-[current=page]:bg-white aria-[current=page]:text-leaf-800 aria-[current=page]:shadow-sm"
    >
      {label}
    </Link>
  );
  return (
    <AuthCard>
      <nav aria-label={texts.login.methods} className="flex gap-1 rounded-full bg-sand-100 p-1">
        {tab(false, texts.login.withPassword)}
        {tab(true, texts.login.withCode)}
      </nav>
      {withCode ? (
        codeSentTo ? (
          <VerifyCode texts={texts} email={codeSentTo} refusal={verifyRefusal} />
        ) : (
          <RequestCode texts={texts} refusal={refusalOf(actionData, "requestCode")} />
        )
      ) : (
        <PasswordSignIn
          texts={texts}
          refusal={refusalOf(actionData, "password")}
          recoveryLink={pathTo("passwordRecovery", locale)}
        />
      )}
      <ResendConfirmation texts={texts} answer={actionData} />
      <SocialSignIn providers={providers} texts={texts} />
      <AuthFootnote>
        {texts.login.noAccount}{" "}
        <Link to={`${pathTo("register", locale)}${keep}`} className="font-semibold text-leaf-700 underline">
          {texts.login.register}
        </Link>
      </AuthFootnote>
    </AuthCard>
  );
}

type Texts = ReturnType<typeof authTextsFor>;
type Refusal = ReturnType<typeof refusalOf>;

function PasswordSignIn({ texts, refusal, recoveryLink }: { texts: Texts; refusal: Refusal; recoveryLink: string }) {
  return (
    <AccountForm texts={texts} refusal={refusal} intent="password" submitLabel={texts.login.submit}>
      <EmailInput texts={texts} refusal={refusal} name="identifier" />
      <PasswordInput
        name="password"
        label={texts.fields.password}
        texts={texts}
        autoComplete="current-password"
        error={errorText(texts, refusal?.errors.password)}
      />
      <p>
        <Link to={recoveryLink} className={TEXT_BUTTON}>
          {texts.login.forgot}
        </Link>
      </p>
    </AccountForm>
  );
}

function RequestCode({ texts, refusal }: { texts: Texts; refusal: Refusal }) {
  return (
    <AccountForm texts={texts} refusal={refusal} intent="requestCode" submitLabel={texts.login.sendCode}>
      <p className="text-sand-700">{texts.login.codeIntro}</p>
      <EmailInput texts={texts} refusal={refusal} />
    </AccountForm>
  );
}

function VerifyCode({ texts, email, refusal }: { texts: Texts; email: string; refusal: Refusal }) {
  return (
    <>
      <CodeEntry
        texts={texts}
        email={email}
        refusal={refusal}
        intents={{ verify: "verifyCode", resend: "resendCode" }}
      />
      <p className="text-center">
        <Link to="?method=code" replace className={TEXT_BUTTON}>
          {texts.login.otherEmail}
        </Link>
      </p>
    </>
  );
}

/** After a spent or broken confirmation link (a notice says so): ask for a new one. */
function ResendConfirmation({ texts, answer }: { texts: Texts; answer: unknown }) {
  const failedLink = useRootData()?.flash === "confirmationFailed";
  const refusal = refusalOf(answer, "resendConfirmation");
  const sentTo =
    typeof answer === "object" && answer !== null && "confirmationSentTo" in answer
      ? String(answer.confirmationSentTo)
      : null;
  if (sentTo) {
    return (
      <p role="status" className="rounded-2xl bg-leaf-50 p-4 text-leaf-800 ring-1 ring-leaf-200">
        {format(texts.confirmation.resent, { email: sentTo })}
      </p>
    );
  }
  if (!failedLink && !refusal) return null;
  return (
    <section aria-labelledby="resend-confirmation" className="grid gap-3 rounded-2xl bg-sand-50 p-4">
      <h2 id="resend-confirmation" className="font-semibold">
        {texts.confirmation.resendHeading}
      </h2>
      <AccountForm
        texts={texts}
        refusal={refusal}
        intent="resendConfirmation"
        submitLabel={texts.confirmation.resend}
        secondary
      >
        <EmailInput texts={texts} refusal={refusal} />
      </AccountForm>
    </section>
  );
}
