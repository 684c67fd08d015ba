import type { Core } from "@strapi/strapi";
import packing from "./server/controller";
import links from "./server/links";
import refunds from "./server/refunds";
import subscriptions from "./server/subscriptions";
import { READ_ACTION, REFUND_ACTION, routes, SUBSCRIPTIONS_ACTION } from "./server/routes";

interface ActionProvider {
  registerMany(actions: Record<string, unknown>[]): Promise<void>;
}

/**
 * Staff tools: the day's packing list and delivery sheet, read in the admin panel and downloaded as
 * CSV. Admin routes only (never the content API): the sheets name customers, addresses and phones.
 */
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Super admins hold every action; other roles see the sheets once granted this one in
    // Settings > Roles > Plugins (an author who writes blog posts has no business with addresses).
    const permissions = strapi.service("admin::permission") as unknown as { actionProvider: ActionProvider };
    await permissions.actionProvider.registerMany([
      {
        section: "plugins",
        displayName: "Read the packing list and delivery sheet",
        uid: READ_ACTION.uid,
        pluginName: "staff-tools",
      },
      {
        section: "plugins",
        displayName: "Refund orders",
        uid: REFUND_ACTION.uid,
        pluginName: "staff-tools",
      },
      {
        section: "plugins",
        displayName: "See subscriptions and pause, resume or cancel them for customers",
        uid: SUBSCRIPTIONS_ACTION.uid,
        pluginName: "staff-tools",
      },
    ]);
  },
  routes,
  controllers: { packing, refunds, subscriptions, links },
};
