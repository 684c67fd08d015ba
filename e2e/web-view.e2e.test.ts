import http from "node:http";
import { randomUUID } from "node:crypto";
import { nativeSignInHooks } from "@shop/domain/web-view";
import { pathTo, type Locale } from "@shop/routing";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../scripts/lib/processes.mjs";
import { messagesFor } from "../apps/storefront/app/i18n";
import { format } from "../apps/storefront/app/i18n/format";
import { DEBUG_CONSOLE_TEXTS } from "../apps/storefront/app/web-view/debug-console-texts";
import { authTextsFor } from "../apps/storefront/app/accounts/auth-texts";
import { SUPPORT_CHAT_TEXTS } from "../apps/storefront/app/support-chat/texts";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { launchBrowser } from "./support/browser";
import { mailedValue } from "./support/outbox";
import { useOwnStorefront } from "./support/own-storefront";

// The shop inside the company's app (docs/decisions/019), against a storefront of its own that knows
// the app's user-agent token and one staff e-mail, so every other test keeps meeting a plain shop.

const TOKEN = "ImperfectApp/3.1";
const APP_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ImperfectApp/3.1";
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const ADMIN_EMAIL = `e2e-staff-${randomUUID().slice(0, 8)}@example.test`;
/** A staff address someone registered without ever confirming it: no admin. */
const UNCONFIRMED_STAFF_EMAIL = `e2e-staff-${randomUUID().slice(0, 8)}@example.test`;

const cmsUrl = inject("cmsUrl");
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let admin: TestCustomer;
let unconfirmedStaff: TestCustomer;
let customer: TestCustomer;
const contexts: BrowserContext[] = [];
/** The support chat's provider (decision 020): a page with a text box. */
const chatServer = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end('<!doctype html><html lang="es"><title>Chat</title><label>Mensaje <input name="message"></label></html>');
});

const chatPort = await freePort();
const base = await useOwnStorefront("web-view", {
  APP_USER_AGENT_TOKEN: TOKEN,
  // Written in capitals: the list is compared without case, as e-mail providers do.
  APP_ADMIN_EMAILS: `someone@example.test, ${ADMIN_EMAIL.toUpperCase()}, ${UNCONFIRMED_STAFF_EMAIL}`,
  SUPPORT_CHAT_URL: `http://127.0.0.1:${chatPort}/chat`,
});

beforeAll(async () => {
  await new Promise<void>((resolve) => chatServer.listen(chatPort, "127.0.0.1", resolve));
  [browser, admin, customer, unconfirmedStaff] = await Promise.all([
    launchBrowser(),
    registerCustomer(cmsUrl, { email: ADMIN_EMAIL }),
    registerCustomer(cmsUrl),
    registerCustomer(cmsUrl, { email: UNCONFIRMED_STAFF_EMAIL }),
  ]);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => chatServer.close(resolve));
});

/** A phone in the app (or a browser), signed in as `as` when given; every request it makes is listed. */
async function open(
  pagePath: string,
  { userAgent = APP_UA, as, height = 844 }: { userAgent?: string; as?: TestCustomer; height?: number } = {},
): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ userAgent, viewport: { width: 390, height }, baseURL: base });
  contexts.push(context);
  if (as) await context.addCookies([{ name: SESSION_COOKIE, value: as.jwt, url: base }]);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto(pagePath);
  return { page, requests };
}

/** The staff member has followed the e-mailed confirmation link (once; inside a test, where the outbox is polled). */
let adminConfirmed: Promise<void> | undefined;
function confirmAdmin(): Promise<void> {
  adminConfirmed ??= (async () => {
    const confirmation = await mailedValue(inject("outboxDir"), ADMIN_EMAIL, /confirmation=([0-9a-f]+)/);
    const answer = await fetch(`${cmsUrl}/api/auth/email-confirmation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ confirmation }),
    });
    if (!answer.ok) throw new Error(`Confirmation failed: ${answer.status}`);
  })();
  return adminConfirmed;
}

const appReady = (page: Page) => page.waitForSelector("html[data-shop-app=ready]", { state: "attached" });
const debugConsole = (page: Page, locale: Locale) =>
  // Exact: the Catalan title is the start of the Spanish one.
  page.getByRole("region", { name: DEBUG_CONSOLE_TEXTS[locale].title, exact: true });

describe("a browser", () => {
  it("never loads the app's code, has no hooks and is served its own copy of a page", async () => {
    const inBrowser = await open(pathTo("boxes", "es"), { userAgent: BROWSER_UA });
    // The client behaviours have started (their first build check) by then.
    await inBrowser.page.waitForRequest(/\/builds\/latest\.json/);
    expect(inBrowser.requests.some((url) => /web-view/.test(url))).toBe(false);
    expect(await inBrowser.page.evaluate(() => "onGoogleSignInSuccess" in window)).toBe(false);
    expect(await inBrowser.page.locator("html").getAttribute("data-shop-app")).toBeNull();

    // The same address, cached for the browser a moment ago, still starts the app's code in the app.
    const inApp = await open(pathTo("boxes", "es"));
    await appReady(inApp.page);
  });

  it("pages say they vary with the user agent, for shared caches", async () => {
    const answer = await fetch(`${base}${pathTo("home", "es")}`);
    expect(answer.headers.get("vary") ?? "").toMatch(/User-Agent/i);
  });
});

describe("inside the app", () => {
  it("a sign-in opens the account area", async () => {
    const { page } = await open(pathTo("login", "pt"));
    const texts = authTextsFor("pt");
    await page.getByLabel(texts.fields.email, { exact: true }).fill(customer.email);
    await page.getByLabel(texts.fields.password, { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: texts.login.submit }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(pathTo("account", "pt"));
  });

  it.each(["google", "microsoft"] as const)(
    "a native %s sign-in is handed to the provider's way back, in the page's language",
    async (provider) => {
      const { page } = await open(pathTo("home", "ca"));
      await appReady(page);
      const handedOver = page.waitForRequest((request) =>
        request.url().startsWith(`${base}${pathTo("connectRedirect", "ca", { provider })}?access_token=native-token`),
      );
      await page.evaluate(
        (hook) => (window as unknown as Record<string, (token: string) => void>)[hook]?.("native-token"),
        nativeSignInHooks(provider).success,
      );
      await handedOver;
      // "native-token" is no ID token of the provider: the CMS refuses it, and the home page says so
      // (a real one signs in: social-sign-in.e2e.test.ts).
      await expect.poll(() => new URL(page.url()).searchParams.get("provider")).toBe(provider);
      expect(new URL(page.url()).pathname).toBe(pathTo("home", "ca"));
    },
  );

  it("a native sign-in the page cannot use goes nowhere", async () => {
    const { page, requests } = await open(pathTo("home", "es"));
    await appReady(page);
    await page.evaluate(() =>
      (window as unknown as { onGoogleSignInSuccess: (token: unknown) => void }).onGoogleSignInSuccess(""),
    );
    await page.waitForTimeout(500);
    expect(requests.some((url) => url.includes("/connect/"))).toBe(false);
    expect(new URL(page.url()).pathname).toBe(pathTo("home", "es"));
  });

  it.each([
    ["customers who are not staff", () => customer],
    ["someone who registered a staff address without confirming it", () => unconfirmedStaff],
  ])("%s never see the debug console", async (_, who) => {
    const { page } = await open(pathTo("account", "es"), { as: who() });
    await appReady(page);
    await page.evaluate(() => console.warn("a warning nobody should see here"));
    await page.waitForTimeout(300);
    expect(await debugConsole(page, "es").count()).toBe(0);
  });
});

describe("the debug console, for staff in the app", () => {
  it.each(["es", "ca", "pt"] as const)(
    "shows once there are logs, collapsed, and opens and closes (%s)",
    async (locale) => {
      const texts = DEBUG_CONSOLE_TEXTS[locale];
      await confirmAdmin();
      const { page } = await open(pathTo("account", locale), { as: admin });
      await appReady(page);
      expect(await debugConsole(page, locale).count()).toBe(0);

      await page.evaluate(() =>
        (window as unknown as Record<string, (error: string) => void>).onMicrosoftSignInError?.(
          "cancelled by the user",
        ),
      );
      const panel = debugConsole(page, locale);
      await expect.poll(() => panel.count()).toBe(1);
      expect(await panel.textContent()).toContain(format(texts.entries.one, { count: 1 }));
      const toggle = panel.getByRole("button", { name: texts.expand });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await panel.getByRole("log").isVisible()).toBe(false);

      await toggle.click();
      const log = panel.getByRole("log");
      expect(await log.isVisible()).toBe(true);
      expect(await log.textContent()).toContain("Sign-in with microsoft failed in the app: cancelled by the user");
      await panel.getByRole("button", { name: texts.collapse }).click();
      expect(await log.isVisible()).toBe(false);
    },
  );

  it("holds what was logged before the page's code started, and speaks the language of the page on show", async () => {
    const context = await browser.newContext({
      userAgent: APP_UA,
      viewport: { width: 390, height: 844 },
      baseURL: base,
    });
    contexts.push(context);
    await confirmAdmin();
    await context.addCookies([{ name: SESSION_COOKIE, value: admin.jwt, url: base }]);
    // Logged once the document is parsed: before hydration, long before the app's chunk comes.
    await context.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => console.error("logged before hydration")),
    );
    const page = await context.newPage();
    await page.goto(pathTo("account", "es"));
    await appReady(page);
    const panel = debugConsole(page, "es");
    await expect.poll(() => panel.count()).toBe(1);
    await panel.getByRole("button", { name: DEBUG_CONSOLE_TEXTS.es.expand }).click();
    expect(await panel.getByRole("log").textContent()).toContain("logged before hydration");

    // A navigation to the Catalan pages, within the app: the console follows the page's language.
    await page.evaluate(
      (to) => {
        const router = (window as unknown as { __reactRouterDataRouter: { navigate(path: string): Promise<void> } })
          .__reactRouterDataRouter;
        return router.navigate(to);
      },
      pathTo("account", "ca"),
    );
    await expect.poll(() => debugConsole(page, "ca").count()).toBe(1);
    expect(
      await debugConsole(page, "ca")
        .getByRole("button", { name: DEBUG_CONSOLE_TEXTS.ca.collapse, exact: true })
        .count(),
    ).toBe(1);
  });

  it("keeps the newest 100 entries", async () => {
    const texts = DEBUG_CONSOLE_TEXTS.es;
    await confirmAdmin();
    const { page } = await open(pathTo("account", "es"), { as: admin });
    await appReady(page);
    await page.evaluate(() => {
      for (let entry = 1; entry <= 130; entry++) console.info(`entry ${entry}`);
    });
    const panel = debugConsole(page, "es");
    await expect.poll(() => panel.textContent()).toContain(format(texts.entries.other, { count: 100 }));
    await panel.getByRole("button", { name: texts.expand }).click();
    const lines = await panel.getByRole("log").locator("li").allTextContents();
    expect(lines).toHaveLength(100);
    expect(lines[0]).toContain("entry 31");
    expect(lines.at(-1)).toContain("entry 130");
  });

  it("goes when the staff member signs out, without a reload", async () => {
    await confirmAdmin();
    const { page } = await open(pathTo("account", "es"), { as: admin });
    await appReady(page);
    await page.evaluate(() => console.warn("before signing out"));
    await expect.poll(() => debugConsole(page, "es").count()).toBe(1);
    await page.getByRole("button", { name: messagesFor("es").nav.signOut }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(pathTo("home", "es"));
    await expect.poll(() => debugConsole(page, "es").count()).toBe(0);
  });
});

describe("embedded chat and form frames", () => {
  /** Adds an embedded frame's marker to the page, as the support chat carries. */
  const addEmbed = (page: Page) =>
    page.evaluate(() => {
      const embed = Object.assign(document.createElement("div"), { textContent: "embedded form" });
      embed.dataset.embed = "form";
      embed.id = "e2e-embed";
      document.body.append(embed);
    });
  const embedVisible = (page: Page) => page.locator("#e2e-embed").isVisible();

  it("are put away inside the app while the screen is below 700 px, and come back when it is not", async () => {
    const { page } = await open(pathTo("contact", "es"), { height: 640 });
    await appReady(page);
    await addEmbed(page);
    await expect.poll(() => embedVisible(page), { timeout: 2000, interval: 100 }).toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => embedVisible(page), { timeout: 2000, interval: 100 }).toBe(true);
    await page.setViewportSize({ width: 390, height: 699 });
    await expect.poll(() => embedVisible(page), { timeout: 2000, interval: 100 }).toBe(false);
  });

  it("stay in a browser, however short the screen", async () => {
    const { page } = await open(pathTo("contact", "es"), { userAgent: BROWSER_UA, height: 600 });
    await page.waitForRequest(/\/builds\/latest\.json/);
    await addEmbed(page);
    await page.waitForTimeout(1200);
    expect(await embedVisible(page)).toBe(true);
  });

  it("the support chat gives way on a short screen in the app, but not while the visitor types in it", async () => {
    const texts = SUPPORT_CHAT_TEXTS.es;
    const { page } = await open(pathTo("home", "es"), { height: 844 });
    await appReady(page);
    const launcher = page.getByRole("button", { name: texts.launcher });
    await launcher.waitFor();
    await page.setViewportSize({ width: 390, height: 640 });
    await expect.poll(() => launcher.isVisible(), { timeout: 2000, interval: 100 }).toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => launcher.isVisible(), { timeout: 2000, interval: 100 }).toBe(true);

    // Typing in the chat: the phone's keyboard takes height, and the chat stays.
    await launcher.click();
    const message = page.frameLocator("iframe").getByLabel("Mensaje");
    await message.click();
    await page.setViewportSize({ width: 390, height: 640 });
    await page.waitForTimeout(1200);
    expect(await page.getByRole("dialog", { name: texts.heading }).isVisible()).toBe(true);
  });
});
