import { factories, type UID } from "@strapi/strapi";
import { countEntries, findEntries, findEntry, type CollectionDefaults } from "./entries";
import { asApiContext, notFound, type CoreControllerBase, type KoaContext } from "../http/context";

/**
 * Core controller of a publicly readable collection: Strapi's find / findOne / create / update /
 * delete (query validated and sanitised against the caller's permissions), plus `count`, numeric
 * ids, a default sort and populate, and optional forced filters (src/catalogue/entries.ts).
 */
export function createPublicController(uid: string, defaults: CollectionDefaults) {
  return factories.createCoreController(uid as UID.CollectionType, ({ strapi }) => ({
    async find(koaCtx: KoaContext) {
      const ctx = asApiContext(koaCtx);
      const base = this as unknown as CoreControllerBase;
      await base.validateQuery(ctx);
      const { results, pagination } = await findEntries(strapi, uid, await base.sanitizeQuery(ctx), defaults);
      return base.transformResponse(await base.sanitizeOutput(results, ctx), { pagination });
    },

    async findOne(koaCtx: KoaContext) {
      const ctx = asApiContext(koaCtx);
      const base = this as unknown as CoreControllerBase;
      await base.validateQuery(ctx);
      const query = await base.sanitizeQuery(ctx);
      const entry = await findEntry(strapi, uid, ctx.params.id ?? "", query, defaults);
      if (!entry) return notFound(ctx);
      return base.transformResponse(await base.sanitizeOutput(entry, ctx));
    },

    /** GET /{collection}/count: the number of entries matching the filters, as a bare JSON number. */
    async count(koaCtx: KoaContext) {
      const ctx = asApiContext(koaCtx);
      const base = this as unknown as CoreControllerBase;
      await base.validateQuery(ctx);
      const query = await base.sanitizeQuery(ctx);
      ctx.body = await countEntries(strapi, uid, query.filters, defaults);
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
