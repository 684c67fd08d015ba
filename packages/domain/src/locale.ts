// The one list of the shop's languages: packages/routing, the storefront and the CMS import it.
export const LOCALES = ["es", "ca", "pt"] as const;
export type Locale = (typeof LOCALES)[number];

/** Spanish is the default page language and the fallback of every translated field. */
export const DEFAULT_LOCALE: Locale = "es";

/** BCP 47 tags used for `<html lang>`, hreflang and formatting (number-format.ts, Intl). */
export const LOCALE_TAGS = { es: "es-ES", ca: "ca-ES", pt: "pt-PT" } as const satisfies Readonly<
  Record<Locale, string>
>;
export type LocaleTag = (typeof LOCALE_TAGS)[Locale];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Unknown languages get Spanish texts, as the spec says. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Order in which translations are tried: the page's language, then Spanish, then the rest. */
export function fallbackChain(locale: Locale): Locale[] {
  return [...new Set<Locale>([locale, DEFAULT_LOCALE, ...LOCALES])];
}
