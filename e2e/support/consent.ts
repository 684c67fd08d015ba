import type { Locale } from "@shop/routing";
import type { Page } from "playwright-core";
import { consentTextsFor } from "../../apps/storefront/app/analytics/consent-texts";
import { CONSENT_BANNER_ID } from "../../apps/storefront/app/analytics/events";

/** The consent banner as a screen reader finds it: the region named by its title. */
export function consentBanner(page: Page, locale: Locale) {
  return page.getByRole("region", { name: consentTextsFor(locale).banner.title });
}

/**
 * Waits until the banner's chunk listens to the banner the server wrote (decision 054): before that
 * it is painted, and a tap on it before hydration does nothing, as on any button of the shop.
 */
export async function consentBannerLive(page: Page) {
  await page.locator(LIVE_BANNER).waitFor({ state: "attached" });
}

/** The banner's node once its chunk listens to it. */
export const LIVE_BANNER = `#${CONSENT_BANNER_ID}[data-live]`;

/** The banner's node as the server wrote it, whether shown or not. */
export const BANNER_NODE = `#${CONSENT_BANNER_ID}`;
