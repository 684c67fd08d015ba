import { cardSetupAnswerSchema, customerCardAnswerSchema, okAnswerSchema, type CustomerCard } from "@shop/contracts";
import { matchScreen } from "@shop/routing";
import { data, redirect } from "react-router";
import { requireCustomer, signInAgain, type Visit } from "~/accounts/account-area.server";
import { FORM_FIELD } from "~/accounts/account-forms";
import { readAccountForm } from "~/accounts/account.server";
import { cmsCall, type CmsRefusal } from "~/cms.server";
import { isPaymentPage } from "~/orders/payment-pages.server";
import { format } from "~/i18n/format";
import { forgetSession } from "~/session.server";
import type { CardAnswer, CardOutcome } from "./card-answers";
import { cardTextsFor, type CardTexts } from "./texts";

/**
 * The profile's saved cards (docs/decisions/029), on the CMS's /payment-methods/mine calls: the
 * list, the outcome of adding one (the add-payment-completed and add-payment-failed screens are the
 * profile, telling what the CMS says of the card, never what the address claims), and the forms
 * (add, make default, remove), posted to the profile's action with a `card…` intent.
 */

/** A card's reference at the shop, as the CMS makes them (@shop/domain paymentReference). */
const CARD_ID = /^[0-9A-Za-z]{12}$/;

/** The form intents of the Cards section. */
const CARD_INTENTS = ["addCard", "defaultCard", "removeCard"] as const;
type CardIntent = (typeof CARD_INTENTS)[number];

export const isCardIntent = (value: string | null | undefined): value is CardIntent =>
  (CARD_INTENTS as readonly string[]).includes(value ?? "");

/** "VISA •••• 4242". */
function cardLabel(card: Pick<CustomerCard, "brand" | "last4">): string {
  return `${(card.brand ?? "").toUpperCase()} •••• ${card.last4 ?? ""}`.trim();
}

/** What the CMS says of the card the gateway sent the customer back about. */
async function outcomeOf(visit: Visit, texts: CardTexts): Promise<CardOutcome | null> {
  const url = new URL(visit.request.url);
  const screen = matchScreen(url.pathname)?.id;
  if (screen !== "addPaymentCompleted" && screen !== "addPaymentFailed") return null;
  const id = url.searchParams.get("card") ?? "";
  if (!CARD_ID.test(id)) return { tone: "problem", text: texts.outcome.unknown };
  const { token } = requireCustomer(visit);
  const answer = await cmsCall(`/payment-methods/mine/${id}`, { contract: customerCardAnswerSchema, token });
  if (!answer.ok) {
    if (answer.status === "notFound") return { tone: "problem", text: texts.outcome.unknown };
    return null;
  }
  const card = answer.value.data;
  if (card.status === "active") return { tone: "done", text: format(texts.outcome.active, { card: cardLabel(card) }) };
  if (card.status === "failed") return { tone: "problem", text: texts.outcome.failed[card.failureReason ?? "error"] };
  if (card.status === "pending") {
    // Back on the "failed" address, the gateway said no or the customer left it: nothing was saved.
    return screen === "addPaymentCompleted"
      ? { tone: "waiting", text: texts.outcome.pending }
      : { tone: "problem", text: texts.outcome.notConfirmed };
  }
  return { tone: "problem", text: texts.outcome.unknown };
}

/**
 * The Cards section's data for the profile's loader: the cards (from the profile's one call; null
 * when the CMS cannot say), the outcome of adding one, the texts.
 */
export async function loadCards(visit: Visit, cards: readonly CustomerCard[] | null) {
  const texts = cardTextsFor(visit.context.locale);
  return { cards, outcome: await outcomeOf(visit, texts), texts };
}

function refusal(visit: Visit, texts: CardTexts, card: string | null, answer: CmsRefusal) {
  if (answer.status === "signedOut") {
    forgetSession(requireCustomer(visit).token);
    throw signInAgain(visit.request, visit.context.locale);
  }
  const inUse = answer.status === "invalid" && answer.errors[FORM_FIELD]?.code === "card_in_use";
  if (inUse) return data({ cardRefusal: { card, text: texts.inUse } } satisfies CardAnswer, { status: 409 });
  if (answer.status === "notFound") {
    return data({ cardRefusal: { card, text: texts.missing } } satisfies CardAnswer, { status: 404 });
  }
  return data({ cardRefusal: { card, text: texts.failed } } satisfies CardAnswer, { status: 503 });
}

/** Answers the Cards section's forms (the profile's action hands them over). */
export async function cardsAction(visit: Visit) {
  const { token } = requireCustomer(visit);
  const texts = cardTextsFor(visit.context.locale);
  const { fields } = await readAccountForm(visit.request, []);
  const intent = fields.intent;
  if (intent === "addCard") {
    const started = await cmsCall("/payment-methods/mine/setup", {
      contract: cardSetupAnswerSchema,
      method: "POST",
      token,
      // The outcome page comes back in the language of the page the card was added from.
      body: { locale: visit.context.locale },
    });
    if (!started.ok) return refusal(visit, texts, null, started);
    const { payment } = started.value;
    // Only a payment page the shop knows (the orders' allow-list), as for an order's payment.
    const target = new URL(payment.url);
    if (!isPaymentPage(target)) {
      console.error(
        `Refusing to send a customer to save a card at ${target.origin}: not a payment page the shop knows`,
      );
      return data({ cardRefusal: { card: null, text: texts.failed } } satisfies CardAnswer, { status: 503 });
    }
    if (payment.method === "GET") {
      for (const [name, value] of Object.entries(payment.fields)) target.searchParams.set(name, value);
      return redirect(target.toString(), { status: 303 });
    }
    return { cardPaymentForm: { payment, texts: texts.redirect } } satisfies CardAnswer;
  }
  const card = fields.card ?? "";
  if (!CARD_ID.test(card) || !isCardIntent(intent)) {
    return data({ cardRefusal: { card: null, text: texts.missing } } satisfies CardAnswer, { status: 400 });
  }
  const answer =
    intent === "defaultCard"
      ? await cmsCall(`/payment-methods/mine/${card}/default`, { contract: okAnswerSchema, method: "POST", token })
      : await cmsCall(`/payment-methods/mine/${card}`, { contract: okAnswerSchema, method: "DELETE", token });
  if (!answer.ok) return refusal(visit, texts, card, answer);
  return { cardDone: intent === "defaultCard" ? "defaultChanged" : "removed" } satisfies CardAnswer;
}
