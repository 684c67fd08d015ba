import type { Core } from "@strapi/strapi";
import { ensureDemoAdmin } from "./bootstrap/demo-admin";
import { getEnv } from "./env";

export default {
  /** Runs before the application is initialized: extend code here (content types, plugins). */
  register(_context: { strapi: Core.Strapi }) {},

  /** Runs once the database and routes are ready, before the server starts listening. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureDemoAdmin(strapi, getEnv());
  },
};
