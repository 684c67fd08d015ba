import type { Core, UID } from "@strapi/strapi";

/**
 * Narrow, loosely typed views of Strapi's document service. The generated content-type typings make
 * every document-service call generic over the UID; code that handles several content types with
 * one function (the catalogue's public collections, the factories, the seed) reads its own fields
 * and serialises them itself, so it works with plain records.
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
