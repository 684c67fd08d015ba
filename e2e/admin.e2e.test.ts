import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pathTo } from "@shop/routing";
import { launchBrowser } from "./support/browser";
import { fetchTranslatedProducts, type TranslatedProduct } from "./support/catalogue";

const cmsUrl = inject("cmsUrl");
const storefrontUrl = inject("storefrontUrl");

/** The staff account demo mode creates (apps/cms/src/env.ts: DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD). */
const STAFF = { email: "admin@demo.local", password: "DemoAdmin123!" } as const;
const LOGIN_PATH = "/admin/auth/login";

/**
 * An active single item sold to consumers, so its page is on the storefront. Not a box: other
 * tests read the boxes' names from the CMS and would meet the storefront's cached ones meanwhile.
 */
function pickProduct(products: TranslatedProduct[]): TranslatedProduct {
  const found = products
    .filter(
      (product) =>
        product.type === "item" &&
        product.isActive &&
        !product.seasonal &&
        product.market_types.some((market) => market.name === "B2C"),
    )
    .at(-1);
  if (!found) throw new Error("The demo catalogue has no active item sold to consumers");
  return found;
}

/** The text of the storefront page's h1, bypassing the page cache with a query string of its own. */
async function storefrontHeading(productPath: string): Promise<string | undefined> {
  const response = await fetch(`${storefrontUrl}${productPath}?e2e-admin=${Date.now()}-${Math.random()}`);
  if (response.status !== 200) return `HTTP ${response.status}`;
  return /<h1\b[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1];
}

/**
 * Everything the admin panel does that would show the bug: a main-frame navigation to the login
 * screen and any 401 from the CMS after sign-in (a content API route answering an admin call).
 */
function watchAdminSession(page: Page) {
  const watch = { signedIn: false, backToLogin: [] as string[], unauthorized: [] as string[] };
  page.on("framenavigated", (frame) => {
    if (watch.signedIn && frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith(LOGIN_PATH)) {
      watch.backToLogin.push(frame.url());
    }
  });
  page.on("response", (response) => {
    if (watch.signedIn && response.status() === 401 && response.url().startsWith(cmsUrl)) {
      watch.unauthorized.push(`${response.request().method()} ${response.url().slice(cmsUrl.length)}`);
    }
  });
  return watch;
}

let browser: Browser;
let tmpDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-admin-"));
});

afterAll(async () => {
  await browser?.close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe("the admin panel", () => {
  it("lets staff edit a product and upload a picture without losing the session, and the shop shows the edit", async () => {
    const product = pickProduct(await fetchTranslatedProducts(cmsUrl));
    const productPath = pathTo("product", "es", { slug: product.slug_es });
    expect(await storefrontHeading(productPath)).toBe(product.name_es);
    const newName = `${product.name_es} e2e ${Date.now().toString(36)}`;

    // The admin panel logs console errors of its own (a missing favicon, the news feed offline):
    // a context of its own, with a desktop viewport, and no console checks.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      // The panel starts in Spanish (docs/decisions/041): the sign-in screen of a browser that never chose.
      const first = await context.newPage();
      await first.goto(`${cmsUrl}/admin`);
      await first.getByRole("button", { name: "Iniciar sesión" }).waitFor();
      await first.close();
      // This walk reads Strapi's English texts: the member of staff picked English in their profile
      // (the stored choice the panel keeps), so Strapi's translations can change without breaking it.
      await context.addInitScript(() => window.localStorage.setItem("strapi-admin-language", "en"));
      const page = await context.newPage();
      const watch = watchAdminSession(page);
      // Strapi's guided tour pops up over the first pages a new staff member opens.
      await page.addLocatorHandler(page.getByRole("button", { name: "Skip", exact: true }), (skip) => skip.click());
      const expectStillSignedIn = () => {
        expect(new URL(page.url()).pathname).not.toMatch(/^\/admin\/auth\//);
        expect(watch.backToLogin).toEqual([]);
        expect(watch.unauthorized).toEqual([]);
      };

      // Sign in.
      await page.goto(`${cmsUrl}/admin`);
      await page.waitForURL(`**${LOGIN_PATH}`);
      await page.getByRole("textbox", { name: "Email" }).fill(STAFF.email);
      await page.getByRole("textbox", { name: "Password" }).fill(STAFF.password);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/admin/auth/"));
      watch.signedIn = true;
      // The panel's main menu (the Content Manager and the Media Library have menus of their own).
      const navigation = page
        .getByRole("navigation")
        .filter({ has: page.getByRole("link", { name: "Media Library", exact: true }) });
      await navigation.getByRole("link", { name: "Content Manager", exact: true }).waitFor();

      // The gift cards' entry of the menu leads to the storefront's staff page (issue 23).
      await navigation.getByRole("link", { name: "Gift cards", exact: true }).click();
      await page.waitForURL("**/admin/plugins/staff-tools-gift-cards");
      const giftCards = page.getByRole("main").getByRole("link", { name: "Open the gift cards page" });
      expect(new URL((await giftCards.getAttribute("href")) ?? "", storefrontUrl).pathname).toBe(
        pathTo("adminGiftCards", "es"),
      );

      // Content Manager: the product list, then the product.
      await navigation.getByRole("link", { name: "Content Manager", exact: true }).click();
      await page.waitForURL("**/admin/content-manager/**");
      await page.getByRole("link", { name: "Product", exact: true }).click();
      await page.waitForURL((url) => url.pathname.endsWith("/collection-types/api::product.product"));
      const main = page.getByRole("main");
      await main.getByRole("heading", { name: "Product", level: 1 }).waitFor();
      await main.getByRole("grid").waitFor();
      expectStillSignedIn();

      await main.getByRole("button", { name: "Search" }).click();
      const search = main.getByRole("searchbox", { name: "Search for Product" });
      await search.fill(product.name_es);
      await search.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("_q") === product.name_es);
      await main
        .getByRole("row")
        .filter({ has: page.getByRole("gridcell", { name: product.name_es, exact: true }) })
        .getByRole("link")
        .click();
      await page.waitForURL((url) => url.pathname.endsWith(`/api::product.product/${product.documentId}`));
      // The field's Spanish label (src/admin-labels), not the attribute's name.
      const nameEs = main.getByRole("textbox", { name: "Nombre (español)" });
      await expect.poll(() => nameEs.inputValue()).toBe(product.name_es);
      expectStillSignedIn();

      // Edit the Spanish name and save (products have no draft & publish: saving publishes).
      await nameEs.fill(newName);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "Saved document" }).waitFor();
      await main.getByRole("heading", { name: newName, level: 1 }).waitFor();
      expectStillSignedIn();
      const saved = (await fetchTranslatedProducts(cmsUrl)).find((each) => each.documentId === product.documentId);
      expect(saved).toMatchObject({ name_es: newName, slug_es: product.slug_es });

      // Media Library: upload a picture.
      const fileName = `e2e-admin-${Date.now().toString(36)}.png`;
      const filePath = path.join(tmpDir, fileName);
      await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 220, g: 110, b: 30 } } })
        .png()
        .toFile(filePath);
      await navigation.getByRole("link", { name: "Media Library", exact: true }).click();
      await page.waitForURL("**/admin/plugins/upload**");
      // The library's upload control is a file input the page exposes as the "Choose File" button.
      const chooseFile = main.getByRole("button", { name: "Choose File" });
      await chooseFile.waitFor();
      expectStillSignedIn();
      const uploaded = page.waitForResponse(
        (response) => response.request().method() === "POST" && response.url() === `${cmsUrl}/upload/files`,
      );
      await chooseFile.setInputFiles(filePath);
      expect((await uploaded).status()).toBe(201);
      const asset = main.getByRole("listitem").filter({ has: page.getByRole("button", { name: fileName }) });
      await asset.waitFor();
      await expect
        .poll(() =>
          // The thumbnail has an empty alt text: no img role to find it by.
          asset
            .locator("img")
            .evaluateAll((images) =>
              images.some(
                (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
              ),
            ),
        )
        .toBe(true);
      // It survives a reload, so it is in the library and not only in the page's state.
      await page.reload();
      await asset.waitFor();
      expectStillSignedIn();

      // The library is the admin's: the public content API does not list it.
      const publicFiles = await fetch(`${cmsUrl}/api/upload/files`);
      expect([401, 403]).toContain(publicFiles.status);
      expect(await publicFiles.text()).not.toContain(fileName);

      // The storefront shows the new name once its caches expire (catalogue ~40 s, pages 20 s).
      await expect.poll(() => storefrontHeading(productPath), { timeout: 90_000, interval: 1_000 }).toBe(newName);
      await page.goto(`${storefrontUrl}${productPath}?e2e-admin=browser-${Date.now()}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(newName);

      expect(watch.backToLogin).toEqual([]);
      expect(watch.unauthorized).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
