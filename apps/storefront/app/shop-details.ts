import { telHref, type PaymentMethod, type ShopSettings, type SocialNetwork } from "@shop/contracts";
import { localizedText, text } from "@shop/domain";
import { LOCALE_TAGS, type Locale } from "@shop/routing";

/**
 * The shop's details as a page shows them, in one language: worked out on the server (the root
 * loader) so that the browser gets ready text and no formatting code. Anything staff left empty
 * is absent (null or an empty list), and the page leaves it out.
 */
export interface ShopDetails {
  readonly legalName: string | null;
  readonly taxId: string | null;
  readonly registration: string | null;
  /** The postal address, one part per line: street; postcode and town; region, when not the town; country. */
  readonly address: readonly string[];
  readonly email: string | null;
  readonly phone: { readonly text: string; readonly href: string } | null;
  readonly openingHours: string | null;
  readonly socialLinks: readonly { readonly network: SocialNetwork; readonly url: string }[];
  readonly paymentMethods: readonly PaymentMethod[];
}

/** One per language: building Intl.DisplayNames took a measurable share of every page's root loader. */
const regionNames = new Map<Locale, Intl.DisplayNames>();

function countryName(code: string | null, locale: Locale): string | null {
  if (code === null) return null;
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function shopDetails(settings: ShopSettings | null, locale: Locale): ShopDetails | null {
  if (settings === null) return null;
  const town = [settings.postalCode, settings.locality].filter((part) => part !== null).join(" ");
  const sameAsTown = settings.region?.toLocaleLowerCase() === settings.locality?.toLocaleLowerCase();
  const address = [
    settings.streetAddress,
    text(town),
    sameAsTown ? null : settings.region,
    countryName(settings.country, locale),
  ].filter((line): line is string => line !== null);
  return {
    legalName: settings.legalName,
    taxId: settings.taxId,
    registration: settings.registration,
    address,
    email: settings.email,
    phone: settings.phone === null ? null : { text: settings.phone, href: telHref(settings.phone) },
    // Like other staff texts: Spanish (then any language written) where this language is missing.
    openingHours: localizedText(settings, "openingHours", locale),
    socialLinks: settings.socialLinks,
    paymentMethods: settings.paymentMethods,
  };
}
