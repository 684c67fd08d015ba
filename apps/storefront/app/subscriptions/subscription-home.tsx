import { Panel, ProblemNotice } from "~/accounts/account-area";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenLink } from "~/components/screen-link";
import { format } from "~/i18n/format";
import type { SubscriptionView } from "./subscription-view";
import type { SubscriptionsTexts } from "./texts";

/** One subscription on the account home: what comes next and until when it can change. */
type HomeSubscription = Pick<SubscriptionView, "id" | "headline" | "statusText" | "next">;

/** The account home's next delivery of each subscription; nothing when the customer has none. */
export function SubscriptionDeliveries({
  subscriptions,
  texts,
}: {
  /** Null when the CMS could not say. */
  subscriptions: readonly HomeSubscription[] | null;
  texts: SubscriptionsTexts["home"];
}) {
  if (subscriptions === null) return <ProblemNotice>{texts.loadFailed}</ProblemNotice>;
  if (subscriptions.length === 0) return null;
  return (
    <Panel heading={texts.heading}>
      <ul className="grid gap-3">
        {subscriptions.map((subscription) => (
          <li key={subscription.id} className="grid gap-1">
            <ScreenLink
              screen="upcomingDeliveries"
              params={{ id: subscription.id }}
              className="break-words font-semibold text-leaf-800 underline"
            >
              {subscription.next
                ? format(texts.next, { contents: subscription.headline, date: subscription.next.day })
                : format(texts.nextNone, { contents: subscription.headline })}
            </ScreenLink>
            <span className="text-sm text-sand-700">
              {subscription.statusText}
              {subscription.next
                ? ` · ${subscription.next.locked ? texts.locked : format(texts.cutoff, { cutoff: subscription.next.cutoff })}`
                : ""}
            </span>
          </li>
        ))}
      </ul>
      <ScreenLink screen="subscriptions" className={`${SECONDARY_BUTTON} mt-4`}>
        {texts.all}
      </ScreenLink>
    </Panel>
  );
}
