import { describe, expect, inject, it } from "vitest";
import { messagesFor } from "../apps/storefront/app/i18n";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";

const base = inject("storefrontUrl");
const session = useBrowserSession(base);

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
    await session.page.getByText(messagesFor("es").nav.menu).click();
    await session.page
      .getByRole("navigation", { name: messagesFor("es").nav.main })
      .getByRole("link", { name: "Nuestras cajas" })
      .last()
      .click();
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
    expect(await session.page.getByText(customer.email).count()).toBe(1);
    await session.page.goto("/ca/iniciar-sessio");
    expect(new URL(session.page.url()).pathname).toBe("/ca/el-meu-compte");
    await session.page.getByRole("button", { name: messagesFor("ca").nav.signOut }).click();
    await session.page.waitForURL((url) => url.pathname === "/ca");
    expect((await session.context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    await session.page.goto("/ca/el-meu-compte");
    expect(new URL(session.page.url()).pathname).toBe("/ca/iniciar-sessio");
  });
});
