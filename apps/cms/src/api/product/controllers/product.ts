import { factories } from "@strapi/strapi";
import { parseIsActive } from "../../../catalogue/product";
import {
  asApiContext,
  notFound,
  type ApiContext,
  type CoreControllerBase,
  type KoaContext,
} from "../../../http/context";
import { sendError } from "../../../http/errors";
import { andFilters } from "../../../catalogue/entries";
import { countProducts, findProduct, listProducts } from "../../../catalogue/visible-products";
import { CONTENT_TYPES } from "../../../content-types";

/**
 * Validates the REST query (filters, sort, pagination) against the caller's permissions and returns
 * it with `isActive` turned into a filter, or answers 400 and returns null. `populate` and `fields`
 * are dropped: the answer always has the flat shape of docs/decisions/005-cms-catalogue-api.md.
 */
async function readQuery(base: CoreControllerBase, ctx: ApiContext, defaultIsActive?: string) {
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
  const { filters, sort, populate: _populate, fields: _fields, ...paging } = await base.sanitizeQuery(ctx);
  return { filters: andFilters(filters, active.filter), sort, paging };
}

export default factories.createCoreController(CONTENT_TYPES.product, ({ strapi }) => ({
  /** GET /products: visible products, active ones unless isActive=all; every product unless paginated. */
  async find(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const query = await readQuery(this as unknown as CoreControllerBase, ctx);
    if (!query) return;
    const { products, pagination } = await listProducts(strapi, query);
    return { data: products, meta: { pagination } };
  },

  /**
   * GET /products/:id, by documentId or numeric id. Inactive products are found (a product page can
   * say "not available"); a hidden product is answered as missing.
   */
  async findOne(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const query = await readQuery(this as unknown as CoreControllerBase, ctx, "all");
    if (!query) return;
    const product = await findProduct(strapi, ctx.params.id ?? "", query);
    if (!product) return notFound(ctx);
    return { data: product, meta: {} };
  },

  /** GET /products/count: same filters as the list, as a bare JSON number. */
  async count(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const query = await readQuery(this as unknown as CoreControllerBase, ctx);
    if (!query) return;
    ctx.body = await countProducts(strapi, query);
  },
}));
