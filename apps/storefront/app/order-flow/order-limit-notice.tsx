import { useId } from "react";
import type { OrderLimit } from "@shop/contracts";
import { ScreenLink } from "~/components/screen-link";
import { usePageLanguage } from "~/root-data";
import { ORDER_LIMIT_TEXTS, orderLimitWords } from "./order-limit";

/**
 * Says on the summary, before "Pay", that the account cannot place an order yet and from when it
 * can (docs/decisions/021): the draft is kept, so the customer's work is not lost. With orders
 * waiting for payment, a way to them.
 */
export function OrderLimitNotice({ limit }: { limit: OrderLimit }) {
  const { locale } = usePageLanguage();
  const headingId = useId();
  const { heading, text } = orderLimitWords(limit, locale);
  return (
    <section
      aria-labelledby={headingId}
      data-order-limit={limit.code}
      className="grid gap-2 rounded-2xl bg-carrot-100 p-4 ring-1 ring-carrot-400"
    >
      <h3 id={headingId} className="font-bold text-carrot-700">
        {heading}
      </h3>
      <p className="text-sand-900">{text}</p>
      {limit.code === "too_many_unpaid" ? (
        <p>
          <ScreenLink screen="orders" className="font-semibold text-leaf-700 underline">
            {ORDER_LIMIT_TEXTS[locale].orders}
          </ScreenLink>
        </p>
      ) : null}
    </section>
  );
}
