import { Link, useLocation } from "react-router";
import type { OrderStatus } from "@shop/domain";
import type { Route } from "./+types/order-status";
import { ProblemNotice } from "~/accounts/account-area";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenErrorBoundary } from "~/components/error-screen";
import type { CheckoutStep } from "~/components/step-indicator";
import { OrderSummary, OrderScreenHeading } from "~/orders/order-summary";
import { OrderOutcome } from "~/orders/order-outcome";
import { accountTextsFor } from "~/accounts/texts";
import { ordersTextsFor } from "~/orders/texts";
import { orderView } from "~/orders/order-view";
import { loadOwnOrder, orderParamOf } from "~/orders/orders.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** States in which the customer is still at the payment step. */
const AWAITING_PAYMENT: ReadonlySet<OrderStatus> = new Set(["pending_payment", "payment_failed", "cancelled"]);
export const ErrorBoundary = ScreenErrorBoundary;

/**
 * The order status screen: /order/status?order=, and where the payment sends the customer back,
 * /payment-completed/{number} and /payment-failed/{number}. Each shows the order's real state, read
 * from the CMS: the way back from the bank proves nothing, only the bank's notification does.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = context;
  const number = params.slug ?? orderParamOf(request);
  const order = await loadOwnOrder({ request, context }, number);
  return {
    view: order ? orderView(order, locale) : null,
    // The step indicator follows the order, not the path: "done" once the bank has said yes.
    checkoutStep: (order && !AWAITING_PAYMENT.has(order.status) ? "done" : "payment") satisfies CheckoutStep,
    texts: ordersTextsFor(locale),
    countries: accountTextsFor(locale).addresses.countries,
  };
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { view, texts, countries } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-6 sm:pt-10">
      <OrderScreenHeading order={view?.order ?? null} texts={texts} />
      {view ? (
        <>
          <OrderOutcome view={view} texts={texts} />
          <OrderSummary view={view} texts={texts} countries={countries} />
        </>
      ) : (
        <div className="grid justify-items-start gap-4">
          <ProblemNotice>{texts.loadFailed}</ProblemNotice>
          <Link to={location.pathname + location.search} replace className={SECONDARY_BUTTON}>
            {texts.checkAgain}
          </Link>
        </div>
      )}
    </div>
  );
}
