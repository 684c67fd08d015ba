import { LOCALES, type Locale } from "@shop/domain";
import { z } from "zod";

/**
 * The shop's own details as staff keep them in the CMS's "Shop settings" single type, and as GET
 * /api/shop-setting answers them: who runs the shop (legal name, tax id, registry entry, address),
 * how to reach it (e-mail, phone, opening hours), where it is on social networks and how customers
 * may pay. The CMS's serializer is typed by this schema; the storefront validates the answer with it
 * and shows the details in the footer, the contact page and the legal notice. Every field may be
 * empty: the shop shows what staff filled in and leaves out the rest.
 */

/** Social networks the shop may link to; the CMS's enumeration (component shop.social-link) is this list. */
export const SOCIAL_NETWORKS = ["instagram", "facebook", "tiktok", "youtube", "linkedin", "x", "pinterest"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/**
 * Ways to pay the shop may accept; the CMS's enumeration (component shop.payment-method) is this
 * list. The payment providers of DESIGN.md offer them: cards and Bizum (Redsys), cards, Apple Pay
 * and Google Pay (Stripe), SEPA direct debit for companies, and the shop's own gift cards.
 */
export const PAYMENT_METHODS = ["card", "bizum", "applePay", "googlePay", "sepaDirectDebit", "giftCard"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The longest value of each text field: the CMS's schema and this contract agree. */
export const SHOP_SETTINGS_MAX = {
  legalName: 160,
  taxId: 20,
  registration: 300,
  streetAddress: 200,
  postalCode: 12,
  locality: 100,
  region: 100,
  email: 254,
  phone: 32,
  openingHours: 300,
  url: 500,
} as const satisfies Record<string, number>;

/** A phone number as it can go into a tel: link once spaces and brackets are dropped. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,}$/;
/** ISO 3166-1 alpha-2, upper case ("ES", "PT"). */
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;

const optionalText = (max: number) => z.string().max(max).nullable();

// Browsers drop tabs and newlines inside URLs, so a control character makes an address unusable.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const HTTPS_URL = /^https:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i;

/** A link the shop's pages may put in an href: https only, a host with a dot, no spaces or control characters. */
export const httpsUrl = z
  .string()
  .max(SHOP_SETTINGS_MAX.url)
  .refine((value) => HTTPS_URL.test(value) && !CONTROL.test(value), { error: "an https:// address" });

const openingHours = Object.fromEntries(
  LOCALES.map((locale) => [`openingHours_${locale}`, optionalText(SHOP_SETTINGS_MAX.openingHours)]),
) as { [Key in `openingHours_${Locale}`]: z.ZodNullable<z.ZodString> };

export const shopSettingsSchema = z.object({
  legalName: optionalText(SHOP_SETTINGS_MAX.legalName),
  /** NIF / CIF (Spanish tax id), as staff wrote it. */
  taxId: optionalText(SHOP_SETTINGS_MAX.taxId),
  /** The registry entry the law asks a company to state (Registro Mercantil: tomo, folio, hoja). */
  registration: optionalText(SHOP_SETTINGS_MAX.registration),
  streetAddress: optionalText(SHOP_SETTINGS_MAX.streetAddress),
  postalCode: optionalText(SHOP_SETTINGS_MAX.postalCode),
  locality: optionalText(SHOP_SETTINGS_MAX.locality),
  region: optionalText(SHOP_SETTINGS_MAX.region),
  country: z.string().regex(COUNTRY_PATTERN).nullable(),
  email: z.email().max(SHOP_SETTINGS_MAX.email).nullable(),
  phone: z.string().max(SHOP_SETTINGS_MAX.phone).regex(PHONE_PATTERN).nullable(),
  ...openingHours,
  socialLinks: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: httpsUrl })),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  updatedAt: z.string().nullable(),
});
export type ShopSettings = z.output<typeof shopSettingsSchema>;

/** GET /api/shop-setting: `{ data: <settings>, meta }`. Before staff save the single type, the CMS answers 404. */
export const shopSettingsAnswerSchema = z.object({ data: shopSettingsSchema });
export type ShopSettingsAnswer = z.output<typeof shopSettingsAnswerSchema>;

/** What a tel: link takes: the digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
