import type { OrdersTexts } from "./texts";
import { format } from "~/i18n/format";
import type { OrderSummaryView } from "./order-view";
import { usePageLanguage } from "~/root-data";
import { OrderLink } from "./order-link";
import { OrderStatusBadge } from "./order-status-badge";
import { Price } from "~/components/price";

/** "3 productos", "1 producte": the language's plural (anything but one reads as "other"). */
function useItemCount(texts: OrdersTexts["list"]["items"]) {
  const { tag } = usePageLanguage();
  const plurals = new Intl.PluralRules(tag);
  return (count: number) => format(plurals.select(count) === "one" ? texts.one : texts.other, { count });
}

/**
 * Orders as cards, newest first: number (the link to its detail), status, when it was placed, its
 * delivery, how many products and the total. `headingLevel` fits the cards under the page's headings.
 */
export function OrderCards({
  orders,
  texts,
  headingLevel = 2,
}: {
  orders: readonly OrderSummaryView[];
  texts: Pick<OrdersTexts, "list" | "number" | "statuses">;
  headingLevel?: 2 | 3;
}) {
  const items = useItemCount(texts.list.items);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-3">
      {orders.map((order) => (
        <li
          key={order.number}
          className="relative rounded-3xl bg-white p-4 shadow-sm ring-1 ring-sand-200 focus-within:ring-2 focus-within:ring-leaf-600 hover:ring-2 hover:ring-leaf-600 sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Heading className="text-lg font-bold text-leaf-800">
              {/* The whole card opens the order; the link's own words name it. */}
              <OrderLink
                screen="orderDetail"
                number={order.number}
                aria-label={format(texts.list.open, { number: order.number })}
                className="after:absolute after:inset-0 after:rounded-3xl"
              >
                {format(texts.number, { number: order.number })}
              </OrderLink>
            </Heading>
            <OrderStatusBadge status={order.status} label={texts.statuses[order.status]} />
          </div>
          <div className="mt-2 flex flex-wrap items-end justify-between gap-2">
            <div className="text-sm text-sand-700">
              <p>{format(texts.list.placedOn, { date: order.placedOn })}</p>
              <p>
                {format(texts.list.deliveryOn, {
                  date: order.deliveryOn,
                  start: order.slot.start,
                  end: order.slot.end,
                })}
              </p>
              <p>{items(order.itemCount)}</p>
            </div>
            <Price cents={order.total} className="text-lg font-bold text-sand-900" />
          </div>
        </li>
      ))}
    </ul>
  );
}
