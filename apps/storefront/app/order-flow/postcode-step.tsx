import { TEXT_BUTTON } from "~/components/button-styles";
import { ACCOUNT_FIELD_MAX } from "@shop/contracts";
import { Link } from "react-router";
import { AccountInput } from "~/accounts/account-fields";
import { Checkbox, DoneNotice } from "~/accounts/account-area";
import { format } from "~/i18n/format";
import { errorWords, refusalFor, StepForm } from "./controls";
import { INTENTS } from "./fields";
import type { StepProps } from "./step-props";
import { stepHref } from "./steps";

/**
 * Step 1: the postcode. Covered, the flow goes on; not covered, the visitor may leave an address to
 * be told when we get there (stored with their consent and its words), or try another postcode.
 */
export default function PostcodeStep({ draft, texts, answer, path }: StepProps<"postcode">) {
  const words = texts.flow.postcode;
  if (answer && "interestSent" in answer) {
    return (
      <div className="grid gap-4">
        <DoneNotice>{format(words.notified, answer.interestSent)}</DoneNotice>
        <p>
          <Link to={stepHref(path, "postcode")} className={TEXT_BUTTON}>
            {words.tryAnother}
          </Link>
        </p>
      </div>
    );
  }
  const interestRefusal = refusalFor(answer, INTENTS.areaInterest);
  const outOfArea = answer && "notCovered" in answer ? answer.notCovered : interestRefusal?.values.postcode;
  if (outOfArea) {
    const error = (name: string) => errorWords(texts, interestRefusal?.errors[name]);
    return (
      <div className="grid gap-8">
        <StepForm
          texts={texts}
          refusal={interestRefusal}
          buttons={[{ intent: INTENTS.areaInterest, label: words.notify }]}
        >
          <input type="hidden" name="postcode" value={outOfArea} />
          <AccountInput
            name="email"
            label={words.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={ACCOUNT_FIELD_MAX.email}
            defaultValue={interestRefusal?.values.email}
            error={error("email")}
          />
          <Checkbox name="consent" label={words.consent} required error={error("consent")} />
        </StepForm>
        <section aria-labelledby="another-postcode" className="grid gap-3 border-t border-sand-200 pt-6">
          <h3 id="another-postcode" className="text-xl font-bold">
            {words.tryAnother}
          </h3>
          <PostcodeForm {...{ texts, answer }} defaultValue="" />
        </section>
      </div>
    );
  }
  return <PostcodeForm {...{ texts, answer }} defaultValue={draft.postcode ?? ""} />;
}

function PostcodeForm({
  texts,
  answer,
  defaultValue,
}: Pick<StepProps<"postcode">, "texts" | "answer"> & { defaultValue: string }) {
  const refusal = refusalFor(answer, INTENTS.postcode);
  const words = texts.flow.postcode;
  return (
    <StepForm texts={texts} refusal={refusal} buttons={[{ intent: INTENTS.postcode, label: words.submit }]}>
      <div className="max-w-xs">
        <AccountInput
          name="postcode"
          label={words.label}
          hint={words.hint}
          autoComplete="postal-code"
          required
          maxLength={16}
          defaultValue={refusal?.values.postcode ?? defaultValue}
          error={errorWords(texts, refusal?.errors.postcode)}
        />
      </div>
    </StepForm>
  );
}
