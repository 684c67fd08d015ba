import type { Core } from "@strapi/strapi";
import type { OrderStatus } from "@shop/domain";
import { sendDueGiftCards } from "../gift-cards/sending";
import { deliverDueSandboxNotifications, type DeliveryRun } from "../payments/sandbox-notifications";
import { CONTENT_TYPES } from "../content-types";
import { changeOrderStatus } from "../ordering/status";
import { settleReferrals, type SettleRun } from "../referrals/settle";
import { renewSubscriptions, type RenewalRun } from "./renew-subscriptions";
import { expireUnpaid, type ExpiryRun } from "./expire-unpaid-orders";
import { cleanUpAccounts, type CleanUpResult } from "./clean-up-accounts";

/**
 * The end-to-end tests' way to run a scheduled job at a chosen time (an injected clock, never a wait
 * for the schedule): the renewal job as its cron task runs it, with `now` from the test. Only reachable
 * when E2E_JOB_HOOKS=true (src/api/e2e-hook), which production refuses (src/env.ts). The delivery's
 * order and charge are claimed as in any run, so a scheduled run at the same time changes nothing.
 */
export function renewSubscriptionsAt(strapi: Core.Strapi, now: Date): Promise<RenewalRun> {
  return renewSubscriptions(strapi, now);
}

/**
 * The gift cards' mail job (src/jobs/index.ts runs it every minute) at the test's `now`: a card bought
 * to be sent on a later day is sent when the test says that day has come, never by waiting for the
 * schedule. Each card is claimed as in any run, so the scheduled job at the same time sends nothing twice.
 */
export function sendGiftCardsAt(strapi: Core.Strapi, now: Date): Promise<{ sent: number; failed: number }> {
  return sendDueGiftCards(strapi, now);
}

/**
 * The sandbox gateway's redelivery job (src/jobs/index.ts runs it at start and every minute) at the
 * test's `now`: a notification whose try was lost (its process died) is sent again when the test says
 * its pause is over, never by waiting a minute. Each try is claimed as in any run.
 */
export function deliverSandboxNotificationsAt(strapi: Core.Strapi, now: Date): Promise<DeliveryRun> {
  return deliverDueSandboxNotifications(strapi, { now });
}

/** The referrals job (src/jobs/index.ts) at the test's `now`: the refund period passes without a wait. */
export function settleReferralsAt(strapi: Core.Strapi, now: Date): Promise<SettleRun> {
  return settleReferrals(strapi, now);
}

/**
 * The expiry job (src/jobs/index.ts runs it every minute) at the test's `now`: an unpaid order's
 * deadline passes without a wait. Each order is claimed as in any run (changeOrderStatus's
 * conditional update), so two processes running it at once cancel it once.
 */
export function expireUnpaidAt(strapi: Core.Strapi, now: Date): Promise<ExpiryRun> {
  return expireUnpaid(strapi, now);
}

/** The accounts' clean-up (src/jobs/index.ts, hourly) at the test's `now`: sessions and tokens age without a wait. */
export function cleanUpAccountsAt(strapi: Core.Strapi, now: Date): Promise<CleanUpResult> {
  return cleanUpAccounts(strapi, now);
}

const STAFF_STEPS: readonly OrderStatus[] = ["paid", "preparing", "shipped", "delivered"];

/**
 * A paid order taken through staff's steps to delivered (preparing, shipped, delivered), as staff
 * save it in the admin panel (changeOrderStatus with a staff actor, its history written), for a
 * test that needs an order delivered (refer-a-friend's reward). False when there is no such paid
 * order (yet: the payment's notification may still be on its way).
 */
export async function deliverOrder(strapi: Core.Strapi, orderNumber: string): Promise<{ delivered: boolean }> {
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { number: orderNumber },
    select: ["id", "orderStatus"],
  })) as { id: number; orderStatus: OrderStatus } | null;
  if (!order || !STAFF_STEPS.includes(order.orderStatus)) return { delivered: false };
  let from = order.orderStatus;
  for (const to of STAFF_STEPS.slice(STAFF_STEPS.indexOf(from) + 1)) {
    const moved = await changeOrderStatus(strapi, {
      orderId: order.id,
      from,
      to,
      actor: { kind: "staff", label: "e2e@imperfecta.test" },
    });
    if (!moved) return { delivered: false };
    from = to;
  }
  return { delivered: true };
}

/**
 * Staff's edit of a product's season (decision 042), for a test that must see a seasonal box both in
 * and out of season whatever today's date is: every stored version of the product with `sku` gets
 * the days. How many rows it changed (0: no such product).
 */
export async function setSaleSeason(
  strapi: Core.Strapi,
  { sku, saleFrom, saleUntil }: { sku: string; saleFrom: string | null; saleUntil: string | null },
): Promise<{ updated: number }> {
  const { count } = (await strapi.db.query(CONTENT_TYPES.product).updateMany({
    where: { SKU: sku },
    data: { saleFrom, saleUntil },
  })) as { count: number };
  return { updated: count };
}
