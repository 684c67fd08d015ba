import type { OrderDraft } from "@shop/contracts";
import { purchaseRefusal } from "@shop/domain";
import type { BoxOffer } from "./views";

/** Why the box step does not offer a box the draft has: the key of its words in the step's texts. */
export type UnofferedBox = "notOffered" | "seasonalNotOffered" | "seasonalOnceOnly";

/**
 * The reason said beside a box of the draft that the step does not offer (docs/decisions/042). A
 * seasonal box is never sold in a subscription, whatever its zone and dates: a one-off draft switched
 * to a subscription at the plan step keeps its seasonal box, and "not delivered in your zone or on
 * the next dates" would send the customer after the wrong cause. Another seasonal box is out of its
 * zone or dates; any other box is not sold to this account.
 */
export function unofferedBox(
  productId: number,
  offer: Pick<BoxOffer, "seasonalIds">,
  purchase: OrderDraft["purchase"],
): UnofferedBox {
  if (!offer.seasonalIds.includes(productId)) return "notOffered";
  return purchaseRefusal({ isSeasonal: true }, purchase) ? "seasonalOnceOnly" : "seasonalNotOffered";
}
