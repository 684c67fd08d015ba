import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import type { OrdersTexts } from "./texts";
import { format } from "~/i18n/format";
import type { OrderView } from "./order-view";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { OrderLink } from "./order-link";
import { ScreenLink } from "~/components/screen-link";

/** How often a page waiting for the bank asks again, and for how long. */
const CHECK_EVERY_MS = 4000;
const CHECK_FOR_MS = 60_000;

/**
 * While the order waits for the bank, asks for it again every few seconds for a minute (the page
 * then shows whatever the payment's notification decided). True once the minute is over.
 */
function useAwaitedPayment(waiting: boolean): { gaveUp: boolean; checking: boolean } {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= CHECK_FOR_MS) {
        clearInterval(timer);
        setGaveUp(true);
      } else if (document.visibilityState === "visible") {
        void revalidate.current();
      }
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  return { gaveUp, checking: revalidator.state === "loading" };
}

/**
 * The order status screen's news: what the order's real state means (the page's name, "completed"
 * or "failed", is only where the bank sent the customer back) and what the customer can do next.
 * Announced when it changes, as it does when the bank's confirmation arrives while the page waits.
 */
export function OrderOutcome({ view, texts }: { view: OrderView; texts: OrdersTexts }) {
  const { order } = view;
  const pending = order.status === "pending_payment";
  const { gaveUp, checking } = useAwaitedPayment(pending);
  const location = useLocation();
  const outcome = texts.outcome[order.status === "cancelled" && view.wasPaid ? "cancelledAfterPayment" : order.status];
  const when = {
    date: view.deliveryOn,
    onDay: view.deliveryOnDay,
    start: order.delivery.slot.start,
    end: order.delivery.slot.end,
  };
  // These statuses' texts say nothing was charged: untrue when a payment was taken all the same.
  const saysNotCharged = order.status === "payment_failed" || (order.status === "cancelled" && !view.wasPaid);
  return (
    <section
      aria-labelledby="outcome-heading"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6"
    >
      <div role="status">
        <h2 id="outcome-heading" className="font-display text-2xl font-semibold text-leaf-800 sm:text-3xl">
          {outcome.heading}
        </h2>
        <p className="mt-2 text-lg text-sand-900">
          {order.refundDue && saysNotCharged ? texts.refundDue : format(outcome.body, when)}
        </p>
        {order.refundDue && !saysNotCharged ? <p className="mt-2 text-sand-900">{texts.refundDue}</p> : null}
      </div>
      {order.status === "paid" ? (
        <>
          {order.purchase === "subscription" && order.frequency ? (
            <p className="mt-2 text-sand-900">
              {format(texts.subscriptionStarted, { frequency: texts.plan.frequencies[order.frequency] })}
            </p>
          ) : null}
          <h3 className="mt-5 text-lg font-bold text-sand-900">{texts.nextHeading}</h3>
          <ol className="mt-2 grid list-decimal gap-1 pl-6 text-sand-900">
            {texts.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ) : null}
      {pending && (gaveUp || view.waitedLong) ? <p className="mt-3 text-sand-900">{texts.stillWaiting}</p> : null}
      <div className="mt-5 flex flex-wrap gap-3">
        {order.canPay && (order.status === "payment_failed" || (pending && (gaveUp || view.waitedLong))) ? (
          <OrderLink screen="orderPay" number={order.number} className={PRIMARY_BUTTON}>
            {order.status === "payment_failed" ? texts.retry : texts.payNow}
          </OrderLink>
        ) : null}
        {pending ? (
          <Link
            to={location.pathname + location.search}
            replace
            preventScrollReset
            aria-disabled={checking || undefined}
            className={SECONDARY_BUTTON}
          >
            {checking ? texts.checking : texts.checkAgain}
          </Link>
        ) : null}
        {order.status === "cancelled" && view.wasPaid ? (
          <ScreenLink screen="contact" className={SECONDARY_BUTTON}>
            {texts.contact}
          </ScreenLink>
        ) : null}
        <OrderLink screen="orderDetail" number={order.number} className={SECONDARY_BUTTON}>
          {texts.viewOrder}
        </OrderLink>
      </div>
    </section>
  );
}
