import type { Core } from "@strapi/strapi";
import {
  httpsUrl,
  PAYMENT_METHODS,
  shopSettingsSchema,
  SOCIAL_NETWORKS,
  type PaymentMethod,
  type ShopSettings,
  type SocialNetwork,
} from "@shop/contracts";
import { text } from "@shop/domain";
import { documents, type Entry } from "../database/documents";
import { CONTENT_TYPES } from "../content-types";

/**
 * The shop's own details (the "Shop settings" single type) as the public sees them: the shape of
 * @shop/contracts' shopSettingsSchema, read by the storefront's footer, contact page and legal
 * notice. Empty fields are null; a value that could not safely go into a link (a social address
 * that is not https, an e-mail address or phone number staff mistyped past the admin's checks) is
 * left out rather than shown.
 */

export const SHOP_SETTINGS_POPULATE = { socialLinks: true, paymentMethods: true } as const;

/** Whether a value passes the contract's rule for `field`: one copy of each rule. */
const passes = (field: keyof typeof shopSettingsSchema.shape) => (value: string) =>
  shopSettingsSchema.shape[field].safeParse(value).success;
const isNetwork = (value: unknown): value is SocialNetwork => SOCIAL_NETWORKS.includes(value as SocialNetwork);
const isPaymentMethod = (value: unknown): value is PaymentMethod => PAYMENT_METHODS.includes(value as PaymentMethod);

function components(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    : [];
}

/** Text that passes `check`, trimmed; null when empty or not passing. */
function checked(value: unknown, check: (value: string) => boolean): string | null {
  const found = text(value);
  return found !== null && check(found) ? found : null;
}

export function serializeShopSettings(entry: Entry): ShopSettings {
  const updatedAt = entry.updatedAt instanceof Date ? entry.updatedAt.toISOString() : text(entry.updatedAt);
  return {
    legalName: text(entry.legalName),
    taxId: text(entry.taxId),
    registration: text(entry.registration),
    streetAddress: text(entry.streetAddress),
    postalCode: text(entry.postalCode),
    locality: text(entry.locality),
    region: text(entry.region),
    country: checked(entry.country, passes("country")),
    email: checked(entry.email, passes("email")),
    phone: checked(entry.phone, passes("phone")),
    openingHours_es: text(entry.openingHours_es),
    openingHours_ca: text(entry.openingHours_ca),
    openingHours_pt: text(entry.openingHours_pt),
    socialLinks: components(entry.socialLinks).flatMap(({ network, url }) => {
      const address = checked(url, (value) => httpsUrl.safeParse(value).success);
      return isNetwork(network) && address !== null ? [{ network, url: address }] : [];
    }),
    // Staff may add a method twice; the shop names it once.
    paymentMethods: [...new Set(components(entry.paymentMethods).map(({ method }) => method))].filter(isPaymentMethod),
    updatedAt,
  };
}

/** The shop's details, or null while staff have never saved the single type. */
export async function getShopSettings(strapi: Core.Strapi): Promise<ShopSettings | null> {
  const entry = await documents(strapi, CONTENT_TYPES.shopSetting).findFirst({ populate: SHOP_SETTINGS_POPULATE });
  return entry ? serializeShopSettings(entry) : null;
}
