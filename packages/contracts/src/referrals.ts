import { REFERRAL_REWARD_KINDS } from "@shop/domain/referrals";
import { z } from "zod";
import { referralCodeSchema, referralRewardSchema, referredFriendSchema } from "./account-data";

/**
 * Refer-a-friend (issue 23, docs/decisions/033): the rules as staff set them, which the public page
 * states, and a customer's own referrals and rewards.
 */

const centsField = z.number().int().nonnegative();

/** GET /referrals/rules: the numbers the shop keeps (percentages in basis points, amounts in cents). */
export const referralRulesSchema = z.object({
  active: z.boolean(),
  friendPercent: z.number().int().min(0).max(10_000),
  reward: z.object({ kind: z.enum(REFERRAL_REWARD_KINDS), value: z.number().int().nonnegative() }),
  refundWindowDays: z.number().int().nonnegative(),
  monthlyCap: z.number().int().nonnegative(),
});
export type ReferralRules = z.output<typeof referralRulesSchema>;

/** GET /referrals/codes/:code: whether the code is a customer's while refer-a-friend runs. */
export const referralCodeCheckSchema = z.object({ valid: z.boolean() });

/** GET /referrals/mine: the customer's code, each friend they brought, their rewards. */
export const myReferralsSchema = z.object({
  code: referralCodeSchema,
  rules: referralRulesSchema,
  friends: z.array(referredFriendSchema),
  rewards: z.array(referralRewardSchema),
  totalSaved: centsField,
});
export type MyReferrals = z.output<typeof myReferralsSchema>;
