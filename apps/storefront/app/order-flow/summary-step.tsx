import { TEXT_BUTTON } from "~/components/button-styles";
import { Fragment, useId, type ReactNode } from "react";
import { ORDER_FIELD_MAX, type OrderQuote, type QuoteLine } from "@shop/contracts";
import { formatCents, formatPercent } from "@shop/domain";
import { Link } from "react-router";
import { AccountInput } from "~/accounts/account-fields";
import { Checkbox } from "~/accounts/account-area";
import { ScreenLink } from "~/components/screen-link";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { errorWords, IntentButton, refusalFor, StepForm, type FlowTexts } from "./controls";
import { INTENTS, ORDER_FIELDS } from "./fields";
import { OrderLimitNotice } from "./order-limit-notice";
import type { ChosenDelivery } from "./views";
import type { StepProps } from "./step-props";
import { stepHref, type FlowStep } from "./steps";

/**
 * Step 7: the order as the CMS prices it (never the page): every line with its VAT, the coupon,
 * shipping and the total; the plan, the delivery and the invoice, each with a way back to change
 * it; the terms (required) and, apart and unticked, marketing mail; then payment.
 */
export default function SummaryStep({ view, draft, texts, answer, path }: StepProps<"summary">) {
  const words = texts.flow.summary;
  const { quote, chosen } = view;
  const payRefusal = refusalFor(answer, INTENTS.pay);
  const couponRefusal = refusalFor(answer, INTENTS.applyCoupon, INTENTS.removeCoupon);
  const giftCardRefusal = refusalFor(answer, INTENTS.applyGiftCard, INTENTS.removeGiftCard);
  // What the gateway is asked for: the total less the gift cards (the CMS's figure).
  const due = quote?.amountDue ?? quote?.total ?? 0;
  // "Paid with a gift card" only when a card pays part of it: a free order (a 100 % coupon, a
  // referral reward) with no card is confirmed with neutral words.
  const cardPays = (quote?.giftCards ?? []).some((card) => card.applied > 0);
  const { tag } = usePageLanguage();
  const money = (cents: number) => formatCents(cents, tag);
  const plan =
    draft.purchase === "subscription" && draft.frequency
      ? format(words.subscription, { frequency: texts.flow.plan.frequencies[draft.frequency] })
      : words.once;
  return (
    <div className="grid gap-8">
      {quote?.orderLimit ? <OrderLimitNotice limit={quote.orderLimit} /> : null}
      {quote ? (
        <Lines quote={quote} texts={texts} path={path} />
      ) : (
        <p role="alert" className="font-semibold text-carrot-700">
          {words.unavailable}
        </p>
      )}
      <dl className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-sand-200">
        <Fact term={words.plan} edit={{ step: "plan", path, texts }}>
          {plan}
        </Fact>
        {chosen ? <DeliveryFacts chosen={chosen} texts={texts} path={path} /> : null}
        {draft.invoice ? (
          <Fact term={words.invoiceTerm} edit={{ step: "delivery", path, texts }}>
            {format(words.invoice, { name: draft.invoice.name, taxId: draft.invoice.taxId })}
          </Fact>
        ) : null}
      </dl>
      {quote ? (
        // One form: "Pay" sends the code in the field too, so that a code typed or still being
        // applied is never left out without the customer seeing the total it makes (actions.server).
        <StepForm
          texts={texts}
          refusal={payRefusal ?? couponRefusal ?? giftCardRefusal}
          quietFields={[ORDER_FIELDS.couponCode, ORDER_FIELDS.giftCardCode]}
          buttons={[
            {
              intent: INTENTS.pay,
              label:
                due > 0
                  ? format(words.pay, { total: money(due) })
                  : cardPays
                    ? texts.giftCards.confirm
                    : words.confirmFree,
              waitsFor: {
                intents: [INTENTS.applyCoupon, INTENTS.removeCoupon, INTENTS.applyGiftCard, INTENTS.removeGiftCard],
                label: words.applying,
              },
            },
          ]}
        >
          <Coupon quote={quote} texts={texts} answer={answer} draftCode={draft.couponCode} />
          <GiftCards quote={quote} texts={texts} answer={answer} />
          <Totals quote={quote} texts={texts} />
          <p className="rounded-2xl bg-sand-50 p-4 text-sand-700 ring-1 ring-sand-200">{words.credits}</p>
          <Checkbox
            name={ORDER_FIELDS.termsAccepted}
            required
            error={errorWords(texts, payRefusal?.errors[ORDER_FIELDS.termsAccepted])}
            label={
              <>
                {words.terms}{" "}
                <ScreenLink screen="termsAndConditions" className="font-semibold text-leaf-700 underline">
                  {words.termsLink}
                </ScreenLink>
                .
              </>
            }
          />
          <Checkbox name={ORDER_FIELDS.marketingConsent} label={words.marketing} />
          <input type="hidden" name={ORDER_FIELDS.expectedTotal} value={quote.total} />
          <input type="hidden" name={ORDER_FIELDS.expectedDue} value={due} />
        </StepForm>
      ) : (
        <p className="rounded-2xl bg-sand-50 p-4 text-sand-700 ring-1 ring-sand-200">{words.credits}</p>
      )}
    </div>
  );
}

function Fact({
  term,
  edit,
  children,
}: {
  term: string;
  edit: { step: FlowStep; path: string; texts: FlowTexts };
  children: ReactNode;
}) {
  const words = edit.texts.flow.summary;
  // A definition list's group holds only its term and descriptions: the way to change it is one too.
  return (
    <div className="grid grid-cols-[1fr_auto] gap-x-4">
      <dt className="font-bold">{term}</dt>
      <dd className="col-start-1 text-sand-700 [overflow-wrap:anywhere] first-letter:uppercase">{children}</dd>
      <dd className="col-start-2 row-span-2 row-start-1 self-center">
        <Link
          to={stepHref(edit.path, edit.step)}
          aria-label={format(words.editLabel, { what: term })}
          className={TEXT_BUTTON}
        >
          {words.edit}
        </Link>
      </dd>
    </div>
  );
}

function DeliveryFacts({ chosen, texts, path }: { chosen: ChosenDelivery; texts: FlowTexts; path: string }) {
  const words = texts.flow.summary;
  const address = chosen.address;
  const lines = address
    ? [address.fullName, address.company, address.line1, address.line2, `${address.postalCode} ${address.city}`]
    : [];
  return (
    <>
      <Fact term={words.firstDelivery} edit={{ step: "delivery", path, texts }}>
        {format(words.deliveryOn, { date: chosen.label, start: chosen.start, end: chosen.end })}
      </Fact>
      {address ? (
        <Fact term={words.address} edit={{ step: "delivery", path, texts }}>
          {lines.filter(Boolean).join(" · ")}
        </Fact>
      ) : null}
    </>
  );
}

function Lines({ quote, texts, path }: { quote: OrderQuote; texts: FlowTexts; path: string }) {
  const words = texts.flow.summary;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold">
          {words.linesCaption}
        </h3>
        <Link
          to={stepHref(path, "box")}
          aria-label={format(words.editLabel, { what: words.linesCaption })}
          className={TEXT_BUTTON}
        >
          {words.edit}
        </Link>
      </div>
      <ul className="grid gap-2">
        {quote.lines.map((line, index) => (
          <LineItem key={index} line={line} business={quote.audience === "business"} texts={texts} />
        ))}
      </ul>
    </section>
  );
}

function LineItem({ line, business, texts }: { line: QuoteLine; business: boolean; texts: FlowTexts }) {
  const words = texts.flow.summary;
  const { tag } = usePageLanguage();
  const rate = formatPercent(line.taxRate, tag, { maximumFractionDigits: 1 });
  // Companies see the line without VAT and its VAT beside it; consumers the price they pay, VAT included.
  const amount = business ? line.unitPrice * line.quantity : line.gross;
  const frequency =
    line.frequency === "every_delivery"
      ? words.everyDelivery
      : line.frequency === "once"
        ? words.firstDeliveryOnly
        : null;
  return (
    <li className="flex items-start justify-between gap-3 rounded-2xl bg-white p-3 ring-1 ring-sand-200">
      <div className="min-w-0">
        <p className="font-bold">
          {line.quantity} × {line.name}
        </p>
        {line.exclusions.length > 0 ? (
          <p className="text-sm text-sand-700">{format(words.without, { foods: line.exclusions.join(", ") })}</p>
        ) : null}
        {frequency ? <p className="text-sm text-sand-700">{frequency}</p> : null}
      </div>
      <div className="shrink-0 text-right">
        <p className="font-bold">{formatCents(amount, tag)}</p>
        <p className="text-sm text-sand-700">
          {format(words.tax, { rate })}: {formatCents(line.tax, tag)}
        </p>
      </div>
    </li>
  );
}

/**
 * The coupon code, inside the summary's form: "Apply" (Enter in the field) and "Remove" send their
 * own intents. A refused code is said beside the field, with the assurance that paying without it
 * is fine; the page tells the action which code it showed as refused, so that "Pay" then goes on
 * without it instead of asking again.
 */
function Coupon({
  quote,
  texts,
  answer,
  draftCode,
}: {
  quote: OrderQuote;
  texts: FlowTexts;
  answer: StepProps<"summary">["answer"];
  draftCode: string | null;
}) {
  const words = texts.flow.summary;
  const refusal = refusalFor(answer, INTENTS.applyCoupon, INTENTS.removeCoupon, INTENTS.pay);
  const asked = refusal?.values[ORDER_FIELDS.couponCode];
  const refusedNow = refusal?.errors[ORDER_FIELDS.couponCode];
  // Refused now (by "Apply", or by "Pay" for a code typed and not applied), or kept in the draft
  // but giving nothing (the quote says why).
  const refused = refusedNow ?? (quote.coupon?.refusal ? { code: quote.coupon.refusal } : undefined);
  const refusedCode = refusedNow ? (asked ?? "") : quote.coupon?.refusal ? quote.coupon.code : null;
  const applied = quote.coupon && !quote.coupon.refusal ? quote.coupon.code : null;
  const error = errorWords(texts, refused, texts.flow.coupon);
  return (
    <div className="grid gap-3">
      <AccountInput
        name={ORDER_FIELDS.couponCode}
        label={words.couponLabel}
        maxLength={ORDER_FIELD_MAX.couponCode}
        autoComplete="off"
        defaultValue={asked ?? draftCode ?? ""}
        error={error ? `${error} ${words.payWithout}` : undefined}
      />
      {refusedCode !== null ? <input type="hidden" name={ORDER_FIELDS.refusedCoupon} value={refusedCode} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <IntentButton texts={texts} button={{ intent: INTENTS.applyCoupon, label: words.apply, secondary: true }} />
        {draftCode ? (
          <IntentButton
            texts={texts}
            button={{ intent: INTENTS.removeCoupon, label: words.removeCoupon, secondary: true }}
          />
        ) : null}
      </div>
      {applied ? (
        <p role="status" className="font-semibold text-leaf-800">
          {format(words.couponApplied, { code: applied })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The discounts, each its own line: the coupon's, the friend's discount of a referral code and the
 * customer's own referral reward (together the quote's `discount`); a referral code that gives
 * nothing says why beside the totals.
 */
function ReferralRows({
  quote,
  texts,
  row,
}: {
  quote: OrderQuote;
  texts: FlowTexts;
  row: (term: string, value: string) => ReactNode;
}) {
  const { tag } = usePageLanguage();
  const money = (cents: number) => `−${formatCents(cents, tag)}`;
  const words = texts.referral;
  const friend = quote.referral?.discount ?? 0;
  const reward = quote.reward?.discount ?? 0;
  const coupon = quote.discount - friend - reward;
  return (
    <>
      {coupon > 0 ? row(friend + reward > 0 ? words.couponLine : texts.flow.summary.discount, money(coupon)) : null}
      {friend > 0 && quote.referral
        ? row(format(words.friendLine, { code: quote.referral.code }), money(friend))
        : null}
      {reward > 0 ? row(words.rewardLine, money(reward)) : null}
    </>
  );
}

/** Why the draft's referral code gives no discount, said below the totals. */
function ReferralRefusal({ quote, texts }: { quote: OrderQuote; texts: FlowTexts }) {
  const refusal = quote.referral?.refusal;
  if (!refusal || !quote.referral) return null;
  return (
    <p className="text-sm text-sand-700" data-referral-refusal={refusal}>
      {format(texts.referral.refused, { code: quote.referral.code, reason: texts.referral.refusals[refusal] })}
    </p>
  );
}

function Totals({ quote, texts }: { quote: OrderQuote; texts: FlowTexts }) {
  const words = texts.flow.summary;
  const { tag } = usePageLanguage();
  const money = (cents: number) => formatCents(cents, tag);
  const business = quote.audience === "business";
  const row = (term: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-sand-200 pt-2 text-xl font-bold" : ""}`}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="grid gap-2">
      <dl className="grid gap-2 rounded-2xl bg-white p-4 ring-1 ring-sand-200">
        {business ? null : row(words.goods, money(quote.goods))}
        <ReferralRows quote={quote} texts={texts} row={row} />
        {row(words.shipping, quote.shipping === 0 ? words.freeShipping : money(quote.shipping))}
        {business ? row(words.base, money(quote.total - quote.tax)) : null}
        {business ? row(words.netVat, money(quote.tax)) : null}
        {row(words.total, money(quote.total), true)}
        <GiftCardRows quote={quote} texts={texts} row={row} />
      </dl>
      <ReferralRefusal quote={quote} texts={texts} />
      {business ? null : (
        <p className="text-right text-sm text-sand-700">{format(words.vatIncluded, { amount: money(quote.tax) })}</p>
      )}
      <p className="text-sm text-sand-700">
        {business ? words.totalNoteBusiness : words.totalNote}
        {quote.freeShippingFrom !== null && quote.shipping > 0
          ? ` ${format(words.freeShippingFrom, { amount: money(quote.freeShippingFrom) })}`
          : null}
      </p>
    </div>
  );
}

/**
 * Gift cards, inside the summary's form (docs/decisions/033): a code field with its own "Apply"
 * (Enter in the field), and each card added with its last four characters, what it pays of this
 * order and what it has, and a button to take it off. A code the CMS cannot use is said beside the
 * field, the same words whatever was wrong with it.
 */
function GiftCards({
  quote,
  texts,
  answer,
}: {
  quote: OrderQuote;
  texts: FlowTexts;
  answer: StepProps<"summary">["answer"];
}) {
  const words = texts.giftCards;
  const { tag } = usePageLanguage();
  const refusal = refusalFor(answer, INTENTS.applyGiftCard, INTENTS.pay);
  const error = errorWords(texts, refusal?.errors[ORDER_FIELDS.giftCardCode], words.errors);
  const cards = quote.giftCards ?? [];
  return (
    <div className="grid gap-3" data-gift-cards>
      <AccountInput
        // A new card in the list empties the field: a code left in it would be applied again by "Pay".
        key={cards.map((card) => card.tail).join(" ")}
        name={ORDER_FIELDS.giftCardCode}
        label={words.label}
        hint={words.hint}
        maxLength={ORDER_FIELD_MAX.giftCardCode}
        autoComplete="off"
        error={error}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <IntentButton texts={texts} button={{ intent: INTENTS.applyGiftCard, label: words.apply, secondary: true }} />
      </div>
      {cards.length > 0 ? (
        <ul className="grid gap-2" aria-label={words.listLabel}>
          {cards.map((card) => (
            <li
              key={card.tail}
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white p-3 ring-1 ring-sand-200"
            >
              <div className="min-w-0">
                <p className="font-bold">{format(words.card, { tail: card.tail })}</p>
                <p className="text-sm text-sand-700">
                  {format(words.applied, {
                    applied: formatCents(card.applied, tag),
                    left: formatCents(card.balance - card.applied, tag),
                  })}
                </p>
              </div>
              <button
                type="submit"
                name="intent"
                value={INTENTS.removeGiftCard}
                // Which card rides in the action's address: a button sends one name and value, the intent.
                formAction={`?${new URLSearchParams({ [ORDER_FIELDS.giftCardTail]: card.tail })}`}
                formNoValidate
                className={TEXT_BUTTON}
                aria-label={format(words.removeLabel, { tail: card.tail })}
              >
                {words.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Below the total: each card's part and what is left to pay by card. */
function GiftCardRows({
  quote,
  texts,
  row,
}: {
  quote: OrderQuote;
  texts: FlowTexts;
  row: (term: string, value: string, strong?: boolean) => ReactNode;
}) {
  const { tag } = usePageLanguage();
  const paying = (quote.giftCards ?? []).filter((card) => card.applied > 0);
  if (paying.length === 0 || quote.amountDue === undefined) return null;
  const words = texts.giftCards;
  return (
    <>
      {/* Each row is the <dl>'s own group (a <div> of <dt> and <dd>): another <div> around it left the
          list's terms without their list for screen readers (axe: definition-list, dlitem). */}
      {paying.map((card) => (
        <Fragment key={card.tail}>
          {row(format(words.card, { tail: card.tail }), `−${formatCents(card.applied, tag)}`)}
        </Fragment>
      ))}
      {row(words.due, formatCents(quote.amountDue, tag), true)}
    </>
  );
}
