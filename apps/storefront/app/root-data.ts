import { useRouteLoaderData } from "react-router";
import { detectLocale, LOCALE_TAGS, type Locale } from "@shop/routing";
import { messagesFor, type Messages } from "./i18n";
import type { loader } from "./root";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * What every page needs: language, texts, the signed-in customer. Error pages may render
 * without root data (when the root loader itself failed), so they fall back to the path.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

export function usePageLanguage(): { locale: Locale; tag: string; messages: Messages } {
  const data = useRootData();
  const locale = data?.locale ?? detectLocale(typeof window === "undefined" ? "/" : window.location.pathname);
  return { locale, tag: LOCALE_TAGS[locale], messages: data?.messages ?? messagesFor(locale) };
}
