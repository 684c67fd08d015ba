/**
 * What a visitor allows, how Google's Consent Mode v2 is told, and how the choice is kept
 * (docs/decisions/016). Pure: the browser side (consent-ui.tsx, tag-manager.ts) and the tests use it.
 */
import { CONSENT_ASK_ATTRIBUTE } from "./events";

/** The categories a visitor chooses; the strictly necessary cookies need no consent and have no switch. */
export const CONSENT_CATEGORIES = ["preferences", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export type ConsentChoice = Readonly<Record<ConsentCategory, boolean>>;

/**
 * Bump when the banner's words, the categories or the tools behind them change in a way a visitor
 * should hear about: every stored choice of an older version is then asked again.
 */
export const CONSENT_VERSION = 1;

/** The choice is kept for a year, then asked again (spec section 9 keeps the language cookie as long). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const CONSENT_COOKIE = "shop_consent";

/**
 * Where the page sends a choice for the server to store it again (server/consent-cookie.ts):
 * Safari keeps a cookie written by a script for 7 days at most, one set by the server for its
 * Max-Age, and the choice is meant to be kept for a year.
 */
export const CONSENT_PATH = "/consent";

/** Consent Mode's storage types (https://developers.google.com/tag-platform/security/concepts/consent-mode). */
export type ConsentSignal =
  | "ad_storage"
  | "ad_user_data"
  | "ad_personalization"
  | "analytics_storage"
  | "functionality_storage"
  | "personalization_storage"
  | "security_storage";

export type ConsentState = Readonly<Record<ConsentSignal, "granted" | "denied">>;

/** The Consent Mode types each category grants. */
const SIGNALS_OF = {
  preferences: ["functionality_storage", "personalization_storage"],
  analytics: ["analytics_storage"],
  marketing: ["ad_storage", "ad_user_data", "ad_personalization"],
} as const satisfies Record<ConsentCategory, readonly ConsentSignal[]>;

export const REJECT_ALL: ConsentChoice = { preferences: false, analytics: false, marketing: false };
export const ACCEPT_ALL: ConsentChoice = { preferences: true, analytics: true, marketing: true };

/**
 * Before any choice, every type is denied, security_storage included: nothing of Google's runs
 * then anyway (Tag Manager is not even requested), and denying is never wrong.
 */
export const CONSENT_DEFAULTS: ConsentState = consentState(REJECT_ALL, { chosen: false });

/**
 * Consent Mode's state for a choice. Once the visitor has chosen, security_storage (fraud
 * prevention, authentication: strictly necessary, exempt from consent) is granted with it.
 */
export function consentState(choice: ConsentChoice, { chosen }: { chosen: boolean }): ConsentState {
  const state: Record<ConsentSignal, "granted" | "denied"> = {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
    functionality_storage: "denied",
    personalization_storage: "denied",
    security_storage: chosen ? "granted" : "denied",
  };
  for (const category of CONSENT_CATEGORIES) {
    for (const signal of SIGNALS_OF[category]) state[signal] = choice[category] ? "granted" : "denied";
  }
  return state;
}

/**
 * Tag Manager is requested only once the visitor has allowed analytics or marketing: with only
 * "preferences" allowed, Google's tags would still send cookieless pings for the denied types
 * (Consent Mode's "advanced" mode, which decision 016 does not use).
 */
export function allowsGoogle(choice: ConsentChoice): boolean {
  return choice.analytics || choice.marketing;
}

export interface StoredConsent {
  readonly choice: ConsentChoice;
  /** When the visitor chose, in seconds since 1970. */
  readonly chosenAt: number;
}

const FLAG_OF = { preferences: "p", analytics: "a", marketing: "m" } as const satisfies Record<ConsentCategory, string>;

/** The cookie's value, e.g. `v=1&p=0&a=1&m=0&t=1764100000`: version, one flag per category, when. */
export function serializeConsent({ choice, chosenAt }: StoredConsent): string {
  const params = new URLSearchParams({ v: String(CONSENT_VERSION) });
  for (const category of CONSENT_CATEGORIES) params.set(FLAG_OF[category], choice[category] ? "1" : "0");
  params.set("t", String(Math.floor(chosenAt)));
  return params.toString();
}

/**
 * The stored choice, or null when the visitor must be asked (again): no cookie, a value this code
 * did not write, an older consent version, a choice more than a year old (a browser may keep a
 * cookie longer than asked) or dated in the future.
 */
export function parseConsent(value: string | undefined, { now }: { now: number }): StoredConsent | null {
  if (!value) return null;
  const params = new URLSearchParams(value);
  if (params.get("v") !== String(CONSENT_VERSION)) return null;
  const chosenAt = Number(params.get("t"));
  if (!Number.isInteger(chosenAt) || chosenAt > now + 24 * 60 * 60 || now - chosenAt > CONSENT_MAX_AGE_SECONDS) {
    return null;
  }
  const choice: Partial<Record<ConsentCategory, boolean>> = {};
  for (const category of CONSENT_CATEGORIES) {
    const flag = params.get(FLAG_OF[category]);
    if (flag !== "0" && flag !== "1") return null;
    choice[category] = flag === "1";
  }
  return { choice: choice as ConsentChoice, chosenAt };
}

/**
 * The page's first script, inline in <head> (docs/decisions/016, 054): asks, by marking <html> with
 * CONSENT_ASK_ATTRIBUTE, when no cookie of this version is stored, before anything is painted. It only
 * looks at the version: the banner's chunk reads the choice fully (parseConsent) and asks again for a
 * value that fails there (more than a year old, altered), which a visitor who chose never meets.
 */
export function consentAskScript(): string {
  const start = ` ${CONSENT_COOKIE}=${encodeURIComponent(`v=${CONSENT_VERSION}&`)}`;
  return `(" "+document.cookie).indexOf(${JSON.stringify(start)})<0&&document.documentElement.setAttribute("${CONSENT_ASK_ATTRIBUTE}","")`;
}

/** The cookie's value in a `document.cookie` string, if any. */
export function consentCookieValue(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CONSENT_COOKIE) continue;
    // A malformed value (a sibling subdomain may set one on the parent domain) is no choice.
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The `document.cookie` assignment that keeps a choice: first-party, a year, the whole site,
 * SameSite=Lax, Secure on HTTPS. Readable by the page's script on purpose: it decides whether to
 * load Tag Manager, and cached pages are the same for every visitor.
 */
export function consentCookie(
  stored: StoredConsent,
  { secure, now = stored.chosenAt }: { secure: boolean; now?: number },
): string {
  return [
    `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(stored))}`,
    // A year after the choice was made (`now`, seconds, defaults to that moment).
    // Never more than a year from now (a choice dated a little ahead, a clock's skew, is taken).
    `Max-Age=${Math.min(CONSENT_MAX_AGE_SECONDS, Math.max(0, stored.chosenAt + CONSENT_MAX_AGE_SECONDS - now))}`,
    "Path=/",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
