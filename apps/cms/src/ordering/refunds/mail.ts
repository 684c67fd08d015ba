import type { Core } from "@strapi/strapi";
import { toLocale } from "@shop/domain";
import { CONTENT_TYPES } from "../../content-types";
import { sendEmail } from "../../email/send";
import { storefrontLink } from "../../storefront-links";
import { COUNTED, findRefund } from "./store";

interface MailOrderRow {
  id: number;
  number: string;
  locale: string;
  email: string | null;
  orderStatus: string;
  detachedAt?: string | Date | null;
  user: { email: string; firstName: string | null } | null;
}

/**
 * Mails the customer about one refund, in the order's language: the amount, the method it goes back
 * to, the total so far. Nothing for a customer who deleted their account (decision 023).
 */
export async function sendRefundMail(strapi: Core.Strapi, refundId: number): Promise<void> {
  const refund = await findRefund(strapi, { id: refundId });
  if (refund === null || refund.order === null || refund.refundStatus === "failed") return;
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { id: refund.order.id },
    select: ["id", "number", "locale", "email", "orderStatus", "detachedAt"],
    populate: { user: { select: ["email", "firstName"] } },
  })) as MailOrderRow | null;
  if (order === null || order.detachedAt) return;
  const to = order.email ?? order.user?.email;
  if (!to) throw new Error(`Order ${order.id} has no one to mail about refund ${refund.key}`);
  const payment = (await strapi.db
    .query(CONTENT_TYPES.payment)
    .findOne({ where: { id: refund.payment?.id ?? 0 }, select: ["amount"] })) as { amount: number } | null;
  const given = (await strapi.db.query(CONTENT_TYPES.refund).findMany({
    where: { payment: { id: refund.payment?.id ?? 0 }, refundStatus: { $in: [...COUNTED] } },
    select: ["id", "amount"],
  })) as { amount: number }[];
  const locale = toLocale(order.locale);
  await sendEmail(strapi, {
    template: "orderRefunded",
    to,
    locale,
    props: {
      name: order.user?.firstName ?? null,
      number: order.number,
      amount: refund.amount,
      refundedTotal: given.reduce((sum, each) => sum + each.amount, 0),
      paid: payment?.amount ?? refund.amount,
      method: refund.provider,
      cancelled: order.orderStatus === "cancelled" && refund.origin === "customer",
      url: storefrontLink("orderDetail", locale, {}, { id: order.number }),
    },
  });
}
