import type { Locale } from "@shop/routing";
import { ca } from "./ca";
import { es, type Messages } from "./es";
import { pt } from "./pt";

export type { Messages, ScreenText } from "./es";

const MESSAGES: Record<Locale, Messages> = { es, ca, pt };

/** Texts of a language; anything unknown gets the Spanish texts (specification, section 2). */
export function messagesFor(locale: string): Messages {
  return (MESSAGES as Record<string, Messages>)[locale] ?? es;
}

export { format } from "./format";
