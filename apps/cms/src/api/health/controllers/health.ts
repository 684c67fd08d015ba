import type { Core } from "@strapi/strapi";

interface HealthContext {
  status: number;
  body: unknown;
  set(field: string, value: string): void;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Readiness: 200 only when the database answers, so a load balancer stops routing to a sick node. */
  async check(ctx: HealthContext) {
    ctx.set("Cache-Control", "no-store");
    try {
      await strapi.db.connection.raw("select 1");
      ctx.status = 200;
      // Strapi names its dialects "sqlite" and "postgres" (the only two src/env.ts configures).
      ctx.body = { status: "ok", database: strapi.db.dialect.client };
    } catch (error) {
      strapi.log.error(`Health check failed: ${error instanceof Error ? error.message : String(error)}`);
      ctx.status = 503;
      ctx.body = { status: "error" };
    }
  },
});
