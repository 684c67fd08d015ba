import type { Core } from "@strapi/strapi";
import type { DeliveryAddress } from "@shop/contracts";
import { doorIdentity, type ReferralParty } from "@shop/domain/referrals";
import { CONTENT_TYPES } from "../content-types";

/**
 * A customer as the self-referral rules compare them (packages/domain/src/referrals/abuse.ts): their
 * account, mailbox, every door they keep or had an order delivered to, and every card they saved.
 */

/** Orders read for their doors: a customer with more has long stopped being anyone's new friend. */
const ORDERS_READ = 50;

/**
 * A card as far as the shop can tell it apart: the gateways give the shop no fingerprint of the
 * number (the sandbox none at all), so brand, last four digits and expiry stand in for one. Two
 * people's cards alike in all three are rare; the same card saved on two accounts always matches.
 */
export function cardIdentity(card: {
  brand: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
}): string | null {
  if (!card.last4) return null;
  return `${(card.brand ?? "").toLowerCase()}|${card.last4}|${card.expiryMonth ?? ""}/${card.expiryYear ?? ""}`;
}

export const doorOf = (address: Pick<DeliveryAddress, "line1" | "line2" | "postalCode">): string =>
  doorIdentity({ line1: address.line1, line2: address.line2, postcode: address.postalCode });

/** The customer as a party, with `moreDoors` (the draft's delivery); null when there is no such customer. */
export async function referralPartyOf(
  strapi: Core.Strapi,
  userId: number,
  { moreDoors = [] }: { moreDoors?: readonly string[] } = {},
): Promise<ReferralParty | null> {
  const user = (await strapi.db.query(CONTENT_TYPES.user).findOne({ where: { id: userId }, select: ["email"] })) as {
    email: string;
  } | null;
  if (!user) return null;
  const [book, orders, cards] = await Promise.all([
    strapi.db.query(CONTENT_TYPES.address).findMany({
      where: { user: { id: userId } },
      select: ["line1", "line2", "postalCode"],
    }) as Promise<Pick<DeliveryAddress, "line1" | "line2" | "postalCode">[]>,
    strapi.db.query(CONTENT_TYPES.order).findMany({
      where: { user: { id: userId } },
      select: ["deliveryAddress"],
      orderBy: { id: "desc" },
      limit: ORDERS_READ,
    }) as Promise<{ deliveryAddress: DeliveryAddress | null }[]>,
    strapi.db.query(CONTENT_TYPES.paymentMethod).findMany({
      where: { user: { id: userId } },
      select: ["brand", "last4", "expiryMonth", "expiryYear"],
    }) as Promise<Parameters<typeof cardIdentity>[0][]>,
  ]);
  const doors = new Set<string>(moreDoors);
  for (const address of book) doors.add(doorOf(address));
  for (const order of orders) if (order.deliveryAddress?.line1) doors.add(doorOf(order.deliveryAddress));
  return {
    userId,
    email: user.email,
    doors: [...doors],
    cardFingerprints: cards.flatMap((card) => cardIdentity(card) ?? []),
  };
}
