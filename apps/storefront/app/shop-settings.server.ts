import { shopSettingsAnswerSchema, type ShopSettings } from "@shop/contracts";
import { cachedResource, CMS_DATA_FRESH_MS, CMS_DATA_MAX_STALE_MS } from "./cache.server";
import { CmsAnswerError, cmsGet } from "./cms.server";

/**
 * The shop's own details (legal name, tax id, address, contact, hours, social links, payment
 * methods) as staff keep them in the CMS, cached like other staff-edited content. Null when staff
 * have not saved them yet or the CMS has not answered since this process started: pages then
 * leave the details out rather than invent them, and never fail because of them.
 */
const settings = cachedResource<ShopSettings | null>({
  name: "shop settings",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  async load() {
    try {
      return (await cmsGet("/shop-setting", shopSettingsAnswerSchema)).data;
    } catch (error) {
      // Not saved yet: a true answer, nothing to show.
      if (error instanceof CmsAnswerError && error.status === 404) return null;
      throw error;
    }
  },
  // An outage keeps what was last shown; a failure never reaches the page.
  onError: (previous) => previous ?? null,
});

export const getShopSettings = (): Promise<ShopSettings | null> => settings.get();

/** For tests. */
export const forgetShopSettings = (): void => settings.clear();
