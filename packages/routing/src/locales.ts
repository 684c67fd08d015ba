// The module, not the package's index: the storefront's shell chunk (every page's first load) takes
// what this file imports and all it depends on, and the index leads to every rule the browser uses
// anywhere (decision 006's budget).
import { DEFAULT_LOCALE, isLocale, type Locale } from "@shop/domain/locale";

// The languages themselves are a business rule (packages/domain); routing adds how they appear in URLs.
export { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale } from "@shop/domain/locale";

export const LOCALE_NAMES: Record<Locale, string> = {
  ca: "Català",
  es: "Español",
  pt: "Português",
};

/** Path prefix of each language; Spanish, the default, has none. */
export const LOCALE_PREFIXES: Record<Locale, string> = {
  es: "",
  ca: "/ca",
  pt: "/pt",
};

export const LOCALE_COOKIE = {
  name: "lang",
  maxAgeSeconds: 365 * 24 * 60 * 60,
  path: "/",
  sameSite: "Lax",
} as const;

/**
 * The language of a page that no route claims: the first path segment when it is a
 * two-letter language code we serve, else the remembered locale, else Spanish.
 */
export function detectLocale(pathname: string, cookieLocale?: string | null): Locale {
  const first = pathname.split("/").find((segment) => segment !== "");
  if (first && first.length === 2 && isLocale(first.toLowerCase())) return first.toLowerCase() as Locale;
  if (isLocale(cookieLocale)) return cookieLocale;
  return DEFAULT_LOCALE;
}

/** Serialises the language cookie with the attributes the specification fixes. */
export function serializeLocaleCookie(locale: Locale, secure = false): string {
  const parts = [
    `${LOCALE_COOKIE.name}=${locale}`,
    `Max-Age=${LOCALE_COOKIE.maxAgeSeconds}`,
    `Path=${LOCALE_COOKIE.path}`,
    `SameSite=${LOCALE_COOKIE.sameSite}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
