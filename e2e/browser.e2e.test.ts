import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES, pathTo, SCREENS, staticSitemapEntries, type Locale } from "@shop/routing";
import { format, messagesFor } from "../apps/storefront/app/i18n";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { hydrated, useBrowserSession } from "./support/browser";
import { fetchTranslatedProducts, type TranslatedProduct } from "./support/catalogue";

const base = inject("storefrontUrl");
const session = useBrowserSession(base, { shareContext: true });

describe("the 404 page", () => {
  it.each([
    ["/esto-no-existe", "es"],
    ["/ca/aixo-no-existeix", "ca"],
    ["/pt/nao-existe/mesmo", "pt"],
  ] as const)("answers %s with 404 and the five localized links", async (path, locale) => {
    const response = await session.page.goto(path);
    expect(response?.status()).toBe(404);
    const messages = messagesFor(locale);
    await expect
      .poll(() => session.page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.errors.notFoundHeadline);
    expect(await session.page.getByText(`Page not found: ${path}`).count()).toBe(1);
    expect(await session.page.getByText("404", { exact: true }).count()).toBe(1);
    const links = session.page.getByRole("navigation", { name: messages.errors.links }).getByRole("link");
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    const expected = {
      es: ["/", "/mi-cuenta", "/nuevo-pedido", "/nuestras-cajas", "/historia"],
      ca: ["/ca", "/ca/el-meu-compte", "/ca/nova-comanda", "/ca/les-nostres-caixes", "/ca/historia"],
      pt: ["/pt", "/pt/admin", "/pt/nova%20ordem", "/pt/boxes", "/pt/about"],
    }[locale];
    expect(hrefs).toEqual(expected);
    expect(await session.page.locator("main svg").count()).toBeGreaterThan(0);
  });

  it("speaks the remembered language on paths without one, and Spanish for unknown languages", async () => {
    await session.page.goto("/ca/equip");
    const response = await session.page.goto("/no-hi-es");
    expect(response?.status()).toBe(404);
    expect(await session.page.locator("html").getAttribute("lang")).toBe("ca-ES");
    await session.context.clearCookies();
    await session.page.goto("/en/not-here");
    expect(await session.page.locator("html").getAttribute("lang")).toBe("es-ES");
    expect(await session.page.getByRole("heading", { level: 1 }).textContent()).toBe(
      messagesFor("es").errors.notFoundHeadline,
    );
  });
});

describe("the language switcher", () => {
  it("keeps the same screen and remembers the choice", async () => {
    await session.page.goto("/mi-cuenta/pedidos/42");
    // signed out: sent to the login page first, which is what the switcher then translates
    expect(new URL(session.page.url()).pathname).toBe("/iniciar-sesion");
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await session.page.goto("/sostenibilidad/impacto?page=2");
    await session.page.getByRole("link", { name: "Català" }).first().click();
    await session.page.waitForURL("**/ca/sostenibilitat/impacte");
    await expect.poll(() => session.page.locator("html").getAttribute("lang")).toBe("ca-ES");
    await expect
      .poll(() => session.page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messagesFor("ca").screens.impact.heading);
    await session.page.getByRole("link", { name: "Português" }).first().click();
    await session.page.waitForURL("**/pt/impact");
    const cookies = await session.context.cookies();
    expect(cookies.find((cookie) => cookie.name === "lang")).toMatchObject({ value: "pt", sameSite: "Lax", path: "/" });
  });

  it("navigates on the client after hydration, without reloading the document", async () => {
    await session.page.goto("/");
    await session.page.evaluate(() => ((window as unknown as { marker: string }).marker = "still-here"));
    await session.page.getByRole("button", { name: messagesFor("es").nav.menu }).click();
    await session.page.getByRole("dialog").getByRole("link", { name: "Nuestras cajas" }).click();
    await session.page.waitForURL("**/nuestras-cajas");
    await expect.poll(() => session.page.getByRole("heading", { level: 1 }).textContent()).toBe("Nuestras cajas");
    expect(await session.page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still-here");
  });
});

describe("guards in the browser", () => {
  it("sends a signed-out visitor to the login page of their language and remembers the target", async () => {
    await session.page.goto("/pt/admin/subscriptions");
    const url = new URL(session.page.url());
    expect(url.pathname).toBe("/pt/auth/login");
    expect(url.searchParams.get("redirect")).toBe("/pt/admin/subscriptions");
  });

  it("shows the account area to a signed-in customer and signs them out", async () => {
    const customer = await registerCustomer(inject("cmsUrl"));
    await session.context.addCookies([
      { name: SESSION_COOKIE, value: customer.jwt, url: base, httpOnly: true, sameSite: "Lax" },
    ]);
    await session.page.goto("/ca/el-meu-compte");
    expect(await session.page.getByRole("heading", { level: 1 }).textContent()).toBe(
      messagesFor("ca").screens.account.heading,
    );
    // The account menu names the customer (the home's notice about the unconfirmed address does too).
    const accountMenu = session.page.getByRole("navigation", { name: messagesFor("ca").nav.accountMenu });
    expect(await accountMenu.getByText(customer.email).count()).toBe(1);
    await session.page.goto("/ca/iniciar-sessio");
    expect(new URL(session.page.url()).pathname).toBe("/ca/el-meu-compte");
    await session.page.getByRole("button", { name: messagesFor("ca").nav.signOut }).click();
    await session.page.waitForURL((url) => url.pathname === "/ca");
    expect((await session.context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    await session.page.goto("/ca/el-meu-compte");
    expect(new URL(session.page.url()).pathname).toBe("/ca/iniciar-sessio");
  });
});

/** Every public section of the route table: the shop's layout, indexable, without parameters. */
const PUBLIC_SECTIONS = staticSitemapEntries()
  .map(({ id }) => id)
  .filter((id) => SCREENS[id].layout === "default");

/** A description of the focused element, for messages and comparisons. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    const name = element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.textContent?.trim();
    return `${element.tagName.toLowerCase()} ${name ?? ""}`.trim();
  });
}

describe.each(LOCALES)("the site menu (%s)", (locale) => {
  const messages = messagesFor(locale);
  const menuButton = () => session.page.getByRole("button", { name: messages.nav.menu });
  const menu = () => session.page.getByRole("dialog", { name: messages.nav.menu });

  async function openMenu(): Promise<Locator> {
    await menuButton().click();
    await menu().waitFor();
    return menu();
  }

  it("is a dialog with every public section: focus moves in, and Escape gives it back to the button", async () => {
    const menuCode: string[] = [];
    session.page.on("request", (request) => {
      if (/\/assets\/site-menu-[^/]+\.js$/.test(request.url())) menuCode.push(request.url());
    });
    await session.page.goto(pathTo("home", locale));
    // The menu's code is not part of the first load (decision 006).
    expect(menuCode).toEqual([]);
    const header = await session.page.locator("header").first().boundingBox();
    expect(header?.height).toBeLessThan(80);
    expect(await menuButton().getAttribute("aria-expanded")).toBe("false");
    const dialog = await openMenu();
    expect(menuCode).toHaveLength(1);
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const hrefs = await dialog.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const id of PUBLIC_SECTIONS) expect(hrefs).toContain(pathTo(id, locale));
    expect(hrefs).toContain(pathTo("newOrder", locale));
    await session.page.keyboard.press("Escape");
    await expect.poll(() => menu().count()).toBe(0);
    await expect.poll(() => focusedElement(session.page)).toBe(`button ${messages.nav.menu}`);
    expect(await menuButton().getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on a tap outside, after following a link and after switching language", async () => {
    await session.page.goto(pathTo("home", locale));
    await openMenu();
    await session.page.mouse.click(10, 400);
    await expect.poll(() => menu().count()).toBe(0);
    await expect.poll(() => focusedElement(session.page)).toBe(`button ${messages.nav.menu}`);

    const dialog = await openMenu();
    await dialog.getByRole("link", { name: messages.screens.contact.title, exact: true }).click();
    await session.page.waitForURL((url) => url.pathname === pathTo("contact", locale));
    await expect.poll(() => menu().count()).toBe(0);
    await expect
      .poll(() => session.page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.screens.contact.heading);

    const other: Locale = locale === "es" ? "pt" : "es";
    await (
      await openMenu()
    )
      .getByRole("link", { name: { es: "Español", ca: "Català", pt: "Português" }[other] })
      .click();
    await session.page.waitForURL((url) => url.pathname === pathTo("contact", other));
    await expect.poll(() => session.page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => session.page.locator("html").getAttribute("lang")).toMatch(new RegExp(`^${other}`));
  });

  it("leads to the footer's sections when the menu cannot be downloaded", async () => {
    await session.page.route(/\/assets\/site-menu-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
    await session.page.goto(pathTo("home", locale));
    await menuButton().click();
    const footerLink = session.page.locator("footer").getByRole("link", { name: messages.screens.contact.title });
    await expect.poll(() => footerLink.isVisible()).toBe(true);
    await expect
      .poll(() => footerLink.evaluate((link) => link.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    expect(await session.page.getByRole("dialog").count()).toBe(0);
  });
});

describe("the site menu without JavaScript", () => {
  it("is a link to the footer, which lists every public section", async () => {
    const context = await session.browser.newContext({
      baseURL: base,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await page.goto(pathTo("home", "ca"));
      const link = page.getByRole("link", { name: messagesFor("ca").nav.menu });
      const target = (await link.getAttribute("href")) ?? "";
      expect(target).toMatch(/^#./);
      const hrefs = await page
        .locator(target)
        .getByRole("link")
        .evaluateAll((links) => links.map((each) => each.getAttribute("href")));
      // The logo leads home.
      const inFooter = PUBLIC_SECTIONS.filter((id) => id !== "home");
      for (const id of inFooter) expect(hrefs).toContain(pathTo(id, "ca"));
      await link.click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(target);
    } finally {
      await context.close();
    }
  });
});

describe("keyboard", () => {
  let products: TranslatedProduct[] = [];
  beforeAll(async () => {
    products = await fetchTranslatedProducts(inject("cmsUrl"));
  });

  it.each(LOCALES)("Escape in the lightbox gives focus back to the picture that opened it (%s)", async (locale) => {
    const text = messagesFor(locale).lightbox;
    const product = products.find((each) => each.type === "box" && each.isActive);
    if (!product) throw new Error("The demo catalogue has no active box");
    await session.page.goto(pathTo("product", locale, { slug: product[`slug_${locale}`] }));
    await hydrated(session.page);
    const gallery = session.page.getByRole("region", { name: messagesFor(locale).product.gallery });
    const total = await gallery.getByRole("button").count();
    for (const number of total > 1 ? [1, total] : [1]) {
      const opener = gallery.getByRole("button", { name: format(text.open, { number, total }) });
      await opener.focus();
      await session.page.keyboard.press("Enter");
      const dialog = session.page.getByRole("dialog", { name: text.dialog });
      await dialog.waitFor();
      await session.page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => focusedElement(session.page)).toBe(`button ${format(text.open, { number, total })}`);
    }
  });

  it.each([
    ["contact", "es", "name"],
    ["companies", "ca", "company"],
    ["contact", "pt", "email"],
  ] as const)("a refused %s form (%s) moves focus to the first field in error", async (screen, locale, firstError) => {
    await session.page.goto(pathTo(screen, locale));
    const form = session.page.locator("main form");
    if (firstError === "email") {
      await form.getByLabel(messagesFor(locale).forms.name).fill("Ana");
      await form.getByLabel(messagesFor(locale).forms.email).fill("not an address");
    }
    await form.getByRole("button", { name: messagesFor(locale).forms.send }).click();
    await expect.poll(() => focusedElement(session.page)).toBe(`input ${firstError}`);
    expect(await session.page.locator(`#${firstError}`).getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => form.getByRole("alert").textContent()).toBe(messagesFor(locale).forms.fixErrors);
  });

  it("shows a focus ring on orange buttons with 3:1 against the button and the page", async () => {
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await session.page.goto(pathTo("contact", "es"));
    const orange = [
      session.page.locator("header").getByRole("link", { name: messagesFor("es").nav.newOrder }),
      session.page.locator("main form").getByRole("button", { name: messagesFor("es").forms.send }),
    ];
    for (const button of orange) {
      await button.focus();
      const ring = await button.evaluate((element) => {
        // Computed colours may come as oklab() or color-mix() results: a canvas turns them into RGB.
        const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
        const rgba = (colour: string): number[] => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = colour;
          context.fillRect(0, 0, 1, 1);
          return Array.from(context.getImageData(0, 0, 1, 1).data);
        };
        /** The colour behind an element: the first visible background among its ancestors. */
        const backgroundBehind = (start: Element | null): number[] => {
          for (let node = start; node; node = node.parentElement) {
            const colour = rgba(getComputedStyle(node).backgroundColor);
            if (colour[3]! > 0) return colour;
          }
          return [255, 255, 255, 255];
        };
        const style = getComputedStyle(element);
        return {
          visible: element.matches(":focus-visible"),
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          colour: rgba(style.outlineColor),
          button: rgba(style.backgroundColor),
          page: backgroundBehind(element.parentElement),
        };
      });
      expect(ring.visible).toBe(true);
      expect(ring.style).not.toBe("none");
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrastRatio(ring.colour, ring.button)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(ring.colour, ring.page)).toBeGreaterThanOrEqual(3);
    }
  });
});

describe.each(LOCALES)("the forms' privacy line (%s)", (locale) => {
  it.each(["contact", "companies"] as const)("the %s form links to the privacy policy", async (screen) => {
    const forms = messagesFor(locale).forms;
    await session.page.goto(pathTo(screen, locale));
    const form = session.page.locator("main form");
    await expect.poll(() => form.getByText(forms.privacyNote).count()).toBe(1);
    const link = form.getByRole("link", { name: forms.privacyLink });
    expect(await link.getAttribute("href")).toBe(pathTo("privacyPolicy", locale));
  });
});

/** WCAG contrast ratio of two colours given as [r, g, b, alpha 0-255] (alpha blended over white). */
function contrastRatio(first: number[], second: number[]): number {
  const luminance = ([r = 0, g = 0, b = 0, alpha = 255]: number[]) => {
    const channel = (value: number) => {
      const blended = (value * alpha + 255 * (255 - alpha)) / 255 / 255;
      return blended <= 0.04045 ? blended / 12.92 : ((blended + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
