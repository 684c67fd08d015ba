import type { Core } from "@strapi/strapi";
import { CONTENT_TYPES } from "../content-types";

/**
 * What Strapi's default Editor and Author roles are not given (docs/decisions/015): the content
 * types that hold customers' data or money. Strapi grants those roles every content type of a
 * fresh install, so a blog author would read customers' addresses, phones and orders, and change
 * an order's status or a coupon. The shop's staff get them through a role the super admin makes
 * (Settings > Administration panel > Roles), with the staff tools' own permission.
 */
export const CUSTOMER_DATA_SUBJECTS = [
  CONTENT_TYPES.user,
  CONTENT_TYPES.address,
  CONTENT_TYPES.newsletterConsent,
  CONTENT_TYPES.oneTimeToken,
  CONTENT_TYPES.session,
  CONTENT_TYPES.newsletterSubscriber,
  CONTENT_TYPES.companyLead,
  CONTENT_TYPES.contactMessage,
  CONTENT_TYPES.areaInterest,
  CONTENT_TYPES.deliverySlotDay,
  CONTENT_TYPES.orderDraft,
  CONTENT_TYPES.order,
  CONTENT_TYPES.orderEvent,
  CONTENT_TYPES.payment,
  CONTENT_TYPES.paymentNotification,
  CONTENT_TYPES.sandboxNotification,
  CONTENT_TYPES.paymentMethod,
  CONTENT_TYPES.subscription,
  CONTENT_TYPES.subscriptionDelivery,
  CONTENT_TYPES.subscriptionChange,
  CONTENT_TYPES.subscriptionPriceNotice,
  CONTENT_TYPES.coupon,
  CONTENT_TYPES.couponRedemption,
  CONTENT_TYPES.giftCard,
  CONTENT_TYPES.giftCardEntry,
  // Refer-a-friend's rows say who brought whom and hold rewards worth money; its settings set the
  // discounts; the mail queue holds customers' addresses and their mails.
  CONTENT_TYPES.referral,
  CONTENT_TYPES.referralReward,
  CONTENT_TYPES.referralSetting,
  CONTENT_TYPES.queuedMail,
  // Invoices print the buyer's name, tax id and address; their counters number them (decision 039).
  CONTENT_TYPES.invoice,
  CONTENT_TYPES.invoiceCounter,
] as const;

/** The roles Strapi creates for content work. */
const CONTENT_ROLE_CODES = ["strapi-editor", "strapi-author"] as const;

/** Bumped when CUSTOMER_DATA_SUBJECTS grows, so that an existing install withholds the new ones once. */
const WITHHELD_VERSION = 7;
const STORE_KEY = { type: "core", name: "imperfecta", key: "content-roles-withheld" } as const;

interface Store {
  get(params: typeof STORE_KEY): Promise<unknown>;
  set(params: typeof STORE_KEY & { value: unknown }): Promise<void>;
}

/**
 * Takes the customer-data content types away from the Editor and Author roles, once per
 * WITHHELD_VERSION (a super admin who later grants one of them on purpose keeps the grant). Run
 * under the startup lock. How many permissions were removed.
 */
export async function withholdCustomerDataFromContentRoles(strapi: Core.Strapi): Promise<number> {
  const store = strapi.store as unknown as Store;
  if (Number(await store.get(STORE_KEY)) >= WITHHELD_VERSION) return 0;
  const roles = (await strapi.db.query(CONTENT_TYPES.adminRole).findMany({
    where: { code: { $in: [...CONTENT_ROLE_CODES] } },
    select: ["id"],
  })) as { id: number }[];
  const { count } =
    roles.length === 0
      ? { count: 0 }
      : ((await strapi.db.query(CONTENT_TYPES.adminPermission).deleteMany({
          where: { role: { id: { $in: roles.map(({ id }) => id) } }, subject: { $in: [...CUSTOMER_DATA_SUBJECTS] } },
        })) as { count: number });
  await store.set({ ...STORE_KEY, value: WITHHELD_VERSION });
  if (count > 0) strapi.log.info(`Editor and Author roles: ${count} permissions on customers' data withheld`);
  return count;
}
