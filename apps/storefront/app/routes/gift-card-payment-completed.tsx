import { formatCents, LOCALE_TAGS } from "@shop/domain";
import { useEffect, useRef } from "react";
import { data, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/gift-card-payment-completed";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { ScreenIntro } from "~/components/screen-intro";
import { ScreenLink } from "~/components/screen-link";
import { GiftCardArt } from "~/gift-cards/designs";
import { failedPath, loadPurchase, PRIVATE_PAGE } from "~/gift-cards/gift-cards.server";
import { giftCardTextsFor } from "~/gift-cards/texts";
import { format } from "~/i18n/format";
import { screenMeta } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A day (YYYY-MM-DD) as people read it in the page's language. */
function longDay(day: string, tag: string): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(tag, { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/**
 * Where the gateway sends a buyer back after paying: what really became of the purchase (read from
 * the CMS by the visitor's cookie), never what the return address claims. A refused payment goes to
 * the failed page, which shows the form again.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context;
  const texts = giftCardTextsFor(locale);
  const purchase = await loadPurchase(context);
  if (purchase?.state === "failed") throw redirect(failedPath(locale), { headers: PRIVATE_PAGE });
  const tag = LOCALE_TAGS[locale];
  const view =
    purchase === null
      ? null
      : {
          state: purchase.state,
          design: purchase.design,
          amount: formatCents(purchase.amount, tag),
          name: purchase.recipientName,
          email: purchase.recipientEmail,
          buyerEmail: purchase.buyerEmail,
          sendOn: purchase.sendOn === null ? null : longDay(purchase.sendOn, tag),
          sent: purchase.sentAt !== null,
        };
  return data({ texts: texts.completed, view }, { headers: PRIVATE_PAGE });
}

/** How often the page asks again while the bank has not said, and for how long (as an order's page does). */
const CHECK_EVERY_MS = 4000;
const CHECK_FOR_MS = 60_000;

/** While the payment waits for the gateway's word, reads the purchase again every few seconds for a minute. */
function useAwaitedPayment(waiting: boolean): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= CHECK_FOR_MS) clearInterval(timer);
      else if (document.visibilityState === "visible") void revalidate.current();
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting]);
}

export default function GiftCardPaymentCompleted({ loaderData }: Route.ComponentProps) {
  const { texts, view } = loaderData;
  useAwaitedPayment(view?.state === "pending");
  if (view === null) {
    return (
      <ScreenIntro>
        <ScreenLink screen="giftCardCreate" className={`${SECONDARY_BUTTON} mt-6`}>
          {texts.create}
        </ScreenLink>
      </ScreenIntro>
    );
  }
  const when = view.sent ? texts.sent : view.sendOn === null ? texts.sendNow : texts.sendOn;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-6 pb-10 sm:pt-10">
      {view.state === "paid" ? (
        <section
          className="grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6"
          aria-labelledby="done"
        >
          <h1 id="done" className="font-display text-3xl font-semibold text-leaf-800">
            {texts.heading}
          </h1>
          <GiftCardArt design={view.design} className="w-full max-w-xs" />
          <p className="text-lg">{format(texts.body, { amount: view.amount, name: view.name })}</p>
          <p className="text-lg">{format(when, { email: view.email, date: view.sendOn ?? "" })}</p>
          <p className="text-sand-700">{format(texts.receipt, { email: view.buyerEmail })}</p>
        </section>
      ) : view.state === "voided" || view.state === "expired" ? (
        <section className="grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
          <h1 className="font-display text-3xl font-semibold text-carrot-700">
            {view.state === "voided" ? texts.voidedHeading : texts.expiredHeading}
          </h1>
          <p className="text-lg">
            {format(view.state === "voided" ? texts.voidedBody : texts.expiredBody, {
              amount: view.amount,
              name: view.name,
            })}
          </p>
          <ScreenLink screen="contact" className={`${SECONDARY_BUTTON} justify-self-start`}>
            {texts.contact}
          </ScreenLink>
        </section>
      ) : (
        <section role="status" className="grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
          <h1 className="font-display text-3xl font-semibold text-leaf-800">{texts.pendingHeading}</h1>
          <p className="text-lg">{format(texts.pendingBody, { amount: view.amount })}</p>
          <a href="" className={`${SECONDARY_BUTTON} justify-self-start`}>
            {texts.refresh}
          </a>
        </section>
      )}
      <ScreenLink screen="giftCardCreate" className={`${SECONDARY_BUTTON} justify-self-start`}>
        {texts.another}
      </ScreenLink>
    </div>
  );
}
