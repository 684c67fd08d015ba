import type { Core } from "@strapi/strapi";
import type { Sql } from "../database/sql";
import { queueOrderMails } from "../email/queue";
import { changeOrderStatus } from "../ordering/status";
import { spendAccountGiftCards } from "./redeem";

/**
 * A renewal's order paid, as far as they go, by the gift cards in the subscriber's account
 * (issue 23, docs/decisions/033), inside the transaction that writes the order and after its
 * delivery points at it. One the cards cover is paid now and never charged (the collection finds
 * it paid); the rest is charged as usual (src/subscriptions/renewals/collect.ts charges what is due).
 */
export async function payRenewalWithGiftCards(
  strapi: Core.Strapi,
  sql: Sql,
  { orderId, userId, total, actorLabel }: { orderId: number; userId: number; total: number; actorLabel: string },
): Promise<void> {
  const remaining = await spendAccountGiftCards(strapi, sql, { orderId, userId, total });
  if (remaining > 0 || total === 0) return;
  const moved = await changeOrderStatus(strapi, {
    orderId,
    from: "pending_payment",
    to: "paid",
    actor: { kind: "payment", label: "payment:gift-card" },
    note: `Paid with gift cards (${actorLabel})`,
  });
  // Its confirmation, as a charged renewal's (collect.ts): a queued-mail row in this transaction,
  // sent once the job's run is over, so that it exists exactly when the payment does.
  if (moved) await queueOrderMails(strapi, { kind: "confirmation", orderIds: [orderId], now: new Date() });
}
