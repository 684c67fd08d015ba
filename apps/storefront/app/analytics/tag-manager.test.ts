import { describe, expect, it } from "vitest";
import { ACCEPT_ALL, CONSENT_DEFAULTS, type ConsentChoice, consentState, REJECT_ALL } from "./consent";
import {
  dataLayerOf,
  forgetGoogleCookies,
  PAGE_VIEW_EVENT_VALUE,
  pageViewEvent,
  pushPageView,
  startConsentMode,
  tagManagerUrl,
  updateConsent,
} from "./tag-manager";

/** What Tag Manager sees of an entry: the words of a gtag() command, or the event object. */
const words = (entry: unknown) =>
  Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as IArguments) : entry;

describe("the data layer", () => {
  it("is the page's own array when there is one, else a new one under the configured name", () => {
    const scope: Record<string, unknown> = { dataLayer: [{ event: "earlier" }] };
    expect(dataLayerOf("dataLayer", scope)).toEqual([{ event: "earlier" }]);
    const layer = dataLayerOf("shopLayer", scope);
    expect(layer).toEqual([]);
    expect(scope.shopLayer).toBe(layer);
  });

  it("starts with consent denied, as gtag() arguments that Tag Manager reads", () => {
    const layer: unknown[] = [];
    startConsentMode(layer);
    expect(Object.prototype.toString.call(layer[0])).toBe("[object Arguments]");
    expect(layer.map(words)).toEqual([
      ["consent", "default", CONSENT_DEFAULTS],
      ["set", "ads_data_redaction", true],
    ]);
  });

  it("tells the visitor's choice as a consent update", () => {
    const layer: unknown[] = [];
    updateConsent(layer, ACCEPT_ALL);
    updateConsent(layer, REJECT_ALL);
    expect(layer.map(words)).toEqual([
      ["consent", "update", consentState(ACCEPT_ALL, { chosen: true })],
      ["consent", "update", consentState(REJECT_ALL, { chosen: true })],
    ]);
  });
});

describe("a page view", () => {
  it("carries the page, its title, its language and the value 5000", () => {
    expect(
      pageViewEvent({
        url: new URL("https://shop.example/ca/les-nostres-caixes?utm_source=news&utm_campaign=tardor#top"),
        title: "Les nostres caixes | Imperfecta",
        language: "ca",
      }),
    ).toEqual({
      event: "page_view",
      page_location: "https://shop.example/ca/les-nostres-caixes?utm_source=news&utm_campaign=tardor",
      page_path: "/ca/les-nostres-caixes",
      page_title: "Les nostres caixes | Imperfecta",
      language: "ca",
      value: PAGE_VIEW_EVENT_VALUE,
    });
  });

  it("never sends a query parameter that is not a campaign tag (sign-in codes, e-mails)", () => {
    const event = pageViewEvent({
      url: new URL("https://shop.example/iniciar-sesion?code=secret&email=a%40b.es&gclid=abc"),
      title: "x",
      language: "es",
    });
    expect(event.page_location).toBe("https://shop.example/iniciar-sesion?gclid=abc");
  });

  it("tells Google's tags the filtered address before the page view, so they never read the page's own", () => {
    const layer: unknown[] = [];
    const view = pageViewEvent({
      url: new URL("https://shop.example/newsletter/baja?token=secret"),
      title: "Baja",
      language: "es",
    });
    pushPageView(layer, view);
    expect(layer.map(words)).toEqual([["set", { page_location: "https://shop.example/newsletter/baja" }], view]);
  });
});

describe("the container's address", () => {
  it("names the data layer only when it is not Google's default", () => {
    expect(tagManagerUrl({ gtmId: "GTM-AB12C", dataLayer: "dataLayer" })).toBe(
      "https://www.googletagmanager.com/gtm.js?id=GTM-AB12C",
    );
    expect(tagManagerUrl({ gtmId: "GTM-AB12C", dataLayer: "shopLayer" })).toBe(
      "https://www.googletagmanager.com/gtm.js?id=GTM-AB12C&l=shopLayer",
    );
  });
});

/** A document at `hostname` that shows `cookies` and records every cookie written. */
function fakeDocument(hostname: string, cookies: string): { doc: Document; writes: string[] } {
  const writes: string[] = [];
  const doc = {
    location: { hostname },
    get cookie() {
      return cookies;
    },
    set cookie(value: string) {
      writes.push(value);
    },
  } as unknown as Document;
  return { doc, writes };
}

describe("withdrawing consent", () => {
  it("deletes Google's cookies on the shop's host and its parent domains, and nothing else", () => {
    const { doc, writes } = fakeDocument(
      "www.shop.example",
      "lang=ca; _ga=GA1.1.1; _ga_AB12C=GS1.1; shop_consent=v%3D1; _gcl_au=1.1; galleta=1",
    );
    forgetGoogleCookies(doc, REJECT_ALL);
    const deleted = new Set(writes.map((write) => write.split("=")[0]));
    expect([...deleted].sort()).toEqual(["_ga", "_ga_AB12C", "_gcl_au"]);
    expect(writes.every((write) => write.includes("Max-Age=0; Path=/"))).toBe(true);
    expect(writes).toContain("_ga=; Max-Age=0; Path=/; Domain=shop.example");
    expect(writes).toContain("_ga=; Max-Age=0; Path=/; Domain=www.shop.example");
    expect(writes.some((write) => write.endsWith("Domain=example"))).toBe(false);
  });
});

describe("cookies of what stays allowed", () => {
  function deletedFor(choice: ConsentChoice): string[] {
    const { doc, writes } = fakeDocument("shop.example", "_ga=GA1.1.1; _gid=1; _gcl_au=1.1");
    forgetGoogleCookies(doc, choice);
    return [...new Set(writes.map((write) => write.split("=")[0] ?? ""))].sort();
  }

  it("are kept: refusing marketing alone leaves Analytics' cookies, and the other way round", () => {
    expect(deletedFor({ preferences: true, analytics: true, marketing: false })).toEqual(["_gcl_au"]);
    expect(deletedFor({ preferences: false, analytics: false, marketing: true })).toEqual(["_ga", "_gid"]);
    expect(deletedFor(ACCEPT_ALL)).toEqual([]);
  });
});
