import type { Order } from "@shop/contracts";
import type { ReactNode } from "react";
import type { OrdersTexts } from "./texts";
import { format } from "~/i18n/format";
import type { OrderView } from "./order-view";
import { usePageLanguage } from "~/root-data";
import { Panel } from "~/accounts/account-area";
import { OrderDelivery, OrderInvoice, type CountryNames } from "./order-delivery";
import { OrderLines, OrderTotals } from "./order-lines";
import { OrderStatusBadge } from "./order-status-badge";

/** An order page's heading (its screen's, as on every page), with the order's number and status under it. */
export function OrderScreenHeading({
  order,
  texts,
  children,
}: {
  order: Pick<Order, "number" | "status"> | null;
  texts: OrdersTexts;
  children?: ReactNode;
}) {
  const { messages } = usePageLanguage();
  return (
    <header>
      <h1 className="font-display text-3xl font-semibold text-leaf-800 sm:text-4xl">{messages.screen?.heading}</h1>
      {order ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-lg font-semibold text-sand-900">
          {format(texts.number, { number: order.number })}
          <OrderStatusBadge status={order.status} label={texts.statuses[order.status]} />
        </p>
      ) : null}
      {children}
    </header>
  );
}

/** What was ordered and what it costs, where and when it arrives, and whom the invoice is for. */
export function OrderSummary({
  view,
  texts,
  countries,
}: {
  view: OrderView;
  texts: OrdersTexts;
  countries: CountryNames;
}) {
  const { order } = view;
  const plan =
    order.purchase === "subscription" && order.frequency
      ? `${texts.plan.subscription} (${texts.plan.frequencies[order.frequency]})`
      : texts.plan.once;
  return (
    <>
      <Panel heading={texts.lines.heading} intro={`${texts.plan.heading}: ${plan}`}>
        <OrderLines order={order} texts={texts.lines} />
        <div className="mt-3 border-t border-sand-200 pt-3">
          <h3 className="sr-only">{texts.totals.heading}</h3>
          <OrderTotals order={order} texts={texts.totals} />
        </div>
      </Panel>
      <Panel heading={texts.delivery.heading}>
        <OrderDelivery
          delivery={order.delivery}
          deliveryOn={view.deliveryOn}
          countries={countries}
          texts={texts.delivery}
        />
      </Panel>
      {order.invoice ? (
        <Panel heading={texts.invoice.heading}>
          <OrderInvoice
            invoice={order.invoice}
            documents={order.invoices ?? []}
            countries={countries}
            texts={texts.invoice}
          />
        </Panel>
      ) : null}
    </>
  );
}
