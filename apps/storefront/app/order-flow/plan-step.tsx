import { TEXT_BUTTON } from "~/components/button-styles";
import { FREQUENCIES } from "@shop/domain";
import { Link } from "react-router";
import { format } from "~/i18n/format";
import { ChoiceCard, ChoiceGroup, errorWords, refusalFor, StepForm } from "./controls";
import { INTENTS } from "./fields";
import type { StepProps } from "./step-props";
import { stepHref } from "./steps";

/**
 * Step 2: one delivery or a subscription, and how often. The frequencies sit under the
 * subscription and show when it is chosen (CSS :has, so without JavaScript too).
 */
export default function PlanStep({ draft, texts, answer, path }: StepProps<"plan">) {
  const words = texts.flow.plan;
  const refusal = refusalFor(answer, INTENTS.plan);
  const purchase = refusal ? refusal.values.purchase : draft.purchase;
  const frequency = refusal ? refusal.values.frequency : (draft.frequency ?? "weekly");
  return (
    <StepForm texts={texts} refusal={refusal} buttons={[{ intent: INTENTS.plan, label: texts.flow.continue }]}>
      <p className="flex flex-wrap items-center gap-x-2 text-sand-700">
        {format(words.deliveringTo, { postcode: draft.postcode ?? "" })}
        <Link to={stepHref(path, "postcode")} className={TEXT_BUTTON}>
          {words.change}
        </Link>
      </p>
      <ChoiceGroup legend={words.legend} error={errorWords(texts, refusal?.errors.purchase)}>
        <div className="grid gap-3">
          <ChoiceCard name="purchase" value="once" defaultChecked={purchase === "once"}>
            <span className="block font-bold">{words.once}</span>
            <span className="block text-sand-700">{words.onceHint}</span>
          </ChoiceCard>
          <div className="group rounded-2xl has-[input[value=subscription]:checked]:bg-leaf-50">
            <ChoiceCard name="purchase" value="subscription" defaultChecked={purchase === "subscription"}>
              <span className="block font-bold">{words.subscription}</span>
              <span className="block text-sand-700">{words.subscriptionHint}</span>
            </ChoiceCard>
            <div className="hidden px-4 pt-2 pb-4 group-has-[input[value=subscription]:checked]:block">
              <ChoiceGroup
                legend={<span className="text-base">{words.frequencyLegend}</span>}
                error={errorWords(texts, refusal?.errors.frequency)}
              >
                <div className="grid gap-2 sm:grid-cols-3">
                  {FREQUENCIES.map((each) => (
                    <ChoiceCard key={each} name="frequency" value={each} defaultChecked={frequency === each}>
                      {words.frequencies[each]}
                    </ChoiceCard>
                  ))}
                </div>
              </ChoiceGroup>
            </div>
          </div>
        </div>
      </ChoiceGroup>
    </StepForm>
  );
}
