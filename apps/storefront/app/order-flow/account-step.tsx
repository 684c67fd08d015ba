import { CodeEntry } from "~/accounts/code-entry";
import { RegisterForm } from "~/accounts/register-form";
import { useId, type ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { refusalOf } from "~/accounts/account-forms";
import { AccountForm } from "~/accounts/account-form";
import { EmailInput, errorText, PasswordInput } from "~/accounts/account-fields";
import { PRIMARY_BUTTON, TEXT_BUTTON } from "~/components/button-styles";
import { ScreenLink } from "~/components/screen-link";
import { useRootData } from "~/root-data";
import { SignedInAs } from "./signed-in-as";
import { INTENTS } from "./fields";
import type { StepProps } from "./step-props";
import { stepHref } from "./steps";

/** `&method=code`: sign in with a code sent by e-mail (as on the sign-in page). */
const METHOD_PARAM = "method";

/**
 * Step 5: who is ordering. Signed out: sign in (password or an e-mailed code) or register, with the
 * account's own forms posted to this page, which comes back to the delivery step. Signed in: who,
 * and the way out for someone else at the same device.
 */
export default function AccountStep({ texts, answer, path, view }: StepProps<"account">) {
  const user = useRootData()?.user;
  const words = texts.flow.account;
  if (user) {
    return (
      <div className="grid gap-4">
        <SignedInAs texts={texts} />
        <p>
          <Link to={stepHref(path, "delivery")} className={`${PRIMARY_BUTTON} w-full sm:w-auto`}>
            {texts.flow.continue}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <Part heading={words.signInHeading}>
        <SignIn texts={texts} answer={answer} path={path} />
      </Part>
      <Part heading={words.registerHeading}>
        <Register texts={texts} answer={answer} />
      </Part>
      {view.waitsForSignIn ? (
        <Form method="post">
          <button type="submit" name="intent" value={INTENTS.startOver} className={TEXT_BUTTON}>
            {words.startOver}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** One way in (sign in, register): a card under the step's heading. */
function Part({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
      <h3 id={id} className="font-display text-2xl font-semibold text-leaf-800">
        {heading}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

type FormProps = Pick<StepProps<"account">, "texts" | "answer">;

function SignIn({ texts, answer, path }: FormProps & { path: string }) {
  const auth = texts.auth;
  const [params] = useSearchParams();
  const codeRefusal = refusalOf(answer, INTENTS.verifyCode);
  const codeSentTo = answer && "codeSentTo" in answer ? answer.codeSentTo : codeRefusal?.values.email;
  const withCode =
    params.get(METHOD_PARAM) === "code" ||
    codeSentTo !== undefined ||
    refusalOf(answer, INTENTS.requestCode) !== undefined;
  const tab = (code: boolean, label: string) => (
    <Link
      to={stepHref(path, "account", code ? { [METHOD_PARAM]: "code" } : {})}
      replace
      aria-current={withCode === code ? "page" : undefined}
      className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full px-3 text-sm font-semibold aria-[current=page]:bg-white aria-[current=page]:text-leaf-800 aria-[current=page]:shadow-sm"
    >
      {label}
    </Link>
  );
  return (
    <div className="grid gap-4">
      <nav aria-label={auth.login.methods} className="flex gap-1 rounded-full bg-sand-100 p-1">
        {tab(false, auth.login.withPassword)}
        {tab(true, auth.login.withCode)}
      </nav>
      {!withCode ? (
        <AccountForm
          texts={auth}
          refusal={refusalOf(answer, INTENTS.signIn)}
          intent={INTENTS.signIn}
          submitLabel={auth.login.submit}
        >
          <EmailInput texts={auth} refusal={refusalOf(answer, INTENTS.signIn)} name="identifier" />
          <PasswordInput
            name="password"
            label={auth.fields.password}
            texts={auth}
            autoComplete="current-password"
            error={errorText(auth, refusalOf(answer, INTENTS.signIn)?.errors.password)}
          />
          <p>
            <ScreenLink screen="passwordRecovery" className={TEXT_BUTTON}>
              {auth.login.forgot}
            </ScreenLink>
          </p>
        </AccountForm>
      ) : codeSentTo ? (
        <CodeEntry
          texts={auth}
          email={codeSentTo}
          refusal={codeRefusal}
          intents={{ verify: INTENTS.verifyCode, resend: INTENTS.requestCode }}
        />
      ) : (
        <AccountForm
          texts={auth}
          refusal={refusalOf(answer, INTENTS.requestCode)}
          intent={INTENTS.requestCode}
          submitLabel={auth.login.sendCode}
        >
          <p className="text-sand-700">{auth.login.codeIntro}</p>
          <EmailInput texts={auth} refusal={refusalOf(answer, INTENTS.requestCode)} />
        </AccountForm>
      )}
    </div>
  );
}

function Register({ texts, answer }: FormProps) {
  const auth = texts.auth;
  const refusal = refusalOf(answer, INTENTS.register);
  return <RegisterForm id="register-form" texts={auth} refusal={refusal} intent={INTENTS.register} />;
}
