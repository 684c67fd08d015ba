import type { Core } from "@strapi/strapi";
import {
  cancelSubscriptionBody,
  donateDeliveryBody,
  emptySubscriptionBody,
  giftDeliveryBody,
  pauseSubscriptionBody,
  restartSubscriptionBody,
  updateSubscriptionBody,
} from "@shop/contracts";
import { parse } from "../../../http/action";
import { subscriptionCall } from "../../../subscriptions/http";
import {
  cancelSubscription,
  donateDelivery,
  giftDelivery,
  listOwnSubscriptions,
  ownDeliveries,
  pauseSubscription,
  quoteChange,
  restartSubscription,
  restoreDelivery,
  resumeSubscription,
  showOwnSubscription,
  skipDelivery,
  updateSubscription,
} from "../../../subscriptions/self-service";

/** The subscription calls: parse with the contracts, ask the subscription services, answer. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: subscriptionCall(strapi, async (ctx, caller) => {
    ctx.body = { subscriptions: await listOwnSubscriptions(strapi, caller, new Date()) };
  }),

  show: subscriptionCall(strapi, async (ctx, caller) => {
    ctx.body = await showOwnSubscription(strapi, caller, String(ctx.params.id), new Date());
  }),

  deliveries: subscriptionCall(strapi, async (ctx, caller) => {
    ctx.body = { deliveries: await ownDeliveries(strapi, caller, String(ctx.params.id), new Date()) };
  }),

  skip: subscriptionCall(strapi, async (ctx, caller) => {
    if (!parse(ctx, emptySubscriptionBody)) return;
    const { id, date } = ctx.params as { id: string; date: string };
    ctx.body = { delivery: await skipDelivery(strapi, caller, id, date, new Date()) };
  }),

  restore: subscriptionCall(strapi, async (ctx, caller) => {
    if (!parse(ctx, emptySubscriptionBody)) return;
    const { id, date } = ctx.params as { id: string; date: string };
    ctx.body = { delivery: await restoreDelivery(strapi, caller, id, date, new Date()) };
  }),

  gift: subscriptionCall(strapi, async (ctx, caller) => {
    const body = parse(ctx, giftDeliveryBody);
    if (!body) return;
    const { id, date } = ctx.params as { id: string; date: string };
    ctx.body = { delivery: await giftDelivery(strapi, caller, { id, date, body }, new Date()) };
  }),

  donate: subscriptionCall(strapi, async (ctx, caller) => {
    const body = parse(ctx, donateDeliveryBody);
    if (!body) return;
    const { id, date } = ctx.params as { id: string; date: string };
    ctx.body = { delivery: await donateDelivery(strapi, caller, { id, date, body }, new Date()) };
  }),

  pause: subscriptionCall(strapi, async (ctx, caller) => {
    const body = parse(ctx, pauseSubscriptionBody);
    if (!body) return;
    ctx.body = await pauseSubscription(strapi, caller, String(ctx.params.id), body, new Date());
  }),

  resume: subscriptionCall(strapi, async (ctx, caller) => {
    if (!parse(ctx, emptySubscriptionBody)) return;
    ctx.body = await resumeSubscription(strapi, caller, String(ctx.params.id), new Date());
  }),

  cancel: subscriptionCall(strapi, async (ctx, caller) => {
    const body = parse(ctx, cancelSubscriptionBody);
    if (!body) return;
    ctx.body = await cancelSubscription(strapi, caller, String(ctx.params.id), body, new Date());
  }),

  restart: subscriptionCall(strapi, async (ctx, caller) => {
    const body = parse(ctx, restartSubscriptionBody);
    if (!body) return;
    ctx.body = await restartSubscription(strapi, caller, String(ctx.params.id), body, new Date());
  }),

  quote: subscriptionCall(strapi, async (ctx, caller) => {
    const body = parse(ctx, updateSubscriptionBody);
    if (!body) return;
    ctx.body = await quoteChange(strapi, caller, String(ctx.params.id), body, new Date());
  }),

  update: subscriptionCall(strapi, async (ctx, caller) => {
    const body = parse(ctx, updateSubscriptionBody);
    if (!body) return;
    ctx.body = await updateSubscription(strapi, caller, String(ctx.params.id), body, new Date());
  }),
});
