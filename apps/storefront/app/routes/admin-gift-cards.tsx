import { Form, isRouteErrorResponse, useNavigation } from "react-router";
import { formatCents } from "@shop/domain";
import type { StaffGiftCard, StaffGiftCardDetail } from "@shop/contracts";
import type { Route } from "./+types/admin-gift-cards";
import { AccountHeading, DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { loadStaffPage, staffAction, type StaffActionAnswer } from "~/gift-cards/staff.server";
import { giftCardStaffTextsFor, type GiftCardStaffTexts } from "~/gift-cards/staff-texts";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { errorMeta, screenMeta } from "~/seo";

/** Anyone but staff gets the 404 page, titled as any other 404 (not with the staff page's title). */
export const meta: Route.MetaFunction = (args) =>
  args.error ? errorMeta(args, isRouteErrorResponse(args.error) ? args.error.status : 500) : screenMeta(args);
/** A customer or a visitor (not staff) gets the 404 page inside the account layout. */
export const ErrorBoundary = ScreenErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadStaffPage({ request, context });
  return { ...page, texts: giftCardStaffTextsFor(context.locale) };
}

export async function action({ request, context }: Route.ActionArgs): Promise<StaffActionAnswer> {
  return staffAction({ request, context });
}

const INPUT = "mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base";

const dateTime = (iso: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Madrid" }).format(
    new Date(iso),
  );

/**
 * Staff's gift cards (issue 23, docs/decisions/037): search by the code's last four characters or an
 * e-mail, one card's balance and movements, and adjust (with a reason), void, or resend its mail.
 * Shown only to users with the Staff role; anyone else gets the 404 page (the loader's).
 */
export default function AdminGiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const { q, cards, detail, texts, formKey } = loaderData;
  const { tag } = usePageLanguage();
  const money = (cents: number) => formatCents(cents, tag);
  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.intro} />
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 flex-1">
          <label htmlFor="gift-card-search" className="font-semibold">
            {texts.searchLabel}
          </label>
          <input id="gift-card-search" name="q" defaultValue={q} maxLength={120} className={INPUT} />
        </div>
        <button type="submit" className={PRIMARY_BUTTON}>
          {texts.search}
        </button>
      </Form>
      {q.length >= 3 ? <CardList cards={cards} q={q} texts={texts} money={money} /> : null}
      {detail !== null ? (
        <CardDetail detail={detail} texts={texts} money={money} tag={tag} formKey={formKey} answer={actionData} />
      ) : null}
    </div>
  );
}

function CardList({
  cards,
  q,
  texts,
  money,
}: {
  cards: StaffGiftCard[];
  q: string;
  texts: GiftCardStaffTexts;
  money: (cents: number) => string;
}) {
  if (cards.length === 0) return <p>{format(texts.none, { q })}</p>;
  return (
    <section aria-label={texts.results}>
      <ul className="grid gap-3" data-testid="gift-card-results">
        {cards.map((card) => (
          <li key={card.id} className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
            <p className="font-semibold">{format(texts.card, { label: card.label, tail: card.codeTail })}</p>
            <p>
              {texts.statuses[card.status]} · {texts.balance}: {money(card.balance)}
            </p>
            {/* Broken between words (the layout's wrap-anywhere still breaks an address too long for the
                line): break-all cut words such as "La rep" in two on a phone. */}
            <p className="text-sand-700">
              {texts.buyer}: {card.buyerEmail} · {texts.recipient}: {card.recipientName} ({card.recipientEmail})
            </p>
            <a
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-leaf-700 underline"
              href={`?${new URLSearchParams({ q, card: String(card.id) })}#card`}
            >
              {texts.open}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CardDetail({
  detail,
  texts,
  money,
  tag,
  formKey,
  answer,
}: {
  detail: StaffGiftCardDetail;
  texts: GiftCardStaffTexts;
  money: (cents: number) => string;
  tag: string;
  formKey: string;
  answer: StaffActionAnswer | undefined;
}) {
  const { card, ledger } = detail;
  const busy = useNavigation().state !== "idle";
  const done =
    answer?.ok === true
      ? answer.intent === "adjust"
        ? format(texts.adjusted, { balance: money(answer.balance) })
        : answer.intent === "void"
          ? texts.voided
          : format(texts.resent, { email: answer.email })
      : null;
  const refusal =
    answer?.ok === false ? (texts.refusals[answer.code as keyof typeof texts.refusals] ?? texts.refusals.failed) : null;
  return (
    <Panel id="card" heading={format(texts.card, { label: card.label, tail: card.codeTail })}>
      <div className="grid gap-4">
        {done ? <DoneNotice>{done}</DoneNotice> : null}
        {refusal ? <ProblemNotice>{refusal}</ProblemNotice> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{texts.balance}</dt>
          <dd data-testid="gift-card-balance">{money(card.balance)}</dd>
          <dt className="font-semibold">{texts.status}</dt>
          <dd>{texts.statuses[card.status]}</dd>
          <dt className="font-semibold">{texts.amount}</dt>
          <dd>{money(card.amount)}</dd>
          <dt className="font-semibold">{texts.buyer}</dt>
          <dd>{card.buyerEmail}</dd>
          <dt className="font-semibold">{texts.recipient}</dt>
          <dd>
            {card.recipientName} ({card.recipientEmail})
          </dd>
          <dt className="font-semibold">{texts.sendOn}</dt>
          <dd>{card.sendOn ?? texts.immediately}</dd>
          <dt className="font-semibold">{texts.sentAt}</dt>
          <dd>
            {card.sentAt === null ? texts.notSent : dateTime(card.sentAt, tag)}
            {card.mailFailed ? (
              <span className="block font-semibold text-carrot-700" data-testid="gift-card-mail-failed">
                {texts.mailFailed}
              </span>
            ) : null}
          </dd>
        </dl>
        <h3 className="font-display text-xl font-semibold text-leaf-800">{texts.ledger}</h3>
        <ul className="grid gap-2" data-testid="gift-card-ledger">
          {ledger.map((entry, index) => (
            <li key={index} className="rounded-xl bg-sand-50 px-3 py-2">
              <p className="font-semibold">
                {texts.kinds[entry.kind]} · {money(entry.amount)}
              </p>
              <p className="text-sand-700">
                {dateTime(entry.createdAt, tag)} ·{" "}
                {texts.actors[entry.actor as keyof typeof texts.actors] ?? entry.actor}
                {entry.orderId !== null ? ` · ${format(texts.order, { id: String(entry.orderId) })}` : ""}
              </p>
              {entry.reason ? <p className="break-words">{entry.reason}</p> : null}
            </li>
          ))}
        </ul>
        {card.status === "active" ? (
          <>
            {/* A new key after each answer: the form starts empty, so a second click is a new, deliberate adjustment. */}
            <Form key={`adjust-${formKey}`} method="post" className="grid gap-3 rounded-2xl p-4 ring-1 ring-sand-200">
              <h3 className="font-display text-xl font-semibold text-leaf-800">{texts.adjust}</h3>
              <input type="hidden" name="intent" value="adjust" />
              <input type="hidden" name="card" value={card.id} />
              <input type="hidden" name="key" value={`adjust-${formKey}`} />
              <div>
                <label htmlFor="adjust-amount" className="font-semibold">
                  {texts.adjustAmount}
                </label>
                <input id="adjust-amount" name="amount" inputMode="decimal" required className={INPUT} />
              </div>
              <div>
                <label htmlFor="adjust-reason" className="font-semibold">
                  {texts.adjustReason}
                </label>
                <input id="adjust-reason" name="reason" required minLength={3} maxLength={400} className={INPUT} />
              </div>
              <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
                {texts.adjustSubmit}
              </button>
            </Form>
            <Form method="post" className="grid gap-3 rounded-2xl p-4 ring-1 ring-sand-200">
              <h3 className="font-display text-xl font-semibold text-leaf-800">{texts.resend}</h3>
              <p className="text-sand-700">{texts.resendIntro}</p>
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="card" value={card.id} />
              <button type="submit" disabled={busy} className={SECONDARY_BUTTON}>
                {texts.resendSubmit}
              </button>
            </Form>
            <Form key={`void-${formKey}`} method="post" className="grid gap-3 rounded-2xl p-4 ring-1 ring-carrot-400">
              <h3 className="font-display text-xl font-semibold text-leaf-800">{texts.void}</h3>
              <p className="text-sand-700">{texts.voidIntro}</p>
              <input type="hidden" name="intent" value="void" />
              <input type="hidden" name="card" value={card.id} />
              <input type="hidden" name="key" value={`void-${formKey}`} />
              <div>
                <label htmlFor="void-reason" className="font-semibold">
                  {texts.reason}
                </label>
                <input id="void-reason" name="reason" required minLength={3} maxLength={400} className={INPUT} />
              </div>
              <label className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="confirm" value="yes" required className="size-5" />
                {texts.voidConfirm}
              </label>
              <button type="submit" disabled={busy} className={SECONDARY_BUTTON}>
                {texts.voidSubmit}
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </Panel>
  );
}
