import type { Core, UID } from "@strapi/strapi";

/**
 * Narrow, loosely typed views of Strapi services. The generated content-type typings make every
 * document-service call generic over the UID; the catalogue code handles several content types with
 * one function, reads its own fields and serialises them itself, so it works with plain records.
 */
export type Entry = Record<string, unknown> & { id: number; documentId: string };

export interface DocumentsApi {
  findMany(params?: Record<string, unknown>): Promise<Entry[]>;
  findFirst(params?: Record<string, unknown>): Promise<Entry | null>;
  count(params?: Record<string, unknown>): Promise<number>;
  create(params: { data: Record<string, unknown>; populate?: unknown }): Promise<Entry>;
}

export function documents(strapi: Core.Strapi, uid: string): DocumentsApi {
  return strapi.documents(uid as UID.ContentType) as unknown as DocumentsApi;
}

export interface CoreServiceApi {
  find(params: Record<string, unknown>): Promise<{ results: Entry[]; pagination: Record<string, number> }>;
  findOne(documentId: string, params: Record<string, unknown>): Promise<Entry | null>;
}

/** The part of a core controller (factories.createCoreController) the catalogue controllers use. */
export interface CoreControllerBase {
  validateQuery(ctx: ApiContext): Promise<void>;
  sanitizeQuery(ctx: ApiContext): Promise<Record<string, unknown>>;
  sanitizeOutput(data: unknown, ctx: ApiContext): Promise<unknown>;
  transformResponse(data: unknown, meta?: Record<string, unknown>): unknown;
}

/** The Koa context as far as the catalogue controllers use it. */
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
