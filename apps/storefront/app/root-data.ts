import { useRouteLoaderData } from "react-router";
import { detectLocale, LOCALE_TAGS, type Locale } from "@shop/routing";
import type { Messages } from "./i18n";
import { es } from "./i18n/es";
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
  // The texts travel with the root loader's data; only when that loader failed does an error page
  // fall back to Spanish, so the browser never downloads the other languages' files.
  return { locale, tag: LOCALE_TAGS[locale], messages: data?.messages ?? es };
}
