import type { Core } from "@strapi/strapi";
import { createOrderBody, orderChangeBody, orderChangeConfirmBody, orderListQuery } from "@shop/contracts";
import { callerOf, parse } from "../../../http/action";
import { sendValidationError, zodFieldErrors } from "../../../http/errors";
import { draftTokenOf, signedInOrder } from "../../../http/order-action";
import { OrderNotFoundError } from "../../../ordering/errors";
import { cancelOwnOrder } from "../../../ordering/refunds/cancel";
import { changeOptionsOf, changeOwnOrder, quoteOwnOrderChange } from "../../../ordering/changes/change";
import { findOwnOrder, listOwnOrders, payOwnOrder, placeOrder } from "../../../ordering/orders";
import { withInvoices } from "../../../invoices/mine";

/** The order calls: parse with the contracts, ask the order service, answer. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  place: signedInOrder(strapi, async (ctx, session) => {
    const token = draftTokenOf(ctx);
    const body = parse(ctx, createOrderBody);
    if (!body) return;
    ctx.body = await placeOrder(strapi, { customer: session.user, token, body, clientAddress: callerOf(ctx).address });
    ctx.status = 201;
  }),

  list: signedInOrder(strapi, async (ctx, session) => {
    const query = orderListQuery.safeParse(ctx.query);
    if (!query.success) {
      sendValidationError(ctx, "The request has invalid parameters", zodFieldErrors(query.error));
      return;
    }
    ctx.body = { orders: await listOwnOrders(strapi, session.userId, query.data.limit) };
  }),

  show: signedInOrder(strapi, async (ctx, session) => {
    const order = await findOwnOrder(strapi, session.userId, String(ctx.params.number));
    if (!order) throw new OrderNotFoundError("No such order");
    ctx.body = await withInvoices(strapi, order);
  }),

  /** Cancels a one-off order before its cut-off, refunded in full when paid (docs/decisions/031): the order as it is now. */
  cancel: signedInOrder(strapi, async (ctx, session) => {
    const number = String(ctx.params.number);
    await cancelOwnOrder(strapi, { userId: session.userId, number, now: new Date() });
    const order = await findOwnOrder(strapi, session.userId, number);
    if (!order) throw new OrderNotFoundError("No such order");
    ctx.body = await withInvoices(strapi, order);
  }),

  /** What the customer may change of the order now (docs/decisions/049). */
  changeOptions: signedInOrder(strapi, async (ctx, session) => {
    ctx.body = await changeOptionsOf(strapi, {
      userId: session.userId,
      number: String(ctx.params.number),
      now: new Date(),
    });
  }),

  /** What a change would do: the new delivery, lines and totals, and the refund. */
  changeQuote: signedInOrder(strapi, async (ctx, session) => {
    const body = parse(ctx, orderChangeBody);
    if (!body) return;
    ctx.body = await quoteOwnOrderChange(strapi, {
      userId: session.userId,
      number: String(ctx.params.number),
      body,
      now: new Date(),
    });
  }),

  /** The change as quoted: the order as it is now, and what came back. */
  change: signedInOrder(strapi, async (ctx, session) => {
    const body = parse(ctx, orderChangeConfirmBody);
    if (!body) return;
    const number = String(ctx.params.number);
    const { refunded, refundOwed, method } = await changeOwnOrder(strapi, {
      userId: session.userId,
      number,
      body,
      now: new Date(),
    });
    const order = await findOwnOrder(strapi, session.userId, number);
    if (!order) throw new OrderNotFoundError("No such order");
    ctx.body = { order: await withInvoices(strapi, order), refunded, refundOwed, method };
  }),

  pay: signedInOrder(strapi, async (ctx, session) => {
    ctx.body = { payment: await payOwnOrder(strapi, session.userId, String(ctx.params.number)) };
    ctx.status = 201;
  }),
});
