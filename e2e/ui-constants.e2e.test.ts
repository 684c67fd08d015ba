import { pathTo } from "@shop/routing";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { format, messagesFor } from "../apps/storefront/app/i18n";
import { consentTextsFor } from "../apps/storefront/app/analytics/consent-texts";
import { useBrowserSession } from "./support/browser";
import { consentBannerLive } from "./support/consent";
import { consumerBox, fetchTranslatedProducts, type TranslatedProduct } from "./support/catalogue";
import { useOwnStorefront } from "./support/own-storefront";

// The interface constants of the specification, section 9 (docs/decisions/018): the dialogs' width,
// less motion for those who ask for it, and the lightbox fitting the screen again after a resize.
// The consent dialog needs a shop with a Tag Manager container: one of its own, as in
// consent.e2e.test.ts, so every other test keeps meeting a shop without the banner.

const messages = messagesFor("es");
const cmsUrl = inject("cmsUrl");
const consentShop = await useOwnStorefront("ui", { GTM_ID: "GTM-E2EUI" });
const session = useBrowserSession(inject("storefrontUrl"));
let products: TranslatedProduct[] = [];

beforeAll(async () => {
  products = await fetchTranslatedProducts(cmsUrl);
});

const widthOf = async (element: Locator) => (await element.boundingBox())?.width ?? 0;
/** Seconds, from a computed `transition-duration` or `animation-duration` ("0.15s", "1e-05s"). */
const seconds = (duration: string) => Math.max(...duration.split(",").map((each) => parseFloat(each)));

async function openPreferences(page: Page) {
  const texts = consentTextsFor("es");
  await page.goto(`${consentShop}${pathTo("home", "es")}`);
  await consentBannerLive(page);
  await page.getByRole("button", { name: texts.banner.choose }).click();
  const dialog = page.getByRole("dialog", { name: messages.footer.cookieSettings });
  await dialog.waitFor();
  return dialog;
}

async function openMenu(page: Page) {
  await page.goto(pathTo("home", "es"));
  await page.getByRole("button", { name: messages.nav.menu }).click();
  const panel = page.getByRole("dialog", { name: messages.nav.menu });
  await panel.waitFor();
  return panel;
}

describe("dialogs: 90vw on small screens, 25vw on large ones, never narrower than 26rem where there is room", () => {
  it("sizes the consent preferences by the screen, and keeps them open and focused through a resize", async () => {
    const { page } = session;
    const dialog = await openPreferences(page);
    // 90vw of a phone; 26rem (416 px) on a laptop, where 25vw would be 360 px; 25vw of a wide screen.
    for (const [width, height, expected] of [
      [390, 844, 351],
      [1440, 900, 416],
      [1920, 1080, 480],
      [320, 640, 288],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect.poll(() => widthOf(dialog)).toBeCloseTo(expected, 0);
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    // Radix's modal behaviour is untouched: focus is inside, Escape closes.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("sizes the site menu's panel the same way", async () => {
    const { page } = session;
    const panel = await openMenu(page);
    await expect.poll(() => widthOf(panel)).toBeCloseTo(351, 0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => widthOf(panel)).toBeCloseTo(416, 0);
  });
});

describe("motion", () => {
  const motionOf = (element: Locator) =>
    element.evaluate((node) => {
      const style = getComputedStyle(node);
      return { animation: style.animationName, transition: style.transitionDuration };
    });

  it("slides the menu in, unless the visitor asks for less motion", async () => {
    const { page } = session;
    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect((await motionOf(await openMenu(page))).animation).toBe("site-menu-in");

    await page.emulateMedia({ reducedMotion: "reduce" });
    const panel = await openMenu(page);
    const motion = await motionOf(panel);
    expect(motion.animation).toBe("none");
    expect(seconds(motion.transition)).toBeLessThan(0.001);
  });

  it("ends every transition at once for those who ask for less motion: the consent switches", async () => {
    const { page } = session;
    await page.emulateMedia({ reducedMotion: "reduce" });
    const dialog = await openPreferences(page);
    const track = dialog.locator('input[role="switch"] + span').first();
    expect(seconds((await motionOf(track)).transition)).toBeLessThan(0.001);

    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(seconds((await motionOf(track)).transition)).toBeGreaterThan(0.1);
  });
});

describe("the lightbox", () => {
  const box = () => consumerBox(products);

  async function openGallery(page: Page) {
    const text = messages.lightbox;
    await page.goto(pathTo("product", "es", { slug: box().slug_es }));
    const gallery = page.getByRole("region", { name: messages.product.gallery });
    const total = await gallery.getByRole("button").count();
    await gallery.getByRole("button", { name: format(text.open, { number: 1, total }) }).click();
    const dialog = page.getByRole("dialog", { name: text.dialog });
    await dialog.waitFor();
    const picture = dialog.locator("img");
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => picture.isVisible()).toBe(true);
    return picture;
  }

  /** The scale at which the shown picture fits this screen (components/lightbox.tsx). */
  const fitting = (picture: Locator) =>
    picture.evaluate((node) => {
      const img = node as HTMLImageElement;
      return Math.min(1, (innerWidth * 0.9) / img.naturalWidth, (innerHeight * 0.8) / img.naturalHeight);
    });
  const scaleOf = async (picture: Locator) => Number(await picture.getAttribute("data-scale"));

  it("fits the picture to the screen again once a resize settles, and keeps a zoom the visitor chose", async () => {
    const { page } = session;
    const picture = await openGallery(page);
    const onPhone = await scaleOf(picture);
    expect(onPhone).toBeCloseTo(await fitting(picture), 3);

    // A phone turned: the fitting scale of the new screen.
    await page.setViewportSize({ width: 844, height: 390 });
    const turned = await fitting(picture);
    expect(turned).not.toBeCloseTo(onPhone, 3);
    await expect.poll(() => scaleOf(picture)).toBeCloseTo(turned, 3);

    await page.keyboard.press("+");
    await expect.poll(() => scaleOf(picture)).toBeCloseTo(turned + 0.12, 3);
    await page.setViewportSize({ width: 390, height: 844 });
    // Long enough for the re-check (50 ms after the last resize) to have run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await scaleOf(picture)).toBeCloseTo(turned + 0.12, 3);
  });

  it("zooms without a transition for those who ask for less motion", async () => {
    const { page } = session;
    await page.emulateMedia({ reducedMotion: "reduce" });
    const picture = await openGallery(page);
    await page.keyboard.press("+");
    await expect.poll(() => picture.evaluate((node) => (node as HTMLElement).style.transition)).toContain("150ms");
    const computed = await picture.evaluate((node) => getComputedStyle(node).transitionDuration);
    expect(seconds(computed)).toBeLessThan(0.001);
  });
});
