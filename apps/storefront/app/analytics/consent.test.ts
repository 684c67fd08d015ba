import { describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  allowsGoogle,
  CONSENT_DEFAULTS,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VERSION,
  consentCookie,
  consentCookieValue,
  consentAskScript,
  consentState,
  parseConsent,
  REJECT_ALL,
  serializeConsent,
} from "./consent";

const NOW = 1_764_100_000;
const ANALYTICS_ONLY = { preferences: false, analytics: true, marketing: false };

describe("Consent Mode defaults", () => {
  it("deny every storage type before the visitor chooses", () => {
    expect(Object.values(CONSENT_DEFAULTS).every((value) => value === "denied")).toBe(true);
    const nothingChosen = { preferences: false, analytics: false, marketing: false };
    expect(consentState(nothingChosen, { chosen: false })).toEqual(CONSENT_DEFAULTS);
  });

  it("grant what each category covers, and security storage with any choice", () => {
    expect(consentState(ANALYTICS_ONLY, { chosen: true })).toEqual({
      ...CONSENT_DEFAULTS,
      analytics_storage: "granted",
      security_storage: "granted",
    });
    expect(consentState({ ...REJECT_ALL, marketing: true }, { chosen: true })).toMatchObject({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "denied",
    });
    expect(consentState({ ...REJECT_ALL, preferences: true }, { chosen: true })).toMatchObject({
      functionality_storage: "granted",
      personalization_storage: "granted",
      ad_storage: "denied",
    });
    expect(Object.values(consentState(ACCEPT_ALL, { chosen: true })).every((value) => value === "granted")).toBe(true);
    expect(consentState(REJECT_ALL, { chosen: true })).toEqual({ ...CONSENT_DEFAULTS, security_storage: "granted" });
  });

  it("load Tag Manager only once analytics or marketing is allowed, never for preferences alone", () => {
    expect(allowsGoogle(REJECT_ALL)).toBe(false);
    expect(allowsGoogle({ ...REJECT_ALL, preferences: true })).toBe(false);
    expect(allowsGoogle(ANALYTICS_ONLY)).toBe(true);
    expect(allowsGoogle({ ...REJECT_ALL, marketing: true })).toBe(true);
    expect(allowsGoogle(ACCEPT_ALL)).toBe(true);
  });
});

describe("the consent cookie", () => {
  it("keeps version, a flag per category and when", () => {
    expect(serializeConsent({ choice: ANALYTICS_ONLY, chosenAt: NOW })).toBe(
      `v=${CONSENT_VERSION}&p=0&a=1&m=0&t=${NOW}`,
    );
  });

  it("reads back what it wrote", () => {
    for (const choice of [ACCEPT_ALL, REJECT_ALL, ANALYTICS_ONLY]) {
      const value = serializeConsent({ choice, chosenAt: NOW });
      expect(parseConsent(value, { now: NOW + 60 })).toEqual({ choice, chosenAt: NOW });
    }
  });

  it("asks again after a year, for an older consent version, or for a value it did not write", () => {
    const value = serializeConsent({ choice: ACCEPT_ALL, chosenAt: NOW });
    expect(parseConsent(value, { now: NOW + CONSENT_MAX_AGE_SECONDS })).not.toBeNull();
    expect(parseConsent(value, { now: NOW + CONSENT_MAX_AGE_SECONDS + 1 })).toBeNull();
    expect(parseConsent(value.replace(`v=${CONSENT_VERSION}`, `v=${CONSENT_VERSION - 1}`), { now: NOW })).toBeNull();
    // Dated tomorrow and more: a clock a few hours off is tolerated, a made-up date is not.
    expect(parseConsent(value, { now: NOW - 3600 })).not.toBeNull();
    expect(parseConsent(value, { now: NOW - 2 * 24 * 3600 })).toBeNull();
    for (const bad of [
      undefined,
      "",
      "yes",
      `v=${CONSENT_VERSION}&p=0&a=1&t=${NOW}`,
      `v=${CONSENT_VERSION}&p=0&a=2&m=0&t=${NOW}`,
    ]) {
      expect(parseConsent(bad, { now: NOW }), String(bad)).toBeNull();
    }
    expect(parseConsent(`v=${CONSENT_VERSION}&p=0&a=1&m=0&t=soon`, { now: NOW })).toBeNull();
  });

  it("is first-party, a year long, for the whole site, SameSite=Lax, Secure on HTTPS", () => {
    const stored = { choice: ANALYTICS_ONLY, chosenAt: NOW };
    const cookie = consentCookie(stored, { secure: false });
    expect(cookie).toBe(
      `shop_consent=${encodeURIComponent(serializeConsent(stored))}; Max-Age=31536000; Path=/; SameSite=Lax`,
    );
    expect(consentCookie(stored, { secure: true })).toMatch(/; Secure$/);
    expect(cookie).not.toMatch(/Domain=/);
  });

  it("is found among the page's cookies", () => {
    const value = serializeConsent({ choice: ACCEPT_ALL, chosenAt: NOW });
    const jar = `lang=ca; shop_consent=${encodeURIComponent(value)}; _ga=GA1.1.1`;
    expect(consentCookieValue(jar)).toBe(value);
    expect(parseConsent(consentCookieValue(jar), { now: NOW })?.choice).toEqual(ACCEPT_ALL);
    expect(consentCookieValue("lang=ca; not_shop_consent=x")).toBeUndefined();
    expect(consentCookieValue("")).toBeUndefined();
    // A malformed value (set by a sibling subdomain) is no choice, not an error on every page.
    expect(consentCookieValue("shop_consent=%")).toBeUndefined();
    expect(consentCookieValue("shop_consent=%E0%A4%A")).toBeUndefined();
  });
});

describe("the page's first script", () => {
  /** Runs the script against a document holding `cookie`: whether it marked <html> to ask. */
  function asks(cookie: string): boolean {
    const attributes = new Map<string, string>();
    const document = {
      cookie,
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    };
    new Function("document", consentAskScript())(document);
    return attributes.has("data-consent-ask");
  }
  const written = (stored = { choice: REJECT_ALL, chosenAt: NOW }) =>
    consentCookie(stored, { secure: false }).split(";")[0]!;

  it("does not ask for a choice of this version, wherever the cookie stands", () => {
    expect(asks(written())).toBe(false);
    expect(asks(`shop_session=abc; ${written({ choice: ACCEPT_ALL, chosenAt: NOW })}; other=1`)).toBe(false);
  });

  it("asks with no choice, another version's, or a cookie whose name only ends the same", () => {
    expect(asks("")).toBe(true);
    expect(asks("other=1")).toBe(true);
    expect(asks(written().replace(`v%3D${CONSENT_VERSION}`, `v%3D${CONSENT_VERSION + 1}`))).toBe(true);
    expect(asks(`x${written()}`)).toBe(true);
  });
});
