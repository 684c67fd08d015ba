import type { CustomerCard } from "@shop/contracts";
import { Form } from "react-router";
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_BUTTON } from "~/components/button-styles";
import { DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { format } from "~/i18n/format";
import type { CardAnswer, CardOutcome } from "./card-answers";
import type { CardTexts } from "./texts";

/** Where the Cards section is on the profile (the expiry reminder's link ends with it). */
const CARDS_ANCHOR = "cards";

interface CardsSectionProps {
  cards: readonly CustomerCard[] | null;
  outcome: CardOutcome | null;
  texts: CardTexts;
  /** What the last card form answered, if it was one. */
  answer: CardAnswer | null;
  /** The profile's address: the forms post to it. */
  action: string;
  /** Said when the list cannot be loaded. */
  loadFailed: string;
}

const expiryOf = (card: CustomerCard) =>
  card.expiryMonth === null || card.expiryYear === null
    ? null
    : `${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`;

/**
 * The profile's saved cards, phone first: one card per row with its brand, last four digits,
 * expiry and the default badge; make default and remove beside each (a refusal shows next to its
 * card); add a card below. The outcome of adding one (the add-payment pages) shows first.
 */
export function CardsSection({ cards, outcome, texts, answer, action, loadFailed }: CardsSectionProps) {
  const done = answer !== null && "cardDone" in answer ? answer.cardDone : null;
  const refused = answer !== null && "cardRefusal" in answer ? answer.cardRefusal : null;
  const formAction = `${action}#${CARDS_ANCHOR}`;
  return (
    <Panel id={CARDS_ANCHOR} heading={texts.heading} intro={texts.intro}>
      <div className="grid gap-4">
        {outcome === null ? null : outcome.tone === "problem" ? (
          <ProblemNotice>{outcome.text}</ProblemNotice>
        ) : outcome.tone === "done" ? (
          <DoneNotice>{outcome.text}</DoneNotice>
        ) : (
          <p
            role="status"
            className="rounded-2xl bg-sand-100 px-4 py-3 font-semibold text-sand-900 ring-1 ring-sand-200"
          >
            {outcome.text}
          </p>
        )}
        {done === null ? null : <DoneNotice>{texts[done]}</DoneNotice>}
        {refused !== null && refused.card === null ? <ProblemNotice>{refused.text}</ProblemNotice> : null}
        {cards === null ? (
          <ProblemNotice>{loadFailed}</ProblemNotice>
        ) : cards.length === 0 ? (
          <p className="text-sand-700">{texts.empty}</p>
        ) : (
          <ul aria-label={texts.list} className="grid gap-3">
            {cards.map((card) => {
              const last4 = card.last4 ?? "";
              const expiry = expiryOf(card);
              return (
                <li key={card.id} className="rounded-2xl p-4 ring-1 ring-sand-200" data-card={card.id}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold text-sand-900">{`${(card.brand ?? "").toUpperCase()} •••• ${last4}`}</span>
                    {card.isDefault ? (
                      <span className="rounded-full bg-leaf-100 px-3 py-0.5 text-sm font-semibold text-leaf-800">
                        {texts.default}
                      </span>
                    ) : null}
                  </div>
                  {expiry === null ? null : <p className="mt-1 text-sand-700">{format(texts.expires, { expiry })}</p>}
                  <div className="mt-2 flex flex-wrap gap-x-4">
                    {card.isDefault ? null : (
                      <Form method="post" action={formAction}>
                        <input type="hidden" name="intent" value="defaultCard" />
                        <input type="hidden" name="card" value={card.id} />
                        <button
                          type="submit"
                          className={TEXT_BUTTON}
                          aria-label={format(texts.makeDefaultLabel, { last4 })}
                        >
                          {texts.makeDefault}
                        </button>
                      </Form>
                    )}
                    <Form method="post" action={formAction}>
                      <input type="hidden" name="intent" value="removeCard" />
                      <input type="hidden" name="card" value={card.id} />
                      <button type="submit" className={TEXT_BUTTON} aria-label={format(texts.removeLabel, { last4 })}>
                        {texts.remove}
                      </button>
                    </Form>
                  </div>
                  {refused !== null && refused.card === card.id ? (
                    <div className="mt-2">
                      <ProblemNotice>{refused.text}</ProblemNotice>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <Form method="post" action={formAction} className="grid gap-1">
          <input type="hidden" name="intent" value="addCard" />
          <button type="submit" className={cards !== null && cards.length > 0 ? SECONDARY_BUTTON : PRIMARY_BUTTON}>
            {texts.add}
          </button>
          <p className="text-sm text-sand-700">{texts.addNote}</p>
        </Form>
      </div>
    </Panel>
  );
}
