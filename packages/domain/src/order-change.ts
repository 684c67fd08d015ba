import { couponDiscount, type Coupon } from "./coupons";
import type { DeliveryZone } from "./delivery";
import type { Cents } from "./money";
import { soldOrderTotals, type OrderTotals, type SoldLine } from "./order-totals";
import type { PriceAudience } from "./prices";

/**
 * What a one-off order costs after its customer lowered its quantities (docs/decisions/049): its
 * lines keep the prices they were sold at, and the order's rules are judged again on what is left.
 * A coupon below its minimum is lost; a percentage coupon gives its percentage of the lower goods, a
 * fixed one its amount; other discounts (refer-a-friend) stay what they were, never above the goods.
 * Delivery stays what was paid for it, and costs the zone's fee when the goods after discount fall
 * below the free-delivery threshold the order had reached.
 */

export type ChangeCoupon = Pick<Coupon, "kind" | "value" | "minimumOrder">;

export interface RepricedOrder {
  totals: OrderTotals;
  /** The order had the coupon's discount, and its lower goods no longer reach the coupon's minimum. */
  couponLost: boolean;
  /** Delivery was free, and the lower goods no longer reach the zone's threshold. */
  freeShippingLost: boolean;
}

/** The coupon's part of a discount on `goods`: nothing below its minimum. */
function couponPart(coupon: ChangeCoupon | null, goods: Cents): Cents {
  if (coupon === null || goods < coupon.minimumOrder) return 0;
  return couponDiscount(coupon, goods);
}

/**
 * The totals of an order's lines after a change of quantities (`lines`: the lines left, at their sold
 * prices; `before`: the order as it was paid). The coupon is the one the order used (null without
 * one, or when it no longer exists: its part is then kept as the other discounts are).
 */
export function repriceOrderChange({
  lines,
  audience,
  before,
  coupon,
  zone,
}: {
  lines: readonly SoldLine[];
  audience: PriceAudience;
  before: { goods: Cents; discount: Cents; shipping: Cents; hadCoupon: boolean };
  coupon: ChangeCoupon | null;
  zone: Pick<DeliveryZone, "shippingFee" | "freeShippingFrom">;
}): RepricedOrder {
  const goods = soldOrderTotals({ lines, audience, discount: 0, shippingFee: 0 }).goods;
  const usedCoupon = before.hadCoupon ? coupon : null;
  const couponBefore = couponPart(usedCoupon, before.goods);
  const otherDiscount = Math.max(0, before.discount - couponBefore);
  const couponNow = couponPart(usedCoupon, goods);
  const discount = Math.min(goods, couponNow + otherDiscount);
  const afterDiscount = goods - discount;
  const free = zone.freeShippingFrom !== null && afterDiscount >= zone.freeShippingFrom;
  // A fee that rose since the order is not charged to it: it keeps the one it paid.
  const shippingFee = free ? 0 : before.shipping > 0 ? before.shipping : zone.shippingFee;
  return {
    totals: soldOrderTotals({ lines, audience, discount, shippingFee }),
    couponLost: couponBefore > 0 && couponNow === 0,
    freeShippingLost: before.shipping === 0 && shippingFee > 0,
  };
}

/**
 * What a change gives back: what is left of the payment (earlier refunds counted) beyond the order's
 * new total, never below zero. Without earlier refunds it is what was paid less the new total; after
 * one (staff's, for a missing item), the customer is never left having paid less than the order now
 * costs, and the payment is never wholly refunded while the order is still to be delivered.
 */
export function changeRefundOf({ newTotal, refundable }: { newTotal: Cents; refundable: Cents }): Cents {
  return Math.max(0, refundable - newTotal);
}
