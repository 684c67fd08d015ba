import type { Locale } from "@shop/domain";

/** The name of each language, in each language: `languageNames[staffLocale][visitorLocale]`. */
export const languageNames = {
  es: { es: "español", ca: "catalán", pt: "portugués" },
  ca: { es: "castellà", ca: "català", pt: "portuguès" },
  pt: { es: "espanhol", ca: "catalão", pt: "português" },
} as const satisfies Record<Locale, Record<Locale, string>>;

/** The first words of a long text, for a preview line. */
export function excerpt(text: string, max = 90): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1).trimEnd()}…`;
}
