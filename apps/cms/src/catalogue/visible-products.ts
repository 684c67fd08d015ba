import type { Core } from "@strapi/strapi";
import { DEFAULT_PRODUCT_SORT, PRODUCT_POPULATE, serializeProduct, VISIBLE_PRODUCT_FILTER } from "./product";
import { documents, type CoreServiceApi } from "../database/documents";
import { andFilters, resolveDocumentId } from "./entries";
import { CONTENT_TYPES } from "../content-types";

/**
 * The catalogue as the shop shows it: products in the flat public shape
 * (docs/decisions/005-cms-catalogue-api.md). Hidden products (hide_from_web) never leave this
 * module: every read is AND-ed with VISIBLE_PRODUCT_FILTER after the caller's filters, so no filter
 * or id reaches one, whoever calls (a controller, a job, a test).
 */

type PublicProduct = ReturnType<typeof serializeProduct>;

interface ProductFilters {
  /** Strapi filters, already checked against the caller's permissions (the isActive one included). */
  filters?: unknown;
}

interface ProductListQuery extends ProductFilters {
  /** Strapi's sort; default: position, then id. */
  sort?: unknown;
  /**
   * The rest of Strapi's REST query, handed to its find as given: the paging parameters
   * (`pagination`, `start`, `limit`) and the like. Without paging, every matching product at once.
   */
  paging?: Record<string, unknown>;
}

type Pagination = Record<string, unknown>;

function visible(filters: unknown) {
  return andFilters(filters, VISIBLE_PRODUCT_FILTER);
}

export async function listProducts(
  strapi: Core.Strapi,
  { filters, sort = DEFAULT_PRODUCT_SORT, paging = {} }: ProductListQuery,
): Promise<{ products: PublicProduct[]; pagination: Pagination }> {
  const paginated = paging.pagination !== undefined || paging.start !== undefined || paging.limit !== undefined;
  if (!paginated) {
    // The storefront loads the whole catalogue at once (spec section 4).
    const entries = await documents(strapi, CONTENT_TYPES.product).findMany({
      filters: visible(filters),
      sort,
      populate: PRODUCT_POPULATE,
    });
    const total = entries.length;
    return {
      products: entries.map(serializeProduct),
      pagination: { page: 1, pageSize: total, pageCount: total === 0 ? 0 : 1, total },
    };
  }
  const service = strapi.service(CONTENT_TYPES.product) as unknown as CoreServiceApi;
  const { results, pagination } = await service.find({
    ...paging,
    filters: visible(filters),
    sort,
    populate: PRODUCT_POPULATE,
  });
  return { products: results.map(serializeProduct), pagination };
}

export async function countProducts(strapi: Core.Strapi, { filters }: ProductFilters): Promise<number> {
  return documents(strapi, CONTENT_TYPES.product).count({ filters: visible(filters) });
}

/** A product by numeric id or documentId, or null when it is missing, hidden or filtered out. */
export async function findProduct(
  strapi: Core.Strapi,
  id: string,
  { filters }: ProductFilters,
): Promise<PublicProduct | null> {
  const documentId = await resolveDocumentId(strapi, CONTENT_TYPES.product, id);
  if (documentId === null) return null;
  const entry = await documents(strapi, CONTENT_TYPES.product).findFirst({
    filters: visible(andFilters({ documentId: { $eq: documentId } }, filters)),
    populate: PRODUCT_POPULATE,
  });
  return entry ? serializeProduct(entry) : null;
}
