import { type ComponentType, useEffect, useRef, useState } from "react";
import { useRootData } from "~/root-data";
import {
  type BannerAnswer,
  bannerAnswerOf,
  CONSENT_ASK_ATTRIBUTE,
  CONSENT_BANNER_ID,
  OPEN_COOKIE_SETTINGS,
} from "./events";
import type { AnalyticsSettings } from "./tag-manager";

export interface ConsentUiProps {
  readonly settings: AnalyticsSettings;
  /** Grows by one each time the visitor asks for the preferences (footer, cookie policy). */
  readonly openRequests: number;
  /**
   * The banner's button last tapped after hydration but before the chunk listened (answered on
   * arrival), and no more listening for it: called once, as the chunk starts to listen.
   */
  readonly takeEarlyAnswer: () => BannerAnswer | null;
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
  const takeEarlyAnswer = useRef(() => null as BannerAnswer | null);
  const enabled = Boolean(settings);
  useEffect(() => {
    if (!enabled) return;
    // Listening before the chunk arrives: a tap on "Cookie settings" or on the server's banner
    // (decision 054) meanwhile is not lost.
    window.addEventListener(OPEN_COOKIE_SETTINGS, () => setOpenRequests((count) => count + 1));
    const banner = document.getElementById(CONSENT_BANNER_ID);
    let last: BannerAnswer | null = null;
    const early = (event: Event) => {
      last = bannerAnswerOf(event) ?? last;
    };
    banner?.addEventListener("click", early);
    takeEarlyAnswer.current = () => {
      banner?.removeEventListener("click", early);
      return last;
    };
    import("./consent-ui").then(
      (module) => setConsentUi(() => module.ConsentUi),
      // Nothing of Google's loads without the chunk: nothing to ask, and no banner that does nothing.
      () => document.documentElement.removeAttribute(CONSENT_ASK_ATTRIBUTE),
    );
  }, [enabled]);
  return settings && ConsentUi ? (
    <ConsentUi settings={settings} openRequests={openRequests} takeEarlyAnswer={() => takeEarlyAnswer.current()} />
  ) : null;
}
