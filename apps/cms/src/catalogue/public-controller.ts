import { factories, type Core, type UID } from "@strapi/strapi";
import {
  asApiContext,
  documents,
  notFound,
  type CoreControllerBase,
  type CoreServiceApi,
  type KoaContext,
} from "./strapi-loose";

export interface PublicControllerOptions {
  /** Used when the request has no `sort`. */
  sort: string[];
  /** Used when the request has no `populate`: the media fields, so pictures come with the entry. */
  populate?: Record<string, unknown>;
  /** Always AND-ed with the request's filters (e.g. box contents of hidden products never show). */
  filters?: Record<string, unknown>;
}

type Query = Record<string, unknown>;

export function andFilters(...filters: (unknown | undefined)[]): Record<string, unknown> | undefined {
  const present = filters.filter(
    (filter): filter is Record<string, unknown> =>
      typeof filter === "object" && filter !== null && Object.keys(filter).length > 0,
  );
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return { $and: present };
}

/**
 * The spec's generic routes address entries by `{id}`; Strapi 5 addresses them by documentId.
 * Accept both: a number is looked up as the entry id.
 */
export async function resolveDocumentId(strapi: Core.Strapi, uid: string, id: string): Promise<string | null> {
  if (!/^\d{1,15}$/.test(id)) return id;
  const row = (await strapi.db.query(uid as UID.Schema).findOne({
    where: { id: Number(id) },
    select: ["documentId"],
  })) as { documentId?: string } | null;
  return row?.documentId ?? null;
}

function withDefaults(query: Query, options: PublicControllerOptions): Query {
  return {
    ...query,
    sort: query.sort ?? options.sort,
    populate: query.populate ?? options.populate,
    filters: andFilters(query.filters, options.filters),
  };
}

/**
 * Core controller of a publicly readable collection: Strapi's find / findOne / create / update /
 * delete (query validated and sanitised against the caller's permissions), plus `count`, numeric
 * ids, a default sort and populate, and optional forced filters.
 */
export function createPublicController(uid: string, options: PublicControllerOptions) {
  return factories.createCoreController(uid as UID.CollectionType, ({ strapi }) => ({
    async find(koaCtx: KoaContext) {
      const ctx = asApiContext(koaCtx);
      const base = this as unknown as CoreControllerBase;
      await base.validateQuery(ctx);
      const query = withDefaults(await base.sanitizeQuery(ctx), options);
      const service = strapi.service(uid as UID.Service) as unknown as CoreServiceApi;
      const { results, pagination } = await service.find(query);
      return base.transformResponse(await base.sanitizeOutput(results, ctx), { pagination });
    },

    async findOne(koaCtx: KoaContext) {
      const ctx = asApiContext(koaCtx);
      const base = this as unknown as CoreControllerBase;
      await base.validateQuery(ctx);
      const query = withDefaults(await base.sanitizeQuery(ctx), options);
      const documentId = await resolveDocumentId(strapi, uid, ctx.params.id ?? "");
      if (documentId === null) return notFound(ctx);
      const { pagination: _pagination, sort: _sort, ...rest } = query;
      const entry = await documents(strapi, uid).findFirst({
        ...rest,
        filters: andFilters({ documentId: { $eq: documentId } }, query.filters),
      });
      if (!entry) return notFound(ctx);
      return base.transformResponse(await base.sanitizeOutput(entry, ctx));
    },

    /** GET /{collection}/count: the number of entries matching the filters, as a bare JSON number. */
    async count(koaCtx: KoaContext) {
      const ctx = asApiContext(koaCtx);
      const base = this as unknown as CoreControllerBase;
      await base.validateQuery(ctx);
      const query = await base.sanitizeQuery(ctx);
      ctx.body = await documents(strapi, uid).count({ filters: andFilters(query.filters, options.filters) });
    },
  }));
}

/** Routes of `count`, in a file loaded before the core router so `/x/count` is not taken as an id. */
export function countRoute(pluralName: string, controller: string) {
  return {
    routes: [
      {
        method: "GET" as const,
        path: `/${pluralName}/count`,
        handler: `${controller}.count`,
        config: {},
      },
    ],
  };
}
