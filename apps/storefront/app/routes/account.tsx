import { accountSchema, emailRequestBody, ORDER_LIST_DEFAULT_LIMIT } from "@shop/contracts";
import type { ScreenId } from "@shop/routing";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account";
import { loadForPage, requireToken, signInAgain } from "~/account-area.server";
import { accountCall, readAccountForm, refuseForm } from "~/account.server";
import { refusalOf } from "~/account-forms";
import { AccountHeading, DoneNotice } from "~/components/account-area";
import { AccountForm } from "~/components/account-form";
import { AccountOrders } from "~/components/order-home";
import { ScreenLink } from "~/components/screen-link";
import { authTextsFor } from "~/i18n/auth";
import { accountTextsFor } from "~/i18n/account";
import { ordersTextsFor } from "~/i18n/orders";
import { format } from "~/i18n/format";
import { loadOwnOrders, nextDeliveryOf, summaryView } from "~/orders.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** The most recent orders the account home lists. */
const RECENT_ORDERS = 3;

export async function loader({ request, context: { locale } }: Route.LoaderArgs) {
  const [account, orders] = await Promise.all([
    loadForPage(request, locale, "/users/me", accountSchema),
    // One page of the newest orders: the next delivery is among them (older ones are delivered).
    loadOwnOrders(request, locale, ORDER_LIST_DEFAULT_LIMIT),
  ]);
  const next = orders ? nextDeliveryOf(orders) : null;
  const { home, list, number, statuses, allOrders, newOrder, loadFailed } = ordersTextsFor(locale);
  return {
    // Only what the page shows; null when the CMS could not say (the page still offers its links).
    account: account ? { firstName: account.firstName, email: account.email, confirmed: account.confirmed } : null,
    orders: orders
      ? {
          next: next ? summaryView(next, locale) : null,
          recent: orders.slice(0, RECENT_ORDERS).map((order) => summaryView(order, locale)),
        }
      : null,
    texts: accountTextsFor(locale).home,
    ordersTexts: { home, list, number, statuses, allOrders, newOrder, loadFailed },
    auth: authTextsFor(locale),
  };
}

const RESEND = "resendConfirmation";

/** Another confirmation link, to the account's own address (never one posted by the page). */
export async function action({ request, context: { locale, clientIp } }: Route.ActionArgs) {
  const token = requireToken(request, locale);
  const { fields } = await readAccountForm(request, []);
  if (fields.intent !== RESEND) throw data(`Unknown form: send intent=${RESEND}`, { status: 400 });
  const me = await accountCall("/users/me", accountSchema, { token });
  if (!me.ok) {
    if (me.status === "signedOut") throw signInAgain(request, locale);
    return refuseForm(me, { values: {}, intent: RESEND });
  }
  const body = emailRequestBody.parse({ email: me.value.email, locale });
  const sent = await accountCall("/auth/send-email-confirmation", z.object({ sent: z.literal(true) }), {
    method: "POST",
    body,
    clientIp,
  });
  if (!sent.ok) return refuseForm(sent, { values: {}, intent: RESEND });
  return { confirmationSentTo: me.value.email };
}

const SHORTCUTS = [
  ["profile", "profileTitle", "profileBody"],
  ["newsletter", "newsletterTitle", "newsletterBody"],
  ["referrals", "referralsTitle", "referralsBody"],
] as const satisfies readonly (readonly [ScreenId, string, string])[];

export default function AccountHome({ loaderData, actionData }: Route.ComponentProps) {
  const { account, orders, texts, ordersTexts, auth } = loaderData;
  const signedIn = useRootData()?.user;
  const firstName = account?.firstName ?? signedIn?.firstName ?? null;
  const sentTo = actionData && "confirmationSentTo" in actionData ? actionData.confirmationSentTo : null;
  return (
    <div className="grid gap-6">
      <AccountHeading
        greeting={firstName ? format(texts.greeting, { name: firstName }) : texts.greetingNoName}
        intro={texts.intro}
      />
      {account && !account.confirmed ? (
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
