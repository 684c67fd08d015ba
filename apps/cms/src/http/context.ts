import type { Core } from "@strapi/strapi";

/**
 * The request context as our controllers see it: a narrow, typed view of the Koa context Strapi
 * hands to a controller action, and of a core controller's query and output helpers.
 */

/** The part of a core controller (factories.createCoreController) the public collections' controllers use. */
export interface CoreControllerBase {
  validateQuery(ctx: ApiContext): Promise<void>;
  sanitizeQuery(ctx: ApiContext): Promise<Record<string, unknown>>;
  sanitizeOutput(data: unknown, ctx: ApiContext): Promise<unknown>;
  transformResponse(data: unknown, meta?: Record<string, unknown>): unknown;
}

/** The Koa context as far as our controllers use it. */
export interface ApiContext {
  query: Record<string, unknown>;
  params: Record<string, string>;
  /** `ip` is the client address src/middlewares/client-ip.ts decided. */
  request: { body?: unknown; ip: string };
  state: Record<string, unknown>;
  status: number;
  body: unknown;
  set(field: string, value: string): void;
}

/** Sends Strapi's 404 answer ({ data: null, error: { status: 404, name: "NotFoundError", ... } }). */
export function notFound(ctx: ApiContext, message = "Not Found"): void {
  (ctx as unknown as { notFound(message: string): void }).notFound(message);
}

/** The Koa context Strapi hands to controller actions. */
export type KoaContext = Parameters<Core.ControllerHandler>[0];

export function asApiContext(ctx: KoaContext): ApiContext {
  return ctx as unknown as ApiContext;
}
