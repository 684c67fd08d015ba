import { LOCALE_TAGS, LOCALES, type Locale } from "@shop/domain";

/** The language of the page on show, from `<html lang>` (which the root sets with the page's texts). */
export function pageLocale(): Locale {
  const tag = document.documentElement.lang;
  return LOCALES.find((locale) => LOCALE_TAGS[locale] === tag) ?? "es";
}
