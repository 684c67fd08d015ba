import type { ReferralRejection } from "./abuse";

/**
 * A referral's life (issue 23): pending from the friend's first order with the code; qualified once
 * that order is paid, delivered, and the period staff set has passed without a refund; rewarded when
 * the referrer's reward is granted (and then applied by itself to their next order or renewal);
 * rejected, with its reason, at any point before the reward.
 */
export const REFERRAL_STATUSES = ["pending", "qualified", "rewarded", "rejected"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export interface FriendOrderFacts {
  paid: boolean;
  /** When it was delivered, or null while it has not been. */
  deliveredAt: Date | null;
  /** Any refund, whole or partial, of that order. */
  refunded: boolean;
  /**
   * The order was cancelled (by the customer, staff, or its payment's expiry) without ever being
   * paid, or is gone: it will never be delivered, so waiting for it would leave the referral pending
   * for good. The friend's next first order with the code takes the referral over (decision 035).
   */
  closedUnpaid: boolean;
}

export interface QualifyRules {
  /** Days after delivery during which a refund still rejects the referral. */
  refundWindowDays: number;
  /** Rewards a referrer may earn per calendar month (Madrid time, decided by the caller). */
  monthlyCap: number;
}

export type ReferralStep = { kind: "wait" } | { kind: "qualify" } | { kind: "reject"; reason: ReferralRejection };

const DAY_MS = 86_400_000;

/**
 * What to do with a pending referral now, from its friend's first order: wait for payment, delivery
 * and the refund window; reject it if that order was refunded or closed unpaid; qualify it once the window has passed,
 * unless the referrer has had this month's cap of rewards already.
 */
export function nextReferralStep(
  order: FriendOrderFacts,
  rules: QualifyRules,
  context: { now: Date; rewardsThisMonth: number },
): ReferralStep {
  if (order.refunded) return { kind: "reject", reason: "refunded" };
  if (order.closedUnpaid) return { kind: "reject", reason: "not_paid" };
  if (!order.paid || order.deliveredAt === null) return { kind: "wait" };
  if (context.now.getTime() < order.deliveredAt.getTime() + rules.refundWindowDays * DAY_MS) return { kind: "wait" };
  if (context.rewardsThisMonth >= rules.monthlyCap) return { kind: "reject", reason: "monthly_cap" };
  return { kind: "qualify" };
}
