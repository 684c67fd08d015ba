import type { IsoDate } from "@shop/domain";
import { orderRowOf } from "../ordering/orders";
import type { PricedDraft } from "../ordering/quote";
import type { SubscriptionRow } from "./store";

/** A subscription whose customer is still there: the one whose delivery can be ordered. */
export type OrderedSubscription = SubscriptionRow & { user: NonNullable<SubscriptionRow["user"]> };

/**
 * The row of a subscription delivery's order, a renewal's or a restart's: the subscription's contents
 * at `priced`, for the delivery's date, address and slot, linked to the subscription. The callers
 * say how long it stays payable; the terms were accepted with the subscription's first order.
 */
export function subscriptionOrderData(
  priced: PricedDraft,
  row: OrderedSubscription,
  {
    date,
    slot,
    expiresAt,
    now,
    renewal,
  }: { date: IsoDate; slot: PricedDraft["zone"]["slots"][number]; expiresAt: Date; now: Date; renewal: boolean },
) {
  return {
    ...orderRowOf(priced, {
      userId: row.user.id,
      email: row.user.email,
      locale: row.locale,
      purchase: "subscription",
      frequency: row.frequency,
      delivery: { date, slot, address: row.deliveryAddress, notes: row.notes },
      invoice: row.invoice ?? null,
      expiresAt,
      now,
    }),
    renewal,
    subscription: row.id,
    marketingConsent: false,
    marketingWording: null,
  };
}
