import { SIGN_IN_CODE_LENGTH } from "@shop/contracts";
import type { refusalOf } from "./account-forms";
import { AccountForm } from "./account-form";
import { errorText } from "./account-fields";
import { CodeCells } from "./code-cells";
import type { authTextsFor } from "./auth-texts";
import { format } from "~/i18n/format";

/** The sign-in code's entry, as the sign-in page and the new-order flow's account step show it. */

type Texts = ReturnType<typeof authTextsFor>;
type Refusal = ReturnType<typeof refusalOf>;

/** After a code was mailed to `email`: where it says so, the six cells to type it, and "send another". */
export function CodeEntry({
  texts,
  email,
  refusal,
  intents,
}: {
  texts: Texts;
  email: string;
  refusal: Refusal;
  intents: { verify: string; resend: string };
}) {
  return (
    <>
      <p role="status" className="rounded-2xl bg-leaf-50 p-4 text-leaf-800 ring-1 ring-leaf-200">
        {format(texts.login.codeSent, { email })}
      </p>
      <AccountForm texts={texts} refusal={refusal} intent={intents.verify} submitLabel={texts.login.verify}>
        <input type="hidden" name="email" value={email} />
        <CodeCells
          name="code"
          length={SIGN_IN_CODE_LENGTH}
          label={texts.login.code}
          digitLabel={texts.login.digit}
          error={errorText(texts, refusal?.errors.code)}
          refusal={refusal}
        />
      </AccountForm>
      <AccountForm
        texts={texts}
        refusal={undefined}
        intent={intents.resend}
        submitLabel={texts.login.resendCode}
        secondary
      >
        <input type="hidden" name="email" value={email} />
      </AccountForm>
    </>
  );
}
