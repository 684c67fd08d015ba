import { LOCALES, pathTo, type Locale } from "@shop/routing";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, CONSENT_PATH } from "../apps/storefront/app/analytics/consent";
import { PAGE_VIEW_EVENT_VALUE } from "../apps/storefront/app/analytics/tag-manager";
import { consentTextsFor } from "../apps/storefront/app/analytics/consent-texts";
import { messagesFor } from "../apps/storefront/app/i18n";
import { seriousAxeFindings } from "./support/axe";
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

function banner(page: Page, locale: Locale) {
  return page.getByRole("region", { name: consentTextsFor(locale).banner.title });
}

/** The banner comes in its own chunk after hydration; once it shows, the page is live. */
async function openShop(page: Page, locale: Locale, screen: "home" | "boxes" = "home") {
  await page.goto(pathTo(screen, locale));
  await expect.poll(() => banner(page, locale).isVisible()).toBe(true);
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
    await banner(page, "es").getByRole("button", { name: texts.banner.acceptAll }).click();
    const serverAnswer = await storedByServer;
    expect(serverAnswer.status()).toBe(204);
    expect((await serverAnswer.allHeaders())["set-cookie"]).toMatch(
      new RegExp(`^${CONSENT_COOKIE}=v%3D1%26p%3D1%26a%3D1%26m%3D1`),
    );
    await expect.poll(() => requests.some((url) => url.includes(`/gtm.js?id=${GTM_ID}`))).toBe(true);
    await expect.poll(() => banner(page, "es").isVisible()).toBe(false);
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
    expect(await banner(page, "es").isVisible()).toBe(false);
    expect((await consentCommands(page, "update"))[0]?.[2]).toMatchObject({ analytics_storage: "granted" });
  });

  it("rejecting all requests nothing, survives a reload, and the footer reopens the preferences", async () => {
    const { page, context } = session;
    const requests = await recordGoogle(context);
    const texts = consentTextsFor("ca");
    await openShop(page, "ca", "boxes");
    await banner(page, "ca").getByRole("button", { name: texts.banner.rejectAll }).click();
    await expect.poll(() => banner(page, "ca").isVisible()).toBe(false);
    expect((await consentCommands(page, "update"))[0]?.[2]).toMatchObject({
      analytics_storage: "denied",
      ad_storage: "denied",
    });
    await page.reload();
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    expect(await banner(page, "ca").isVisible()).toBe(false);
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
    const choose = banner(page, "pt").getByRole("button", { name: texts.banner.choose });
    // Reject is as easy to find and as big as accept.
    const [reject, accept] = await Promise.all(
      [texts.banner.rejectAll, texts.banner.acceptAll].map((name) =>
        banner(page, "pt").getByRole("button", { name }).boundingBox(),
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
    await expect.poll(() => banner(page, "pt").isVisible()).toBe(false);
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
    await banner(page, "es").getByRole("button", { name: texts.banner.choose }).click();
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
    await page.waitForTimeout(500);
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
    expect(await banner(page, "es").count()).toBe(0);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
    expect(requests).toEqual([]);
  });
});
