import { accountGiftCardsSchema, type AccountGiftCards } from "@shop/contracts";
import { formatCents } from "@shop/domain";
import { giftCardTailOf, normalizeGiftCardCode } from "@shop/domain/gift-cards";
import { LOCALE_TAGS } from "@shop/routing";
import { data } from "react-router";
import { requireCustomer, signInAgain, type Visit } from "~/accounts/account-area.server";
import { readAccountForm } from "~/accounts/account.server";
import { cmsCall } from "~/cms.server";
import { longDate } from "~/dates";
import { forgetSession } from "~/session.server";
import { giftCardRedeemTextsFor } from "./redeem-texts";
import type { AccountGiftCardView, GiftCardAnswer } from "./account-gift-card-view";

/**
 * The profile's gift cards (issue 23, docs/decisions/033): the cards kept in the account, which
 * pay the subscription's renewals before the saved card is charged, and the form that adds one by
 * its code. On the CMS's /gift-cards/mine calls; the CMS counts wrong codes per visitor address.
 */

export const ADD_GIFT_CARD_INTENT = "addGiftCard";

/** The field the code is typed in (the CMS's refusal names ["code"]). */
export const GIFT_CARD_CODE_FIELD = "code";

const viewOf = (cards: AccountGiftCards["cards"], locale: Visit["context"]["locale"]): AccountGiftCardView[] =>
  cards.map((card) => ({
    tail: card.tail,
    balance: formatCents(card.balance, LOCALE_TAGS[locale]),
    addedOn: longDate(card.addedAt.slice(0, 10), locale) ?? card.addedAt.slice(0, 10),
  }));

/**
 * The section's data for the profile's loader, from the cards its one CMS call brought
 * (`GET /users/me/overview?include=giftCards`, docs/decisions/044): the cards (null when the CMS
 * could not say) and the texts.
 */
export function accountGiftCardsSection(
  answer: AccountGiftCards | null | undefined,
  locale: Visit["context"]["locale"],
) {
  return {
    cards: answer ? viewOf(answer.cards, locale) : null,
    texts: giftCardRedeemTextsFor(locale).account,
  };
}

/** Adds the card of the typed code to the account (the profile's action hands the form over). */
export async function giftCardAccountAction(visit: Visit & { context: { clientIp: string } }) {
  const { token } = requireCustomer(visit);
  const { fields } = await readAccountForm(visit.request, []);
  const code = (fields[GIFT_CARD_CODE_FIELD] ?? "").trim();
  const refuse = (error: "gift_card_invalid" | "required" | "tooMany" | "failed", status: number) =>
    // The code is a secret (it is money): never sent back to the page, like a sign-in code.
    data({ giftCardRefusal: { error } } satisfies GiftCardAnswer, { status });
  if (code === "") return refuse("required", 400);
  const answer = await cmsCall("/gift-cards/mine", {
    contract: accountGiftCardsSchema,
    method: "POST",
    token,
    body: { code },
    clientIp: visit.context.clientIp,
  });
  if (answer.ok) {
    // The CMS answers every card of the account: the added one is the one of the typed code's tail.
    const typed = normalizeGiftCardCode(code);
    const added = typed === null ? undefined : answer.value.cards.find((card) => card.tail === giftCardTailOf(typed));
    return { giftCardAdded: added?.tail ?? "" } satisfies GiftCardAnswer;
  }
  if (answer.status === "signedOut") {
    forgetSession(token);
    throw signInAgain(visit.request, visit.context.locale);
  }
  if (answer.status === "invalid") return refuse("gift_card_invalid", 400);
  if (answer.status === "limited") return refuse("tooMany", 429);
  return refuse("failed", 503);
}
