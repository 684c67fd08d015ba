import type { Locale } from "@shop/routing";
import { env } from "../env.server";
import { consentTextsFor, type ConsentTexts } from "./consent-texts";
import type { AnalyticsSettings } from "./tag-manager";

/** What every page tells the browser about analytics: null (no banner, no data layer) without GTM_ID. */
export function analyticsSettings(
  source: Pick<typeof env, "GTM_ID" | "GTM_DATA_LAYER"> = env,
): AnalyticsSettings | null {
  return source.GTM_ID ? { gtmId: source.GTM_ID, dataLayer: source.GTM_DATA_LAYER } : null;
}

/** The cookie policy's analytics part, only while the shop loads Tag Manager: the page lists what is really used. */
export function analyticsCookiePolicy(locale: Locale): ConsentTexts["policy"] | null {
  return analyticsSettings() ? consentTextsFor(locale).policy : null;
}
