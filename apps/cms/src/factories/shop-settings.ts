import type { Core } from "@strapi/strapi";
import type { PaymentMethod, SocialNetwork } from "@shop/contracts";
import type { Locale } from "@shop/domain";
import { documents, type Entry } from "../database/documents";
import { SHOP_SETTINGS_POPULATE } from "../shop-settings/shop-settings";
import { CONTENT_TYPES } from "../content-types";

/** The "Shop settings" single type's fields, as staff fill them in the admin panel. */
export type ShopSettingsData = Partial<Record<`openingHours_${Locale}`, string | null>> & {
  legalName?: string | null;
  taxId?: string | null;
  registration?: string | null;
  streetAddress?: string | null;
  postalCode?: string | null;
  locality?: string | null;
  region?: string | null;
  country?: string | null;
  email?: string | null;
  phone?: string | null;
  socialLinks?: { network: SocialNetwork; url: string }[];
  paymentMethods?: { method: PaymentMethod }[];
  /** The gift card's custom amount's limits, in whole euros (src/gift-cards/purchase.ts). */
  giftCardMinimumEuros?: number | null;
  giftCardMaximumEuros?: number | null;
};

interface SingleTypeApi {
  update(params: { documentId: string; data: Record<string, unknown>; populate?: unknown }): Promise<Entry>;
}

/**
 * Saves the shop settings as staff would: creates the single type's entry the first time, then
 * updates it with the given fields (the others keep their values; a list given replaces the list).
 */
export async function saveShopSettings(strapi: Core.Strapi, data: ShopSettingsData): Promise<Entry> {
  const api = documents(strapi, CONTENT_TYPES.shopSetting);
  const existing = await api.findFirst({});
  if (!existing) return api.create({ data, populate: SHOP_SETTINGS_POPULATE });
  return (api as unknown as SingleTypeApi).update({
    documentId: existing.documentId,
    data,
    populate: SHOP_SETTINGS_POPULATE,
  });
}
