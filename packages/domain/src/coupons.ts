import type { Cents } from "./money";
import { divideRoundHalfAwayFromZero } from "./tax";

export const COUPON_KINDS = ["percentage", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export interface Coupon {
  /** As normalizeCouponCode leaves it. */
  code: string;
  kind: CouponKind;
  /** percentage: basis points (1000 = 10 %, at most 10 000); fixed: gross cents off the goods. */
  value: number;
  /** Usable from this instant on; null: from its creation. */
  validFrom: Date | null;
  /** Usable up to and including this instant; null: no end. */
  validUntil: Date | null;
  /** Goods before any discount (gross) an order must reach; 0: none. */
  minimumOrder: Cents;
  /** Redemptions allowed in all; null: no limit. */
  usageLimit: number | null;
}

/** Why a code is not accepted, as codes the storefront translates. */
export const COUPON_REFUSALS = [
  "unknown",
  "not_yet_valid",
  "expired",
  "minimum_not_reached",
  "already_used",
  "exhausted",
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** What customers type is matched without regard to spaces around it or letter case. */
export function normalizeCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * Why `coupon` (null: no coupon has the code) cannot be used now on goods worth `goods`, or null when
 * it can. The reasons come in the order a customer can do least about, so that one who fixes the
 * reason shown is not then told of another: the minimum order, which adding goods fixes, comes last.
 * The usage limit is checked here for the message; the redemption itself is the database's
 * conditional update, which is what holds the limit when customers race for the last use.
 */
export function couponRefusal(
  coupon: Coupon | null,
  { now, goods, usedByCustomer, timesUsed }: { now: Date; goods: Cents; usedByCustomer: boolean; timesUsed: number },
): CouponRefusal | null {
  if (!coupon) return "unknown";
  if (coupon.validFrom && now.getTime() < coupon.validFrom.getTime()) return "not_yet_valid";
  if (coupon.validUntil && now.getTime() > coupon.validUntil.getTime()) return "expired";
  if (coupon.usageLimit !== null && timesUsed >= coupon.usageLimit) return "exhausted";
  if (usedByCustomer) return "already_used";
  if (goods < coupon.minimumOrder) return "minimum_not_reached";
  return null;
}

/**
 * The gross discount `coupon` gives on goods worth `goods` (gross, before discount): a percentage
 * rounded to the cent, halves away from zero, or the fixed amount; never more than the goods.
 */
export function couponDiscount(coupon: Pick<Coupon, "kind" | "value">, goods: Cents): Cents {
  const { kind, value } = coupon;
  if (!Number.isSafeInteger(goods) || goods < 0) throw new RangeError(`Not goods in cents: ${goods}`);
  if (!Number.isSafeInteger(value) || value < 0 || (kind === "percentage" && value > 10_000)) {
    throw new RangeError(`Not a ${kind} coupon value: ${value}`);
  }
  const discount =
    kind === "percentage" ? Number(divideRoundHalfAwayFromZero(BigInt(goods) * BigInt(value), 10_000n)) : value;
  return Math.min(discount, goods);
}
