import { formatCents } from "@shop/domain";
import { amountDue } from "@shop/domain/gift-cards";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/order-pay";
import { ProblemNotice } from "~/accounts/account-area";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { OrderLink, orderHref } from "~/orders/order-link";
import { OrderScreenHeading, OrderSummary } from "~/orders/order-summary";
import { PaymentRedirect } from "~/orders/payment-redirect";
import { accountTextsFor } from "~/accounts/texts";
import { format } from "~/i18n/format";
import { ordersTextsFor } from "~/orders/texts";
import { orderView, type OrderView } from "~/orders/order-view";
import { loadOwnOrder, orderParamOf, startPayment } from "~/orders/orders.server";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

/** /order/pay?order=: an order waiting for its payment, and the button that starts a new attempt. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  const order = await loadOwnOrder({ request, context }, orderParamOf(request));
  return {
    view: order ? orderView(order, locale) : null,
    texts: ordersTextsFor(locale),
    countries: accountTextsFor(locale).addresses.countries,
  };
}

/** A new payment attempt (the CMS refuses one for an order no longer waiting), and the browser sent to it. */
export async function action({ request, context }: Route.ActionArgs) {
  return startPayment({ request, context }, orderParamOf(request));
}

/**
 * Why an order cannot be paid, in the customer's words: already paid, expired unpaid (cancelled, or
 * still waiting past its deadline for the expiry job to cancel it), or anything else.
 */
function notPayableReason({ order, wasPaid }: OrderView): "paid" | "cancelled" | "other" {
  const stillOpen = order.status === "pending_payment" || order.status === "payment_failed";
  if ((order.status === "cancelled" || stillOpen) && !wasPaid) return "cancelled";
  return wasPaid && order.status !== "cancelled" && order.status !== "refunded" ? "paid" : "other";
}

export default function OrderPay({ loaderData, actionData }: Route.ComponentProps) {
  const { view, texts, countries } = loaderData;
  const { locale, tag } = usePageLanguage();
  const submitting = useNavigation().state !== "idle";
  if (actionData && "paymentForm" in actionData) {
    return (
      <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-6 sm:pt-10">
        <OrderScreenHeading order={view?.order ?? null} texts={texts} />
        <PaymentRedirect form={actionData.paymentForm} />
      </div>
    );
  }
  const refused = actionData && "refused" in actionData ? actionData.refused : null;
  const order = view?.order;
  const notPayable = view ? notPayableReason(view) : "other";
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-6 sm:pt-10">
      <OrderScreenHeading order={order ?? null} texts={texts}>
        {order?.canPay ? <p className="mt-2 max-w-2xl text-lg text-sand-700">{texts.pay.intro}</p> : null}
      </OrderScreenHeading>
      {refused === "failed" ? <ProblemNotice>{texts.pay.failed}</ProblemNotice> : null}
      {refused === "notPayable" ? <ProblemNotice>{texts.pay.changed}</ProblemNotice> : null}
      {!order ? <ProblemNotice>{texts.loadFailed}</ProblemNotice> : null}
      {order && !order.canPay ? (
        <section className="grid justify-items-start gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
          <p className="text-lg text-sand-900">{texts.pay.notPayable[notPayable]}</p>
          <OrderLink screen="orderStatus" number={order.number} className={SECONDARY_BUTTON}>
            {texts.pay.seeStatus}
          </OrderLink>
        </section>
      ) : null}
      {order?.canPay ? (
        <Form method="post" action={orderHref("orderPay", locale, order.number)}>
          <button type="submit" disabled={submitting} className={`${PRIMARY_BUTTON} w-full sm:w-auto`}>
            {format(texts.pay.button, {
              // What the gateway is asked for: the total less what gift cards paid at placement.
              total: formatCents(amountDue({ total: order.totals.total, giftCardsPaid: order.giftCardsPaid }), tag),
            })}
          </button>
        </Form>
      ) : null}
      {view ? <OrderSummary view={view} texts={texts} countries={countries} /> : null}
    </div>
  );
}
