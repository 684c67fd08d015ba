import { shiftIsoDate, shopDateOf, type IsoDate } from "../delivery";
import type { Cents } from "../money";

/** A new price of the boxes reaches a delivery only if the customer was e-mailed at least this many days before it. */
export const PRICE_NOTICE_DAYS = 7;

/** A change of a subscription's price, and when the customer was told (null: not yet). */
export interface PriceChange {
  oldPrice: Cents;
  newPrice: Cents;
  noticeSentAt: Date | null;
}

/**
 * The first delivery date the new price may apply to: PRICE_NOTICE_DAYS calendar days after the day
 * (in Madrid) the notice was sent; null while it has not been sent. Sent any time on 1 December, it
 * reaches deliveries from 8 December.
 */
export function firstDateAtNewPrice(noticeSentAt: Date | null): IsoDate | null {
  return noticeSentAt === null ? null : shiftIsoDate(shopDateOf(noticeSentAt), PRICE_NOTICE_DAYS);
}

/** The price of the delivery on `deliveryDate`: the new one only when the notice came early enough. */
export function priceForDelivery(change: PriceChange, deliveryDate: IsoDate): Cents {
  const from = firstDateAtNewPrice(change.noticeSentAt);
  // ISO dates of four-digit years sort as text in calendar order.
  return from !== null && deliveryDate >= from ? change.newPrice : change.oldPrice;
}

/** The earliest of `deliveries` the new price applies to (any order; dropped ones, without a date, passed over), or null. */
export function firstDeliveryAtNewPrice<T extends { date: IsoDate | null }>(
  deliveries: readonly T[],
  noticeSentAt: Date | null,
): (T & { date: IsoDate }) | null {
  const from = firstDateAtNewPrice(noticeSentAt);
  if (from === null) return null;
  let first: (T & { date: IsoDate }) | null = null;
  for (const delivery of deliveries) {
    const { date } = delivery;
    if (date === null || date < from) continue;
    if (first === null || date < first.date) first = delivery as T & { date: IsoDate };
  }
  return first;
}

/**
 * One price a subscriber was told for a box: the price at subscription (noticeSentAt null), then one
 * per price notice, oldest first. Net cents, as the catalogue stores them.
 */
export interface ToldPrice {
  price: Cents;
  /** When the notice of this price was e-mailed (ISO string as stored); null for the first price. */
  noticeSentAt: Date | string | null;
}

/**
 * The price of a box on `deliveryDate` after every notice the subscriber got: each notice reaches
 * the deliveries at least PRICE_NOTICE_DAYS after it (priceForDelivery), so a second change told
 * before the first took effect still leaves the first its deliveries. Null with nothing told.
 */
export function toldPriceOn(told: readonly ToldPrice[], deliveryDate: IsoDate): Cents | null {
  const [first, ...notices] = told;
  if (first === undefined) return null;
  let price = first.price;
  for (const notice of notices) {
    const sentAt = notice.noticeSentAt === null ? null : new Date(notice.noticeSentAt);
    price = priceForDelivery({ oldPrice: price, newPrice: notice.price, noticeSentAt: sentAt }, deliveryDate);
  }
  return price;
}

/** The latest price the subscriber was told (the last notice's, else the first): what a new notice changes from. */
export function lastToldPrice(told: readonly ToldPrice[]): Cents | null {
  return told.at(-1)?.price ?? null;
}
