import type { Route } from "./+types/subscriptions";
import { AccountHeading, ProblemNotice } from "~/accounts/account-area";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { ScreenLink } from "~/components/screen-link";
import { SubscriptionCards } from "~/subscriptions/subscription-list";
import { loadSubscriptions } from "~/subscriptions/subscriptions.server";
import { subscriptionsTextsFor } from "~/subscriptions/texts";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** The customer's subscriptions: status, frequency, next delivery and its cut-off, contents and price. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { list, subscriptionNumber, loadFailed, newOrder } = subscriptionsTextsFor(context.locale);
  return {
    subscriptions: await loadSubscriptions({ request, context }),
    texts: { list, subscriptionNumber, loadFailed, newOrder },
  };
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { subscriptions, texts } = loaderData;
  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.list.intro} />
      {subscriptions === null ? <ProblemNotice>{texts.loadFailed}</ProblemNotice> : null}
      {subscriptions?.length === 0 ? (
        <section className="grid justify-items-start gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
          <h2 className="text-xl font-bold text-sand-900">{texts.list.empty}</h2>
          <p className="text-sand-700">{texts.list.emptyHint}</p>
          <ScreenLink screen="newOrder" className={PRIMARY_BUTTON}>
            {texts.newOrder}
          </ScreenLink>
        </section>
      ) : null}
      {subscriptions && subscriptions.length > 0 ? (
        <SubscriptionCards subscriptions={subscriptions} texts={texts} />
      ) : null}
    </div>
  );
}
