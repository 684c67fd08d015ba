import type { Core } from "@strapi/strapi";
import { action, sendUnauthorized, signedIn } from "../../../http/action";
import { myReferrals, referralRules } from "../../../referrals/mine";
import { referrerOfCode } from "../../../referrals/pricing";

/** Refer-a-friend's calls: they answer what src/referrals/mine.ts works out. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  rules: action(async (ctx) => {
    ctx.body = await referralRules(strapi);
  }),

  /**
   * GET /referrals/codes/:code: whether a share link's code is a customer's while refer-a-friend runs
   * (the public page says "you were invited" only then). Nothing about the customer is answered.
   */
  code: action(async (ctx) => {
    const code = String(ctx.params.code ?? "");
    const [referrer, rules] = await Promise.all([
      /^[\w-]{1,40}$/.test(code) ? referrerOfCode(strapi, code) : null,
      referralRules(strapi),
    ]);
    ctx.body = { valid: referrer !== null && rules.active };
  }),

  mine: signedIn(strapi, async (ctx, session) => {
    const mine = await myReferrals(strapi, session.userId);
    if (mine === undefined) sendUnauthorized(ctx);
    else ctx.body = mine;
  }),
});
