import type { Core } from "@strapi/strapi";
import type { OrderDraft, OrderQuote, QuoteLine } from "@shop/contracts";
import {
  addTax,
  goodsTotal,
  orderTotals,
  shippingFeeFor,
  zoneForPostcode,
  type DeliveryZone,
  type LineInput,
  type Locale,
  type PriceAudience,
} from "@shop/domain";
import { judgeCoupon, type CouponOutcome } from "../coupons/coupons";
import { loadZones } from "../delivery/delivery";
import { OrderError } from "./errors";
import {
  checkDraftProducts,
  checkDraftSale,
  draftProductIds,
  loadOrderProducts,
  productName,
  type OrderProduct,
} from "./products";
import { findUser } from "../accounts/sessions";
import { priceReferrals, type ReferralPricing } from "../referrals/pricing";

/**
 * The price of a draft, now: the catalogue's prices and tax rates of the moment, the coupon's rules
 * and the zone's shipping, through the domain's orderTotals (the same code the storefront shows).
 * Nothing the client sends is a price. The quote of the summary and the order placed both come from
 * here.
 */

/** Who the customer is for prices: companies see net prices, everyone else (and the signed-out) consumer ones. */
export async function customerAudience(strapi: Core.Strapi, userId: number | null): Promise<PriceAudience> {
  if (userId === null) return "consumer";
  return audienceOf(await findUser(strapi, { id: userId }));
}

/** customerAudience of a customer already read (with its `customerKind`): for a page of many read at once. */
export function audienceOf(user: { customerKind?: string | null } | null): PriceAudience {
  return user?.customerKind === "company" ? "business" : "consumer";
}

/** A priced line with what the order snapshots of it besides the quote's fields. */
export interface PricedLine extends QuoteLine {
  /** Net unit price, as the domain's LineInput takes it. */
  netUnitPrice: number;
  exclusionIds: number[];
  /** A box's type and size when it was sold, for the packing list; null for an extra. */
  boxKind: string | null;
  size: string | null;
}

export interface PricedDraft {
  quote: OrderQuote;
  lines: PricedLine[];
  zone: DeliveryZone;
  coupon: CouponOutcome | null;
  /** Refer-a-friend's part, when it was asked for (priceDraft's `referrals`). */
  referral: ReferralPricing | null;
  totals: ReturnType<typeof orderTotals>;
}

/**
 * Net unit prices of boxes by product id that replace the catalogue's: a subscription's renewal
 * charges the price its subscriber was told (src/subscriptions/price-notices/, docs/decisions/032).
 */
export type BoxPrices = ReadonlyMap<number, number>;

function unpricedLines(
  draft: OrderDraft,
  products: ReadonlyMap<number, OrderProduct>,
  { audience, locale, boxPrices }: { audience: PriceAudience; locale: Locale; boxPrices?: BoxPrices },
): Omit<PricedLine, "gross" | "tax" | "discount">[] {
  const line = (productId: number, netPrice?: number) => {
    // checkDraftProducts has found every id.
    const product = products.get(productId)!;
    const price = netPrice ?? product.price;
    return {
      productId,
      name: productName(product, locale),
      netUnitPrice: price,
      unitPrice: audience === "consumer" ? addTax(price, product.taxRate) : price,
      taxRate: product.taxRate,
    };
  };
  return [
    ...draft.boxes.map((box) => ({
      kind: "box" as const,
      ...line(box.productId, boxPrices?.get(box.productId)),
      quantity: box.quantity,
      frequency: null,
      exclusionIds: box.exclusions,
      exclusions: box.exclusions.map((id) => productName(products.get(id)!, locale)),
      boxKind: products.get(box.productId)!.itemType,
      size: products.get(box.productId)!.boxType,
    })),
    ...draft.extras.map((extra) => ({
      kind: "extra" as const,
      ...line(extra.productId),
      quantity: extra.quantity,
      frequency: extra.frequency,
      exclusionIds: [],
      exclusions: [],
      boxKind: null,
      size: null,
    })),
  ];
}

/**
 * Prices a draft for a customer (`userId` null: signed out, as a consumer). 400 draft_incomplete at
 * ["postcode"] without a covered postcode, and the products' refusals (order-products.ts) when the
 * catalogue has changed since the step was done.
 */
export async function priceDraft(
  strapi: Core.Strapi,
  draft: OrderDraft,
  {
    userId,
    locale,
    now,
    boxPrices,
    referrals,
    saleLimits = "judged",
    audience: knownAudience,
  }: {
    userId: number | null;
    locale: Locale;
    now: Date;
    boxPrices?: BoxPrices;
    /**
     * Refer-a-friend's part (src/referrals/pricing.ts): the friend's discount of the draft's code
     * (the order flow) and the customer's waiting reward (the order flow and renewals). Without it,
     * neither: a subscription's quotes and notices show the catalogue's price.
     */
    referrals?: { friendCode: boolean; reward: boolean };
    /**
     * When and where the boxes are sold (decision 042): "judged" for what a customer is choosing now
     * (the order flow, the default); "grandfathered" for a subscription already taken (its renewals,
     * restart and quotes), which sale limits set on its products afterwards do not stop.
     */
    saleLimits?: "judged" | "grandfathered";
    /** The customer's, when the caller has read the customer already (placing an order): not read again. */
    audience?: PriceAudience;
  },
): Promise<PricedDraft> {
  const zone = draft.postcode === null ? null : zoneForPostcode(await loadZones(strapi), draft.postcode);
  if (!zone) throw new OrderError(draft.postcode === null ? "draft_incomplete" : "not_covered", ["postcode"]);
  const audience = knownAudience ?? (await customerAudience(strapi, userId));
  const products = await loadOrderProducts(strapi, draftProductIds(draft));
  checkDraftProducts(products, draft, audience);
  if (saleLimits === "judged") checkDraftSale(products, draft, { zoneId: zone.id, date: draft.delivery?.date ?? null });

  const unpriced = unpricedLines(draft, products, { audience, locale, boxPrices });
  const inputs: LineInput[] = unpriced.map((line) => ({
    unitPrice: line.netUnitPrice,
    taxRate: line.taxRate,
    quantity: line.quantity,
  }));
  const goods = goodsTotal(inputs, audience);
  const coupon =
    draft.couponCode === null ? null : await judgeCoupon(strapi, { code: draft.couponCode, goods, userId, now });
  const couponDiscount = coupon?.discount ?? 0;
  const referral = referrals
    ? await priceReferrals(strapi, { draft, userId, goods, discountSoFar: couponDiscount, use: referrals })
    : null;
  const discount = Math.min(
    goods,
    couponDiscount + (referral?.friend?.discount ?? 0) + (referral?.reward?.discount ?? 0),
  );
  const totals = orderTotals({
    lines: inputs,
    audience,
    discount,
    shippingFee: shippingFeeFor(zone, goods - Math.min(discount, goods)),
  });
  const lines = unpriced.map((line, index) => {
    const total = totals.lines[index]!;
    return { ...line, gross: total.gross + total.discount, tax: total.tax, discount: total.discount };
  });
  return {
    lines,
    zone,
    coupon,
    referral,
    totals,
    quote: {
      audience,
      lines: lines.map(({ netUnitPrice: _net, exclusionIds: _ids, boxKind: _kind, size: _size, ...line }) => line),
      goods: totals.goods,
      discount: totals.discount,
      shipping: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      coupon: coupon && { code: coupon.code, refusal: coupon.refusal },
      freeShippingFrom: zone.freeShippingFrom,
      ...(referral && {
        referral: referral.friend && {
          code: referral.friend.code,
          refusal: referral.friend.refusal,
          discount: referral.friend.discount,
        },
        reward: referral.reward && { discount: referral.reward.discount },
      }),
    },
  };
}
