import type { Core } from "@strapi/strapi";

interface HealthContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
  set(field: string, value: string): void;
}

/**
 * GET /health, outside the content API (/api) so that load balancers find it where the README says,
 * and before every other middleware so that a check never waits behind body parsing or sessions.
 * Readiness: 200 only when the database answers, so a load balancer stops routing to a sick node.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  return async (ctx: HealthContext, next: () => Promise<void>) => {
    if (ctx.path !== "/health" || (ctx.method !== "GET" && ctx.method !== "HEAD")) return next();
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
  };
};
