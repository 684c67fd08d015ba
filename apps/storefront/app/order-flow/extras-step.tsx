import { useId } from "react";
import { EXTRA_FREQUENCIES, type ExtraFrequency } from "@shop/domain";
import { ShownPriceTag } from "~/components/price";
import { useProductFacts } from "~/components/product-card";
import { format } from "~/i18n/format";
import { errorWords, FieldError, QuantitySelect, refusalFor, StepForm, type FlowTexts } from "./controls";
import { extraField, INTENTS } from "./fields";
import type { ExtraChoice, ExtraGroup } from "./views";
import type { StepProps } from "./step-props";

/**
 * Step 4: single items and complementary products, by group, each with how many and (in a
 * subscription) whether it comes once or with every delivery. Nothing chosen is fine.
 */
export default function ExtrasStep({ view, draft, texts, answer }: StepProps<"extras">) {
  const words = texts.flow.extras;
  const refusal = refusalFor(answer, INTENTS.extras, INTENTS.skipExtras);
  const subscription = draft.purchase === "subscription";
  const inDraft = new Map(draft.extras.map((extra) => [extra.productId, extra]));
  const buttons = [
    { intent: INTENTS.extras, label: texts.flow.continue },
    { intent: INTENTS.skipExtras, label: words.skip, secondary: true },
  ];
  if (view.groups.length === 0) {
    return (
      <StepForm texts={texts} refusal={refusal} buttons={buttons.slice(1)}>
        <p className="text-lg">{words.none}</p>
      </StepForm>
    );
  }
  return (
    <StepForm texts={texts} refusal={refusal} buttons={buttons}>
      {subscription ? null : <p className="text-sand-700">{words.onceOnly}</p>}
      {view.groups.map((group) => {
        const chosen = group.choices.some(
          (choice) =>
            inDraft.has(choice.productId) || refusal?.values[extraField("quantity", choice.productId)] !== undefined,
        );
        return (
          <Group key={`${group.group}:${group.category ?? ""}`} group={group} texts={texts} open={chosen}>
            {group.choices.map((choice) => {
              const inOrder = inDraft.get(choice.productId);
              const value = (kind: "quantity" | "frequency") => refusal?.values[extraField(kind, choice.productId)];
              return (
                <ExtraRow
                  key={choice.productId}
                  choice={choice}
                  texts={texts}
                  subscription={subscription}
                  quantity={Number(value("quantity") ?? inOrder?.quantity ?? 0) || 0}
                  frequency={(value("frequency") as ExtraFrequency | undefined) ?? inOrder?.frequency ?? "once"}
                  error={(kind) => errorWords(texts, refusal?.errors[extraField(kind, choice.productId)])}
                />
              );
            })}
          </Group>
        );
      })}
    </StepForm>
  );
}

/**
 * One group of extras, folded (a phone would scroll past dozens of products otherwise); a group
 * holding something of the order opens. Its fields are posted folded or not.
 */
function Group({
  group,
  texts,
  open,
  children,
}: {
  group: ExtraGroup;
  texts: FlowTexts;
  open: boolean;
  children: React.ReactNode;
}) {
  const words = texts.flow.extras;
  const title = group.group === "pantry" ? (group.category ?? words.pantry) : words[group.group];
  return (
    <details open={open} className="group rounded-2xl bg-white ring-1 ring-sand-200">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-3 px-4 py-3 text-lg font-bold text-sand-900">
        <span>{title}</span>
        <span className="text-sm font-semibold text-sand-700">
          {format(words.count, { count: group.choices.length })}
        </span>
      </summary>
      <ul className="grid gap-2 px-3 pb-3">{children}</ul>
    </details>
  );
}

interface RowProps {
  readonly choice: ExtraChoice;
  readonly texts: FlowTexts;
  readonly subscription: boolean;
  readonly quantity: number;
  readonly frequency: ExtraFrequency;
  readonly error: (kind: "quantity" | "frequency") => string | undefined;
}

function ExtraRow({ choice, texts, subscription, quantity, frequency, error }: RowProps) {
  const words = texts.flow.extras;
  const facts = useProductFacts({ size: null, quantity: choice.quantity });
  const frequencyId = useId();
  const frequencyError = error("frequency");
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 rounded-xl bg-sand-50 p-3">
      <div className="min-w-0">
        <p className="font-bold">{choice.name}</p>
        <p className="text-sm text-sand-700">
          {facts ? `${facts} · ` : null}
          <ShownPriceTag price={choice.price} />
        </p>
      </div>
      <QuantitySelect
        name={extraField("quantity", choice.productId)}
        label={format(words.quantityOf, { name: choice.name })}
        visibleLabel={false}
        min={0}
        defaultValue={quantity}
        error={error("quantity")}
      />
      {subscription ? (
        <div className="col-span-2">
          <label htmlFor={frequencyId} className="sr-only">
            {format(words.frequencyOf, { name: choice.name })}
          </label>
          <select
            id={frequencyId}
            name={extraField("frequency", choice.productId)}
            defaultValue={frequency}
            aria-invalid={frequencyError ? true : undefined}
            aria-describedby={frequencyError ? `${frequencyId}-error` : undefined}
            className="block min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-base aria-[invalid=true]:border-carrot-600"
          >
            {EXTRA_FREQUENCIES.map((each) => (
              <option key={each} value={each}>
                {words.frequencies[each]}
              </option>
            ))}
          </select>
          <FieldError id={`${frequencyId}-error`} text={frequencyError} />
        </div>
      ) : null}
    </li>
  );
}
