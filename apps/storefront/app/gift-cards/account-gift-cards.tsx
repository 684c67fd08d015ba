import { Form } from "react-router";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { AccountInput } from "~/accounts/account-fields";
import { DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { format } from "~/i18n/format";
import type { AccountGiftCardView, GiftCardAnswer } from "./account-gift-card-view";
import type { GiftCardRedeemTexts } from "./redeem-texts";

/** Where the section is on the profile. */
export const GIFT_CARDS_ANCHOR = "gift-cards";

/**
 * The profile's gift cards (issue 23): each card kept in the account with its balance, and a code
 * field to add one; renewals spend them before the saved card is charged. A wrong code is said
 * beside the field, the same words whatever was wrong.
 */
export function AccountGiftCards({
  cards,
  texts,
  answer,
  action,
  loadFailed,
  failed,
}: {
  cards: readonly AccountGiftCardView[] | null;
  texts: GiftCardRedeemTexts["account"];
  answer: GiftCardAnswer | null;
  action: string;
  loadFailed: string;
  /** Said when the CMS could not answer. */
  failed: string;
}) {
  const refusal = answer !== null && "giftCardRefusal" in answer ? answer.giftCardRefusal : null;
  const added = answer !== null && "giftCardAdded" in answer ? answer.giftCardAdded : null;
  const fieldError =
    refusal === null
      ? undefined
      : refusal.error === "gift_card_invalid" || refusal.error === "required"
        ? texts.errors[refusal.error]
        : undefined;
  return (
    <Panel id={GIFT_CARDS_ANCHOR} heading={texts.title} intro={texts.intro}>
      <div className="grid gap-4" data-account-gift-cards>
        {refusal?.error === "tooMany" ? <ProblemNotice>{texts.tooMany}</ProblemNotice> : null}
        {refusal?.error === "failed" ? <ProblemNotice>{failed}</ProblemNotice> : null}
        {cards === null ? (
          <ProblemNotice>{loadFailed}</ProblemNotice>
        ) : cards.length === 0 ? (
          <p className="text-sand-700">{texts.empty}</p>
        ) : (
          <ul className="grid gap-3" aria-label={texts.title}>
            {cards.map((card) => (
              <li key={card.tail} className="rounded-2xl p-4 ring-1 ring-sand-200">
                <p className="font-semibold text-sand-900">{format(texts.card, { tail: card.tail })}</p>
                <p className="text-sand-700">{format(texts.balance, { amount: card.balance })}</p>
                <p className="text-sm text-sand-700">{format(texts.added, { date: card.addedOn })}</p>
              </li>
            ))}
          </ul>
        )}
        {added !== null ? <DoneNotice>{format(texts.done, { tail: added })}</DoneNotice> : null}
        <Form method="post" action={`${action}#${GIFT_CARDS_ANCHOR}`} className="grid max-w-md gap-3">
          <input type="hidden" name="intent" value="addGiftCard" />
          <AccountInput
            // An added card empties the field (a new element): its code has done its work, and it is a secret.
            key={added === null ? "typing" : `added-${added}`}
            name="code"
            label={texts.label}
            maxLength={40}
            autoComplete="off"
            error={fieldError}
          />
          <button type="submit" className={SECONDARY_BUTTON}>
            {texts.add}
          </button>
        </Form>
      </div>
    </Panel>
  );
}
