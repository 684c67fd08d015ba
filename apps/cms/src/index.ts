import type { Core } from "@strapi/strapi";
import { withStartupLock } from "./bootstrap/lock";
import { ensureDemoAdmin } from "./bootstrap/demo-admin";
import { grantPublicReads } from "./bootstrap/permissions";
import { getEnv } from "./env";
import { seedDemoData } from "./seed";
import { fillDemoMeasures } from "./seed/measures";

export default {
  /** Runs before the application is initialized: extend code here (content types, plugins). */
  register(_context: { strapi: Core.Strapi }) {},

  /** Runs once the database and routes are ready, before the server starts listening. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const env = getEnv();
    await ensureDemoAdmin(strapi, env);
    await withStartupLock(strapi, "imperfecta:permissions", () => grantPublicReads(strapi));
    await seedDemoData(strapi, { enabled: env.seedDemoData });
    if (env.seedDemoData) await withStartupLock(strapi, "imperfecta:demo-measures", () => fillDemoMeasures(strapi));
  },
};
