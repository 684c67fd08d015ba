import { listAnswerSchema } from "@shop/contracts";
import {
  mapBoxContents,
  mapFaqs,
  mapFarmers,
  mapLegalPage,
  mapNewsroom,
  mapStaffCategories,
  mapTeamMembers,
  type StaffCategory,
  type LegalPageKey,
} from "@shop/domain";
import type { Locale } from "@shop/routing";
import { data } from "react-router";
import { cachedResource, CMS_DATA_FRESH_MS, CMS_DATA_MAX_STALE_MS, type CachedResource } from "./cache.server";
import { cmsGet } from "./cms.server";

/** Staff-edited pages: cached like the catalogue, so an edit shows within a minute. */
const resources = new Map<string, CachedResource<unknown>>();

/** Nothing was ever loaded and the CMS fails: there is nothing true to show. */
const UNAVAILABLE = Symbol("content unavailable");

async function collection(path: string): Promise<unknown> {
  let resource = resources.get(path);
  if (!resource) {
    resource = cachedResource<unknown>({
      name: path,
      freshMs: CMS_DATA_FRESH_MS,
      maxStaleMs: CMS_DATA_MAX_STALE_MS,
      // The envelope is checked here; each page's mapper (@shop/domain) reads its entries defensively.
      load: () => cmsGet(path, listAnswerSchema),
      onError: (previous) => previous ?? UNAVAILABLE,
      isUsable: (value) => value !== UNAVAILABLE,
    });
    resources.set(path, resource);
  }
  const value = await resource.get();
  // A page whose content cannot be loaded says so (503), rather than "not found" or empty.
  if (value === UNAVAILABLE) throw data("The content service is unavailable", { status: 503 });
  return value;
}

const PAGE = "pagination[pageSize]=100";

export const getTeam = async (locale: Locale) =>
  mapTeamMembers(await collection(`/team-members?populate=*&${PAGE}`), locale);
export const getFarmers = async (locale: Locale) => mapFarmers(await collection(`/farmers?populate=*&${PAGE}`), locale);
export const getNewsroom = async (locale: Locale) => mapNewsroom(await collection(`/newsroom-entries?${PAGE}`), locale);
export const getFaqs = async (locale: Locale) => mapFaqs(await collection(`/faqs?${PAGE}`), locale);
/** The shop's calendar day (YYYY-MM-DD): weeks start in Spain, whatever the server's time zone. */
const shopToday = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Madrid" });

export const getBoxContents = async (locale: Locale) =>
  mapBoxContents(await collection(`/box-contents?populate=*&${PAGE}`), locale, shopToday());
export const getLegalPage = async (key: LegalPageKey, locale: Locale) =>
  mapLegalPage(await collection(`/legal-pages?${PAGE}`), key, locale);

/**
 * Staff's descriptions of the complementary-product categories. They shape category URLs, so
 * this answers 503 rather than guess when the CMS has never answered (see collection()).
 */
export const getStaffCategories = async (locale: Locale): Promise<StaffCategory[]> =>
  mapStaffCategories(await collection(`/categories?${PAGE}`), locale);
