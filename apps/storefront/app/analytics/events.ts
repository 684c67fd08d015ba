/**
 * Asks the cookie banner's chunk to open the preferences dialog (footer, cookie policy page). An
 * event rather than shared state: the dialog's code arrives after hydration and the first load
 * carries only this name (decision 006).
 */
export const OPEN_COOKIE_SETTINGS = "shop:cookie-settings";

/**
 * The consent banner's node, first in <body>: written by the server (docs/decisions/054), brought to
 * life by the banner's chunk, and listened to from the first load so that a tap before it is not lost.
 */
export const CONSENT_BANNER_ID = "consent-banner";

/**
 * The attribute that shows the banner: put on <html> by the page's first script when no choice of
 * this version is stored, taken off once the visitor answers. Without it (no JavaScript, a choice
 * made, the chunk that could not come) the banner stays hidden: nothing of Google's loads then.
 */
export const CONSENT_ASK_ATTRIBUTE = "data-consent-ask";

/** What each of the banner's buttons does (its `data-consent-answer`). */
export type BannerAnswer = "reject" | "accept" | "choose";

/**
 * The answer a click on the banner names, or null (a click beside its buttons). Here, in the
 * first load's smallest module, because the first load listens for early taps too.
 */
export function bannerAnswerOf(event: Event): BannerAnswer | null {
  const target = event.target instanceof Element ? event.target : null;
  return (target?.closest<HTMLElement>("[data-consent-answer]")?.dataset.consentAnswer as BannerAnswer) ?? null;
}
