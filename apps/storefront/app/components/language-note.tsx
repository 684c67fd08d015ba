import type { Locale } from "@shop/domain";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

/**
 * Each of the shop's languages named in each of them, as Intl.DisplayNames names them (the test
 * checks): written out because the first Intl object a browser makes for a page costs tens of ms of
 * its main thread, and this note is on the home page (decision 059).
 */
export const LANGUAGE_NAMES = {
  es: { es: "español", ca: "catalán", pt: "portugués" },
  ca: { es: "espanyol", ca: "català", pt: "portuguès" },
  pt: { es: "espanhol", ca: "catalão", pt: "português" },
} as const satisfies Record<Locale, Record<Locale, string>>;

/**
 * A discreet line saying that what follows is written in another language than the page (reviews are
 * always in Catalan, blog posts in Spanish: specification, section 9). Nothing on pages in that
 * language. `text` holds `{language}`, filled with the language's name in the page's language.
 */
export function LanguageNote({ language, text }: { language: Locale; text: string }) {
  const { locale } = usePageLanguage();
  if (locale === language) return null;
  return (
    <p className="-mt-4 mb-4 text-sm text-sand-700">{format(text, { language: LANGUAGE_NAMES[locale][language] })}</p>
  );
}
