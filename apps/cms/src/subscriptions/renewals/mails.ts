import type { Core } from "@strapi/strapi";
import { toLocale } from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import { queueMail } from "../../email/queue";
import type { RenewalMailKind } from "../../email/templates/subscription-renewal";
import { amountDueOf } from "../../gift-cards/redeem";
import { storefrontLink } from "../../storefront-links";

/**
 * The renewals' dunning mails (docs/decisions/030, 043), in the subscription's language: queued as
 * rows of the mail queue (src/email/queue.ts) inside the transaction that claims the step they tell
 * (the pay link's `payLinkSentAt`, the deadline's `collectionEndedAt`), so that a crash before the
 * commit leaves step and mail to the next run, and one after it leaves the mail to the queue: never
 * lost, never twice. Each is keyed by its delivery and kind, so queueing it again writes nothing.
 * The pay link is the storefront's page for paying an order (the same as a failed on-session
 * payment's mail).
 */
export async function queueRenewalMail(
  strapi: Core.Strapi,
  {
    deliveryId,
    subscriptionId,
    kind,
    date,
    order,
    now,
  }: {
    deliveryId: number;
    subscriptionId: number;
    kind: RenewalMailKind;
    date: string;
    order: { number: string; total: number; giftCardsPaid?: number | null } | null;
    now: Date;
  },
): Promise<boolean> {
  const row = (await strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { id: subscriptionId },
    select: ["documentId", "locale"],
    populate: { user: { select: ["email", "firstName"] } },
  })) as { documentId: string; locale: string; user: { email: string; firstName: string | null } | null } | null;
  if (!row?.user) return false;
  const locale = toLocale(row.locale);
  const payable = (kind === "payLink" || kind === "retrying") && order !== null;
  return queueMail(strapi, {
    key: renewalMailKey(deliveryId, kind),
    now,
    message: {
      template: "subscriptionRenewal",
      to: row.user.email,
      locale,
      props: {
        name: row.user.firstName,
        kind,
        date,
        // What the bank was asked for and the pay link asks: the account's gift cards paid the rest.
        amount: order === null ? 0 : amountDueOf(order),
        url: payable
          ? storefrontLink("orderPay", locale, { order: order.number })
          : storefrontLink("subscriptionDetail", locale, {}, { id: row.documentId }),
      },
    },
  });
}

/** One mail of each kind per delivery; missed and suspended are the same step (the deadline), so one key. */
export function renewalMailKey(deliveryId: number, kind: RenewalMailKind): string {
  const step = kind === "missed" || kind === "suspended" ? "deadline" : kind;
  return `renewal:${step}:${deliveryId}`;
}
