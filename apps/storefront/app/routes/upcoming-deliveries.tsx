import type { Route } from "./+types/upcoming-deliveries";
import { AccountHeading, ProblemNotice } from "~/accounts/account-area";
import { accountTextsFor } from "~/accounts/texts";
import { TEXT_BUTTON } from "~/components/button-styles";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { ScreenLink } from "~/components/screen-link";
import { DeliveryList, requestedDeliveryForm, type OpenDeliveryForm } from "~/subscriptions/delivery-list";
import { FORM_CHOICES, deliveryAction, loadUpcoming } from "~/subscriptions/subscriptions.server";
import { subscriptionsTextsFor } from "~/subscriptions/texts";
import { screenMeta } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

/**
 * The next deliveries of one subscription, each with its cut-off and what can still change; the gift
 * or donation form of the one delivery the address names (`?gift=<date>`), with its countries or food banks.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = context;
  const { deliveries, foodBanks } = await loadUpcoming({ request, context }, params.id);
  const { deliveries: words, done, errors, fields, form, loadFailed } = subscriptionsTextsFor(locale);
  const requested = requestedDeliveryForm(new URL(request.url));
  const names = accountTextsFor(locale).addresses.countries;
  const openForm: OpenDeliveryForm | null =
    requested?.form === "gift"
      ? { ...requested, form: "gift", countries: FORM_CHOICES.countries.map((code) => ({ code, name: names[code] })) }
      : requested?.form === "donate"
        ? { ...requested, form: "donate", foodBanks }
        : null;
  return {
    id: params.id,
    deliveries,
    openForm,
    texts: { deliveries: words, done, errors, fields, form, loadFailed },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return deliveryAction({ request, context }, params.id);
}

export default function UpcomingDeliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { id, deliveries, openForm, texts } = loaderData;
  return (
    <div className="grid gap-6">
      <AccountHeading intro={texts.deliveries.intro} />
      <ScreenLink screen="subscriptionDetail" params={{ id }} className={`${TEXT_BUTTON} justify-self-start`}>
        {texts.deliveries.back}
      </ScreenLink>
      {deliveries === null ? (
        <ProblemNotice>{texts.loadFailed}</ProblemNotice>
      ) : (
        <DeliveryList deliveries={deliveries} openForm={openForm} texts={texts} actionData={actionData} />
      )}
    </div>
  );
}
