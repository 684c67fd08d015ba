import { factories } from "@strapi/strapi";
import {
  DEFAULT_PRODUCT_SORT,
  parseIsActive,
  PRODUCT_POPULATE,
  PRODUCT_UID,
  serializeProduct,
  VISIBLE_PRODUCT_FILTER,
} from "../../../catalogue/product";
import { andFilters, resolveDocumentId } from "../../../catalogue/public-controller";
import {
  documents,
  notFound,
  asApiContext,
  type ApiContext,
  type CoreControllerBase,
  type KoaContext,
} from "../../../catalogue/strapi-loose";
import { sendError } from "../../../http/errors";

type Query = Record<string, unknown>;

/**
 * Validates the REST query (filters, sort, pagination) against the caller's permissions and returns
 * it with `isActive` turned into a filter, or answers 400 and returns null. Whatever the caller
 * asks, hidden products are filtered out, and `populate` / `fields` are ours: the answer always has
 * the flat shape of docs/decisions/005-cms-catalogue-api.md.
 */
async function readQuery(
  base: CoreControllerBase,
  ctx: ApiContext,
  defaultIsActive?: string,
): Promise<{ query: Query; filters: unknown } | null> {
  const { isActive, ...rest } = ctx.query;
  const active = parseIsActive(isActive ?? defaultIsActive);
  if (!active.ok) {
    sendError(ctx, 400, "ValidationError", "isActive must be all, true or false", {
      errors: [{ path: ["isActive"], message: "must be all, true or false", name: "ValidationError" }],
    });
    return null;
  }
  ctx.query = rest;
  await base.validateQuery(ctx);
  const query = await base.sanitizeQuery(ctx);
  return { query, filters: andFilters(query.filters, active.filter, VISIBLE_PRODUCT_FILTER) };
}

export default factories.createCoreController("api::product.product", ({ strapi }) => ({
  /** GET /products: visible products, active ones unless isActive=all; every product unless paginated. */
  async find(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const base = this as unknown as CoreControllerBase;
    const read = await readQuery(base, ctx);
    if (!read) return;
    const { query, filters } = read;
    const api = documents(strapi, PRODUCT_UID);
    const sort = query.sort ?? DEFAULT_PRODUCT_SORT;
    const paginated = query.pagination !== undefined || query.start !== undefined || query.limit !== undefined;

    if (!paginated) {
      // The storefront loads the whole catalogue at once (spec section 4).
      const entries = await api.findMany({ filters, sort, populate: PRODUCT_POPULATE });
      const total = entries.length;
      return {
        data: entries.map(serializeProduct),
        meta: { pagination: { page: 1, pageSize: total, pageCount: total === 0 ? 0 : 1, total } },
      };
    }
    const service = strapi.service("api::product.product") as unknown as {
      find(params: Query): Promise<{ results: Parameters<typeof serializeProduct>[0][]; pagination: unknown }>;
    };
    const { results, pagination } = await service.find({
      ...query,
      filters,
      sort,
      populate: PRODUCT_POPULATE,
      fields: undefined,
    });
    return { data: results.map(serializeProduct), meta: { pagination } };
  },

  /**
   * GET /products/:id, by documentId or numeric id. Inactive products are found (a product page can
   * say "not available"); a hidden product is answered as missing.
   */
  async findOne(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const base = this as unknown as CoreControllerBase;
    const read = await readQuery(base, ctx, "all");
    if (!read) return;
    const documentId = await resolveDocumentId(strapi, PRODUCT_UID, ctx.params.id ?? "");
    if (documentId === null) return notFound(ctx);
    const entry = await documents(strapi, PRODUCT_UID).findFirst({
      filters: andFilters({ documentId: { $eq: documentId } }, read.filters),
      populate: PRODUCT_POPULATE,
    });
    if (!entry) return notFound(ctx);
    return { data: serializeProduct(entry), meta: {} };
  },

  /** GET /products/count: same filters as the list, as a bare JSON number. */
  async count(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const base = this as unknown as CoreControllerBase;
    const read = await readQuery(base, ctx);
    if (!read) return;
    ctx.body = await documents(strapi, PRODUCT_UID).count({ filters: read.filters });
  },
}));
