import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES, pathTo, SCREEN_IDS, SCREENS, type Locale, type ScreenId } from "@shop/routing";
import { seriousAxeFindings } from "./support/axe";
import { useBrowserSession } from "./support/browser";
import { fetchTranslatedProducts } from "./support/catalogue";
import { sidewaysOverflow } from "./support/layout";

/**
 * Every public page, in every language, at the widths customers use: phones (320, 390), laptops
 * (1280, 1366) and a wide screen (1536). A page fails when it scrolls sideways at any of them, when
 * axe finds a serious or critical problem, or on a console error (useBrowserSession). Axe, the
 * costliest check, runs where the markup differs: at a phone width in every language, and at a laptop
 * width in one language per screen, the languages taking turns across the screens (the server sends
 * the same markup at every width; only the words change with the language).
 */
const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(base, { shareContext: true });

const WIDTHS = [320, 390, 1280, 1366, 1536] as const;
const PHONE_AXE_WIDTH = 390;
const LAPTOP_AXE_WIDTH = 1280;

/** Screens of the public layout that are meant to be found (indexable), plus the new-order page. */
const PUBLIC_SCREENS = SCREEN_IDS.filter(
  (id) => (SCREENS[id].layout === "default" && SCREENS[id].indexable) || id === "newOrder",
);

let productSlugs: Record<Locale, string> | undefined;

beforeAll(async () => {
  const product = (await fetchTranslatedProducts(cmsUrl)).find((each) => each.isActive && each.type === "box");
  if (!product) throw new Error("The demo catalogue has no active box");
  productSlugs = { es: product.slug_es, ca: product.slug_ca, pt: product.slug_pt };
});

function pathOf(id: ScreenId, locale: Locale): string {
  if (id === "product") return pathTo(id, locale, { slug: productSlugs?.[locale] ?? "" });
  return pathTo(id, locale);
}

/** The language a screen (by its place in the walk) is checked by axe in at the laptop width. */
const laptopAxeLocale = (index: number): Locale => LOCALES[index % LOCALES.length]!;

async function problemsOf(page: Page, path: string, { laptopAxe }: { laptopAxe: boolean }): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  const response = await page.goto(path);
  if (!response || response.status() >= 400) problems.push(`${path}: answered ${response?.status()}`);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    const { by, culprit } = await sidewaysOverflow(page);
    if (by > 0) problems.push(`${path} at ${width} px: scrolls sideways by ${by} px (${culprit})`);
    if (width === PHONE_AXE_WIDTH || (laptopAxe && width === LAPTOP_AXE_WIDTH)) {
      for (const finding of await seriousAxeFindings(page)) problems.push(`${path} at ${width} px: ${finding}`);
    }
  }
  return problems;
}

describe("every public page at every width", () => {
  it.each(PUBLIC_SCREENS)("%s: no sideways scrolling and no serious accessibility problem", async (id) => {
    const laptopLocale = laptopAxeLocale(PUBLIC_SCREENS.indexOf(id));
    const problems: string[] = [];
    for (const locale of LOCALES) {
      problems.push(...(await problemsOf(session.page, pathOf(id, locale), { laptopAxe: locale === laptopLocale })));
    }
    expect(problems).toEqual([]);
  });

  it("the 404 page: no sideways scrolling and no serious accessibility problem", async () => {
    const notFound: Record<Locale, string> = {
      es: "/esto-no-existe",
      ca: "/ca/aixo-no-existeix",
      pt: "/pt/nao-existe",
    };
    const laptopLocale = laptopAxeLocale(PUBLIC_SCREENS.length);
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const found = await problemsOf(session.page, notFound[locale], { laptopAxe: locale === laptopLocale });
      // problemsOf reports the 404 status itself; only the layout and accessibility count here.
      problems.push(...found.filter((problem) => !problem.endsWith("answered 404")));
    }
    expect(problems).toEqual([]);
  });
});
