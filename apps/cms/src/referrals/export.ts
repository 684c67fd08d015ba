import type { Core } from "@strapi/strapi";
import type { AccountExport } from "@shop/contracts";
import { CONTENT_TYPES } from "../content-types";
import { referralHistoryOf } from "./mine";

/**
 * Refer-a-friend's part of the customer's copy of their data (GET /users/me/export, decision 023):
 * every friend they brought, masked as on their referrals page (a friend's own data is the
 * friend's), every reward with what it saved, and the code their own first order used.
 */
export async function exportReferrals(strapi: Core.Strapi, userId: number): Promise<AccountExport["referrals"]> {
  const { friends, rewards } = await referralHistoryOf(strapi, userId, { limit: undefined });
  const invited = (await strapi.db.query(CONTENT_TYPES.referral).findOne({
    where: { friendId: userId },
    select: ["code", "friendDiscount"],
  })) as { code: string; friendDiscount: number } | null;
  return {
    friends,
    rewards: rewards.map(({ kind, value, earnedAt, usedAt, saved }) => ({ kind, value, earnedAt, usedAt, saved })),
    invitedWith: invited ? { code: invited.code, discount: Number(invited.friendDiscount) } : null,
  };
}
