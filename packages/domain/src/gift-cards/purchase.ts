import { daysBetween, shopDateOf, type IsoDate } from "../delivery";
import type { GiftCardAmountLimits } from "./amounts";

/**
 * What a gift card's buyer chooses besides its amount (issue 23, docs/decisions/033 and 036): one of
 * the illustrated designs, and the day the recipient's e-mail goes out.
 */

/** The illustrated designs a card is sold in (drawn by the storefront, named in the card's row). */
export const GIFT_CARD_DESIGNS = ["harvest", "orchard", "basket", "sunrise"] as const;
export type GiftCardDesign = (typeof GIFT_CARD_DESIGNS)[number];

/** The custom amount's limits while staff have set none in the shop settings: 10 € to 300 €. */
export const DEFAULT_GIFT_CARD_LIMITS: GiftCardAmountLimits = { minimum: 1000, maximum: 30_000 };

/** How far ahead the recipient's e-mail may be planned: a year, so a birthday can be bought early. */
export const GIFT_CARD_SEND_MAX_DAYS_AHEAD = 366;

export const GIFT_CARD_SEND_ON_REFUSALS = ["in_the_past", "too_far"] as const;
export type GiftCardSendOnRefusal = (typeof GIFT_CARD_SEND_ON_REFUSALS)[number];

/**
 * Why a chosen sending day is refused, or null. Days are Madrid's (the shop's): today is allowed and
 * means "as soon as it is paid"; yesterday is not, even at 00:30 in Lisbon.
 */
export function giftCardSendOnRefusal(sendOn: IsoDate, now: Date): GiftCardSendOnRefusal | null {
  const ahead = daysBetween(shopDateOf(now), sendOn);
  if (ahead < 0) return "in_the_past";
  if (ahead > GIFT_CARD_SEND_MAX_DAYS_AHEAD) return "too_far";
  return null;
}

/**
 * The limits staff set, or the defaults for a limit not set or not making sense (a minimum above the
 * maximum, a value that is not a positive whole number of cents).
 */
export function giftCardLimitsOf(set: { minimum: number | null; maximum: number | null }): GiftCardAmountLimits {
  const valid = (value: number | null): value is number => value !== null && Number.isSafeInteger(value) && value > 0;
  const minimum = valid(set.minimum) ? set.minimum : DEFAULT_GIFT_CARD_LIMITS.minimum;
  const maximum = valid(set.maximum) ? set.maximum : DEFAULT_GIFT_CARD_LIMITS.maximum;
  return minimum <= maximum ? { minimum, maximum } : DEFAULT_GIFT_CARD_LIMITS;
}
