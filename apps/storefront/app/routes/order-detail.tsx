import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/order-detail";
import { readAccountForm } from "~/accounts/account.server";
import { Panel, ProblemNotice } from "~/accounts/account-area";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { OrderLink } from "~/orders/order-link";
import { OrderScreenHeading, OrderSummary } from "~/orders/order-summary";
import { OrderTimeline } from "~/orders/order-timeline";
import { accountTextsFor } from "~/accounts/texts";
import { format } from "~/i18n/format";
import { ordersTextsFor } from "~/orders/texts";
import { orderView } from "~/orders/order-view";
import { cancelOrder, loadOwnOrder, orderAgain } from "~/orders/orders.server";
import { OrderCancellation, OrderRefunds } from "~/orders/order-cancellation";
import { CHANGE_INTENTS, OrderChange } from "~/orders/order-change";
import { changeBodyOf, confirmChange, loadChangeOptions, quoteChange } from "~/orders/order-change.server";
import { changeTextsFor } from "~/orders/change-texts";
import { screenMeta } from "~/seo";
import { InvoiceRequest } from "~/orders/invoice-request-form";
import { INVOICE_REQUEST_INTENT } from "~/orders/invoice-request";
import { loadInvoiceRequest, requestInvoice } from "~/orders/invoice-request.server";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

/** One of the customer's orders: its status and history, lines, totals, delivery and invoice. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = context;
  const order = await loadOwnOrder({ request, context }, params.id);
  return {
    view: order ? orderView(order, locale) : null,
    invoiceRequest: order ? await loadInvoiceRequest({ request, context }, order) : null,
    // The change form's days, only when its address asks for it (decision 049).
    changeOptions: order ? await loadChangeOptions({ request, context }, params.id) : null,
    changeTexts: changeTextsFor(locale),
    texts: ordersTextsFor(locale),
    countries: accountTextsFor(locale).addresses.countries,
  };
}

const ORDER_AGAIN = "orderAgain";
const CANCEL = "cancel";

/**
 * "Order again": a new draft of the flow with this order's boxes, extras, plan and postcode; "cancel":
 * the one-off order cancelled before its cut-off, refunded in full when paid (docs/decisions/031).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { fields } = await readAccountForm(request, []);
  if (fields.intent === CANCEL) return cancelOrder({ request, context }, params.id);
  if (fields.intent === CHANGE_INTENTS.confirm) return confirmChange({ request, context }, params.id, fields);
  if (fields.intent === CHANGE_INTENTS.quote) {
    // The change is read against the order as it is now: only what differs is asked for.
    const order = await loadOwnOrder({ request, context }, params.id);
    return quoteChange({ request, context }, params.id, order ? changeBodyOf(fields, order) : null);
  }
  if (fields.intent === INVOICE_REQUEST_INTENT) return requestInvoice({ request, context }, params.id, fields);
  if (fields.intent !== ORDER_AGAIN)
    throw data(`Unknown form: send intent=${ORDER_AGAIN} or ${CANCEL}`, { status: 400 });
  return orderAgain({ request, context }, params.id);
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { view, texts, countries, invoiceRequest, changeOptions, changeTexts } = loaderData;
  const busy = useNavigation().state !== "idle";
  if (!view) {
    return (
      <div className="grid gap-6">
        <OrderScreenHeading order={null} texts={texts} />
        <ProblemNotice>{texts.loadFailed}</ProblemNotice>
      </div>
    );
  }
  const { order } = view;
  const refused = actionData && "refused" in actionData ? actionData.refused : null;
  return (
    <div className="grid gap-6">
      <OrderScreenHeading order={order} texts={texts}>
        <p className="mt-1 text-sand-700">{format(texts.detail.intro, { date: view.placedOn })}</p>
      </OrderScreenHeading>
      <section aria-label={texts.detail.actions} className="grid gap-3">
        {refused === "orderAgainFailed" ? <ProblemNotice>{texts.orderAgainFailed}</ProblemNotice> : null}
        {refused === "orderAgainTooMany" ? <ProblemNotice>{texts.orderAgainTooMany}</ProblemNotice> : null}
        <OrderChange
          view={view}
          t={changeTexts}
          methods={texts.cancel.methods}
          options={changeOptions}
          outcome={actionData ?? null}
        />
        <OrderCancellation view={view} texts={texts} intent={CANCEL} busy={busy} outcome={actionData ?? null} />
        <div className="flex flex-wrap items-start gap-3">
          {order.canPay ? (
            <OrderLink screen="orderPay" number={order.number} className={PRIMARY_BUTTON}>
              {texts.payNow}
            </OrderLink>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value={ORDER_AGAIN} />
            <button
              type="submit"
              disabled={busy}
              aria-describedby="order-again-hint"
              className={order.canPay ? SECONDARY_BUTTON : PRIMARY_BUTTON}
            >
              {texts.orderAgain}
            </button>
          </Form>
        </div>
        <p id="order-again-hint" className="text-sm text-sand-700">
          {texts.orderAgainHint}
        </p>
      </section>
      <OrderSummary view={view} texts={texts} countries={countries} />
      <InvoiceRequest data={invoiceRequest} intent={INVOICE_REQUEST_INTENT} outcome={actionData} />
      <OrderRefunds view={view} texts={texts} />
      <Panel heading={texts.timeline.heading}>
        <OrderTimeline events={view.events} texts={texts} />
      </Panel>
    </div>
  );
}
