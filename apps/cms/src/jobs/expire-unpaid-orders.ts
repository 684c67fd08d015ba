import type { Core } from "@strapi/strapi";
import { ordersAwaitingSandboxApproval } from "../payments/sandbox-notifications";
import { changeOrderStatus, lockOrderRow } from "../ordering/status";
import type { Sql } from "../database/sql";
import { CONTENT_TYPES } from "../content-types";
import { dropExpiredDrafts } from "../ordering/drafts";
import { expireGiftCardPurchases } from "../gift-cards/expiry";

/** Orders expired per run at most: a backlog is worked off over the next minutes, not in one long run. */
const BATCH = 200;

/**
 * Every minute (src/jobs/index.ts): orders still unpaid past their payment deadline are cancelled,
 * which frees their delivery slot place and coupon use. Every CMS process runs it; the conditional
 * update in changeOrderStatus is the claim, so of two processes finding the same order only one
 * cancels it (and records it). How many this run cancelled.
 *
 * An order with an approval recorded on the sandbox's page and not yet delivered is left alone
 * (docs/decisions/015): the customer was told "payment completed", and the notification's next try
 * pays it; it expires as any other once the sandbox gives the notification up.
 */
export async function expireUnpaidOrders(strapi: Core.Strapi, now: Date = new Date()): Promise<number> {
  // Left out of the batch, so that orders waiting for their approval never hold back the others.
  const awaiting = await ordersAwaitingSandboxApproval(strapi);
  const due = (await strapi.db.query(CONTENT_TYPES.order).findMany({
    where: {
      orderStatus: { $in: ["pending_payment", "payment_failed"] },
      expiresAt: { $lt: now },
      ...(awaiting.size > 0 ? { id: { $notIn: [...awaiting] } } : {}),
    },
    select: ["id"],
    orderBy: { expiresAt: "asc" },
    limit: BATCH,
  })) as { id: number }[];
  let cancelled = 0;
  for (const { id } of due) {
    // One order that cannot be cancelled now (a payment being applied to it) waits for the next run;
    // the others of the batch are not held back by it.
    try {
      const moved = await strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
        // The order's lock first, as the sandbox's page takes it to record a decision: an approval
        // recorded just before the deadline, after the list above was read, is seen here.
        await lockOrderRow(strapi, trx, id);
        if ((await ordersAwaitingSandboxApproval(strapi, { orderIds: [id] })).size > 0) return false;
        return changeOrderStatus(strapi, {
          orderId: id,
          from: ["pending_payment", "payment_failed"],
          to: "cancelled",
          actor: { kind: "system", label: "system:payment-expiry" },
          note: "Not paid in time",
        });
      });
      if (moved) cancelled++;
    } catch (error) {
      strapi.log.warn(
        `Order ${id} was not expired this run: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return cancelled;
}

/** What one run of the expiry job did: orders cancelled, drafts dropped, gift card purchases expired. */
export interface ExpiryRun {
  orders: number;
  drafts: number;
  giftCards: number;
}

/**
 * The expiry job (src/jobs/index.ts, every minute): unpaid orders past their deadline cancelled,
 * order drafts past their expiry dropped (one conditional DELETE), and gift card purchases left
 * unpaid past theirs expired (docs/decisions/040). Each part claims its rows, so every CMS process
 * runs it and nothing is done twice.
 */
export async function expireUnpaid(strapi: Core.Strapi, now: Date): Promise<ExpiryRun> {
  const orders = await expireUnpaidOrders(strapi, now);
  const drafts = await dropExpiredDrafts(strapi, now);
  const giftCards = await expireGiftCardPurchases(strapi, now);
  return { orders, drafts, giftCards };
}
