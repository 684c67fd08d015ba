import type { Core } from "@strapi/strapi";
import type { OrderChangeQuote } from "@shop/contracts";
import { toLocale, type Cents } from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import { sendEmail } from "../../email/send";
import type { PaymentProviderId } from "../../payments/provider";
import { storefrontLink } from "../../storefront-links";

/** What a change did, as the mail says it. */
export interface ChangeSummary {
  delivery: NonNullable<OrderChangeQuote["delivery"]>["to"] | null;
  lines: OrderChangeQuote["lines"];
  addressChanged: boolean;
  total: Cents;
  refund: Cents;
  method: PaymentProviderId | null;
}

/** Mails the customer the change they made (decision 049), in the order's language; none after the account was deleted. */
export async function sendOrderChangedMail(
  strapi: Core.Strapi,
  orderId: number,
  summary: ChangeSummary,
): Promise<void> {
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { id: orderId },
    select: ["id", "number", "locale", "email", "detachedAt"],
    populate: { user: { select: ["email", "firstName"] } },
  })) as {
    number: string;
    locale: string;
    email: string | null;
    detachedAt?: string | Date | null;
    user: { email: string; firstName: string | null } | null;
  } | null;
  if (order === null || order.detachedAt) return;
  const to = order.email ?? order.user?.email;
  if (!to) throw new Error(`Order ${orderId} has no one to mail about its change`);
  const locale = toLocale(order.locale);
  await sendEmail(strapi, {
    template: "orderChanged",
    to,
    locale,
    props: {
      name: order.user?.firstName ?? null,
      number: order.number,
      delivery: summary.delivery,
      lines: summary.lines.map(({ name, from, to: now }) => ({ name, from, to: now })),
      addressChanged: summary.addressChanged,
      total: summary.total,
      refund: summary.refund,
      method: summary.method,
      url: storefrontLink("orderDetail", locale, {}, { id: order.number }),
    },
  });
}
