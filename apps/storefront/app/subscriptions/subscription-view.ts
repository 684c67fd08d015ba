import type {
  SubscriptionContents,
  SubscriptionDelivery,
  SubscriptionDetail,
  SubscriptionHistoryEntry,
  SubscriptionSummary,
} from "@shop/contracts";
import { FREQUENCIES, SHOP_TIME_ZONE, isIsoDate, type IsoWeekday } from "@shop/domain";
import { PLANNED_STATUSES, transitionSubscription, type SubscriptionEvent } from "@shop/domain/subscriptions";
import { LOCALE_TAGS, type Locale } from "@shop/routing";
import { format } from "~/i18n/format";
import { deliveryDay } from "~/orders/order-view";
import { subscriptionsTextsFor, type SubscriptionsTexts } from "./texts";

/**
 * What the subscription pages show, worded on the server (dates, cut-offs and "closes in" are text:
 * the browser's ICU may word them differently, and the time left is the time at render). Kept out of
 * the *.server modules so the components can name these types.
 */

/**
 * One formatter per language and options, made once: making one per cut-off (eight or more per
 * subscription page) was ~3 % of the signed-in pages' CPU in a profile (decision 024).
 */
function formatterOf(options: Intl.DateTimeFormatOptions): (locale: Locale) => Intl.DateTimeFormat {
  const made = new Map<Locale, Intl.DateTimeFormat>();
  return (locale) => {
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(LOCALE_TAGS[locale], options);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

const cutoffTimes = formatterOf({
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
  timeZoneName: "short",
});

/** A cut-off as the shop's clock says it ("jueves, 3 de diciembre, 08:00 CET"): the shop's, whichever language. */
function cutoffMoment(iso: string, locale: Locale): string {
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? iso : cutoffTimes(locale).format(moment);
}

const HOUR_MS = 3_600_000;

/** "closes in 3 days", "in 5 hours", "in less than an hour", or "closed": whole units, rounded down. */
export function closesIn(iso: string, now: Date, texts: SubscriptionsTexts["closesIn"]): string {
  const left = Date.parse(iso) - now.getTime();
  if (!(left > 0)) return texts.closed;
  const hours = Math.floor(left / HOUR_MS);
  // Under two days the hours say more than "1 day".
  if (hours >= 48) return format(texts.days, { count: Math.floor(hours / 24) });
  if (hours >= 2) return format(texts.hours, { count: hours });
  if (hours === 1) return texts.oneHour;
  return texts.soon;
}

/** A delivery day in a sentence: "viernes, 12 de junio de 2026" (the raw text should the CMS send something else). */
export const dayOf = (iso: string, locale: Locale) => (isIsoDate(iso) ? deliveryDay(iso, locale) : iso);

/** The contents as lines: "2 × Caja mixta M (sin apio, puerro)", "1 × Huevos (extra)". */
function contentLines(contents: SubscriptionContents, texts: SubscriptionsTexts["contents"]): string[] {
  const boxes = contents.boxes.map((box) => {
    const line = format(texts.box, { quantity: box.quantity, name: box.name });
    if (box.exclusions.length === 0) return line;
    return `${line} (${format(texts.without, { items: box.exclusions.map((item) => item.name).join(", ") })})`;
  });
  const extras = contents.extras.map((extra) => format(texts.extra, { quantity: extra.quantity, name: extra.name }));
  return [...boxes, ...extras];
}

/** A short name of what comes: the first box's, or the first extra's. */
const headlineOf = (contents: SubscriptionContents) => contents.boxes[0]?.name ?? contents.extras[0]?.name ?? "";

const isWeekday = (value: number): value is IsoWeekday => Number.isInteger(value) && value >= 1 && value <= 7;

/** One subscription of the list (and the base of the detail). */
export function summaryView(subscription: SubscriptionSummary, locale: Locale, now: Date) {
  const texts = subscriptionsTextsFor(locale);
  const next = subscription.nextDelivery;
  return {
    id: subscription.id,
    status: subscription.status,
    statusText: texts.statuses[subscription.status],
    frequency: subscription.frequency,
    frequencyText: texts.frequencies[subscription.frequency],
    weekday: subscription.weekday,
    weekdayText: isWeekday(subscription.weekday) ? texts.weekdays[subscription.weekday] : "",
    headline: headlineOf(subscription.contents),
    contents: contentLines(subscription.contents, texts.contents),
    pricePerDelivery: subscription.pricePerDelivery,
    next: next
      ? {
          date: next.date,
          day: dayOf(next.date, locale),
          cutoff: cutoffMoment(next.cutoff, locale),
          left: closesIn(next.cutoff, now, texts.closesIn),
          // Ordered (the first paid order's) or past its cut-off: no longer "changeable until".
          locked: next.locked || Date.parse(next.cutoff) <= now.getTime(),
        }
      : null,
  };
}
export type SubscriptionView = ReturnType<typeof summaryView>;

/** A delivery of the coming ones, with its dates and cut-off worded. */
export function deliveryView(delivery: SubscriptionDelivery, locale: Locale, now: Date) {
  const texts = subscriptionsTextsFor(locale);
  // The CMS says locked; a cut-off passed since its answer locks it as well.
  const pastCutoff = Date.parse(delivery.cutoff) <= now.getTime();
  const locked = delivery.locked || pastCutoff;
  return {
    ...delivery,
    locked,
    /** Locked before its cut-off: the first paid order's delivery, ordered with it. */
    orderedEarly: locked && !pastCutoff && delivery.status === "ordered",
    day: dayOf(delivery.date, locale),
    plannedDay: dayOf(delivery.plannedDate, locale),
    statusText: texts.deliveryStatuses[delivery.status],
    cutoffText: cutoffMoment(delivery.cutoff, locale),
    left: closesIn(delivery.cutoff, now, texts.closesIn),
    contentLines: contentLines(delivery.contents, texts.contents),
    /** What the customer may do with it now (the CMS has the last word). */
    canSkip: !locked && delivery.status === "scheduled" && delivery.change !== "dropped",
    canRestore: !locked && delivery.change !== "dropped" && ["skipped", "gifted", "donated"].includes(delivery.status),
  };
}
export type DeliveryView = ReturnType<typeof deliveryView>;

/** The first delivery a change reaches: the earliest coming one not locked nor dropped. */
export function firstOpenDelivery(deliveries: readonly DeliveryView[]): DeliveryView | null {
  return deliveries.find((delivery) => !delivery.locked && delivery.change !== "dropped") ?? null;
}

/** The last box that still comes once cancelled: the latest locked or ordered one that is not skipped. */
export function lastComingBox(deliveries: readonly DeliveryView[]): DeliveryView | null {
  const coming = deliveries.filter(
    (delivery) => delivery.locked && delivery.status !== "skipped" && delivery.change !== "dropped",
  );
  return coming.at(-1) ?? null;
}

const momentTimes = formatterOf({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

/** A value of the history as the page says it: statuses, frequencies, weekdays and dates in words. */
function historyValue(field: string, value: unknown, locale: Locale, texts: SubscriptionsTexts): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") {
    if (field === "status" && value in texts.statuses) return texts.statuses[value as keyof typeof texts.statuses];
    if (field.startsWith("delivery:") && value in texts.deliveryStatuses) {
      return texts.deliveryStatuses[value as keyof typeof texts.deliveryStatuses];
    }
    if ((FREQUENCIES as readonly string[]).includes(value))
      return texts.frequencies[value as keyof typeof texts.frequencies];
    // A card as the CMS records it, "visa •••• 4242": its brand as the profile shows it. Before the
    // date test, whose type guard leaves nothing of a string that is not a date.
    if (field === "card") return value.replace(/^[^\s•]+/, (brand) => brand.toUpperCase());
    if (isIsoDate(value)) return dayOf(value, locale);
    return value;
  }
  if (typeof value === "number" && field === "weekday" && isWeekday(value)) return texts.weekdays[value];
  // A delivery's change is recorded as its new status with the friend's or the food bank's name.
  if (field.startsWith("delivery:") && typeof value === "object" && "status" in value) {
    const { status, giftTo, foodBank } = value as { status: unknown; giftTo?: unknown; foodBank?: unknown };
    const said = historyValue(field, status, locale, texts);
    const to = typeof giftTo === "string" ? giftTo : typeof foodBank === "string" ? foodBank : null;
    return to ? `${said} (${to})` : said;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // Boxes and extras: each product by its name (the CMS names them in the subscription's language).
  if ((field === "boxes" || field === "extras") && Array.isArray(value)) {
    const lines = value.flatMap((line: unknown) => {
      const { name, quantity } = (line ?? {}) as { name?: unknown; quantity?: unknown };
      return typeof name === "string" && typeof quantity === "number"
        ? [format(texts.contents.box, { quantity, name })]
        : [];
    });
    return lines.length === 0 ? "—" : lines.join(", ");
  }
  // An address, a slot: what changed is told by the field's name, the values are too long for a line.
  return "…";
}

/** One line of the history: when, who, and what changed from what to what. */
function historyLine(entry: SubscriptionHistoryEntry, locale: Locale) {
  const texts = subscriptionsTextsFor(locale);
  const moment = new Date(entry.at);
  const delivery = /^delivery:(\d{4}-\d{2}-\d{2})$/.exec(entry.field)?.[1];
  const fields: Readonly<Record<string, string>> = texts.historyFields;
  const fieldName = delivery
    ? format(texts.deliveries.date, { date: dayOf(delivery, locale) })
    : (fields[entry.field] ?? entry.field);
  const change = `${historyValue(entry.field, entry.from, locale, texts)} → ${historyValue(entry.field, entry.to, locale, texts)}`;
  return {
    at: entry.at,
    when: Number.isNaN(moment.getTime()) ? entry.at : momentTimes(locale).format(moment),
    text: format(texts.detail.historyLine, { actor: texts.actors[entry.actor], what: `${fieldName}: ${change}` }),
  };
}

/** Fields the CMS records that say nothing to the customer (the week a frequency counts from). */
const INTERNAL_FIELDS = new Set(["anchorDate"]);

/** Whether the domain's rules let the customer make `event` now (which forms the page offers; the CMS has the last word). */
const customerMay = (status: SubscriptionDetail["status"], event: SubscriptionEvent) =>
  transitionSubscription(status, event, "customer").ok;

/** One subscription in full: the list's view, and what the detail adds. */
export function detailView(detail: SubscriptionDetail, locale: Locale, now: Date) {
  const texts = subscriptionsTextsFor(locale);
  const newestFirst = [...detail.history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return {
    ...summaryView(detail, locale, now),
    /** The boxes as the box form posts them again (the exclusions kept). */
    boxes: detail.contents.boxes.map((box) => ({
      productId: box.productId,
      quantity: box.quantity,
      exclusions: box.exclusions.map((item) => item.id),
    })),
    slot: detail.slot,
    slotChoices: detail.slotChoices,
    weekdayChoices: detail.weekdayChoices
      .filter(isWeekday)
      .map((weekday) => ({ weekday, text: texts.weekdays[weekday] })),
    zoneName: detail.zoneName,
    address: detail.address,
    // As the profile shows a card: "VISA", not the gateway's "visa".
    card: detail.card && { ...detail.card, brand: detail.card.brand.toUpperCase() },
    pausedUntil: detail.pausedUntil ? dayOf(detail.pausedUntil, locale) : null,
    cancelsOn: detail.cancelsOn ? dayOf(detail.cancelsOn, locale) : null,
    lastDelivery: detail.lastDelivery ? dayOf(detail.lastDelivery, locale) : null,
    /** Cancelled or suspended: the delivery a restart starts with, worded (the page says it before the button). */
    restartFrom: detail.restartFrom ? dayOf(detail.restartFrom, locale) : null,
    /** That delivery's date, posted with the restart so that the CMS refuses it when it is no longer the one. */
    restartFromDate: detail.restartFrom,
    /**
     * Whether its deliveries are charged to the card (said under the card): while planned, and once a
     * pending one's first order is paid; never a cancelled or suspended one's.
     */
    cardCharged: detail.status === "pending" || (PLANNED_STATUSES as readonly string[]).includes(detail.status),
    /** Pending: the order whose payment starts it, while it can be paid. */
    orderToPay: detail.orderToPay,
    /** The extras as the extras form posts them again. */
    extras: detail.contents.extras.map(({ productId, name, quantity }) => ({ productId, name, quantity })),
    history: newestFirst
      .filter((entry) => !INTERNAL_FIELDS.has(entry.field))
      .map((entry) => historyLine(entry, locale)),
    may: {
      // What comes changes while deliveries are planned (the CMS refuses a pending one's: nothing is planned yet).
      change: (PLANNED_STATUSES as readonly string[]).includes(detail.status),
      // The date is the domain's business; any date asks whether the status allows a pause at all.
      pause: customerMay(detail.status, { type: "pause", until: "2099-12-31" }),
      resume: customerMay(detail.status, { type: "resume" }),
      cancel: customerMay(detail.status, { type: "cancel" }),
      // Only with a delivery to start with: the restart orders it (none while the zone is closed).
      restart: customerMay(detail.status, { type: "restart" }) && detail.restartFrom !== null,
    },
  };
}
export type SubscriptionDetailView = ReturnType<typeof detailView>;
