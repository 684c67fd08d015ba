import type { Core } from "@strapi/strapi";
import type { DeliveryAddress } from "@shop/contracts";
import type { Cents } from "@shop/domain";
import { sendEmailLater } from "../email/later";
import type { SubscriptionChange } from "../email/templates/subscription-changed";
import { storefrontLink } from "../storefront-links";
import type { SubscriptionRow } from "./store";

/**
 * The subscription's mails (docs/decisions/028), in the subscription's language, sent after the
 * answer (src/email/later.ts): a failed mail never undoes a change the customer was told is made.
 */

/** Confirms a change to the subscriber: what applies from when, and the next delivery with its charge. */
export async function sendSubscriptionChangedMail(
  strapi: Core.Strapi,
  {
    row,
    change,
    appliesFrom,
    nextDelivery,
    pricePerDelivery,
    lastDelivery = null,
  }: {
    row: SubscriptionRow;
    change: SubscriptionChange;
    appliesFrom: string | null;
    nextDelivery: string | null;
    pricePerDelivery: Cents | null;
    lastDelivery?: string | null;
  },
): Promise<void> {
  if (!row.user) return;
  sendEmailLater(strapi, {
    template: "subscriptionChanged",
    to: row.user.email,
    locale: row.locale,
    props: {
      name: row.user.firstName,
      change,
      appliesFrom,
      nextDelivery,
      pricePerDelivery,
      lastDelivery,
      url: storefrontLink("subscriptionDetail", row.locale, {}, { id: row.documentId }),
    },
  });
}

/** Tells the friend a subscriber sends a delivery to, in the subscription's language. */
export function sendGiftMail(
  strapi: Core.Strapi,
  {
    row,
    date,
    recipient,
  }: {
    row: SubscriptionRow;
    date: string;
    recipient: { name: string; email: string; address: DeliveryAddress; note: string };
  },
): void {
  sendEmailLater(strapi, {
    template: "subscriptionGift",
    to: recipient.email,
    locale: row.locale,
    props: {
      name: recipient.name,
      from: row.user?.firstName ?? null,
      date,
      street: recipient.address.line1,
      note: recipient.note,
      url: storefrontLink("home", row.locale),
    },
  });
}
