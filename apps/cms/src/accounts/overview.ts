import type { Core } from "@strapi/strapi";
import type { AccountOverview, AccountOverviewQuery } from "@shop/contracts";
import { accountGiftCardsOf } from "../gift-cards/redeem";
import { listOwnOrders } from "../ordering/orders";
import { listPaymentMethods } from "../payments/card-setup";
import { SubscriptionNotFoundError } from "../subscriptions/errors";
import { listOwnSubscriptions, ownSubscriptionWithDeliveries, type Caller } from "../subscriptions/self-service";
import { listAddresses } from "./profile";

/**
 * GET /users/me/overview (docs/decisions/024): the parts of the customer's own data one account page
 * asks for, read at once behind the one session check the call made. Each part is the answer of its
 * own call (the orders list, the subscriptions list, one subscription and its deliveries, the address
 * book, the cards, the gift cards kept in the account), so a page reads the same whichever way it asks; a subscription that is not the
 * caller's throws the subscription services' not-found, as GET /subscriptions/mine/:id does. A part
 * that fails otherwise is answered null (and logged): the page still shows the others.
 */
export async function accountOverview(
  strapi: Core.Strapi,
  caller: Caller,
  query: AccountOverviewQuery,
  now: Date,
): Promise<AccountOverview> {
  const { userId } = caller;
  const wants = new Set(query.include);
  const { orders: limit, subscription: id } = query;
  const part = partReader(strapi);
  const [orders, subscriptions, subscription, addresses, cards, giftCards] = await Promise.all([
    limit === undefined ? undefined : part("orders", () => listOwnOrders(strapi, userId, limit)),
    wants.has("subscriptions") ? part("subscriptions", () => listOwnSubscriptions(strapi, caller, now)) : undefined,
    id === undefined ? undefined : part("subscription", () => ownSubscriptionWithDeliveries(strapi, caller, id, now)),
    wants.has("addresses") ? part("addresses", () => listAddresses(strapi, userId)) : undefined,
    wants.has("cards") ? part("cards", () => listPaymentMethods(strapi, userId)) : undefined,
    wants.has("giftCards") ? part("gift cards", () => accountGiftCardsOf(strapi, userId)) : undefined,
  ]);
  return {
    ...(orders !== undefined && { orders }),
    ...(subscriptions !== undefined && { subscriptions }),
    ...(subscription !== undefined && { subscription }),
    ...(addresses !== undefined && { addresses }),
    ...(cards !== undefined && { cards }),
    ...(giftCards !== undefined && { giftCards }),
  };
}

/** Reads one part on its own: its failure is logged and answered null, except a subscription not the caller's. */
function partReader(strapi: Core.Strapi) {
  return async <T>(name: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof SubscriptionNotFoundError) throw error;
      strapi.log.error(`Account overview: ${name} not read: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
}
