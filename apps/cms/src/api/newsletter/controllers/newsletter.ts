import type { Core } from "@strapi/strapi";
import { newsletterSubscribeBody, newsletterTokenBody } from "@shop/contracts";
import { action, callerOf, OK, parse } from "../../../http/action";
import { confirmSubscription, subscribeVisitor, unsubscribeWithToken } from "../../../newsletter/newsletter";

/** The newsletter's public calls: parse the body with its contract, call the service, answer. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  subscribe: action(async (ctx) => {
    const body = parse(ctx, newsletterSubscribeBody);
    if (!body) return;
    await subscribeVisitor(strapi, body, callerOf(ctx).address);
    ctx.body = OK;
  }),

  confirm: action(async (ctx) => {
    const body = parse(ctx, newsletterTokenBody);
    if (body) ctx.body = await confirmSubscription(strapi, body.token);
  }),

  unsubscribe: action(async (ctx) => {
    const body = parse(ctx, newsletterTokenBody);
    if (body) ctx.body = await unsubscribeWithToken(strapi, body.token);
  }),
});
