/**
 * What gift cards mean for an order once it is placed (docs/decisions/038): the one rule for what a
 * gateway is asked for, and which statuses give the cards back. Read by the CMS (its payments, its
 * renewals) and by the storefront (what the pay page says), so the two never say different amounts.
 */
import type { Cents } from "../money";
import type { OrderStatus } from "../order-status";

/**
 * What is left to pay by a gateway: the order's total (VAT and all: a card is a means of payment,
 * not a discount) less what its gift cards paid at placement. Never below 0.
 */
export function amountDue(order: { total: Cents; giftCardsPaid?: Cents | null }): Cents {
  return Math.max(0, Number(order.total) - Number(order.giftCardsPaid ?? 0));
}

/** The statuses in which an order has given its gift cards back what they paid (cancel, expiry, refund). */
export const GIFT_CARDS_RESTORED_STATUSES = ["cancelled", "refunded"] as const satisfies readonly OrderStatus[];

export function giftCardsRestoredIn(status: OrderStatus): boolean {
  return (GIFT_CARDS_RESTORED_STATUSES as readonly OrderStatus[]).includes(status);
}
