import { LOCALES, pathTo, type Locale } from "@shop/routing";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  ACCEPT_ALL,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_PATH,
  consentCookieValue,
  parseConsent,
  REJECT_ALL,
  serializeConsent,
} from "../apps/storefront/app/analytics/consent";
import { PAGE_VIEW_EVENT_VALUE } from "../apps/storefront/app/analytics/tag-manager";
import { consentTextsFor } from "../apps/storefront/app/analytics/consent-texts";
import { messagesFor } from "../apps/storefront/app/i18n";
import { seriousAxeFindings } from "./support/axe";
import { BANNER_NODE, consentBanner, consentBannerLive, LIVE_BANNER } from "./support/consent";
import { useBrowserSession } from "./support/browser";
import { useOwnStorefront } from "./support/own-storefront";

// Analytics with consent (docs/decisions/016), against a storefront of its own that has a Tag Manager
// container, so every other test keeps meeting a shop without analytics. Google's hosts are routed to a
// local fake: nothing leaves the machine, and every request the page makes to them is on record.

const GTM_ID = "GTM-E2ETEST";
const GOOGLE_HOSTS =
  /^https:\/\/([^/]+\.)?(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net|googleadservices\.com|google\.com)\//;

const base = await useOwnStorefront("consent", { GTM_ID });
const plainShop = inject("storefrontUrl");
const session = useBrowserSession(base);

/** Every request the page makes to a Google host, answered by a harmless local script. */
async function recordGoogle(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(GOOGLE_HOSTS, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "window.fakeTagManagerRan = true;" });
  });
  return requests;
}

/** The data layer as Tag Manager reads it: gtag() commands as their words, events as objects. */
function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );
}

const consentCommands = async (page: Page, kind: "default" | "update") =>
  (await dataLayer(page)).filter(
    (entry): entry is [string, string, Record<string, string>] =>
      Array.isArray(entry) && entry[0] === "consent" && entry[1] === kind,
  );

const pageViews = async (page: Page) =>
  (await dataLayer(page)).filter(
    (entry): entry is Record<string, unknown> =>
      typeof entry === "object" && entry !== null && (entry as { event?: string }).event === "page_view",
  );

/** The server writes the banner into the page; its chunk brings it to life after hydration. */
async function openShop(page: Page, locale: Locale, screen: "home" | "boxes" = "home") {
  await page.goto(pathTo(screen, locale));
  expect(await consentBanner(page, locale).isVisible()).toBe(true);
  await consentBannerLive(page);
}

/** The banner's chunk (consent-ui.tsx), as the build names it. */
const BANNER_CHUNK = /\/assets\/consent-ui-[^/]+\.js$/;

/**
 * Holds the page's requests for the banner's chunk until `release()`: a chunk arriving late.
 * `requested` counts them, so that a renamed chunk fails the test instead of holding nothing.
 */
async function holdBackChunk(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = {
    requested: 0,
    release: () => release(),
  };
  await page.route(BANNER_CHUNK, async (route) => {
    hold.requested += 1;
    await held;
    // The page may have gone meanwhile (a reload): its request with it.
    await route.continue().catch(() => undefined);
  });
  return hold;
}

describe("analytics with consent", () => {
  it("requests nothing from Google before consent; accepting all loads Tag Manager and is kept", async () => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    const texts = consentTextsFor("es");
    await openShop(page, "es");
    // A route change before any choice: a page view is recorded locally, nothing is sent.
    await page
      .locator("footer")
      .getByRole("link", { name: messagesFor("es").screens.about.title })
      .click();
    await page.waitForURL(`**${pathTo("about", "es")}`);
    await expect.poll(async () => (await pageViews(page)).length).toBe(2);
    expect(requests).toEqual([]);
    const [defaults] = await consentCommands(page, "default");
    expect(defaults?.[2]).toMatchObject({ ad_storage: "denied", analytics_storage: "denied", ad_user_data: "denied" });
    expect(Object.values(defaults?.[2] ?? {}).every((value) => value === "denied")).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The server sets the cookie once more (Safari keeps a script's cookie 7 days at most).
    const storedByServer = page.waitForResponse(
      (response) => response.url() === `${base}${CONSENT_PATH}` && response.request().method() === "POST",
    );
    await consentBanner(page, "es").getByRole("button", { name: texts.banner.acceptAll }).click();
    const serverAnswer = await storedByServer;
    expect(serverAnswer.status()).toBe(204);
    expect((await serverAnswer.allHeaders())["set-cookie"]).toMatch(
      new RegExp(`^${CONSENT_COOKIE}=v%3D1%26p%3D1%26a%3D1%26m%3D1`),
    );
    await expect.poll(() => requests.some((url) => url.includes(`/gtm.js?id=${GTM_ID}`))).toBe(true);
    await expect.poll(() => consentBanner(page, "es").isVisible()).toBe(false);
    await expect.poll(() => page.getByRole("status").textContent()).toBe(texts.saved);
    const [update] = await consentCommands(page, "update");
    expect(Object.values(update?.[2] ?? {}).every((value) => value === "granted")).toBe(true);
    const views = await pageViews(page);
    expect(views.map((view) => view.page_path)).toEqual([pathTo("home", "es"), pathTo("about", "es")]);
    expect(views.every((view) => view.value === PAGE_VIEW_EVENT_VALUE && view.language === "es")).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { fakeTagManagerRan?: boolean }).fakeTagManagerRan)).toBe(
      true,
    );

    const cookie = (await context.cookies()).find((candidate) => candidate.name === CONSENT_COOKIE);
    expect(cookie).toMatchObject({ path: "/", sameSite: "Lax", httpOnly: false });
    expect(cookie?.domain).toBe("127.0.0.1");
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(Math.abs(lifetime - CONSENT_MAX_AGE_SECONDS)).toBeLessThan(120);

    // Kept: the next visit asks nothing and loads Tag Manager with the stored choice at once.
    requests.length = 0;
    await page.reload();
    await expect.poll(() => requests.some((url) => url.includes("/gtm.js"))).toBe(true);
    expect(await consentBanner(page, "es").isVisible()).toBe(false);
    expect((await consentCommands(page, "update"))[0]?.[2]).toMatchObject({ analytics_storage: "granted" });
  });

  it("rejecting all requests nothing, survives a reload, and the footer reopens the preferences", async () => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    const texts = consentTextsFor("ca");
    await openShop(page, "ca", "boxes");
    await consentBanner(page, "ca").getByRole("button", { name: texts.banner.rejectAll }).click();
    await expect.poll(() => consentBanner(page, "ca").isVisible()).toBe(false);
    expect((await consentCommands(page, "update"))[0]?.[2]).toMatchObject({
      analytics_storage: "denied",
      ad_storage: "denied",
    });
    await page.reload();
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    expect(await consentBanner(page, "ca").isVisible()).toBe(false);
    expect(requests).toEqual([]);

    const settings = page.locator("footer").getByRole("button", { name: messagesFor("ca").footer.cookieSettings });
    await settings.click();
    const dialog = page.getByRole("dialog", { name: messagesFor("ca").footer.cookieSettings });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const analytics = dialog.getByRole("switch", { name: texts.dialog.categories.analytics.name });
    expect(await analytics.isChecked()).toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);
    // Escape leaves everything as it was and gives focus back to the footer's button.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => settings.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(requests).toEqual([]);

    await settings.click();
    await analytics.check();
    await dialog.getByRole("button", { name: texts.dialog.save }).click();
    await expect.poll(() => requests.some((url) => url.includes(`/gtm.js?id=${GTM_ID}`))).toBe(true);
    const updates = await consentCommands(page, "update");
    expect(updates.at(-1)?.[2]).toMatchObject({ analytics_storage: "granted", ad_storage: "denied" });
  });

  it("chooses by category from the banner, by keyboard, on a phone (pt)", async () => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    const texts = consentTextsFor("pt");
    const title = messagesFor("pt").footer.cookieSettings;
    await openShop(page, "pt");
    const choose = consentBanner(page, "pt").getByRole("button", { name: texts.banner.choose });
    // Reject is as easy to find and as big as accept.
    const [reject, accept] = await Promise.all(
      [texts.banner.rejectAll, texts.banner.acceptAll].map((name) =>
        consentBanner(page, "pt").getByRole("button", { name }).boundingBox(),
      ),
    );
    expect(reject?.width).toBe(accept?.width);
    expect(reject?.height).toBe(accept?.height);

    await choose.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: title });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Focus moves into the dialog and stays there while tabbing.
    for (let step = 0; step < 8; step += 1) {
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
    }
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await dialog.getByRole("switch", { name: texts.dialog.categories.marketing.name }).focus();
    await page.keyboard.press("Space");
    await dialog.getByRole("button", { name: texts.dialog.save }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => consentBanner(page, "pt").isVisible()).toBe(false);
    await expect.poll(() => requests.some((url) => url.includes("/gtm.js"))).toBe(true);
    expect((await consentCommands(page, "update")).at(-1)?.[2]).toMatchObject({
      analytics_storage: "denied",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
    // The answered banner's buttons are gone: focus is on the page's content.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  it("a page view sent while a 'come back' title stands in names the page", async () => {
    const { page, context } = session;
    await recordGoogle(context);
    await openShop(page, "es", "boxes");
    const own = await page.title();
    // The client behaviours are running once their first build check has gone out.
    await page.waitForRequest(/\/builds\/latest\.json/);
    await page.evaluate(() => window.dispatchEvent(new Event("blur")));
    expect(await page.title()).not.toBe(own);
    // A new query, the same page title: React leaves the title as it is.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate(`${location.pathname}?utm_source=e2e`),
    );
    await expect.poll(async () => (await pageViews(page)).length).toBe(2);
    expect((await pageViews(page)).at(-1)).toMatchObject({ page_title: own });
  });

  it("preferences alone load nothing from Google (no cookieless pings for what was refused)", async () => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    const texts = consentTextsFor("es");
    await openShop(page, "es");
    await consentBanner(page, "es").getByRole("button", { name: texts.banner.choose }).click();
    const dialog = page.getByRole("dialog", { name: messagesFor("es").footer.cookieSettings });
    await dialog.getByRole("switch", { name: texts.dialog.categories.preferences.name }).click();
    await dialog.getByRole("button", { name: texts.dialog.save }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await consentCommands(page, "update")).at(-1)?.[2]).toMatchObject({
      functionality_storage: "granted",
      analytics_storage: "denied",
      ad_storage: "denied",
    });
    await page.reload();
    // Once the chunk listens it has read the stored choice and would have added Tag Manager's script.
    await consentBannerLive(page);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect((await consentCommands(page, "update")).at(-1)?.[2]).toMatchObject({ functionality_storage: "granted" });
    expect(requests).toEqual([]);
  });

  it.each(LOCALES)("asks again for a choice of an older consent text (%s)", async (locale) => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    await context.addCookies([
      { name: CONSENT_COOKIE, value: `v=0%26p%3D1%26a%3D1%26m%3D1%26t%3D${Math.floor(Date.now() / 1000)}`, url: base },
    ]);
    await openShop(page, locale);
    expect(requests).toEqual([]);
  });

  it.each(LOCALES)("the cookie policy lists Tag Manager's cookies and reopens the preferences (%s)", async (locale) => {
    const { page } = session;
    await recordGoogle(session.context);
    const texts = consentTextsFor(locale);
    await openShop(page, locale);
    await page.goto(pathTo("cookiesPolicy", locale));
    const section = page.getByRole("region", { name: texts.policy.heading });
    await expect.poll(() => section.isVisible()).toBe(true);
    const text = (await section.textContent()) ?? "";
    for (const name of [CONSENT_COOKIE, "_ga", "_gcl_", "IDE"]) expect(text).toContain(name);
    await section.getByRole("button", { name: texts.policy.change }).click();
    await expect
      .poll(() => page.getByRole("dialog", { name: messagesFor(locale).footer.cookieSettings }).isVisible())
      .toBe(true);
  });

  it("is painted with the page as the server wrote it; a visitor who chose never sees it, even before its chunk", async () => {
    const { page, context } = session;
    await recordGoogle(context);
    // The banner's chunk is held back until the end: what shows is the server's page alone.
    const chunk = await holdBackChunk(page);
    await page.goto(pathTo("boxes", "ca"), { waitUntil: "domcontentloaded" });
    expect(await consentBanner(page, "ca").isVisible()).toBe(true);
    // Asked for after hydration, and held: the banner above is the server's alone.
    await expect.poll(() => chunk.requested).toBe(1);
    expect(await page.locator(LIVE_BANNER).count()).toBe(0);
    expect(await consentBanner(page, "ca").getByRole("button").allTextContents()).toEqual([
      consentTextsFor("ca").banner.rejectAll,
      consentTextsFor("ca").banner.acceptAll,
      consentTextsFor("ca").banner.choose,
    ]);
    const value = serializeConsent({ choice: REJECT_ALL, chosenAt: Math.floor(Date.now() / 1000) });
    await context.addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(value), url: base }]);
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await consentBanner(page, "ca").isVisible()).toBe(false);
    chunk.release();
    await consentBannerLive(page);
    expect(await consentBanner(page, "ca").isVisible()).toBe(false);
  });

  it("does not move the order's first step on a phone when it comes to life", async () => {
    const { page, context } = session;
    await recordGoogle(context);
    await page.addInitScript(() => {
      const shifts = ((window as unknown as { layoutShifts: number[] }).layoutShifts = [] as number[]);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(pathTo("newOrder", "es"));
    const postcode = page.locator('input[name="postcode"]');
    const before = await postcode.boundingBox();
    await page.locator("form[data-hydrated]").waitFor();
    await consentBannerLive(page);
    // Above the step, in the page's flow (decision 016), from the first paint: the field stays put.
    const banner = await consentBanner(page, "es").boundingBox();
    expect(banner && before && banner.y + banner.height <= before.y).toBe(true);
    expect(await postcode.boundingBox()).toEqual(before);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

  it("a tap on the banner before its chunk arrives is answered when it comes", async () => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    const chunk = await holdBackChunk(page);
    await page.goto(pathTo("newOrder", "es"), { waitUntil: "domcontentloaded" });
    await page.locator("form[data-hydrated]").waitFor();
    await expect.poll(() => chunk.requested).toBe(1);
    expect(await page.locator(LIVE_BANNER).count()).toBe(0);
    await consentBanner(page, "es")
      .getByRole("button", { name: consentTextsFor("es").banner.rejectAll })
      .click();
    chunk.release();
    await expect.poll(() => consentBanner(page, "es").isVisible()).toBe(false);
    const cookies = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    expect(parseConsent(consentCookieValue(cookies), { now: Math.floor(Date.now() / 1000) })?.choice).toEqual(
      REJECT_ALL,
    );
    expect(requests).toEqual([]);
    // The tap was on the banner: the focus goes on to the page, as after any answer.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  it("is not shown without JavaScript, when nothing of Google's can load", async () => {
    const { context } = session;
    const noScript = await context
      .browser()!
      .newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await noScript.newPage();
      await page.goto(`${base}${pathTo("home", "es")}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.locator(`${BANNER_NODE} section`).count()).toBe(1);
      expect(await consentBanner(page, "es").isVisible()).toBe(false);
    } finally {
      await noScript.close();
    }
  });

  it("asks again when the choice's cookie is of this version but more than a year old", async () => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    const old = serializeConsent({ choice: ACCEPT_ALL, chosenAt: Math.floor(Date.now() / 1000) - 400 * 86_400 });
    await context.addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(old), url: base }]);
    await page.goto(pathTo("home", "es"));
    // The first script sees this version's cookie; the chunk reads the date and asks.
    await consentBannerLive(page);
    await expect.poll(() => consentBanner(page, "es").isVisible()).toBe(true);
    expect(requests).toEqual([]);
  });

  it("opens the cookie policy from the banner without loading the page again", async () => {
    const { page, context } = session;
    await recordGoogle(context);
    await openShop(page, "ca");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await consentBanner(page, "ca")
      .getByRole("link", { name: consentTextsFor("ca").banner.policy })
      .click();
    await page.waitForURL(`**${pathTo("cookiesPolicy", "ca")}`);
    await page.getByRole("region", { name: consentTextsFor("ca").policy.heading }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Still asked on the policy page, in its language.
    expect(await consentBanner(page, "ca").isVisible()).toBe(true);
  });

  it("a shop without a container has no banner, no settings link, no analytics section and no Google in its CSP", async () => {
    const { page } = session;
    const requests = await recordGoogle(session.context);
    const withTags = await fetch(`${base}/`);
    expect(withTags.headers.get("content-security-policy")).toContain("https://*.googletagmanager.com");
    const without = await fetch(`${plainShop}/`);
    expect(without.headers.get("content-security-policy")).not.toMatch(/google/);

    // A route change on the client proves the page is hydrated: the banner's chunk would have come by then.
    await page.goto(`${plainShop}${pathTo("about", "es")}`);
    await page
      .locator("footer")
      .getByRole("link", { name: messagesFor("es").screens.cookiesPolicy.title })
      .click();
    await page.waitForURL(`**${pathTo("cookiesPolicy", "es")}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("heading", { name: consentTextsFor("es").policy.heading }).count()).toBe(0);
    expect(
      await page
        .locator("footer")
        .getByRole("button", { name: messagesFor("es").footer.cookieSettings })
        .count(),
    ).toBe(0);
    expect(await consentBanner(page, "es").count()).toBe(0);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
    expect(requests).toEqual([]);
  });
});
