import {
  mapBoxContents,
  mapFaqs,
  mapFarmers,
  mapLegalPage,
  mapNewsroom,
  mapTeamMembers,
  type LegalPageKey,
} from "@shop/domain";
import type { Locale } from "@shop/routing";
import { cachedResource, type CachedResource } from "./cache.server";
import { cmsFetch } from "./cms.server";

/** Staff-edited pages: cached like the catalogue, so an edit shows within a minute. */
const FRESH_MS = 30_000;
const resources = new Map<string, CachedResource<unknown>>();

function collection(path: string): Promise<unknown> {
  let resource = resources.get(path);
  if (!resource) {
    resource = cachedResource<unknown>({
      name: path,
      freshMs: FRESH_MS,
      async load() {
        const response = await cmsFetch(path);
        if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
        return response.json();
      },
      onError: (previous) => previous ?? { data: [] },
    });
    resources.set(path, resource);
  }
  return resource.get();
}

const PAGE = "pagination[pageSize]=100";

export const getTeam = async (locale: Locale) =>
  mapTeamMembers(await collection(`/team-members?populate=*&${PAGE}`), locale);
export const getFarmers = async (locale: Locale) => mapFarmers(await collection(`/farmers?populate=*&${PAGE}`), locale);
export const getNewsroom = async (locale: Locale) => mapNewsroom(await collection(`/newsroom-entries?${PAGE}`), locale);
export const getFaqs = async (locale: Locale) => mapFaqs(await collection(`/faqs?${PAGE}`), locale);
export const getBoxContents = async (locale: Locale) =>
  mapBoxContents(await collection(`/box-contents?populate=*&${PAGE}`), locale);
export const getLegalPage = async (key: LegalPageKey, locale: Locale) =>
  mapLegalPage(await collection(`/legal-pages?${PAGE}`), key, locale);
