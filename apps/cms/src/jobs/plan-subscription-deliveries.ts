import type { Core } from "@strapi/strapi";
import { shopDateOf } from "@shop/domain";
import { endDuePauses } from "../subscriptions/lifecycle";
import { lockDueDeliveries, planDeliveries, PLANNED_STATUSES } from "../subscriptions/plan";
import { CONTENT_TYPES } from "../content-types";

/** Subscriptions read per query: a long list is walked in pages, not loaded at once. */
const PAGE = 200;

export interface PlanningRun {
  pausesEnded: number;
  locked: number;
  planned: number;
}

/**
 * Hourly (src/jobs/index.ts), at `now`: pauses whose last day has passed end (the subscription is
 * active again), deliveries whose cut-off has come are locked, and every running subscription's
 * deliveries are generated ahead (src/subscriptions/plan.ts). Every CMS process runs it: the locks
 * and the pauses' ends are conditional updates, and a delivery planned twice is one row (the unique
 * index, insert-or-ignore), so two runs at once do each thing once.
 */
export async function planSubscriptionDeliveries(strapi: Core.Strapi, now: Date): Promise<PlanningRun> {
  const pausesEnded = await endDuePauses(strapi, now);
  const locked = await lockDueDeliveries(strapi, now);
  let planned = 0;
  for (let afterId = 0; ;) {
    const page = (await strapi.db.query(CONTENT_TYPES.subscription).findMany({
      where: { id: { $gt: afterId }, subscriptionStatus: { $in: [...PLANNED_STATUSES] } },
      select: ["id"],
      orderBy: { id: "asc" },
      limit: PAGE,
    })) as { id: number }[];
    for (const { id } of page) {
      try {
        planned += await planDeliveries(strapi, id, now);
      } catch (error) {
        // One subscription that cannot be planned (its zone's postcodes broken by hand) does not
        // hold back the others; the next run tries it again.
        strapi.log.error(
          `Subscription ${id} not planned on ${shopDateOf(now)}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (page.length < PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return { pausesEnded, locked, planned };
}
