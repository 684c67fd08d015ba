import type { Route } from "./+types/subscription-detail";
import { AccountHeading } from "~/accounts/account-area";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { SubscriptionPage, SubscriptionUnavailable } from "~/subscriptions/subscription-page";
import { firstOpenDelivery, lastComingBox, type DeliveryView } from "~/subscriptions/subscription-view";
import { requestedPlanForm } from "~/subscriptions/answers";
import { FORM_CHOICES, cancelStepOf, loadSubscription, subscriptionAction } from "~/subscriptions/subscriptions.server";
import { subscriptionsTextsFor } from "~/subscriptions/texts";
import { screenMeta } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

const mention = (delivery: DeliveryView | null) =>
  delivery ? { date: delivery.date, day: delivery.day, cutoff: delivery.cutoffText } : null;

/**
 * One subscription, and the one change form its address opens (`?change=box`) with what that form
 * offers; the deliveries say which one a change reaches and which box comes last.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const openForm = requestedPlanForm(new URL(request.url));
  const { subscription, deliveries, offer } = await loadSubscription({ request, context }, params.id, { openForm });
  const { list, detail, pause, cancel, done, errors, fields, form, frequencies, subscriptionNumber, loadFailed } =
    subscriptionsTextsFor(context.locale);
  return {
    view: subscription,
    firstOpen: mention(deliveries ? firstOpenDelivery(deliveries) : null),
    lastBox: mention(deliveries ? lastComingBox(deliveries) : null),
    skippable: mention(deliveries?.find((delivery) => delivery.canSkip) ?? null),
    cancelStep: cancelStepOf(request),
    openForm,
    offer,
    choices: {
      frequencies: FORM_CHOICES.frequencies,
      pauseOptions: FORM_CHOICES.pauseOptions,
      boxQuantities: FORM_CHOICES.boxQuantities,
      extraQuantities: FORM_CHOICES.extraQuantities,
    },
    texts: { list, detail, pause, cancel, done, errors, fields, form, frequencies, subscriptionNumber, loadFailed },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return subscriptionAction({ request, context }, params.id);
}

export default function SubscriptionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { view, texts, ...rest } = loaderData;
  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.detail.intro} />
      {view ? (
        <SubscriptionPage view={view} texts={texts} actionData={actionData} {...rest} />
      ) : (
        <SubscriptionUnavailable texts={texts} />
      )}
    </div>
  );
}
