import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import { detectLocale, LOCALE_TAGS, type Locale } from "@shop/routing";
import type { PageMessages } from "./i18n";
import type { loader } from "./root";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * The server's texts for the requested path, for the rare page rendered without root data.
 * Only entry.server provides it, so the browser bundle never holds any language file.
 */
export const ServerMessagesContext = createContext<PageMessages | undefined>(undefined);

/** The texts of the last page shown in this browser tab (see usePageLanguage). */
let lastBrowserMessages: PageMessages | undefined;

/** Id of the data block that carries the server's texts to a page rendered without root data. */
export const FALLBACK_TEXTS_ID = "fallback-texts";

function fallbackTextsInPage(): PageMessages | undefined {
  const block = document.getElementById(FALLBACK_TEXTS_ID)?.textContent;
  if (!block) return undefined;
  try {
    return JSON.parse(block) as PageMessages;
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

export function usePageLanguage(): { locale: Locale; tag: string; messages: PageMessages } {
  const data = useRootData();
  const serverMessages = useContext(ServerMessagesContext);
  const inBrowser = typeof window !== "undefined";
  const locale = data?.locale ?? detectLocale(inBrowser ? window.location.pathname : "/");
  // Texts travel with the root loader's data. Without it (a failed revalidation, e.g. offline),
  // the browser keeps the texts it already shows and the server uses its own copy.
  if (data && inBrowser) lastBrowserMessages = data.messages;
  const messages =
    data?.messages ?? serverMessages ?? lastBrowserMessages ?? (inBrowser ? fallbackTextsInPage() : undefined);
  if (!messages) throw new Error("The page texts are missing: the root loader returned no data");
  return { locale, tag: LOCALE_TAGS[locale], messages };
}
