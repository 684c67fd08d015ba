import type { Core } from "@strapi/strapi";
import { GIFT_CARD_PURCHASE_HEADER, giftCardPurchaseBody } from "@shop/contracts";
import { action, callerOf, parse, type Context } from "../../../http/action";
import { takeAllowance } from "../../../rate-limits/rate-limits";
import { sendError } from "../../../http/errors";
import {
  findGiftCardPurchase,
  giftCardOffer,
  GiftCardPurchaseError,
  purchaseGiftCard,
} from "../../../gift-cards/purchase";

/** A purchase refused by the rules: 400 (or 503) with the field's path and a code, in Strapi's error shape. */
function purchaseAction(run: (ctx: Context) => Promise<void>) {
  return action(async (ctx) => {
    try {
      await run(ctx);
    } catch (error) {
      if (!(error instanceof GiftCardPurchaseError)) throw error;
      const errors = [{ path: [...error.path], message: error.code, name: "ValidationError" as const }];
      const name = error.status === 503 ? "ServiceUnavailableError" : "ValidationError";
      sendError(ctx, error.status, name, error.message, { code: error.code, errors });
    }
  });
}

/** Buying a gift card (src/gift-cards/purchase.ts): no account needed; a purchase is read back by its token only. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  offer: purchaseAction(async (ctx) => {
    ctx.body = await giftCardOffer(strapi);
  }),

  purchase: purchaseAction(async (ctx) => {
    const body = parse(ctx, giftCardPurchaseBody);
    if (!body) return;
    // Counted once the body is a purchase: each writes rows and opens a gateway page (decision 036).
    await takeAllowance("giftCardPurchasesPerAddress", callerOf(ctx).address);
    ctx.body = await purchaseGiftCard(strapi, body);
    ctx.status = 201;
  }),

  current: purchaseAction(async (ctx) => {
    const purchase = await findGiftCardPurchase(strapi, ctx.request.header[GIFT_CARD_PURCHASE_HEADER]?.trim() ?? "");
    if (purchase === null) {
      sendError(ctx, 404, "NotFoundError", "No such gift card purchase");
      return;
    }
    ctx.body = purchase;
  }),
});
