import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";
import { getEnv } from "../env";
import { gateways } from "../payments/gateways";

/**
 * Abandoned gift card purchases (docs/decisions/040): a card still waiting for its payment past the
 * purchase's deadline is expired, as an unpaid order is cancelled (src/jobs/expire-unpaid-orders.ts).
 * Its sealed code is erased and its pending attempt voided, and the ledger refuses to issue an
 * expired card (ledger.ts): a bank's approval that arrives later is money taken for no card, flagged
 * on the payment for staff to refund (purchase.ts), never a card sent days later that its buyer was
 * told had failed. Its buyer, back on the purchase's page, is told it failed (nothing was charged)
 * or, when the late approval took money, that it expired and is refunded.
 */

/**
 * How long a purchase waits for its payment: the orders' ORDER_PAYMENT_TTL_MINUTES, but never below
 * the 31 minutes Stripe keeps a Checkout Session open at least (src/payments/stripe.ts), so that the
 * gateway's page closes before the job gives the purchase up.
 */
export function giftCardPaymentTtlMs(): number {
  return Math.max(getEnv().orderPaymentTtlMinutes, 32) * 60_000;
}

/** The moment a purchase started at `startedAt` stops being payable (the gateway is told it as its deadline). */
export const giftCardPayBy = (startedAt: Date): Date => new Date(startedAt.getTime() + giftCardPaymentTtlMs());

/** Cards expired per run at most: a backlog is worked off over the next minutes. */
const BATCH = 200;

/**
 * Cards whose sandbox approval is recorded and not yet delivered: their buyer was told "paid" and the
 * notification's next try pays them (as orders are held, docs/decisions/015).
 */
async function awaitingSandboxApproval(strapi: Core.Strapi): Promise<Set<number>> {
  const held = new Set<number>();
  if (gateways().sandbox === undefined) return held;
  const approvals = (await strapi.db.query(CONTENT_TYPES.sandboxNotification).findMany({
    where: { decision: "approve", deliveryStatus: "pending" },
    select: ["reference"],
  })) as { reference: string }[];
  if (approvals.length === 0) return held;
  const payments = (await strapi.db.query(CONTENT_TYPES.payment).findMany({
    where: { reference: { $in: approvals.map(({ reference }) => reference) }, giftCardId: { $notNull: true } },
    select: ["giftCardId"],
  })) as { giftCardId: number }[];
  for (const { giftCardId } of payments) held.add(Number(giftCardId));
  return held;
}

/**
 * Every minute (src/jobs/index.ts), at `now` (injected: tests and the e2e hooks choose it): purchases
 * unpaid past their deadline are expired. Each card moves by one conditional UPDATE from
 * pending_payment, which is the claim: of two processes one expires it, and an issue that took the
 * card's lock first (ledger.ts) leaves it active. How many this run expired.
 */
export async function expireGiftCardPurchases(strapi: Core.Strapi, now: Date): Promise<number> {
  const held = await awaitingSandboxApproval(strapi);
  const due = (await strapi.db.query(CONTENT_TYPES.giftCard).findMany({
    where: {
      state: "pending_payment",
      createdAt: { $lt: new Date(now.getTime() - giftCardPaymentTtlMs()) },
      ...(held.size > 0 ? { id: { $notIn: [...held] } } : {}),
    },
    select: ["id"],
    orderBy: { id: "asc" },
    limit: BATCH,
  })) as { id: number }[];
  let expired = 0;
  for (const { id } of due) {
    const { count } = (await strapi.db.query(CONTENT_TYPES.giftCard).updateMany({
      where: { id, state: "pending_payment" },
      data: { state: "expired", codeSealed: null },
    })) as { count: number };
    if (count === 0) continue;
    expired++;
    // The gateway's page is past its deadline too; a late word still decides it (notifications.ts).
    await strapi.db
      .query(CONTENT_TYPES.payment)
      .updateMany({ where: { giftCardId: id, paymentStatus: "pending" }, data: { paymentStatus: "voided" } });
  }
  return expired;
}
