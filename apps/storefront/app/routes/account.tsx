import { emailRequestBody, ORDER_LIST_DEFAULT_LIMIT } from "@shop/contracts";
import type { ScreenId } from "@shop/routing";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account";
import { requireCustomer } from "~/accounts/account-area.server";
import { accountCall, readAccountForm, refuseForm } from "~/accounts/account.server";
import { refusalOf } from "~/accounts/account-forms";
import { AccountHeading, DoneNotice } from "~/accounts/account-area";
import { AccountForm } from "~/accounts/account-form";
import { AccountOrders } from "~/orders/order-home";
import { ScreenLink } from "~/components/screen-link";
import { authTextsFor } from "~/accounts/auth-texts";
import { accountTextsFor } from "~/accounts/texts";
import { ordersTextsFor } from "~/orders/texts";
import { format } from "~/i18n/format";
import { nextDeliveryOf, summaryView } from "~/orders/order-view";
import { loadOverview } from "~/accounts/overview.server";
import { SubscriptionDeliveries } from "~/subscriptions/subscription-home";
import { nextDeliveriesOf } from "~/subscriptions/subscriptions.server";
import { subscriptionsTextsFor } from "~/subscriptions/texts";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** The most recent orders the account home lists. */
const RECENT_ORDERS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  // The customer comes with the session (docs/decisions/024); the one CMS call brings the orders and subscriptions.
  const { customer } = requireCustomer({ request, context });
  // One page of the newest orders: the next delivery is among them (older ones are delivered).
  const overview = await loadOverview(
    { request, context },
    { orders: ORDER_LIST_DEFAULT_LIMIT, include: ["subscriptions"] },
  );
  const orders = overview?.orders ?? null;
  const subscriptions = nextDeliveriesOf(overview?.subscriptions, locale);
  const next = orders ? nextDeliveryOf(orders) : null;
  const { home, list, number, statuses, allOrders, newOrder, loadFailed } = ordersTextsFor(locale);
  return {
    // Only what the page shows.
    account: { firstName: customer.firstName, email: customer.email, confirmed: customer.confirmed },
    orders: orders
      ? {
          next: next ? summaryView(next, locale) : null,
          recent: orders.slice(0, RECENT_ORDERS).map((order) => summaryView(order, locale)),
        }
      : null,
    subscriptions,
    subscriptionsTexts: subscriptionsTextsFor(locale).home,
    texts: accountTextsFor(locale).home,
    ordersTexts: { home, list, number, statuses, allOrders, newOrder, loadFailed },
    // The resend form's texts, only for the customer who is shown it (a quarter of the page's data otherwise).
    auth: customer.confirmed ? null : authTextsFor(locale),
  };
}

const RESEND = "resendConfirmation";

/** Another confirmation link, to the account's own address (never one posted by the page). */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale, clientIp } = context;
  const { customer } = requireCustomer({ request, context });
  const { fields } = await readAccountForm(request, []);
  if (fields.intent !== RESEND) throw data(`Unknown form: send intent=${RESEND}`, { status: 400 });
  const body = emailRequestBody.parse({ email: customer.email, locale });
  const sent = await accountCall("/auth/send-email-confirmation", z.object({ sent: z.literal(true) }), {
    method: "POST",
    body,
    clientIp,
  });
  if (!sent.ok) return refuseForm(sent, { values: {}, intent: RESEND });
  return { confirmationSentTo: customer.email };
}

const SHORTCUTS = [
  ["profile", "profileTitle", "profileBody"],
  ["newsletter", "newsletterTitle", "newsletterBody"],
  ["referrals", "referralsTitle", "referralsBody"],
] as const satisfies readonly (readonly [ScreenId, string, string])[];

export default function AccountHome({ loaderData, actionData }: Route.ComponentProps) {
  const { account, orders, subscriptions, subscriptionsTexts, texts, ordersTexts, auth } = loaderData;
  const { firstName } = account;
  const sentTo = actionData && "confirmationSentTo" in actionData ? actionData.confirmationSentTo : null;
  return (
    <div className="grid gap-6">
      <AccountHeading
        greeting={firstName ? format(texts.greeting, { name: firstName }) : texts.greetingNoName}
        intro={texts.intro}
      />
      {auth ? (
        <section
          aria-labelledby="unconfirmed-heading"
          className="rounded-3xl bg-carrot-100 p-5 ring-1 ring-carrot-400 sm:p-6"
        >
          <h2 id="unconfirmed-heading" className="text-xl font-bold text-sand-900">
            {texts.unconfirmedHeading}
          </h2>
          <p className="mt-1">{format(texts.unconfirmedBody, { email: account.email })}</p>
          <div className="mt-4 max-w-sm">
            {sentTo ? (
              <DoneNotice>{format(texts.resent, { email: sentTo })}</DoneNotice>
            ) : (
              <AccountForm
                texts={auth}
                refusal={refusalOf(actionData, RESEND)}
                submitLabel={texts.resend}
                intent={RESEND}
                secondary
              >
                {null}
              </AccountForm>
            )}
          </div>
        </section>
      ) : null}
      <SubscriptionDeliveries subscriptions={subscriptions} texts={subscriptionsTexts} />
      <AccountOrders orders={orders} texts={ordersTexts} />
      <nav aria-label={texts.shortcuts}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {SHORTCUTS.map(([screen, title, body]) => (
            <li key={screen}>
              <ScreenLink
                screen={screen}
                className="block h-full rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 hover:ring-2 hover:ring-leaf-600"
              >
                <span className="block text-lg font-bold text-leaf-800">{texts[title]}</span>
                <span className="mt-1 block text-sand-700">{texts[body]}</span>
              </ScreenLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
