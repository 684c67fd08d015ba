import type { Core } from "@strapi/strapi";
import type { OrderDraft } from "@shop/contracts";
import { normalizeCouponCode, type Cents, type OrderStatus } from "@shop/domain";
import {
  friendCodeRefusal,
  friendDiscount,
  rewardDiscount,
  selfReferralReason,
  type FriendCodeRefusal,
  type ReferralRejection,
  type ReferralRewardKind,
} from "@shop/domain/referrals";
import { CONTENT_TYPES } from "../content-types";
import { newDocumentId, tableOf, type Sql } from "../database/sql";
import { OrderError } from "../ordering/errors";
import { doorOf, referralPartyOf } from "./parties";
import { loadReferralSettings } from "./settings";

/**
 * What refer-a-friend takes off an order (issue 23): the friend's discount on their first order when
 * the draft carries someone's code, and the customer's own reward waiting for their next order or
 * renewal. Priced with the order (src/ordering/quote.ts) so that the summary and the order placed
 * say the same; held when the order is written (takeReferralHolds, inside its transaction), and the
 * reward given back when the order is cancelled (releaseReferralHolds).
 */

export interface FriendPricing {
  code: string;
  /** Why the code gives no discount here, or null: what the friend is told. */
  refusal: FriendCodeRefusal | null;
  /**
   * When the code gives the discount: how the friend turned out to be its owner (mailbox, door, card),
   * or null. Never in the quote (it would tell the friend where the owner lives); written on the
   * referral, which the owner and staff see, and it costs the owner the reward.
   */
  selfReason: ReferralRejection | null;
  discount: Cents;
  /** The code's owner; null when the code is no one's. */
  referrerId: number | null;
}

export interface ReferralPricing {
  friend: FriendPricing | null;
  reward: { id: number; discount: Cents } | null;
}

/** Statuses of an order that was paid: a customer with one has had their first order. */
const PAID_STATUSES: readonly OrderStatus[] = ["paid", "preparing", "shipped", "delivered", "refunded"];

/** The customer whose code this is (as typed), or null. */
export async function referrerOfCode(strapi: Core.Strapi, code: string): Promise<number | null> {
  const row = (await strapi.db.query(CONTENT_TYPES.user).findOne({
    where: { referralCode: normalizeCouponCode(code) },
    select: ["id"],
  })) as { id: number } | null;
  return row?.id ?? null;
}

async function hasOrdered(strapi: Core.Strapi, userId: number): Promise<boolean> {
  const count = await strapi.db
    .query(CONTENT_TYPES.order)
    .count({ where: { user: { id: userId }, orderStatus: { $in: PAID_STATUSES } } });
  return count > 0;
}

async function priceFriend(
  strapi: Core.Strapi,
  { draft, userId, goods }: { draft: OrderDraft; userId: number; goods: Cents },
): Promise<FriendPricing | null> {
  const code = draft.referralCode;
  if (code === null) return null;
  const settings = await loadReferralSettings(strapi);
  const referrerId = await referrerOfCode(strapi, code);
  const typed = draft.delivery?.address;
  const [referrer, friend, ordered] = await Promise.all([
    referrerId === null ? null : referralPartyOf(strapi, referrerId),
    referralPartyOf(strapi, userId, { moreDoors: typed ? [doorOf(typed)] : [] }),
    hasOrdered(strapi, userId),
  ]);
  if (!friend) return null;
  const refusal = friendCodeRefusal({ settings, referrer, friend, friendHasOrdered: ordered });
  return {
    code,
    refusal,
    selfReason: refusal === null && referrer !== null ? selfReferralReason(referrer, friend) : null,
    discount: refusal === null ? friendDiscount(settings, goods) : 0,
    referrerId: referrer === null ? null : referrerId,
  };
}

interface RewardRow {
  id: number;
  kind: ReferralRewardKind;
  value: number;
}

/** The customer's oldest reward not yet used, or null. */
async function waitingReward(strapi: Core.Strapi, userId: number): Promise<RewardRow | null> {
  return (await strapi.db.query(CONTENT_TYPES.referralReward).findOne({
    where: { userId, orderId: null },
    select: ["id", "kind", "value"],
    orderBy: { id: "asc" },
  })) as RewardRow | null;
}

/**
 * Refer-a-friend's part of an order for `userId` whose goods come to `goods` after `discountSoFar`
 * (the coupon's): the friend's discount when `friendCode` (the order flow; never a renewal), and a
 * waiting reward when `reward`. Signed out (null), none: who the customer is decides both.
 */
export async function priceReferrals(
  strapi: Core.Strapi,
  {
    draft,
    userId,
    goods,
    discountSoFar,
    use,
  }: {
    draft: OrderDraft;
    userId: number | null;
    goods: Cents;
    discountSoFar: Cents;
    use: { friendCode: boolean; reward: boolean };
  },
): Promise<ReferralPricing> {
  if (userId === null) return { friend: null, reward: null };
  const left = Math.max(0, goods - discountSoFar);
  const friend = use.friendCode ? await priceFriend(strapi, { draft, userId, goods: left }) : null;
  const stored = use.reward ? await waitingReward(strapi, userId) : null;
  const reward =
    stored === null ? null : { id: stored.id, discount: rewardDiscount(stored, left - (friend?.discount ?? 0)) };
  return { friend, reward };
}

/** The referral row of a friend's first order, as the order's transaction writes it. */
function referralRow(
  strapi: Core.Strapi,
  { friend, userId, orderId, now }: { friend: FriendPricing; userId: number; orderId: number; now: Date },
) {
  const table = tableOf(strapi, CONTENT_TYPES.referral);
  const rejected = friend.selfReason !== null;
  return {
    table,
    row: {
      [table.column("referrerId")]: friend.referrerId,
      [table.column("friendId")]: userId,
      [table.column("friendOrderId")]: orderId,
      [table.column("code")]: friend.code,
      [table.column("referralStatus")]: rejected ? "rejected" : "pending",
      [table.column("reason")]: friend.selfReason,
      [table.column("friendDiscount")]: friend.discount,
      [table.column("decidedAt")]: rejected ? now : null,
      [table.column("updatedAt")]: now,
    },
  };
}

/**
 * Inside the order's transaction: the friend's referral written (pending, or rejected with its
 * self-referral reason: the friend had the discount all the same, decision 035), and the reward taken. One referral per friend (a unique friend id): a
 * friend whose earlier first order was cancelled unpaid moves it to this order; one whose earlier
 * order stands was shown a discount they no longer have (409 price_changed: they look again). A
 * reward another order took meanwhile is 409 price_changed too.
 */
export async function takeReferralHolds(
  strapi: Core.Strapi,
  sql: Sql,
  { pricing, userId, orderId, now }: { pricing: ReferralPricing | null; userId: number; orderId: number; now: Date },
): Promise<void> {
  const friend = pricing?.friend;
  if (friend && friend.referrerId !== null && friend.refusal === null) {
    const { table, row } = referralRow(strapi, { friend, userId, orderId, now });
    const inserted = (await sql(table.name)
      .insert({
        ...row,
        [table.column("documentId")]: newDocumentId(),
        [table.column("createdAt")]: now,
        [table.column("publishedAt")]: now,
      })
      .onConflict(table.column("friendId"))
      .ignore()
      .returning("id")) as unknown[];
    if (inserted.length !== 1) {
      const earlier = (await sql(table.name)
        .where(table.column("friendId"), userId)
        .first("id", { orderId: table.column("friendOrderId") })) as { id: number; orderId: number };
      const orders = tableOf(strapi, CONTENT_TYPES.order);
      const earlierOrder = (await sql(orders.name)
        .where("id", earlier.orderId)
        .first({ status: orders.column("orderStatus") })) as { status: OrderStatus } | undefined;
      if (earlierOrder && earlierOrder.status !== "cancelled") {
        throw new OrderError("price_changed", ["referralCode"], {
          status: 409,
          message: "The friend's discount went to this customer's earlier order",
        });
      }
      await sql(table.name).where("id", earlier.id).update(row);
    }
  }
  const reward = pricing?.reward;
  if (reward && reward.discount > 0) {
    const rewards = tableOf(strapi, CONTENT_TYPES.referralReward);
    const taken = await sql(rewards.name)
      .where("id", reward.id)
      .whereNull(rewards.column("orderId"))
      .update({
        [rewards.column("orderId")]: orderId,
        [rewards.column("usedAt")]: now,
        [rewards.column("saved")]: reward.discount,
        [rewards.column("updatedAt")]: now,
      });
    if (taken !== 1) {
      throw new OrderError("price_changed", [], { status: 409, message: "The referral reward went to another order" });
    }
  }
}

/** Gives back the reward an order took (it was cancelled or refunded), inside `sql`. */
export async function releaseReferralHolds(strapi: Core.Strapi, sql: Sql, orderId: number): Promise<void> {
  const rewards = tableOf(strapi, CONTENT_TYPES.referralReward);
  await sql(rewards.name)
    .where(rewards.column("orderId"), orderId)
    .update({
      [rewards.column("orderId")]: null,
      [rewards.column("usedAt")]: null,
      [rewards.column("saved")]: null,
      [rewards.column("updatedAt")]: new Date(),
    });
}

/** What the order flow (its quote and its order) prices of refer-a-friend: both parts. */
export const ORDER_FLOW_REFERRALS = { friendCode: true, reward: true } as const;
