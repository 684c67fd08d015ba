import type { Core, UID } from "@strapi/strapi";
import { documents, type CoreServiceApi, type Entry } from "../database/documents";

/** A Strapi REST query (filters, sort, pagination, populate, fields), already checked by the caller. */
type Query = Record<string, unknown>;

/** How a public collection is read when the query does not say otherwise. */
export interface CollectionDefaults {
  /** Used when the query has no `sort`. */
  sort: string[];
  /** Used when the query has no `populate`: the media fields, so pictures come with the entry. */
  populate?: Record<string, unknown>;
  /** Always AND-ed with the query's filters (e.g. box contents of hidden products never show). */
  filters?: Record<string, unknown>;
}

/** All the given filters at once; empty ones are left out. */
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

function withDefaults(query: Query, defaults: CollectionDefaults): Query {
  return {
    ...query,
    sort: query.sort ?? defaults.sort,
    populate: query.populate ?? defaults.populate,
    filters: andFilters(query.filters, defaults.filters),
  };
}

/** A page of a public collection, with Strapi's pagination. */
export async function findEntries(
  strapi: Core.Strapi,
  uid: string,
  query: Query,
  defaults: CollectionDefaults,
): Promise<{ results: Entry[]; pagination: Record<string, number> }> {
  const service = strapi.service(uid as UID.Service) as unknown as CoreServiceApi;
  return service.find(withDefaults(query, defaults));
}

/** One entry of a public collection by numeric id or documentId, or null when none matches the filters. */
export async function findEntry(
  strapi: Core.Strapi,
  uid: string,
  id: string,
  query: Query,
  defaults: CollectionDefaults,
): Promise<Entry | null> {
  const documentId = await resolveDocumentId(strapi, uid, id);
  if (documentId === null) return null;
  const { pagination: _pagination, sort: _sort, ...rest } = withDefaults(query, defaults);
  return documents(strapi, uid).findFirst({
    ...rest,
    filters: andFilters({ documentId: { $eq: documentId } }, rest.filters),
  });
}

/** How many entries of a public collection match the filters. */
export async function countEntries(
  strapi: Core.Strapi,
  uid: string,
  filters: unknown,
  defaults: CollectionDefaults,
): Promise<number> {
  return documents(strapi, uid).count({ filters: andFilters(filters, defaults.filters) });
}
