import type { Cents } from "../money";

/** The custom amount's bounds, set by staff (shop settings); whole euros are what people give. */
export interface GiftCardAmountLimits {
  minimum: Cents;
  maximum: Cents;
}

export const GIFT_CARD_AMOUNT_REFUSALS = ["not_whole_euros", "below_minimum", "above_maximum"] as const;
export type GiftCardAmountRefusal = (typeof GIFT_CARD_AMOUNT_REFUSALS)[number];

/**
 * The amounts offered as buttons: what the boxes cost (one delivery of each box the shop sells, so a
 * card pays for a box), within the limits, each once, cheapest first.
 */
export function offeredGiftCardAmounts(boxPrices: readonly Cents[], limits: GiftCardAmountLimits): Cents[] {
  const inLimits = boxPrices.filter((price) => price >= limits.minimum && price <= limits.maximum);
  return [...new Set(inLimits)].sort((a, b) => a - b);
}

/**
 * Why a custom amount is refused, or null. Offered amounts are allowed as they are (a box can cost
 * 24,90 €); an amount the buyer types must be whole euros, like the cards shops sell over a counter.
 */
export function giftCardAmountRefusal(
  amount: Cents,
  limits: GiftCardAmountLimits,
  offered: readonly Cents[],
): GiftCardAmountRefusal | null {
  if (offered.includes(amount)) return null;
  if (!Number.isSafeInteger(amount) || amount % 100 !== 0) return "not_whole_euros";
  if (amount < limits.minimum) return "below_minimum";
  if (amount > limits.maximum) return "above_maximum";
  return null;
}
