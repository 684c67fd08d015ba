import { Price } from "~/components/price";
import { ScreenLink } from "~/components/screen-link";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { format } from "~/i18n/format";
import type { SubscriptionView } from "./subscription-view";
import type { SubscriptionsTexts } from "./texts";

type ListTexts = Pick<SubscriptionsTexts, "list" | "subscriptionNumber">;

/** A subscription's status as a badge: calm while it runs, marked when it needs the customer. */
export function StatusBadge({ status, text }: { status: SubscriptionView["status"]; text: string }) {
  const tone =
    status === "active"
      ? "bg-leaf-50 text-leaf-800 ring-leaf-200"
      : status === "past_due" || status === "suspended"
        ? "bg-carrot-100 text-carrot-700 ring-carrot-400"
        : "bg-sand-100 text-sand-900 ring-sand-300";
  return <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ring-1 ${tone}`}>{text}</span>;
}

/** The contents, one line each. */
export function ContentLines({ lines }: { lines: readonly string[] }) {
  return (
    <ul className="grid gap-1">
      {lines.map((line, index) => (
        <li key={index} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** The next delivery and until when it can be changed ("closes in …", at render time). */
export function NextDelivery({ next, texts }: { next: SubscriptionView["next"]; texts: ListTexts["list"] }) {
  if (!next) return <>{texts.noNextDelivery}</>;
  return (
    <>
      <span className="block font-semibold first-letter:uppercase">{next.day}</span>
      <span className="block text-sm text-sand-700">
        {next.locked ? texts.lockedNext : format(texts.cutoff, { cutoff: next.cutoff, left: next.left })}
      </span>
    </>
  );
}

/** The list page's cards: status, frequency, next delivery, contents and price, and the ways on. */
export function SubscriptionCards({
  subscriptions,
  texts,
}: {
  subscriptions: readonly SubscriptionView[];
  texts: ListTexts;
}) {
  return (
    <ul className="grid gap-4">
      {subscriptions.map((subscription) => (
        <li key={subscription.id}>
          <article
            aria-labelledby={`subscription-${subscription.id}`}
            className="grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6"
          >
            <header className="flex flex-wrap items-center justify-between gap-2">
              <h2
                id={`subscription-${subscription.id}`}
                className="min-w-0 break-words text-xl font-bold text-sand-900"
              >
                {subscription.headline || format(texts.subscriptionNumber, { id: subscription.id })}
              </h2>
              <StatusBadge status={subscription.status} text={subscription.statusText} />
            </header>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm font-semibold text-sand-700">{texts.list.frequency}</dt>
                <dd>
                  {subscription.frequencyText}
                  {subscription.weekdayText ? ` · ${subscription.weekdayText}` : ""}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-sand-700">{texts.list.nextDelivery}</dt>
                <dd>
                  <NextDelivery next={subscription.next} texts={texts.list} />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-sand-700">{texts.list.contents}</dt>
                <dd>
                  <ContentLines lines={subscription.contents} />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-sand-700">{texts.list.price}</dt>
                <dd className="text-lg font-bold">
                  {subscription.pricePerDelivery === null ? (
                    <span className="text-base font-normal">{texts.list.priceUnknown}</span>
                  ) : (
                    <Price cents={subscription.pricePerDelivery} />
                  )}
                </dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-3">
              <ScreenLink screen="subscriptionDetail" params={{ id: subscription.id }} className={PRIMARY_BUTTON}>
                {texts.list.detail}
              </ScreenLink>
              {subscription.status === "cancelled" ? null : (
                <ScreenLink screen="upcomingDeliveries" params={{ id: subscription.id }} className={SECONDARY_BUTTON}>
                  {texts.list.upcoming}
                </ScreenLink>
              )}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
