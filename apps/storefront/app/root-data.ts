import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { LocaleTag } from "@shop/domain";
import { isLocale, LOCALE_TAGS, type Locale } from "@shop/routing";
import type { PageMessages } from "./i18n";
import type { loader } from "./root";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** A page's language and its texts, which always travel together so that `<html lang>` matches the words. */
export interface PageLanguage {
  readonly locale: Locale;
  readonly messages: PageMessages;
}

/**
 * The server's language and texts for the request (the request context's, as the root loader would
 * have used), for the rare page rendered without root data. Only entry.server provides it, so the
 * browser bundle never holds any language file.
 */
export const ServerMessagesContext = createContext<PageLanguage | undefined>(undefined);

/** The language and texts of the last page shown in this browser tab (see usePageLanguage). */
let lastBrowserLanguage: PageLanguage | undefined;

/** Id of the data block that carries the server's language and texts to a page rendered without root data. */
export const FALLBACK_TEXTS_ID = "fallback-texts";

function fallbackInPage(): PageLanguage | undefined {
  const block = document.getElementById(FALLBACK_TEXTS_ID)?.textContent;
  if (!block) return undefined;
  try {
    const parsed = JSON.parse(block) as Partial<PageLanguage>;
    return isLocale(parsed.locale) && parsed.messages
      ? { locale: parsed.locale, messages: parsed.messages }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What every page needs: language, texts, the signed-in customer. Error pages may render
 * without root data (when the root loader itself failed), so they fall back to the path.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

export function usePageLanguage(): { locale: Locale; tag: LocaleTag; messages: PageMessages } {
  const data = useRootData();
  const server = useContext(ServerMessagesContext);
  const inBrowser = typeof window !== "undefined";
  // Language and texts travel with the root loader's data. Without it (the root loader failed, or a
  // revalidation did, e.g. offline), the server uses the request's own, which it also writes into the
  // page for hydration, and the browser keeps the ones it already shows: never words of one language
  // under the `lang` of another.
  if (data && inBrowser) lastBrowserLanguage = { locale: data.locale, messages: data.messages };
  const { locale, messages } =
    (data ? { locale: data.locale, messages: data.messages } : undefined) ??
    server ??
    lastBrowserLanguage ??
    (inBrowser ? fallbackInPage() : undefined) ??
    missingTexts();
  return { locale, tag: LOCALE_TAGS[locale], messages };
}

function missingTexts(): never {
  throw new Error("The page texts are missing: the root loader returned no data");
}
