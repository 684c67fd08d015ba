import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "@shop/routing";
import { env } from "../env.server";
import { messagesFor } from "../i18n";
import { ConsentBanner } from "./consent-banner";
import { CONSENT_COOKIE, consentAskScript, parseConsent } from "./consent";
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

/** The banner's HTML and its first script, per language: the same for every page and visitor. */
export interface ConsentBannerMarkup {
  readonly html: string;
  readonly script: string;
}

const bannerMarkup = new Map<Locale, ConsentBannerMarkup>();

/**
 * What the root writes into every page for the consent banner (docs/decisions/054), or null without
 * Tag Manager: rendered once per language, since the page cache and every visitor share it.
 */
export function consentBannerMarkup(
  locale: Locale,
  source: Pick<typeof env, "GTM_ID" | "GTM_DATA_LAYER"> = env,
): ConsentBannerMarkup | null {
  if (!analyticsSettings(source)) return null;
  let markup = bannerMarkup.get(locale);
  if (!markup) {
    const cookieSettings = messagesFor(locale).footer.cookieSettings;
    markup = {
      html: renderToStaticMarkup(createElement(ConsentBanner, { locale, cookieSettings })),
      script: consentAskScript(),
    };
    bannerMarkup.set(locale, markup);
  }
  return markup;
}

/**
 * The banner for this request: always in a page's HTML (cached for everybody), and in a navigation's
 * data (never cached) only for a visitor who has not answered, the one who may still see it in the
 * new page's language; the others would carry its 1.5 KB on every navigation for nothing.
 */
export function consentBannerFor({
  locale,
  dataRequest,
  cookies,
  now = new Date(),
  source = env,
}: {
  locale: Locale;
  dataRequest: boolean;
  cookies: Readonly<Record<string, string | undefined>>;
  now?: Date;
  source?: Pick<typeof env, "GTM_ID" | "GTM_DATA_LAYER">;
}): ConsentBannerMarkup | null {
  const markup = consentBannerMarkup(locale, source);
  if (!markup || !dataRequest) return markup;
  const answered = parseConsent(cookies[CONSENT_COOKIE], { now: Math.floor(now.getTime() / 1000) }) !== null;
  return answered ? { ...markup, html: "" } : markup;
}
