import { type ComponentType, useEffect, useState } from "react";
import { useRootData } from "~/root-data";
import type { BannerAnswer } from "./consent-banner";
import { CONSENT_BANNER_ID, OPEN_COOKIE_SETTINGS } from "./events";
import type { AnalyticsSettings } from "./tag-manager";

export interface ConsentUiProps {
  readonly settings: AnalyticsSettings;
  /** Grows by one each time the visitor asks for the preferences (footer, cookie policy). */
  readonly openRequests: number;
  /** The banner's button last tapped after hydration but before the chunk came: answered on arrival. */
  readonly earlyAnswer: BannerAnswer | null;
}

/**
 * Consent banner, preferences dialog and data layer, only when the shop has a Tag Manager container.
 * They come in their own chunk after hydration; the first load carries just this (decision 006), so
 * it is as small as it can be: the root renders it once and never removes it, hence no cleanup, and a
 * failed download is reported by the browser itself (nothing is then asked, and nothing loaded).
 */
export function Analytics() {
  const settings = useRootData()?.analytics;
  const [ConsentUi, setConsentUi] = useState<ComponentType<ConsentUiProps>>();
  const [openRequests, setOpenRequests] = useState(0);
  const [earlyAnswer, setEarlyAnswer] = useState<BannerAnswer | null>(null);
  const enabled = Boolean(settings);
  useEffect(() => {
    if (!enabled) return;
    // Listening before the chunk arrives: a tap on "Cookie settings" or on the server's banner
    // (decision 054) meanwhile is not lost.
    window.addEventListener(OPEN_COOKIE_SETTINGS, () => setOpenRequests((count) => count + 1));
    const banner = document.getElementById(CONSENT_BANNER_ID);
    const early = (event: Event) => {
      const answer = (event.target as Element).closest<HTMLElement>("[data-consent-answer]")?.dataset.consentAnswer;
      if (answer) setEarlyAnswer(answer as BannerAnswer);
    };
    banner?.addEventListener("click", early);
    void import("./consent-ui").then((module) => {
      banner?.removeEventListener("click", early);
      setConsentUi(() => module.ConsentUi);
    });
  }, [enabled]);
  return settings && ConsentUi ? (
    <ConsentUi settings={settings} openRequests={openRequests} earlyAnswer={earlyAnswer} />
  ) : null;
}
