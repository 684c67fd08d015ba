import type { Route } from "./+types/subscriptions";
import { AccountHeading, ProblemNotice } from "~/accounts/account-area";
import { EmptyState } from "~/accounts/empty-state";
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
        <EmptyState heading={texts.list.empty} hint={texts.list.emptyHint} action={texts.newOrder} />
      ) : null}
      {subscriptions && subscriptions.length > 0 ? (
        <SubscriptionCards subscriptions={subscriptions} texts={texts} />
      ) : null}
    </div>
  );
}
