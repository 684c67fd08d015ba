import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";

/**
 * A referral reward applied by itself to a subscriber's next renewal (issue 23): the renewals job
 * prices a renewal with the reward only for a subscriber who has one waiting. Who has one is read
 * once per run (one query, whatever the number of renewals), keyed by the run's context object.
 */

const holdersByRun = new WeakMap<object, Promise<Set<number>>>();

async function rewardHolders(strapi: Core.Strapi): Promise<Set<number>> {
  const rows = (await strapi.db.query(CONTENT_TYPES.referralReward).findMany({
    where: { orderId: null },
    select: ["userId"],
  })) as { userId: number }[];
  return new Set(rows.map((row) => row.userId));
}

/**
 * priceDraft's `referrals` for this subscriber's renewal in the run `run` (any object that lives as
 * long as the run): the reward only, and undefined when they have none waiting (then the renewal's
 * price is the one every subscriber of that box shares, and may come from the run's cache).
 */
export async function renewalReferrals(
  strapi: Core.Strapi,
  run: object,
  userId: number,
): Promise<{ friendCode: false; reward: true } | undefined> {
  let holders = holdersByRun.get(run);
  if (holders === undefined) {
    holders = rewardHolders(strapi);
    holdersByRun.set(run, holders);
  }
  return (await holders).has(userId) ? { friendCode: false, reward: true } : undefined;
}
