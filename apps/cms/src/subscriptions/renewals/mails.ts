import type { Core } from "@strapi/strapi";
import { toLocale } from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import { sendEmailLater } from "../../email/later";
import type { RenewalMailKind } from "../../email/templates/subscription-renewal";
import { storefrontLink } from "../../storefront-links";

/**
 * The renewals' dunning mails (docs/decisions/030), in the subscription's language, sent after the
 * run's step is recorded: a mail that fails never undoes the step. The pay link is the storefront's
 * page for paying an order (the same as a failed on-session payment's mail).
 */
export async function sendRenewalMail(
  strapi: Core.Strapi,
  {
    subscriptionId,
    kind,
    date,
    order,
  }: {
    subscriptionId: number;
    kind: RenewalMailKind;
    date: string;
    order: { number: string; total: number } | null;
  },
): Promise<void> {
  const row = (await strapi.db.query(CONTENT_TYPES.subscription).findOne({
    where: { id: subscriptionId },
    select: ["documentId", "locale"],
    populate: { user: { select: ["email", "firstName"] } },
  })) as { documentId: string; locale: string; user: { email: string; firstName: string | null } | null } | null;
  if (!row?.user) return;
  const locale = toLocale(row.locale);
  const payable = (kind === "payLink" || kind === "retrying") && order !== null;
  sendEmailLater(strapi, {
    template: "subscriptionRenewal",
    to: row.user.email,
    locale,
    props: {
      name: row.user.firstName,
      kind,
      date,
      amount: order?.total ?? 0,
      url: payable
        ? storefrontLink("orderPay", locale, { order: order.number })
        : storefrontLink("subscriptionDetail", locale, {}, { id: row.documentId }),
    },
  });
}
