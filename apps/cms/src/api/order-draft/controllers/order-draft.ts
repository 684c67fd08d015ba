import type { Core } from "@strapi/strapi";
import { orderDraftPatchSchema, type OrderQuote } from "@shop/contracts";
import { toLocale } from "@shop/domain";
import { openSessionOf } from "../../../accounts/session-of-request";
import { callerOf, parse, type Context } from "../../../http/action";
import { draftTokenOf, orderAction, signedInOrder } from "../../../http/order-action";
import { createDraft, draftFromOrder, openDraft, patchDraft, readDraft } from "../../../ordering/drafts";
import { OrderNotFoundError } from "../../../ordering/errors";
import { orderLimitOf, reorderableOf } from "../../../ordering/orders";
import { priceDraft } from "../../../ordering/quote";
import { ORDER_FLOW_REFERRALS } from "../../../referrals/pricing";
import { draftGiftCardsOf, previewGiftCards } from "../../../gift-cards/redeem";

/** The caller's id when the request carries a live session; the draft calls work signed in or out. */
async function userIdOf(strapi: Core.Strapi, ctx: Context): Promise<number | null> {
  return (await openSessionOf(strapi, ctx))?.userId ?? null;
}

/** The draft calls: parse with the contracts, ask the draft service, answer. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  create: orderAction(async (ctx) => {
    ctx.body = await createDraft(strapi, { userId: await userIdOf(strapi, ctx), clientAddress: callerOf(ctx).address });
    ctx.status = 201;
  }),

  current: orderAction(async (ctx) => {
    ctx.body = await readDraft(strapi, draftTokenOf(ctx), { userId: await userIdOf(strapi, ctx) });
  }),

  patch: orderAction(async (ctx) => {
    const token = draftTokenOf(ctx);
    const patch = parse(ctx, orderDraftPatchSchema);
    if (patch) ctx.body = await patchDraft(strapi, token, patch, { userId: await userIdOf(strapi, ctx) });
  }),

  quote: orderAction(async (ctx) => {
    const userId = await userIdOf(strapi, ctx);
    const { id, draft, storedGiftCards } = await openDraft(strapi, draftTokenOf(ctx), { userId });
    // The names of the lines in the page's language (?locale=es|ca|pt; Spanish otherwise).
    const locale = toLocale(ctx.query.locale);
    const now = new Date();
    const [{ quote }, orderLimit] = await Promise.all([
      priceDraft(strapi, draft, { userId, locale, now, referrals: ORDER_FLOW_REFERRALS }),
      // Said with the summary, before "Pay": the customer's work is never spent on a refusal.
      orderLimitOf(strapi, { userId, now }),
    ]);
    // The draft's gift cards (typed, and the account's: docs/decisions/040) and what is left to pay after them.
    const cards = await draftGiftCardsOf(strapi, id, { userId, readWithDraft: storedGiftCards });
    const giftCards = await previewGiftCards(strapi, cards, quote.total);
    ctx.body = { ...quote, orderLimit, ...giftCards } satisfies OrderQuote;
  }),

  fromOrder: signedInOrder(strapi, async (ctx, session) => {
    const order = await reorderableOf(strapi, session.userId, String(ctx.params.number));
    if (!order) throw new OrderNotFoundError("No such order");
    ctx.body = await draftFromOrder(strapi, { userId: session.userId, clientAddress: callerOf(ctx).address }, order);
    ctx.status = 201;
  }),
});
