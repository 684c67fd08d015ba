import http from "node:http";
import { LOCALES, pathTo, type Locale } from "@shop/routing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { freePort } from "../scripts/lib/processes.mjs";
import { SUPPORT_CHAT_POLICY } from "../apps/storefront/app/support-chat/policy-texts";
import { SUPPORT_CHAT_TEXTS } from "../apps/storefront/app/support-chat/texts";
import { messagesFor } from "../apps/storefront/app/i18n";
import { seriousAxeFindings } from "./support/axe";
import { useBrowserSession } from "./support/browser";
import { useOwnStorefront } from "./support/own-storefront";

// The support chat (docs/decisions/020), against a storefront of its own whose SUPPORT_CHAT_URL is a
// tiny chat page served by this test, so that every request the browser makes to the "provider" is
// on record; every other test keeps meeting a shop without a chat.

const CHAT_GREETING = "Hola, ¿en qué podemos ayudarte?";

/** What reached the fake chat provider: path and Referer of each request. */
const chatRequests: { url: string; referer: string | undefined }[] = [];
const chatServer = http.createServer((req, res) => {
  chatRequests.push({ url: req.url ?? "", referer: req.headers.referer });
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="es"><title>Chat</title><body><p>${CHAT_GREETING}</p>` +
      `<form><label>Mensaje <input name="message"></label> <button>Enviar</button></form></body></html>`,
  );
});

const chatPort = await freePort();
const chatOrigin = `http://127.0.0.1:${chatPort}`;
const base = await useOwnStorefront("chat", { SUPPORT_CHAT_URL: `${chatOrigin}/chat/shop?id=e2e` });
const plainShop = inject("storefrontUrl");
const session = useBrowserSession(base);

beforeAll(() => new Promise<void>((resolve) => chatServer.listen(chatPort, "127.0.0.1", resolve)));
afterAll(() => new Promise((resolve) => chatServer.close(resolve)));

beforeEach(() => {
  chatRequests.length = 0;
});

const launcher = (page: Page, locale: Locale) =>
  page.getByRole("button", { name: SUPPORT_CHAT_TEXTS[locale].launcher });
const panel = (page: Page, locale: Locale) => page.getByRole("dialog", { name: SUPPORT_CHAT_TEXTS[locale].heading });

/** The launcher comes in its own chunk after hydration; once it shows, the page is live. */
async function openShop(page: Page, locale: Locale, screen: "home" | "boxes" = "home") {
  await page.goto(pathTo(screen, locale));
  await launcher(page, locale).waitFor();
}

describe("support chat", () => {
  it("asks the provider for nothing until the visitor opens the chat, then frames its page", async () => {
    const { page } = session;
    const texts = SUPPORT_CHAT_TEXTS.es;
    const pageRequests: string[] = [];
    page.on("request", (request) => pageRequests.push(request.url()));
    await openShop(page, "es", "boxes");
    expect(await page.locator('[data-embed="chat"]').count()).toBe(1);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(chatRequests).toEqual([]);
    expect(pageRequests.filter((url) => url.startsWith(chatOrigin))).toEqual([]);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await launcher(page, "es").click();
    await panel(page, "es").waitFor();
    // Focus moves into the panel, which names itself.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("dialog");
    const frame = page.locator("iframe");
    expect(await frame.getAttribute("title")).toBe(texts.frameTitle);
    expect(await frame.getAttribute("referrerpolicy")).toBe("strict-origin-when-cross-origin");
    expect((await frame.getAttribute("sandbox"))?.split(" ").sort()).toEqual([
      "allow-forms",
      "allow-popups",
      "allow-popups-to-escape-sandbox",
      "allow-same-origin",
      "allow-scripts",
    ]);
    // The page loads in the frame: the content security policy lets it in (a violation fails the test).
    await page.frameLocator("iframe").getByText(CHAT_GREETING).waitFor();
    expect(chatRequests).toHaveLength(1);
    expect(chatRequests[0]?.url).toBe("/chat/shop?id=e2e");
    // The provider learns the shop's origin, never which page the visitor was on.
    expect(chatRequests[0]?.referer).toBe(`${base}/`);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A phone: the panel takes most of the screen.
    const box = await panel(page, "es").boundingBox();
    expect(box?.width).toBeGreaterThan(370);
    expect(box?.height).toBeGreaterThan(700);

    await page.keyboard.press("Escape");
    await expect.poll(() => panel(page, "es").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(texts.launcher);
    expect(await launcher(page, "es").getAttribute("aria-expanded")).toBe("false");

    // Opened again, the same conversation goes on: the frame was kept, not loaded anew.
    await launcher(page, "es").click();
    await page.frameLocator("iframe").getByText(CHAT_GREETING).waitFor();
    expect(chatRequests).toHaveLength(1);
    await panel(page, "es").getByRole("button", { name: texts.close }).click();
    await expect.poll(() => panel(page, "es").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(texts.launcher);
  });

  it("speaks the page's language", async () => {
    const { page } = session;
    for (const locale of LOCALES) {
      const texts = SUPPORT_CHAT_TEXTS[locale];
      await openShop(page, locale);
      await launcher(page, locale).click();
      await panel(page, locale).getByRole("heading", { name: texts.heading }).waitFor();
      await panel(page, locale).getByRole("button", { name: texts.close }).waitFor();
      expect(await page.locator("iframe").getAttribute("title")).toBe(texts.frameTitle);
    }
  });

  it("is a small panel beside the page on a desktop screen", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openShop(page, "pt");
    await launcher(page, "pt").click();
    const box = await panel(page, "pt").boundingBox();
    expect(box).toMatchObject({ width: 380, height: 560 });
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1400);
  });

  it("leaves the order flow alone: its buttons are at the bottom of a phone's screen", async () => {
    const { page } = session;
    await openShop(page, "es");
    await page
      .getByRole("main")
      .locator(`a[href="${pathTo("newOrder", "es")}"]`)
      .first()
      .click();
    await page.waitForURL(`**${pathTo("newOrder", "es")}`);
    await expect.poll(() => page.locator('[data-embed="chat"]').count()).toBe(0);
    expect(chatRequests).toEqual([]);
  });

  it("steps aside while something fixed over the page covers its corner (the consent banner)", async () => {
    const { page } = session;
    await openShop(page, "es");
    // A bar like the consent banner of decision 016: fixed at the bottom, above the launcher.
    await page.evaluate(() => {
      const bar = document.createElement("section");
      bar.id = "bottom-bar";
      bar.style.cssText = "position:fixed;inset:auto 0 0 0;height:180px;z-index:30;background:white";
      document.body.append(bar);
    });
    await expect.poll(() => launcher(page, "es").isVisible()).toBe(false);
    // Hidden, not merely painted over: out of the accessibility tree and the tab order too.
    expect(await launcher(page, "es").count()).toBe(0);
    expect(
      await page.locator('[data-embed="chat"] > button').evaluate((button) => getComputedStyle(button).visibility),
    ).toBe("hidden");
    await page.evaluate(() => document.getElementById("bottom-bar")?.remove());
    await expect.poll(() => launcher(page, "es").isVisible()).toBe(true);
  });

  it("comes back after the app web view hid and showed it again", async () => {
    const { page } = session;
    await openShop(page, "ca");
    await launcher(page, "ca").click();
    await page.frameLocator("iframe").getByText(CHAT_GREETING).waitFor();
    // What the app web view does on a short screen (decision 019): hide every embedded chat, then show it.
    await page.evaluate(() => {
      const widget = document.querySelector<HTMLElement>('[data-embed="chat"]');
      widget?.style.setProperty("display", "none", "important");
    });
    await expect.poll(() => panel(page, "ca").isVisible()).toBe(false);
    await page.evaluate(() =>
      document.querySelector<HTMLElement>('[data-embed="chat"]')?.style.removeProperty("display"),
    );
    await expect.poll(() => panel(page, "ca").isVisible()).toBe(true);
    await page.frameLocator("iframe").getByText(CHAT_GREETING).waitFor();
    expect(chatRequests).toHaveLength(1);
    await panel(page, "ca").getByRole("button", { name: SUPPORT_CHAT_TEXTS.ca.close }).click();
    await expect.poll(() => launcher(page, "ca").isVisible()).toBe(true);
  });

  it("a shop without SUPPORT_CHAT_URL has no launcher and frames nothing", async () => {
    const { page } = session;
    const withChat = await fetch(`${base}/`);
    expect(withChat.headers.get("content-security-policy")).toContain(`frame-src 'self' ${chatOrigin}`);
    const without = await fetch(`${plainShop}/`);
    expect(without.headers.get("content-security-policy")).not.toContain("frame-src");

    // A route change on the client proves the page is hydrated: the chat's chunk would have come by then.
    await page.goto(`${plainShop}${pathTo("about", "es")}`);
    await page
      .locator("footer")
      .getByRole("link", { name: messagesFor("es").screens.cookiesPolicy.title })
      .click();
    await page.waitForURL(`**${pathTo("cookiesPolicy", "es")}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.locator('[data-embed="chat"]').count()).toBe(0);
    expect(await launcher(page, "es").count()).toBe(0);
    expect(chatRequests).toEqual([]);
    // Nor a word about a chat in its cookie policy.
    expect(await page.getByRole("heading", { name: SUPPORT_CHAT_POLICY.es.heading }).count()).toBe(0);
  });

  it.each(LOCALES)(
    "the cookie policy says who provides the chat and that it loads only when opened (%s)",
    async (locale) => {
      const { page } = session;
      await page.goto(pathTo("cookiesPolicy", locale));
      const part = page.locator("section", {
        has: page.getByRole("heading", { name: SUPPORT_CHAT_POLICY[locale].heading }),
      });
      await part.waitFor();
      const text = await part.textContent();
      expect(text).toContain(new URL(chatOrigin).host);
      expect(text).toContain(`«${SUPPORT_CHAT_TEXTS[locale].launcher}»`);
      expect(chatRequests).toEqual([]);
    },
  );
});
