import type { Order, OrderSummary } from "@shop/contracts";
import { formatCents, isIsoDate, isoWeekdayOf, shopDateOf, type OrderStatus } from "@shop/domain";
import { LOCALE_TAGS, type Locale } from "@shop/routing";
import { dateTime, longDate, perLocale } from "~/dates";
import { format } from "~/i18n/format";
import { ordersTextsFor } from "./texts";

/**
 * What the order pages show: an order and its dates as the page's language says them. Kept out of
 * orders.server so the components can name these view models without importing server code.
 */

// Dates are worked out here and sent as text (as ./dates does): the browser's ICU may word them
// differently from Node's, and hydration would then differ.

const weekdayDates = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
);

/** A delivery day with its weekday ("viernes, 12 de junio de 2026"): a calendar day, in no time zone. */
export function deliveryDay(isoDate: string, locale: Locale): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? isoDate : weekdayDates(locale).format(day);
}

/**
 * The delivery day with the words a sentence puts before it: "el viernes, …", "na sexta-feira, …",
 * "no sábado, …" (Portuguese's preposition follows the weekday's gender: the texts' onDay).
 */
export function onDeliveryDay(isoDate: string, locale: Locale): string {
  const date = deliveryDay(isoDate, locale);
  const weekday = isIsoDate(isoDate) ? isoWeekdayOf(isoDate) : null;
  return weekday === null ? date : format(ordersTextsFor(locale).onDay[weekday], { date });
}

/** An instant as the page's language tells it (./dates), or the raw text should the CMS send something else. */
const momentOf = (iso: string, locale: Locale) => dateTime(iso, locale) ?? iso;

/** The shop's day (Madrid) of an instant, as a long date: the day an order was placed. */
function dayOf(iso: string, locale: Locale): string {
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? iso : (longDate(shopDateOf(moment), locale) ?? iso);
}

/** How long a payment may take to be confirmed before the page offers to pay again. */
const CONFIRMATION_WAIT_MS = 60_000;

/** An order and its dates as the page says them. */
export function orderView(order: Order, locale: Locale, now: Date = new Date()) {
  const lastChange = Date.parse(order.events.at(-1)?.at ?? order.createdAt);
  return {
    order,
    /** The page's language, which its dates and amounts follow (not `order.locale`, the order's own). */
    locale,
    placedOn: dayOf(order.createdAt, locale),
    deliveryOn: deliveryDay(order.delivery.date, locale),
    deliveryOnDay: onDeliveryDay(order.delivery.date, locale),
    events: order.events.map((event) => ({ ...event, when: momentOf(event.at, locale) })),
    // A cancelled order that was paid first is a refund's business, not an expired payment.
    wasPaid: order.events.some((event) => event.to === "paid"),
    // Waiting for the bank for over a minute: a page opened now offers to pay again at once.
    waitedLong: order.status === "pending_payment" && now.getTime() - lastChange >= CONFIRMATION_WAIT_MS,
    refunds: order.refunds
      .filter((refund) => refund.status !== "failed")
      .map((refund) => ({ ...refund, when: momentOf(refund.at, locale), money: money(refund.amount, locale) })),
    cancellation: {
      ...order.cancellation,
      until: order.cancellation.until === null ? null : momentOf(order.cancellation.until, locale),
      money: money(order.cancellation.refund, locale),
    },
  };
}

const money = (cents: number, locale: Locale) => formatCents(cents, LOCALE_TAGS[locale]);
export type OrderView = ReturnType<typeof orderView>;

/** An order of the list with its dates as the page says them. */
export function summaryView(summary: OrderSummary, locale: Locale) {
  return {
    ...summary,
    placedOn: dayOf(summary.createdAt, locale),
    deliveryOn: deliveryDay(summary.deliveryDate, locale),
  };
}
export type OrderSummaryView = ReturnType<typeof summaryView>;

/** Orders whose delivery is still to come. */
const UPCOMING: ReadonlySet<OrderStatus> = new Set(["paid", "preparing", "shipped"]);

/** The earliest delivery still to come, from today (the shop's day) on; null when there is none. */
export function nextDeliveryOf<T extends Pick<OrderSummary, "status" | "deliveryDate">>(
  orders: readonly T[],
  now: Date = new Date(),
): T | null {
  const today = shopDateOf(now);
  const upcoming = orders.filter((order) => UPCOMING.has(order.status) && order.deliveryDate >= today);
  return upcoming.reduce<T | null>(
    (soonest, order) => (soonest && soonest.deliveryDate <= order.deliveryDate ? soonest : order),
    null,
  );
}
