import type { Core } from "@strapi/strapi";
import type { AccountOverview, AccountOverviewQuery } from "@shop/contracts";
import { listOwnOrders } from "../ordering/orders";
import { listPaymentMethods } from "../payments/card-setup";
import { listOwnSubscriptions, ownSubscriptionWithDeliveries } from "../subscriptions/self-service";
import { listAddresses } from "./profile";

/**
 * GET /users/me/overview (docs/decisions/024): the parts of the customer's own data one account page
 * asks for, read at once behind the one session check the call made. Each part is the answer of its
 * own call (the orders list, the subscriptions list, one subscription and its deliveries, the address
 * book, the cards), so a page reads the same whichever way it asks; a subscription that is not the
 * caller's throws the subscription services' not-found, as GET /subscriptions/mine/:id does.
 */
export async function accountOverview(
  strapi: Core.Strapi,
  caller: { userId: number; email: string },
  query: AccountOverviewQuery,
  now: Date,
): Promise<AccountOverview> {
  const { userId } = caller;
  const wants = new Set(query.include);
  const { orders: limit, subscription: id } = query;
  const [orders, subscriptions, subscription, addresses, cards] = await Promise.all([
    limit === undefined ? undefined : listOwnOrders(strapi, userId, limit),
    wants.has("subscriptions") ? listOwnSubscriptions(strapi, caller, now) : undefined,
    id === undefined ? undefined : ownSubscriptionWithDeliveries(strapi, caller, id, now),
    wants.has("addresses") ? listAddresses(strapi, userId) : undefined,
    wants.has("cards") ? listPaymentMethods(strapi, userId) : undefined,
  ]);
  return {
    ...(orders && { orders }),
    ...(subscriptions && { subscriptions }),
    ...(subscription && { subscription }),
    ...(addresses && { addresses }),
    ...(cards && { cards }),
  };
}
