import type { Core } from "@strapi/strapi";
import type { MyReferrals, ReferralRules } from "@shop/contracts";
import { maskedFriendName, type ReferralRejection, type ReferralRewardKind } from "@shop/domain/referrals";
import { CONTENT_TYPES } from "../content-types";
import { ensureReferralCode } from "./referrals";
import { loadReferralSettings } from "./settings";

/**
 * What a customer sees of refer-a-friend (GET /referrals/mine): their code, each friend who ordered
 * with it (masked: a first name and an initial), each reward earned and what it saved, and the rules
 * in force. Only the caller's own rows are read.
 */

/** Friends and rewards shown: the newest first, as many as a page holds. */
const SHOWN = 100;

export async function referralRules(strapi: Core.Strapi): Promise<ReferralRules> {
  return loadReferralSettings(strapi);
}

const iso = (value: string | Date) => new Date(value).toISOString();

type History = Pick<MyReferrals, "friends" | "rewards" | "totalSaved">;

/**
 * The friends `userId` brought (masked) and their rewards, newest first: `limit` of each for their
 * page, every one (undefined) for their copy of their data.
 */
export async function referralHistoryOf(
  strapi: Core.Strapi,
  userId: number,
  { limit }: { limit: number | undefined },
): Promise<History> {
  const [referrals, rewards] = await Promise.all([
    strapi.db.query(CONTENT_TYPES.referral).findMany({
      where: { referrerId: userId },
      select: ["friendId", "referralStatus", "reason", "createdAt"],
      orderBy: { id: "desc" },
      ...(limit === undefined ? {} : { limit }),
    }) as Promise<
      {
        friendId: number;
        referralStatus: MyReferrals["friends"][number]["status"];
        reason: ReferralRejection | null;
        createdAt: string | Date;
      }[]
    >,
    strapi.db.query(CONTENT_TYPES.referralReward).findMany({
      where: { userId },
      select: ["kind", "value", "earnedAt", "usedAt", "saved", "orderId"],
      orderBy: { id: "desc" },
      ...(limit === undefined ? {} : { limit }),
    }) as Promise<
      {
        kind: ReferralRewardKind;
        value: number;
        earnedAt: string | Date;
        usedAt: string | Date | null;
        saved: number | null;
        orderId: number | null;
      }[]
    >,
  ]);
  const friendIds = [...new Set(referrals.map((row) => row.friendId))];
  const friends =
    friendIds.length === 0
      ? []
      : ((await strapi.db.query(CONTENT_TYPES.user).findMany({
          where: { id: { $in: friendIds } },
          select: ["id", "firstName", "lastName", "email"],
        })) as { id: number; firstName: string | null; lastName: string | null; email: string }[]);
  const byId = new Map(friends.map((friend) => [friend.id, friend]));
  return {
    friends: referrals.map((row) => {
      const friend = byId.get(row.friendId);
      return {
        // A friend who deleted their account since is shown without a name.
        name: friend ? maskedFriendName(friend) : "—",
        status: row.referralStatus,
        reason: row.referralStatus === "rejected" ? (row.reason ?? null) : null,
        since: iso(row.createdAt),
      };
    }),
    rewards: rewards.map((row) => ({
      kind: row.kind,
      value: row.value,
      earnedAt: iso(row.earnedAt),
      usedAt: row.orderId !== null && row.usedAt ? iso(row.usedAt) : null,
      saved: row.orderId !== null ? (row.saved ?? 0) : null,
    })),
    totalSaved: rewards.reduce((sum, row) => sum + (row.orderId !== null ? (row.saved ?? 0) : 0), 0),
  };
}

/** The caller's referrals; undefined when there is no such customer. */
export async function myReferrals(strapi: Core.Strapi, userId: number): Promise<MyReferrals | undefined> {
  const code = await ensureReferralCode(strapi, userId);
  if (code === undefined) return undefined;
  const [rules, history] = await Promise.all([
    referralRules(strapi),
    referralHistoryOf(strapi, userId, { limit: SHOWN }),
  ]);
  return { code, rules, ...history };
}
