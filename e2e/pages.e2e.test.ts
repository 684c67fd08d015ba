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
 * axe finds a serious or critical problem (at a phone and at a laptop width), or on a console error
 * (useBrowserSession).
 */
const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(base);

const WIDTHS = [320, 390, 1280, 1366, 1536] as const;
const AXE_WIDTHS: ReadonlySet<number> = new Set([390, 1280]);

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

async function problemsOf(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  const response = await page.goto(path);
  if (!response || response.status() >= 400) problems.push(`${path}: answered ${response?.status()}`);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    const { by, culprit } = await sidewaysOverflow(page);
    if (by > 0) problems.push(`${path} at ${width} px: scrolls sideways by ${by} px (${culprit})`);
    if (AXE_WIDTHS.has(width)) {
      for (const finding of await seriousAxeFindings(page)) problems.push(`${path} at ${width} px: ${finding}`);
    }
  }
  return problems;
}

describe("every public page at every width", () => {
  it.each(PUBLIC_SCREENS)("%s: no sideways scrolling and no serious accessibility problem", async (id) => {
    const problems: string[] = [];
    for (const locale of LOCALES) problems.push(...(await problemsOf(session.page, pathOf(id, locale))));
    expect(problems).toEqual([]);
  });

  it("the 404 page: no sideways scrolling and no serious accessibility problem", async () => {
    const problems: string[] = [];
    for (const path of ["/esto-no-existe", "/ca/aixo-no-existeix", "/pt/nao-existe"]) {
      // problemsOf reports the 404 status itself; only the layout and accessibility count here.
      problems.push(...(await problemsOf(session.page, path)).filter((problem) => !problem.endsWith("answered 404")));
    }
    expect(problems).toEqual([]);
  });
});
