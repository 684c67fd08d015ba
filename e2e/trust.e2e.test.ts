import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  impactMetricAnswerSchema,
  shopSettingsAnswerSchema,
  toImpactNotes,
  type ImpactNotes,
  type ShopSettings,
} from "@shop/contracts";
import { DELIVERY_FAQ_KEY, faqAnchor } from "@shop/domain";
import { LOCALE_COOKIE, LOCALES, pathTo, type Locale } from "@shop/routing";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort, startStorefront, stopProcess, waitForHttp } from "../scripts/lib/processes.mjs";
import { longDate, weekDates } from "../apps/storefront/app/dates";
import { pageTextsFor } from "../apps/storefront/app/content-pages/texts";
import { format, messagesFor } from "../apps/storefront/app/i18n";
import { shopDetails } from "../apps/storefront/app/shop-details";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";

// What a visitor needs to trust the shop before buying: who runs it and how to reach it, where it
// delivers and what that costs, which cookies it sets, where its links lead, and how current its
// figures are.

const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(base, { shareContext: true });

let settings: ShopSettings;
let notes: ImpactNotes;

beforeAll(async () => {
  settings = shopSettingsAnswerSchema.parse(await (await fetch(`${cmsUrl}/api/shop-setting`)).json()).data;
  notes = toImpactNotes(impactMetricAnswerSchema.parse(await (await fetch(`${cmsUrl}/api/impact-metric`)).json()));
});

/** Text as a reader sees it: one plain space between words (ICU writes thin and no-break spaces). */
const plain = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim();

const footer = () => session.page.locator("footer");

async function hrefsOf(links: Locator): Promise<string[]> {
  return links.evaluateAll((found) => found.map((link) => link.getAttribute("href") ?? ""));
}

describe.each(LOCALES)("the shop's details from the CMS (%s)", (locale) => {
  const messages = messagesFor(locale);

  it("are in the footer of every page, in the page's language, at phone and laptop widths", async () => {
    const details = shopDetails(settings, locale)!;
    for (const width of [390, 1280]) {
      await session.page.setViewportSize({ width, height: 900 });
      await session.page.goto(pathTo(width === 390 ? "home" : "boxes", locale));
      const text = plain(await footer().textContent());
      expect(text).toContain(`${messages.shopInfo.taxId} ${settings.taxId}`);
      expect(text).toContain(settings.legalName);
      expect(text).toContain(plain(details.address.join(", ")));
      expect(text).toContain(details.openingHours ?? "(no opening hours)");
      for (const method of settings.paymentMethods) expect(text).toContain(messages.shopInfo.paymentMethods[method]);
      const hrefs = await hrefsOf(footer().getByRole("link"));
      expect(hrefs).toContain(`mailto:${settings.email}`);
      expect(hrefs).toContain(details.phone?.href);
      for (const { url } of settings.socialLinks) expect(hrefs).toContain(url);
      // Nothing of it makes the page scroll sideways.
      expect(await session.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });

  it("are on the contact page, beside the form", async () => {
    const details = shopDetails(settings, locale)!;
    await session.page.goto(pathTo("contact", locale));
    const section = session.page.getByRole("region", { name: messages.shopInfo.otherWays });
    const text = plain(await section.textContent());
    for (const part of [settings.email, settings.phone, details.openingHours, ...details.address]) {
      expect(text).toContain(part);
    }
    expect(await hrefsOf(section.getByRole("link"))).toEqual([`mailto:${settings.email}`, details.phone?.href]);
  });

  it("name who runs the site in the legal notice", async () => {
    const details = shopDetails(settings, locale)!;
    await session.page.goto(pathTo("legalNotice", locale));
    const owner = session.page.getByRole("region", { name: messages.shopInfo.owner });
    const text = plain(await owner.textContent());
    for (const part of [settings.legalName, settings.taxId, settings.registration, ...details.address]) {
      expect(text).toContain(part);
    }
    // The notice's own text no longer invents an address or an e-mail address of its own.
    const body = plain(await session.page.locator("article").textContent());
    expect(body.match(/@/g)).toHaveLength(1);
  });
});

describe("pages while the CMS cannot be reached", () => {
  let storefront: ReturnType<typeof startStorefront> | undefined;
  let offline = "";
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-offline-"));

  beforeAll(async () => {
    const [port, deadCms] = [await freePort(), await freePort()];
    offline = `http://127.0.0.1:${port}`;
    const logFile = path.join(logDir, "storefront.log");
    storefront = startStorefront({
      port,
      logFile,
      env: {
        CMS_URL: `http://127.0.0.1:${deadCms}`,
        SITE_URL: offline,
        IMAGE_PREGENERATE: "false",
        IMAGE_CACHE_DIR: path.join(logDir, "images"),
      },
    });
    await waitForHttp(`${offline}/healthz`, { child: storefront, logFile, timeoutMs: 60_000 });
  });

  afterAll(async () => {
    await stopProcess(storefront);
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  it("render without the shop's details, inventing none", async () => {
    const messages = messagesFor("ca");
    const page = await session.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      for (const screen of ["home", "contact"] as const) {
        const response = await page.goto(offline + pathTo(screen, "ca"));
        expect(response?.status()).toBe(200);
        const text = plain(await page.locator("footer").textContent());
        expect(text).toContain(messages.footer.delivery);
        expect(text).not.toContain(messages.shopInfo.taxId);
        expect(await page.locator('footer a[href^="mailto:"], footer a[href^="tel:"]').count()).toBe(0);
      }
      // The contact form is there to write from; the details section is left out.
      expect(await page.getByRole("region", { name: messages.shopInfo.otherWays }).count()).toBe(0);
      expect(await page.getByRole("button", { name: messages.forms.send }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });
});

describe.each(LOCALES)("where the shop delivers and what it costs (%s)", (locale) => {
  const messages = messagesFor(locale);

  it("is answered by the FAQ the footer links to, opened", async () => {
    await session.page.goto(pathTo("home", locale));
    await footer().getByRole("link", { name: messages.footer.delivery }).click();
    await session.page.waitForURL(
      (url) => url.pathname === pathTo("contact", locale) && url.hash === `#${faqAnchor(DELIVERY_FAQ_KEY)}`,
    );
    const answer = session.page.locator(`#${faqAnchor(DELIVERY_FAQ_KEY)}`);
    await expect.poll(() => answer.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    const text = plain(await answer.textContent());
    // Areas, cost and the free-delivery threshold, from the zones staff keep (delivery-areas.e2e.test.ts).
    expect(text).toMatch(/Lisboa/);
    expect(text).toContain("4,90 €");
    expect(text).toContain("50,00 €");
    const fee = answer.getByText(/4,90\s€/).first();
    expect(await fee.isVisible()).toBe(true);
  });

  it("opens when the page is loaded at that answer", async () => {
    await session.page.goto(`${pathTo("contact", locale)}#${faqAnchor(DELIVERY_FAQ_KEY)}`);
    const answer = session.page.locator(`#${faqAnchor(DELIVERY_FAQ_KEY)}`);
    const fee = answer.getByText(/4,90\s€/).first();
    await expect.poll(() => fee.isVisible()).toBe(true);
  });
});

describe("the cookie policy", () => {
  /**
   * The cookie names the shop's code sets: the language cookie, the session once signed in, the order
   * draft, the one-minute notices, the sign-in return target and Apple's sign-in check. The consent
   * cookie and Google's are listed by the storefront only when it loads Tag Manager (consent.e2e.test.ts).
   */
  const SET_BY_THE_SHOP = [
    LOCALE_COOKIE.name,
    SESSION_COOKIE,
    "shop_order_draft",
    "shop_flash",
    "shop_order_notice",
    "shop_return_to",
    "shop_apple_state",
  ].sort();

  it.each(LOCALES)("names exactly the cookies the shop sets (%s)", async (locale) => {
    const response = await fetch(`${cmsUrl}/api/legal-pages?filters[key][$eq]=cookiesPolicy`);
    const [policy] = ((await response.json()) as { data: Record<string, string>[] }).data;
    const body = policy?.[`body_${locale}`] ?? "";
    const named = [...new Set([...body.matchAll(/`([^`]+)`/g)].map((match) => match[1]))].sort();
    expect(named).toEqual(SET_BY_THE_SHOP);

    // And the page says them, as they are spelt: an underscore inside a name is not emphasis.
    await session.page.goto(pathTo("cookiesPolicy", locale));
    const text = plain(await session.page.locator("article").textContent());
    for (const name of SET_BY_THE_SHOP) expect(text).toContain(name);
  });

  it("describes every cookie a visitor gets, browsing signed out and then signed in", async () => {
    for (const locale of LOCALES) {
      for (const screen of ["home", "boxes", "contact", "cookiesPolicy", "impact"] as const) {
        await session.page.goto(pathTo(screen, locale));
      }
    }
    await session.page.goto("/no-such-page");
    await session.page.goto(`/api/products?isActive=all`);
    expect((await session.context.cookies()).map((cookie) => cookie.name)).toEqual([LOCALE_COOKIE.name]);

    const customer = await registerCustomer(cmsUrl);
    await session.context.addCookies([
      { name: SESSION_COOKIE, value: customer.jwt, url: base, httpOnly: true, sameSite: "Lax" },
    ]);
    for (const screen of ["account", "profile", "orders"] as const) await session.page.goto(pathTo(screen, "es"));
    await session.page.goto("/api/users/me");
    const names = (await session.context.cookies()).map((cookie) => cookie.name).sort();
    // Browsing gives only these two; the others come with ordering and signing in, all described.
    expect(names).toEqual([LOCALE_COOKIE.name, SESSION_COOKIE].sort());
    for (const name of names) expect(SET_BY_THE_SHOP).toContain(name);
  });
});

/** Each link opens another site's page in a new tab, says so in the page's language, and leads somewhere real. */
async function expectExternalLinks(page: Page, links: Locator, locale: Locale) {
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const link = links.nth(index);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect((await link.getAttribute("rel"))?.split(" ")).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
    expect(plain(await link.locator(".sr-only").textContent())).toBe(messagesFor(locale).site.opensInNewTab);
    const href = (await link.getAttribute("href")) ?? "";
    const answer = await fetch(new URL(href, page.url()));
    expect(answer.status, href).toBe(200);
  }
}

describe.each(LOCALES)("blog and press links (%s)", (locale) => {
  const messages = messagesFor(locale);

  it("open the blog's posts in a new tab, said to screen readers", async () => {
    await session.page.goto(pathTo("home", locale));
    const posts = session.page
      .getByRole("heading", { name: messages.home.postsHeading })
      .locator("xpath=../..")
      .getByRole("link");
    await expect.poll(() => posts.count()).toBeGreaterThan(0);
    await expectExternalLinks(session.page, posts, locale);
    const [opened] = await Promise.all([session.context.waitForEvent("page"), posts.first().click()]);
    await opened.waitForLoadState();
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    expect(new URL(opened.url()).pathname.startsWith(locale === "es" ? "/" : `/${locale}/`)).toBe(true);
    await opened.close();
  });

  it("open the press articles in a new tab, said to screen readers", async () => {
    await session.page.goto(pathTo("newsroom", locale));
    await expectExternalLinks(session.page, session.page.locator("main").getByRole("link"), locale);
  });
});

describe.each(LOCALES)("the impact figures (%s)", (locale) => {
  const messages = messagesFor(locale);

  it("say as of when they were counted and lead to how they are measured", async () => {
    const asOf = format(messages.impact.asOf, { date: longDate(notes.asOf ?? "", locale) ?? "" });
    await session.page.goto(pathTo("home", locale));
    const home = session.page.getByRole("heading", { name: messages.home.impactHeading }).locator("xpath=../..");
    await expect.poll(async () => plain(await home.textContent())).toContain(plain(asOf));
    await home.getByRole("link", { name: messages.impact.howMeasured }).click();
    await session.page.waitForURL((url) => url.pathname === pathTo("impact", locale) && url.hash !== "");
    const method = session.page.getByRole("region", { name: messages.impact.methodHeading });
    await expect.poll(() => method.isVisible()).toBe(true);
    const firstLine = (notes.method[locale] ?? "").split("\n")[0]?.replace(/^- |\*\*/g, "") ?? "";
    expect(plain(await method.textContent())).toContain(plain(firstLine).slice(0, 40));
    expect(plain(await session.page.locator("main").textContent())).toContain(plain(asOf));
  });
});

describe.each(LOCALES)("what is in the box this week (%s)", (locale) => {
  it("names the week's dates", async () => {
    const answer = (await (await fetch(`${cmsUrl}/api/box-contents?pagination[pageSize]=100`)).json()) as {
      data: { weekStart: string }[];
    };
    const newest =
      answer.data
        .map((entry) => entry.weekStart)
        .sort()
        .at(-1) ?? "";
    const week = format(pageTextsFor(locale, "whatsInTheBox").week, { dates: weekDates(newest, locale) ?? "" });
    await session.page.goto(pathTo("whatsInTheBox", locale));
    const intro = plain(await session.page.locator("main section").first().textContent());
    expect(intro).toContain(plain(week));
  });
});
