import { emailRequestBody, okAnswerSchema, resetPasswordBody } from "@shop/contracts";
import { pathTo } from "@shop/routing";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/password-recovery";
import {
  accountCall,
  accountErrorsOf,
  readAccountForm,
  refuseForm,
  refuseInvalid,
  type AccountRefusal,
} from "~/accounts/account.server";
import { FORM_FIELD, refusalOf, type AccountFormRefusal } from "~/accounts/account-forms";
import { AccountForm } from "~/accounts/account-form";
import { EmailInput, errorText, PasswordInput } from "~/accounts/account-fields";
import { AuthCard, AuthFootnote } from "~/accounts/auth-card";
import { authTextsFor, type AuthTexts } from "~/accounts/auth-texts";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";
import { signedInRedirect, signInCall } from "~/accounts/sign-in.server";

export const meta = screenMeta;

/** The e-mailed link brings the reset code as `?code=` (docs/decisions/011). */
const CODE_PARAM = "code";

export function loader({ context: { locale } }: Route.LoaderArgs) {
  return { texts: authTextsFor(locale) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, clientIp } = context;
  const { fields, values } = await readAccountForm(request, ["email"]);
  const code = new URL(request.url).searchParams.get(CODE_PARAM);
  if (code !== null) {
    const parsed = resetPasswordBody.safeParse({
      code,
      password: fields.password,
      passwordConfirmation: fields.passwordConfirmation,
    });
    if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), values, "reset");
    const answer = await signInCall("/auth/reset-password", parsed.data, clientIp);
    if (!answer.ok) return refuseForm(spentLinkForTheForm(answer), { values, intent: "reset" });
    return signedInRedirect(context, answer.value, { target: null, flash: "passwordReset" });
  }
  const parsed = emailRequestBody.safeParse({ email: fields.email, locale });
  if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), values, "request");
  const sent = await accountCall("/auth/forgot-password", okAnswerSchema, {
    method: "POST",
    body: parsed.data,
    clientIp,
  });
  if (!sent.ok) return refuseForm(sent, { values, intent: "request" });
  return { sentTo: parsed.data.email };
}

/** The code is the link's, not a field the customer sees: its refusal is the form's. */
function spentLinkForTheForm(refusal: AccountRefusal): AccountRefusal {
  if (refusal.status !== "invalid" || !refusal.errors.code) return refusal;
  return { ...refusal, errors: { ...refusal.errors, [FORM_FIELD]: refusal.errors.code } };
}

export default function PasswordRecovery({ loaderData: { texts }, actionData }: Route.ComponentProps) {
  const { locale } = usePageLanguage();
  const [params] = useSearchParams();
  const code = params.get(CODE_PARAM);
  const login = (
    <AuthFootnote>
      <Link to={pathTo("login", locale)} className="font-semibold text-leaf-700 underline">
        {texts.recovery.backToLogin}
      </Link>
    </AuthFootnote>
  );
  if (code !== null) {
    return (
      <AuthCard heading={texts.recovery.resetHeading} intro={texts.recovery.resetIntro}>
        <ResetForm
          texts={texts}
          refusal={refusalOf(actionData, "reset")}
          askAgain={pathTo("passwordRecovery", locale)}
        />
        {login}
      </AuthCard>
    );
  }
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  return (
    <AuthCard>
      {sentTo ? (
        <p role="status" className="rounded-2xl bg-leaf-50 p-4 text-leaf-800 ring-1 ring-leaf-200">
          {format(texts.recovery.sent, { email: sentTo })}
        </p>
      ) : (
        <RequestForm texts={texts} refusal={refusalOf(actionData, "request")} />
      )}
      {login}
    </AuthCard>
  );
}

function RequestForm({ texts, refusal }: { texts: AuthTexts; refusal: AccountFormRefusal | undefined }) {
  return (
    <AccountForm texts={texts} refusal={refusal} intent="request" submitLabel={texts.recovery.send}>
      <EmailInput texts={texts} refusal={refusal} />
    </AccountForm>
  );
}

function ResetForm(props: { texts: AuthTexts; refusal: AccountFormRefusal | undefined; askAgain: string }) {
  const { texts, refusal, askAgain } = props;
  const spent = refusal?.errors.code !== undefined || refusal?.errors[FORM_FIELD]?.code === "invalidToken";
  return (
    <>
      <AccountForm texts={texts} refusal={refusal} intent="reset" submitLabel={texts.recovery.save}>
        <PasswordInput
          name="password"
          label={texts.fields.newPassword}
          texts={texts}
          autoComplete="new-password"
          showStrength
          error={errorText(texts, refusal?.errors.password)}
        />
        <PasswordInput
          name="passwordConfirmation"
          label={texts.fields.passwordConfirmation}
          texts={texts}
          autoComplete="new-password"
          error={errorText(texts, refusal?.errors.passwordConfirmation)}
        />
        {spent ? (
          <p className="font-semibold text-carrot-700">
            {errorText(texts, refusal?.errors.code ?? { code: "invalidToken" })}
          </p>
        ) : null}
      </AccountForm>
      {spent ? (
        <Link to={askAgain} className="text-center font-semibold text-leaf-700 underline">
          {texts.recovery.askAgain}
        </Link>
      ) : null}
    </>
  );
}
