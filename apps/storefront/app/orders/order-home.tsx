import type { OrdersTexts } from "./texts";
import { format } from "~/i18n/format";
import type { OrderSummaryView } from "./order-view";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { Panel, ProblemNotice } from "~/accounts/account-area";
import { OrderLink } from "./order-link";
import { OrderCards } from "./order-list";
import { ScreenLink } from "~/components/screen-link";

/** The account home's orders: the next delivery to come, and the latest orders with the way to all of them. */
export function AccountOrders({
  orders,
  texts,
}: {
  /** Null when the CMS could not say. */
  orders: { next: OrderSummaryView | null; recent: readonly OrderSummaryView[] } | null;
  texts: Pick<OrdersTexts, "home" | "list" | "number" | "statuses" | "allOrders" | "newOrder" | "loadFailed">;
}) {
  if (!orders) return <ProblemNotice>{texts.loadFailed}</ProblemNotice>;
  const { next, recent } = orders;
  return (
    <>
      <Panel heading={texts.home.nextDelivery}>
        {next ? (
          <p className="flex flex-wrap items-center justify-between gap-3">
            <span className="text-lg font-semibold text-sand-900 first-letter:uppercase">
              {format(texts.home.nextDeliveryBody, {
                date: next.deliveryOn,
                start: next.slot.start,
                end: next.slot.end,
              })}
            </span>
            <OrderLink screen="orderDetail" number={next.number} className="font-semibold text-leaf-800 underline">
              {format(texts.number, { number: next.number })}
            </OrderLink>
          </p>
        ) : (
          <div className="grid justify-items-start gap-3">
            <p className="text-sand-900">{texts.home.noDelivery}</p>
            <ScreenLink screen="newOrder" className={PRIMARY_BUTTON}>
              {texts.newOrder}
            </ScreenLink>
          </div>
        )}
      </Panel>
      {recent.length > 0 ? (
        <Panel heading={texts.home.recent}>
          <OrderCards orders={recent} texts={texts} headingLevel={3} />
          <ScreenLink screen="orders" className={`${SECONDARY_BUTTON} mt-4`}>
            {texts.allOrders}
          </ScreenLink>
        </Panel>
      ) : null}
    </>
  );
}
