import type { Route } from "./+types/upcoming-deliveries";
import { AccountHeading, ProblemNotice } from "~/accounts/account-area";
import { accountTextsFor } from "~/accounts/texts";
import { TEXT_BUTTON } from "~/components/button-styles";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { ScreenLink } from "~/components/screen-link";
import { DeliveryList } from "~/subscriptions/delivery-list";
import { FORM_CHOICES, deliveryAction, loadUpcoming } from "~/subscriptions/subscriptions.server";
import { subscriptionsTextsFor } from "~/subscriptions/texts";
import { screenMeta } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

/** The next deliveries of one subscription, each with its cut-off and what can still change. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = context;
  const { deliveries, foodBanks } = await loadUpcoming({ request, context }, params.id);
  const { deliveries: words, done, errors, fields, form, loadFailed } = subscriptionsTextsFor(locale);
  const names = accountTextsFor(locale).addresses.countries;
  return {
    id: params.id,
    deliveries,
    foodBanks,
    countries: FORM_CHOICES.countries.map((code) => ({ code, name: names[code] })),
    texts: { deliveries: words, done, errors, fields, form, loadFailed },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return deliveryAction({ request, context }, params.id);
}

export default function UpcomingDeliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { id, deliveries, foodBanks, countries, texts } = loaderData;
  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.deliveries.intro} />
      <ScreenLink screen="subscriptionDetail" params={{ id }} className={`${TEXT_BUTTON} justify-self-start`}>
        {texts.deliveries.back}
      </ScreenLink>
      {deliveries === null ? (
        <ProblemNotice>{texts.loadFailed}</ProblemNotice>
      ) : (
        <DeliveryList
          deliveries={deliveries}
          foodBanks={foodBanks}
          countries={countries}
          texts={texts}
          actionData={actionData}
        />
      )}
    </div>
  );
}
