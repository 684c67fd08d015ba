import type { IsoDate } from "@shop/domain";
import { toldPriceOn, type ToldPrice } from "@shop/domain/subscriptions";
import type { BoxPrices } from "../../ordering/quote";

/**
 * The box prices a subscriber was told (docs/decisions/032), stored on the subscription as
 * `toldPrices`: per box product id, the net price at subscription and then one entry per price
 * notice, oldest first. A renewal charges these, never the catalogue's price of the moment.
 */
export type ToldPrices = Record<string, ToldPrice[]>;

/** What a new subscription's first order told the customer: each box line's net unit price. */
export function toldPricesAtSubscription(
  lines: readonly { kind: "box" | "extra"; productId: number; netUnitPrice: number }[],
): ToldPrices {
  const told: ToldPrices = {};
  for (const line of lines) {
    if (line.kind === "box") told[String(line.productId)] = [{ price: line.netUnitPrice, noticeSentAt: null }];
  }
  return told;
}

/**
 * The net price of each of the subscription's boxes on a delivery's date, as told; a box with
 * nothing told (a subscription older than the snapshot, not yet seen by the notice job) keeps the
 * catalogue's price.
 */
export function boxPricesOn(
  row: { boxes: readonly { productId: number }[]; toldPrices: ToldPrices | null },
  date: IsoDate,
): BoxPrices {
  const prices = new Map<number, number>();
  for (const { productId } of row.boxes) {
    const price = toldPriceOn(row.toldPrices?.[String(productId)] ?? [], date);
    if (price !== null) prices.set(productId, price);
  }
  return prices;
}

/**
 * The told prices after the customer changes their boxes: a box kept keeps what it was told; a new
 * box is told today's price, the one the account's quote showed; a box dropped is forgotten (taken
 * again later, its price then is the one told).
 */
export function toldPricesForBoxes(
  told: ToldPrices | null,
  boxes: readonly { productId: number }[],
  todaysPrices: ReadonlyMap<number, { price: number }>,
): ToldPrices {
  const next: ToldPrices = {};
  for (const { productId } of boxes) {
    const key = String(productId);
    const kept = told?.[key];
    const today = todaysPrices.get(productId);
    if (kept) next[key] = kept;
    else if (today) next[key] = [{ price: today.price, noticeSentAt: null }];
  }
  return next;
}
