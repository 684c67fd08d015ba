import { type ComponentType, useEffect, useState } from "react";
import { useRootData } from "~/root-data";
import { OPEN_COOKIE_SETTINGS } from "./events";
import type { AnalyticsSettings } from "./tag-manager";

export interface ConsentUiProps {
  readonly settings: AnalyticsSettings;
  /** Grows by one each time the visitor asks for the preferences (footer, cookie policy). */
  readonly openRequests: number;
}

/**
 * Consent banner, preferences dialog and data layer, only when the shop has a Tag Manager container.
 * They come in their own chunk after hydration: the first load carries just this (decision 006).
 */
export function Analytics() {
  const settings = useRootData()?.analytics ?? null;
  const [ConsentUi, setConsentUi] = useState<ComponentType<ConsentUiProps> | null>(null);
  const [openRequests, setOpenRequests] = useState(0);
  const gtmId = settings?.gtmId;
  useEffect(() => {
    if (!gtmId) return;
    let current = true;
    // Listening before the chunk arrives: a tap on "Cookie settings" meanwhile is not lost.
    const open = () => setOpenRequests((count) => count + 1);
    window.addEventListener(OPEN_COOKIE_SETTINGS, open);
    import("./consent-ui").then(
      (module) => current && setConsentUi(() => module.ConsentUi),
      // Without its chunk nothing is asked and nothing is loaded: the safe side.
      (error: unknown) => console.warn("The cookie banner could not load", error),
    );
    return () => {
      current = false;
      window.removeEventListener(OPEN_COOKIE_SETTINGS, open);
    };
  }, [gtmId]);
  return settings && ConsentUi ? <ConsentUi settings={settings} openRequests={openRequests} /> : null;
}
