import type { Core } from "@strapi/strapi";
import { action } from "../../../http/action";
import { listFoodBanks } from "../../../subscriptions/self-service";

/** GET /food-banks: those that take boxes now. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: action(async (ctx) => {
    ctx.body = { foodBanks: await listFoodBanks(strapi) };
  }),
});
