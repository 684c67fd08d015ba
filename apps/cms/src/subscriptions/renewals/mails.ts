import type { Core } from "@strapi/strapi";
import { toLocale } from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import { queueMail } from "../../email/queue";
import type { RenewalMailKind } from "../../email/templates/subscription-renewal";
import { amountDueOf } from "../../gift-cards/redeem";
import { getEnv } from "../../env";
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

/** Staff's word of a delivery that needs a change: one per delivery, apart from the subscriber's. */
export const staffNeedsChangeKey = (deliveryId: number): string => `renewal:needsChange:staff:${deliveryId}`;

/**
 * Tells staff (STAFF_EMAIL, in STAFF_LOCALE, as the forms' notifications do) that a delivery could
 * not be ordered as its subscription stands (decision 042): why, whose, and the subscription in the
 * admin panel. Queued under the delivery's own key, so every later run that meets the same refusal
 * writes nothing: one mail per delivery, whatever the number of runs or processes. True when this
 * call queued it.
 */
export async function queueStaffNeedsChangeMail(
  strapi: Core.Strapi,
  {
    deliveryId,
    subscriptionId,
    date,
    refusal,
    now,
  }: {
    deliveryId: number;
    subscriptionId: number;
    date: string;
    refusal: { code: string; path: readonly (string | number)[] };
    now: Date;
  },
): Promise<boolean> {
  const row = (await strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { id: subscriptionId },
    select: ["documentId"],
    populate: { user: { select: ["email", "firstName"] } },
  })) as { documentId: string; user: { email: string; firstName: string | null } | null } | null;
  if (!row) return false;
  const env = getEnv();
  return queueMail(strapi, {
    key: staffNeedsChangeKey(deliveryId),
    now,
    message: {
      template: "staffRenewalNeedsChange",
      to: env.staffEmail,
      locale: env.staffLocale,
      props: {
        date,
        subscriberName: row.user?.firstName ?? null,
        subscriberEmail: row.user?.email ?? "-",
        reason: refusal.code,
        field: refusal.path.join("."),
        adminUrl: `${env.publicUrl}/admin/content-manager/collection-types/${CONTENT_TYPES.subscription}/${row.documentId}`,
      },
    },
  });
}
