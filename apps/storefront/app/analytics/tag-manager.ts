import { type ConsentChoice, CONSENT_DEFAULTS, consentState } from "./consent";

/** What the root loader tells the browser when the shop has a Tag Manager container (env GTM_ID). */
export interface AnalyticsSettings {
  readonly gtmId: string;
  /** Name of the data layer array on `window` (env GTM_DATA_LAYER). */
  readonly dataLayer: string;
}

export type DataLayer = unknown[];

/** Page views carry this value (specification, section 9). */
export const PAGE_VIEW_EVENT_VALUE = 5000;

export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

/** The data layer named `name` on `scope` (window), created empty if the page has none yet. */
export function dataLayerOf(name: string, scope: Record<string, unknown>): DataLayer {
  const existing = scope[name];
  if (Array.isArray(existing)) return existing;
  const layer: DataLayer = [];
  scope[name] = layer;
  return layer;
}

/**
 * A `gtag()` command: Tag Manager takes consent and `set` commands only as `arguments` objects,
 * exactly as Google's own snippet pushes them (a plain array is read as nothing).
 */
function command(..._words: unknown[]): IArguments {
  // eslint-disable-next-line prefer-rest-params -- the Arguments object itself is what Tag Manager reads
  return arguments;
}

/**
 * Consent Mode's defaults, first in the data layer: every type denied until the visitor chooses,
 * and ad click identifiers left out of URLs and requests while advertising is denied.
 */
export function startConsentMode(layer: DataLayer): void {
  layer.push(command("consent", "default", { ...CONSENT_DEFAULTS }), command("set", "ads_data_redaction", true));
}

/**
 * A page view, after a `set` of its filtered address: Google's tags send the page's own address
 * unless told another, and it may carry a token or a code (a newsletter link, a password reset).
 */
export function pushPageView(layer: DataLayer, view: PageViewEvent): void {
  layer.push(command("set", { page_location: view.page_location }), view);
}

/** Tells Tag Manager (now, or whenever it loads and reads the layer) what the visitor chose. */
export function updateConsent(layer: DataLayer, choice: ConsentChoice): void {
  layer.push(command("consent", "update", { ...consentState(choice, { chosen: true }) }));
}

/** Query parameters a page view keeps: campaign tags only, never a sign-in code or an e-mail in a link. */
const CAMPAIGN_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "gbraid",
  "wbraid",
];

export interface PageViewEvent {
  readonly event: "page_view";
  readonly page_location: string;
  readonly page_path: string;
  readonly page_title: string;
  readonly language: string;
  readonly value: typeof PAGE_VIEW_EVENT_VALUE;
}

/** The data-layer entry of one page view, pushed after every route change. */
export function pageViewEvent({ url, title, language }: { url: URL; title: string; language: string }): PageViewEvent {
  const kept = new URLSearchParams();
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.size > 0 ? `?${kept.toString()}` : "";
  return {
    event: "page_view",
    page_location: `${url.origin}${url.pathname}${query}`,
    page_path: url.pathname,
    page_title: title,
    language,
    value: PAGE_VIEW_EVENT_VALUE,
  };
}

/** The container's script address; the data layer is named only when it is not Google's default. */
export function tagManagerUrl({ gtmId, dataLayer }: AnalyticsSettings): string {
  const url = new URL("/gtm.js", TAG_MANAGER_ORIGIN);
  url.searchParams.set("id", gtmId);
  if (dataLayer !== "dataLayer") url.searchParams.set("l", dataLayer);
  return url.toString();
}

/**
 * Requests the container, once per page, as Google's snippet does. Call it only after consent
 * (allowsGoogle). The script carries the page's CSP nonce, which Tag Manager hands on to the
 * custom tags it adds.
 */
export function loadTagManager(settings: AnalyticsSettings, layer: DataLayer, doc: Document): void {
  const src = tagManagerUrl(settings);
  if (doc.querySelector(`script[src="${src}"]`)) return;
  layer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = doc.createElement("script");
  script.async = true;
  script.src = src;
  const nonce = doc.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) script.nonce = nonce;
  doc.head.append(script);
}

/**
 * Cookies Google's tags set on the shop's own domain, by the category that allows them: Analytics'
 * `_ga`, `_ga_<id>`, `_gid`, `_gat*`; Ads' `_gcl_*`.
 */
const GOOGLE_COOKIES_OF = {
  analytics: /^_(ga|ga_\w+|gid|gat\w*)$/,
  marketing: /^_gcl_\w+$/,
} as const satisfies Partial<Record<keyof ConsentChoice, RegExp>>;

/**
 * The measurement cookies already on our domain that `choice` does not allow go (consent must be as
 * easy to withdraw as to give): after every choice, so a refusal that follows an expired or older
 * choice clears them too. They may have been set for the parent domain.
 */
export function forgetGoogleCookies(doc: Document, choice: ConsentChoice): void {
  const labels = doc.location.hostname.split(".");
  const domains = labels.map((_, index) => labels.slice(index).join(".")).filter((domain) => domain.includes("."));
  const refused = Object.entries(GOOGLE_COOKIES_OF).filter(([category]) => !choice[category as keyof ConsentChoice]);
  for (const part of doc.cookie.split(";")) {
    const name = part.split("=")[0]?.trim() ?? "";
    if (!refused.some(([, pattern]) => pattern.test(name))) continue;
    doc.cookie = `${name}=; Max-Age=0; Path=/`;
    for (const domain of domains) doc.cookie = `${name}=; Max-Age=0; Path=/; Domain=${domain}`;
  }
}
