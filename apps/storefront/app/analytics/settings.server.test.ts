import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { LOCALES } from "@shop/routing";
import { consentTextsFor } from "./consent-texts";
import { CONSENT_COOKIE, REJECT_ALL, serializeConsent } from "./consent";
import { analyticsSettings, consentBannerFor, consentBannerMarkup } from "./settings.server";

describe("analytics settings", () => {
  it("are off without a container id: no banner, no data layer", () => {
    expect(analyticsSettings(parseEnv({}))).toBeNull();
    expect(analyticsSettings(parseEnv({ GTM_ID: "" }))).toBeNull();
  });

  it("name the container and the data layer", () => {
    expect(analyticsSettings(parseEnv({ GTM_ID: "GTM-AB12C" }))).toEqual({
      gtmId: "GTM-AB12C",
      dataLayer: "dataLayer",
    });
    expect(analyticsSettings(parseEnv({ GTM_ID: "GTM-AB12C", GTM_DATA_LAYER: "shopLayer" }))).toEqual({
      gtmId: "GTM-AB12C",
      dataLayer: "shopLayer",
    });
  });

  it("stop the server on a mistyped id, suggesting the one most likely meant", () => {
    expect(() => parseEnv({ GTM_ID: " gtm-ab12c " })).toThrow(/GTM_ID: .*did you mean "GTM-AB12C"\?/);
    expect(() => parseEnv({ GTM_ID: "GTM-AB12C", GTM_DATA_LAYER: "data-layer" })).toThrow(/GTM_DATA_LAYER/);
  });

  it("give every page the banner in its language, with the buttons its chunk listens to, only with a container", () => {
    expect(consentBannerMarkup("es", parseEnv({}))).toBeNull();
    for (const locale of LOCALES) {
      const markup = consentBannerMarkup(locale, parseEnv({ GTM_ID: "GTM-AB12C" }));
      const texts = consentTextsFor(locale).banner;
      const answers = [...(markup?.html ?? "").matchAll(/data-consent-answer="(\w+)"[^>]*>([^<]+)</g)];
      expect(answers.map(([, answer, label]) => [answer, label])).toEqual([
        ["reject", texts.rejectAll],
        ["accept", texts.acceptAll],
        ["choose", texts.choose],
      ]);
      expect(markup?.html).toContain(`aria-labelledby="consent-banner-title"`);
    }
  });

  it("leave it out of a navigation's data for a visitor who has answered, never out of a page", () => {
    const source = parseEnv({ GTM_ID: "GTM-AB12C" });
    const now = new Date("2026-11-29T10:00:00Z");
    const answered = { [CONSENT_COOKIE]: serializeConsent({ choice: REJECT_ALL, chosenAt: now.getTime() / 1000 }) };
    const html = (dataRequest: boolean, cookies: Record<string, string>) =>
      consentBannerFor({ locale: "pt", dataRequest, cookies, now, source })?.html;
    expect(html(true, answered)).toBe("");
    expect(html(false, answered)).toContain(consentTextsFor("pt").banner.title);
    expect(html(true, {})).toContain(consentTextsFor("pt").banner.title);
    // A choice the banner's chunk would refuse (a year old) is no answer: the banner may show.
    const old = {
      [CONSENT_COOKIE]: serializeConsent({ choice: REJECT_ALL, chosenAt: now.getTime() / 1000 - 400 * 86_400 }),
    };
    expect(html(true, old)).toContain(consentTextsFor("pt").banner.title);
  });
});
