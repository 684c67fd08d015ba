import { useEffect, useRef, useState } from "react";
import { MAX_EXCLUSIONS } from "@shop/domain";
import { Form } from "react-router";
import { ShownPriceTag } from "~/components/price";
import { SizeBadge, useProductFacts } from "~/components/product-card";
import { format } from "~/i18n/format";
import { ChoiceCard, ChoiceGroup, errorWords, QuantitySelect, refusalFor, StepForm, type FlowTexts } from "./controls";
import { unofferedBox } from "./box-notice";
import { BOX_FIELDS, chosenBoxField, INTENTS } from "./fields";
import type { BoxChoice, BoxOffer, SeasonalChoice } from "./views";
import type { StepProps } from "./step-props";
import { STEP_HEADING_ID } from "./step-frame";

const YOUR_BOXES_ID = "your-boxes";

/**
 * A box added or removed reloads the step with the button pressed gone (or moved): focus goes to
 * the list of boxes, which now says what changed, or to the step's heading once the list is empty.
 */
function useFocusOnNewBoxes(count: number) {
  const shown = useRef(count);
  useEffect(() => {
    if (shown.current !== count) document.getElementById(count > 0 ? YOUR_BOXES_ID : STEP_HEADING_ID)?.focus();
    shown.current = count;
  }, [count]);
}

/**
 * Step 3: the box, by type and size (each size with its kilos and price), up to six foods left out
 * and how many; then another box if wanted. The boxes chosen are listed above, each removable.
 */
export default function BoxStep({ view, draft, texts, answer }: StepProps<"box">) {
  const words = texts.flow.box;
  const { offer } = view;
  const refusal = refusalFor(answer, INTENTS.addBox, INTENTS.addBoxAndContinue, INTENTS.boxesChosen);
  useFocusOnNewBoxes(draft.boxes.length);
  if (offer.kinds.length === 0 && offer.seasonal.length === 0) return <p className="text-lg">{words.none}</p>;
  if (draft.boxes.length === 0) {
    return (
      <BoxForm
        offer={offer}
        texts={texts}
        refusal={refusal}
        buttons={[
          { intent: INTENTS.addBoxAndContinue, label: words.addAndContinue },
          { intent: INTENTS.addBox, label: words.addAnother, secondary: true },
        ]}
      />
    );
  }
  const choices = new Map<number, { name: string; price: BoxChoice["price"] }>(
    [...offer.kinds.flatMap((kind) => kind.choices), ...offer.seasonal].map((choice) => [choice.productId, choice]),
  );
  const foods = new Map([...offer.foods.fruit, ...offer.foods.vegetable].map((food) => [food.productId, food.name]));
  const chosenRefusal = refusalFor(answer, INTENTS.boxesChosen);
  return (
    <div className="grid gap-6">
      <section aria-labelledby={YOUR_BOXES_ID} className="grid gap-3">
        <h3 id={YOUR_BOXES_ID} tabIndex={-1} className="text-xl font-bold outline-none">
          {words.yourBoxes}
        </h3>
        <ul className="grid gap-3">
          {draft.boxes.map((box, index) => {
            const choice = choices.get(box.productId);
            const name = choice?.name ?? offer.boxNames[box.productId] ?? `#${box.productId}`;
            const left = box.exclusions.map((id) => foods.get(id)).filter(Boolean);
            // "Continue" refused because of this box (a seasonal box in a subscription): said here,
            // beside its remove button, which is what fixes it.
            const refused = errorWords(texts, chosenRefusal?.errors[chosenBoxField(index)], {
              once_only: words.seasonalOnceOnly,
            });
            const errorId = `${YOUR_BOXES_ID}-${index}-error`;
            return (
              <li
                key={index}
                className={`flex flex-wrap items-start justify-between gap-3 rounded-2xl bg-white p-4 ${refused ? "ring-2 ring-carrot-700" : "ring-1 ring-sand-200"}`}
              >
                <div className="min-w-0">
                  <p className="font-bold">
                    {box.quantity} × {name}
                  </p>
                  {refused ? (
                    <p id={errorId} className="font-semibold text-carrot-700">
                      {refused}
                    </p>
                  ) : choice ? (
                    <p className="text-sand-700">
                      <ShownPriceTag price={choice.price} />
                    </p>
                  ) : (
                    <p className="font-semibold text-carrot-700">
                      {words[unofferedBox(box.productId, offer, draft.purchase)]}
                    </p>
                  )}
                  {left.length > 0 ? (
                    <p className="text-sand-700">{format(words.without, { foods: left.join(", ") })}</p>
                  ) : null}
                </div>
                <Form method="post">
                  <input type="hidden" name="index" value={index} />
                  <button
                    type="submit"
                    name="intent"
                    value={INTENTS.removeBox}
                    aria-label={format(words.removeLabel, { name })}
                    aria-describedby={refused ? errorId : undefined}
                    className="inline-flex min-h-11 items-center font-semibold text-carrot-700 underline"
                  >
                    {words.remove}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
        <StepForm
          texts={texts}
          refusal={chosenRefusal}
          buttons={[{ intent: INTENTS.boxesChosen, label: texts.flow.continue }]}
        >
          {null}
        </StepForm>
      </section>
      <details
        open={refusal !== undefined && refusal !== chosenRefusal}
        className="group rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200"
      >
        <summary className="flex min-h-11 cursor-pointer items-center text-lg font-bold text-leaf-800">
          {words.anotherHeading}
        </summary>
        <div className="mt-4">
          <BoxForm
            offer={offer}
            texts={texts}
            refusal={refusal === chosenRefusal ? undefined : refusal}
            buttons={[
              { intent: INTENTS.addBoxAndContinue, label: words.addAndContinue },
              { intent: INTENTS.addBox, label: words.addAnother, secondary: true },
            ]}
          />
        </div>
      </details>
    </div>
  );
}

interface BoxFormProps {
  readonly offer: BoxOffer;
  readonly texts: FlowTexts;
  readonly refusal: ReturnType<typeof refusalFor>;
  readonly buttons: Parameters<typeof StepForm>[0]["buttons"];
}

function BoxForm({ offer, texts, refusal, buttons }: BoxFormProps) {
  const words = texts.flow.box;
  const values = refusal?.values;
  const chosen = values?.[BOX_FIELDS.productId] ?? String(offer.kinds[0]?.choices[1]?.productId ?? "");
  const excluded = new Set((values?.[BOX_FIELDS.exclusions] ?? "").split(",").filter(Boolean));
  const [count, setCount] = useState(excluded.size);
  const error = (name: string, own?: Record<string, string>) => errorWords(texts, refusal?.errors[name], own);
  return (
    <StepForm texts={texts} refusal={refusal} buttons={buttons}>
      <ChoiceGroup legend={words.kindLegend} error={error(BOX_FIELDS.productId)}>
        <div className="grid gap-5">
          {offer.kinds.map(({ kind, choices }) => (
            <fieldset key={kind} className="min-w-0">
              <legend className="font-bold">
                {words.kinds[kind]} <span className="font-normal text-sand-700">· {words.kindHints[kind]}</span>
              </legend>
              <div className="mt-2 grid grid-cols-3 gap-2">
                {choices.map((choice) => (
                  <SizeCard key={choice.productId} choice={choice} checked={chosen === String(choice.productId)} />
                ))}
              </div>
            </fieldset>
          ))}
          {offer.seasonal.length > 0 ? (
            <fieldset className="min-w-0">
              <legend className="font-bold">
                {words.seasonalLegend} <span className="font-normal text-sand-700">· {words.seasonalHint}</span>
              </legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {offer.seasonal.map((choice) => (
                  <SeasonalCard
                    key={choice.productId}
                    choice={choice}
                    until={choice.until === null ? null : format(words.seasonalUntil, { date: choice.until })}
                    checked={chosen === String(choice.productId)}
                  />
                ))}
              </div>
            </fieldset>
          ) : null}
        </div>
      </ChoiceGroup>
      <ChoiceGroup
        legend={words.exclusionsLegend}
        hint={format(words.exclusionsHint, { max: MAX_EXCLUSIONS })}
        error={error(BOX_FIELDS.exclusions, { tooMany: words.tooManyExclusions })}
      >
        <p
          aria-live="polite"
          className={`mb-2 text-sm font-semibold ${count > MAX_EXCLUSIONS ? "text-carrot-700" : "text-sand-700"}`}
        >
          {/* As they tick; after a refusal the error beside the foods says it until the count changes. */}
          {count > 0 && (count !== excluded.size || !refusal?.errors[BOX_FIELDS.exclusions])
            ? format(count > MAX_EXCLUSIONS ? words.tooManyExclusions : words.exclusionsCount, {
                count,
                max: MAX_EXCLUSIONS,
              })
            : null}
        </p>
        {(["fruit", "vegetable"] as const).map((group) =>
          offer.foods[group].length > 0 ? (
            <fieldset key={group} className="mt-3 min-w-0">
              <legend className="font-semibold">{words[group]}</legend>
              <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                {offer.foods[group].map((food) => (
                  <ChoiceCard
                    key={food.productId}
                    type="checkbox"
                    name={BOX_FIELDS.exclusions}
                    value={String(food.productId)}
                    defaultChecked={excluded.has(String(food.productId))}
                    onChange={(checked) => setCount((current) => current + (checked ? 1 : -1))}
                    className="p-3"
                  >
                    {food.name}
                  </ChoiceCard>
                ))}
              </div>
            </fieldset>
          ) : null,
        )}
      </ChoiceGroup>
      <QuantitySelect
        name={BOX_FIELDS.quantity}
        label={words.quantity}
        defaultValue={Number(values?.[BOX_FIELDS.quantity] ?? 1) || 1}
        error={error(BOX_FIELDS.quantity)}
      />
    </StepForm>
  );
}

function SizeCard({ choice, checked }: { choice: BoxChoice; checked: boolean }) {
  const facts = useProductFacts({ size: choice.size, quantity: choice.quantity });
  return (
    <ChoiceCard
      name={BOX_FIELDS.productId}
      value={String(choice.productId)}
      defaultChecked={checked}
      className="flex-col p-3"
    >
      <span className="flex flex-col gap-1">
        <SizeBadge size={choice.size} className="self-start" />
        <span className="text-sm">{facts}</span>
        <span className="font-bold">
          <ShownPriceTag price={choice.price} noteClassName="block text-xs font-normal text-sand-700" />
        </span>
      </span>
    </ChoiceCard>
  );
}

function SeasonalCard({ choice, until, checked }: { choice: SeasonalChoice; until: string | null; checked: boolean }) {
  const facts = useProductFacts({ size: choice.size, quantity: choice.quantity });
  return (
    <ChoiceCard
      name={BOX_FIELDS.productId}
      value={String(choice.productId)}
      defaultChecked={checked}
      className="flex-col p-3"
    >
      <span className="flex flex-col gap-1">
        <span className="font-bold">{choice.name}</span>
        {facts ? <span className="text-sm">{facts}</span> : null}
        {until ? <span className="text-sm text-sand-700">{until}</span> : null}
        <span className="font-bold">
          <ShownPriceTag price={choice.price} noteClassName="block text-xs font-normal text-sand-700" />
        </span>
      </span>
    </ChoiceCard>
  );
}
