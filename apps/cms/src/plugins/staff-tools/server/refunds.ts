import type { Core } from "@strapi/strapi";
import { parse, type Context } from "../../../http/action";
import { orderAction } from "../../../http/order-action";
import { staffOrderRefunds, staffRefund, staffRefundBody } from "../../../ordering/refunds/staff";

/** Staff's refunds of an order (docs/decisions/031): admin routes, behind the refund permission. */

const staffEmailOf = (ctx: Context): string => (ctx.state.user as { email?: string } | undefined)?.email ?? "staff";

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /staff-tools/orders/:number/refunds -> what was paid, what is left, every refund. */
  list: orderAction(async (ctx) => {
    ctx.body = await staffOrderRefunds(strapi, String(ctx.params.number));
  }),

  /** POST /staff-tools/orders/:number/refunds { amount, giftCards?, reason, key } -> 201 the refund (200: that key's refund, again). */
  create: orderAction(async (ctx) => {
    const body = parse(ctx, staffRefundBody);
    if (!body) return;
    const answer = await staffRefund(strapi, {
      number: String(ctx.params.number),
      body,
      staffEmail: staffEmailOf(ctx),
    });
    ctx.status = answer.replayed ? 200 : 201;
    // The gateway's refund (none when staff gave back only the gift cards' part) and the cards' part.
    ctx.body = { ...(answer.refund ?? {}), giftCardsRestored: answer.giftCardsRestored };
  }),
});
