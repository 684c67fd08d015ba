import { TEXT_BUTTON } from "~/components/button-styles";
import { DELETION_KEPT } from "@shop/contracts";
import { pathTo, RESOURCE_PATHS } from "@shop/routing";
import type { Route } from "./+types/profile";
import { requireCustomer } from "~/accounts/account-area.server";
import { loadOverview } from "~/accounts/overview.server";
import { profileAction } from "~/accounts/profile.server";
import { readForm } from "~/forms/read-form.server";
import { refusalOf } from "~/accounts/account-forms";
import { AccountHeading, DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { ADDRESS_PARAM, AddressBook } from "~/accounts/address-book";
import { DataDownload, DeletionForm, PasswordForm, PersonalDataForm } from "~/accounts/profile-forms";
import { accountTextsFor } from "~/accounts/texts";
import { authTextsFor } from "~/accounts/auth-texts";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";
import { cardsAction, isCardIntent, loadCards } from "~/payment-methods/cards.server";
import { CardsSection } from "~/payment-methods/cards-section";
import {
  ADD_GIFT_CARD_INTENT,
  giftCardAccountAction,
  accountGiftCardsSection,
} from "~/gift-cards/account-gift-cards.server";
import { AccountGiftCards, GIFT_CARDS_ANCHOR } from "~/gift-cards/account-gift-cards";
import { PaymentRedirect } from "~/orders/payment-redirect";

export const meta = screenMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  // The profile comes with the session (docs/decisions/024): the one CMS call brings the address book,
  // the saved cards (docs/decisions/029) and the gift cards kept for renewals (issue 23; decision 044).
  // This module also serves the add-payment-completed and add-payment-failed screens: the cards then
  // say what became of the card (a second call, there only).
  const { customer: account } = requireCustomer({ request, context });
  const overview = await loadOverview({ request, context }, { include: ["addresses", "cards", "giftCards"] });
  const cards = await loadCards({ request, context }, overview?.cards ?? null);
  const giftCards = accountGiftCardsSection(overview?.giftCards, locale);
  const texts = accountTextsFor(locale);
  return {
    account,
    addresses: overview?.addresses ?? null,
    cards,
    giftCards,
    editing: new URL(request.url).searchParams.get(ADDRESS_PARAM),
    texts: {
      area: texts.area,
      profile: texts.profile,
      addresses: texts.addresses,
      password: texts.password,
      data: texts.data,
      deletion: texts.deletion,
    },
    auth: authTextsFor(locale),
    // What the law makes the shop keep after a deletion: from the contract, on the server (it lives beside zod's schemas).
    kept: DELETION_KEPT,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The Cards section's forms have their own server module; the intent is read from a copy of the body.
  const intent = (await readForm(request.clone())).get("intent");
  if (typeof intent === "string" && isCardIntent(intent)) return cardsAction({ request, context });
  if (intent === ADD_GIFT_CARD_INTENT) return giftCardAccountAction({ request, context });
  return profileAction({ request, context });
}

// In the page's order: the gift cards kept for renewals come after the saved cards.
const SECTIONS = ["personal", "addresses", "cards", GIFT_CARDS_ANCHOR, "password", "your-data", "delete"] as const;

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, addresses, cards, giftCards, editing, texts, auth, kept } = loaderData;
  const { locale, messages } = usePageLanguage();
  const profilePath = pathTo("profile", locale);
  const done = actionData && "done" in actionData ? actionData.done : null;
  const deleteRefusal = refusalOf(actionData, "deleteAddress");
  const missingAddress = Boolean(actionData && "missingAddress" in actionData);
  const headings: Record<(typeof SECTIONS)[number], string> = {
    personal: texts.profile.personalHeading,
    addresses: texts.addresses.heading,
    cards: cards.texts.heading,
    [GIFT_CARDS_ANCHOR]: giftCards.texts.title,
    password: texts.password.heading,
    "your-data": texts.data.heading,
    delete: texts.deletion.heading,
  };
  // An account made with Apple may have no password: it is then not asked for.
  const mayHaveNoPassword = account !== null && account.provider !== "local";
  const cardAnswer =
    actionData && ("cardDone" in actionData || "cardRefusal" in actionData || "cardPaymentForm" in actionData)
      ? actionData
      : null;
  // Redsys starts with a signed form the browser posts: nothing else of the page then.
  const cardPaymentForm = cardAnswer !== null && "cardPaymentForm" in cardAnswer ? cardAnswer.cardPaymentForm : null;
  if (cardPaymentForm) return <PaymentRedirect form={cardPaymentForm} headingLevel={1} />;
  return (
    <div className="grid gap-6">
      {/* The card outcome screens are this page too, under their own heading and intro. */}
      <AccountHeading intro={messages.screen?.intro ?? texts.profile.intro} />
      {cards.outcome === null ? null : (
        <CardsSection
          cards={cards.cards}
          outcome={cards.outcome}
          texts={cards.texts}
          answer={cardAnswer}
          action={profilePath}
          loadFailed={texts.area.loadFailed}
        />
      )}
      <nav aria-label={texts.profile.sections}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#${section}`} className={TEXT_BUTTON}>
                {headings[section]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Panel id="personal" heading={headings.personal}>
        <div className="grid gap-4">
          {done === "profile" ? <DoneNotice>{texts.profile.saved}</DoneNotice> : null}
          {account ? (
            <PersonalDataForm
              key={done === "profile" ? "saved" : "editing"}
              account={account}
              texts={texts.profile}
              auth={auth}
              refusal={refusalOf(actionData, "profile")}
              action={`${profilePath}#personal`}
            />
          ) : (
            <ProblemNotice>{texts.area.loadFailed}</ProblemNotice>
          )}
        </div>
      </Panel>
      <Panel id="addresses" heading={headings.addresses} intro={texts.addresses.intro}>
        <div className="grid gap-4">
          {done === "addressSaved" ? <DoneNotice>{texts.addresses.saved}</DoneNotice> : null}
          {done === "addressDeleted" ? <DoneNotice>{texts.addresses.deleted}</DoneNotice> : null}
          {missingAddress ? <ProblemNotice>{texts.addresses.missing}</ProblemNotice> : null}
          {deleteRefusal ? <ProblemNotice>{auth.form.serverError}</ProblemNotice> : null}
          {addresses ? (
            <AddressBook
              addresses={addresses}
              editing={done || missingAddress ? null : editing}
              texts={texts.addresses}
              auth={auth}
              refusal={refusalOf(actionData, "address")}
              profilePath={profilePath}
            />
          ) : (
            <ProblemNotice>{texts.area.loadFailed}</ProblemNotice>
          )}
        </div>
      </Panel>
      {cards.outcome === null ? (
        <CardsSection
          cards={cards.cards}
          outcome={null}
          texts={cards.texts}
          answer={cardAnswer}
          action={profilePath}
          loadFailed={texts.area.loadFailed}
        />
      ) : null}
      <AccountGiftCards
        cards={giftCards.cards}
        texts={giftCards.texts}
        answer={actionData && ("giftCardAdded" in actionData || "giftCardRefusal" in actionData) ? actionData : null}
        action={profilePath}
        loadFailed={texts.area.loadFailed}
        failed={auth.form.serverError}
      />
      <Panel id="password" heading={headings.password} intro={texts.password.intro}>
        <div className="max-w-md">
          <PasswordForm
            texts={texts.password}
            auth={auth}
            refusal={refusalOf(actionData, "password")}
            action={`${profilePath}#password`}
            mayHaveNoPassword={mayHaveNoPassword}
          />
        </div>
      </Panel>
      <Panel id="your-data" heading={headings["your-data"]}>
        <DataDownload texts={texts.data} href={RESOURCE_PATHS.accountData} />
      </Panel>
      <Panel id="delete" heading={headings.delete} tone="danger">
        <DeletionForm
          texts={texts.deletion}
          auth={auth}
          refusal={refusalOf(actionData, "deleteAccount")}
          kept={kept}
          passwordRequired={!mayHaveNoPassword}
        />
      </Panel>
    </div>
  );
}
