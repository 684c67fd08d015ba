import { couponDiscount } from "../coupons";
import type { ReferralParty } from "./abuse";
import { shopDateOf } from "../delivery";
import type { Cents } from "../money";

/**
 * The numbers of refer-a-friend that staff set (the "Refer a friend" settings in the admin panel),
 * and what they come to in an order. One copy of each rule: the CMS prices orders and renewals with
 * them, and the public page states them as they are.
 */

export const REFERRAL_REWARD_KINDS = ["percent", "amount"] as const;
export type ReferralRewardKind = (typeof REFERRAL_REWARD_KINDS)[number];

export interface ReferralReward {
  /** A percentage off the referrer's next order, or an amount of credit. */
  kind: ReferralRewardKind;
  /** Basis points (1500 = 15 %) for a percentage; cents for an amount. */
  value: number;
}

export interface ReferralSettings {
  /** Whether the shop runs refer-a-friend at all; off, no code gives anything and no page offers it. */
  active: boolean;
  /** The friend's discount on their first order, in basis points of its goods (1500 = 15 %). */
  friendPercent: number;
  reward: ReferralReward;
  /** Days after the friend's delivery during which a refund still rejects the referral. */
  refundWindowDays: number;
  /** Rewards a referrer may earn per calendar month (Madrid time). */
  monthlyCap: number;
}

/** What the shop runs until staff change it (and what a shop that never saved the settings runs). */
export const REFERRAL_SETTINGS_DEFAULTS: ReferralSettings = {
  active: true,
  friendPercent: 1500,
  reward: { kind: "amount", value: 1000 },
  refundWindowDays: 14,
  monthlyCap: 5,
};

/** The friend's discount on goods worth `goods` (VAT included): a percentage, to the cent. */
export function friendDiscount(settings: Pick<ReferralSettings, "friendPercent">, goods: Cents): Cents {
  return couponDiscount({ kind: "percentage", value: settings.friendPercent }, goods);
}

/** What a reward takes off goods worth `goods`: its percentage, or its credit up to the goods. */
export function rewardDiscount(reward: ReferralReward, goods: Cents): Cents {
  return couponDiscount({ kind: reward.kind === "percent" ? "percentage" : "fixed", value: reward.value }, goods);
}

/** The calendar month (Madrid) an instant falls in, as "2026-11": what the monthly cap counts by. */
export function referralMonthOf(instant: Date): string {
  return shopDateOf(instant).slice(0, 7);
}

/**
 * A friend as their referrer sees them: the first name and the surname's initial ("Ana P."), or the
 * mailbox's first letter and domain ("a…@example.com") when they gave no name. A referrer learns no
 * more of a friend's account than that.
 */
export function maskedFriendName(friend: {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  const first = friend.firstName?.trim().split(/\s+/)[0] ?? "";
  const initial = Array.from(friend.lastName?.trim() ?? "")[0];
  if (first !== "") return initial ? `${first} ${initial.toUpperCase()}.` : first;
  const [local = "", domain = ""] = friend.email.trim().split("@");
  return `${Array.from(local)[0] ?? ""}…@${domain}`;
}

/**
 * What the friend is told when a code gives them nothing: no such code (or refer-a-friend is off), their
 * own code, or not their first order. Each is about the friend or the code alone, never about its owner:
 * a friend whose mailbox, door or card is the owner's is told nothing of it (see friendCodeRefusal).
 */
export const FRIEND_CODE_REFUSALS = ["unknown", "same_account", "not_first_order"] as const;
export type FriendCodeRefusal = (typeof FRIEND_CODE_REFUSALS)[number];

/**
 * Why a code typed (or brought by a share link) gives the customer no friend's discount, or null when
 * it does: no such code (or refer-a-friend is off), the customer's own account, or not their first
 * order. The same mailbox, door or card as the code's owner do not refuse the discount: codes are
 * posted publicly, so a refusal that changed with the draft's address (or a saved card, or a mailbox)
 * would tell anyone holding a code where its owner lives (docs/decisions/035). Those cost the owner
 * the reward instead (selfReferralReason, recorded on the referral for the owner and staff).
 */
export function friendCodeRefusal({
  settings,
  referrer,
  friend,
  friendHasOrdered,
}: {
  settings: Pick<ReferralSettings, "active">;
  referrer: ReferralParty | null;
  friend: ReferralParty;
  friendHasOrdered: boolean;
}): FriendCodeRefusal | null {
  if (!settings.active || referrer === null) return "unknown";
  if (referrer.userId === friend.userId) return "same_account";
  return friendHasOrdered ? "not_first_order" : null;
}
