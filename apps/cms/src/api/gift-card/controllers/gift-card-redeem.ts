import type { Core } from "@strapi/strapi";
import { giftCardCodeBody } from "@shop/contracts";
import { openSessionOf } from "../../../accounts/session-of-request";
import { callerOf, parse, type Context } from "../../../http/action";
import { draftTokenOf, orderAction, signedInOrder } from "../../../http/order-action";
import { openDraft } from "../../../ordering/drafts";
import {
  accountGiftCardsOf,
  addGiftCardToAccount,
  addGiftCardToDraft,
  removeGiftCardFromDraft,
} from "../../../gift-cards/redeem";

async function userIdOf(strapi: Core.Strapi, ctx: Context): Promise<number | null> {
  return (await openSessionOf(strapi, ctx))?.userId ?? null;
}

/** Parse, ask src/gift-cards/redeem.ts, answer: { ok: true } for the draft's changes (the summary reads the quote again). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  addToDraft: orderAction(async (ctx) => {
    const userId = await userIdOf(strapi, ctx);
    const { id } = await openDraft(strapi, draftTokenOf(ctx), { userId });
    const body = parse(ctx, giftCardCodeBody);
    if (!body) return;
    await addGiftCardToDraft(strapi, {
      draftId: id,
      userId,
      code: body.code,
      clientAddress: callerOf(ctx).address,
      now: new Date(),
    });
    ctx.body = { ok: true };
  }),

  removeFromDraft: orderAction(async (ctx) => {
    const userId = await userIdOf(strapi, ctx);
    const { id } = await openDraft(strapi, draftTokenOf(ctx), { userId });
    const tail = String(ctx.params.tail ?? "");
    if (/^[0-9A-Za-z]{4}$/.test(tail)) await removeGiftCardFromDraft(strapi, { draftId: id, userId, tail });
    ctx.body = { ok: true };
  }),

  listMine: signedInOrder(strapi, async (ctx, session) => {
    ctx.body = await accountGiftCardsOf(strapi, session.userId);
  }),

  addToAccount: signedInOrder(strapi, async (ctx, session) => {
    const body = parse(ctx, giftCardCodeBody);
    if (!body) return;
    ctx.body = await addGiftCardToAccount(strapi, {
      userId: session.userId,
      code: body.code,
      clientAddress: callerOf(ctx).address,
      now: new Date(),
    });
  }),
});
