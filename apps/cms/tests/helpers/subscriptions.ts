import type { Core } from "@strapi/strapi";
import type { SubscriptionStatus } from "@shop/domain/subscriptions";
import { CONTENT_TYPES } from "../../src/content-types";
import { planDeliveries } from "../../src/subscriptions/plan";
import { deliveryAddress } from "./ordering";

/**
 * Subscriptions stored the way the order flow leaves a paid one (src/ordering/orders.ts), for the
 * tests that need one without paying a first order: a weekly box from `anchor` on, in Spanish, for
 * a consumer, and its deliveries planned as the planning job would at `plannedAt`.
 */
export interface StoredSubscriptionOptions {
  userId: number;
  /** The first delivery date; the weekday follows from it. */
  anchor: string;
  status?: SubscriptionStatus;
  /** The box (one of it) and its zone; without them the subscription has no boxes and no zone. */
  box?: number;
  zone?: number;
  postcode?: string;
  /** The saved card renewals charge. */
  paymentMethodId?: number;
  /** What the customer was told the box costs, in cents (as the first order tells it); none without. */
  toldPrice?: number;
  /** Plans the deliveries as the job would at this time; unplanned without. */
  plannedAt?: Date;
}

export interface StoredSubscription {
  id: number;
  documentId: string;
}

export async function storedSubscription(
  strapi: Core.Strapi,
  options: StoredSubscriptionOptions,
): Promise<StoredSubscription> {
  const { userId, anchor, status = "active", box, zone, postcode = "46010" } = options;
  const created = (await strapi.db.query(CONTENT_TYPES.subscription).create({
    data: {
      user: userId,
      subscriptionStatus: status,
      frequency: "weekly",
      locale: "es",
      audience: "consumer",
      boxes: box === undefined ? [] : [{ productId: box, quantity: 1, exclusions: [] }],
      extras: [],
      ...(zone === undefined ? {} : { zone }),
      slotCode: "morning",
      deliveryAddress: zone === undefined ? {} : deliveryAddress(postcode),
      nextDeliveryDate: anchor,
      anchorDate: anchor,
      weekday: new Date(`${anchor}T12:00:00Z`).getUTCDay() || 7,
      ...(options.paymentMethodId === undefined ? {} : { paymentMethod: options.paymentMethodId }),
      ...(options.toldPrice === undefined || box === undefined
        ? {}
        : { toldPrices: { [String(box)]: [{ price: options.toldPrice, noticeSentAt: null }] } }),
    },
  })) as StoredSubscription;
  if (options.plannedAt) await planDeliveries(strapi, created.id, options.plannedAt);
  return created;
}
