import type { Page } from "playwright-core";

/** How many pixels the page is wider than the window, and the widest element sticking out. */
export async function sidewaysOverflow(page: Page): Promise<{ by: number; culprit: string | null }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const by = document.documentElement.scrollWidth - viewport;
    if (by <= 0) return { by, culprit: null };
    let culprit: string | null = null;
    let widest = viewport;
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const right = element.getBoundingClientRect().right;
      if (right > widest + 0.5) {
        widest = right;
        culprit = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}`;
      }
    }
    return { by, culprit };
  });
}
