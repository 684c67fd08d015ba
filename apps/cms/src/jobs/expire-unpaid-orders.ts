import type { Core } from "@strapi/strapi";
import { changeOrderStatus, ORDER_UID } from "../services/order-status";

/** Orders expired per run at most: a backlog is worked off over the next minutes, not in one long run. */
const BATCH = 200;

/**
 * Every minute (src/jobs/index.ts): orders still unpaid past their payment deadline are cancelled,
 * which frees their delivery slot place and coupon use. Every CMS process runs it; the conditional
 * update in changeOrderStatus is the claim, so of two processes finding the same order only one
 * cancels it (and records it). How many this run cancelled.
 */
export async function expireUnpaidOrders(strapi: Core.Strapi, now: Date = new Date()): Promise<number> {
  const due = (await strapi.db.query(ORDER_UID).findMany({
    where: { orderStatus: { $in: ["pending_payment", "payment_failed"] }, expiresAt: { $lt: now } },
    select: ["id"],
    orderBy: { expiresAt: "asc" },
    limit: BATCH,
  })) as { id: number }[];
  let cancelled = 0;
  for (const { id } of due) {
    // One order that cannot be cancelled now (a payment being applied to it) waits for the next run;
    // the others of the batch are not held back by it.
    try {
      const moved = await changeOrderStatus(strapi, {
        orderId: id,
        from: ["pending_payment", "payment_failed"],
        to: "cancelled",
        actor: { kind: "system", label: "system:payment-expiry" },
        note: "Not paid in time",
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
