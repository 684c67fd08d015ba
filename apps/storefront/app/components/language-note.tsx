import type { Locale } from "@shop/domain";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

/**
 * A discreet line saying that what follows is written in another language than the page (reviews are
 * always in Catalan, blog posts in Spanish: specification, section 9). Nothing on pages in that
 * language. `text` holds `{language}`, filled with the language's name in the page's language.
 */
export function LanguageNote({ language, text }: { language: Locale; text: string }) {
  const { locale, tag } = usePageLanguage();
  if (locale === language) return null;
  const name = new Intl.DisplayNames([tag], { type: "language" }).of(language) ?? language;
  return <p className="-mt-4 mb-4 text-sm text-sand-700">{format(text, { language: name })}</p>;
}
