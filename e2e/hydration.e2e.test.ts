import { pathTo } from "@shop/routing";
import { describe, expect, inject, it } from "vitest";
import { orderFlowTextsFor } from "../apps/storefront/app/order-flow/texts";
import { useBrowserSession } from "./support/browser";

// A part of a page whose code comes in its own chunk (the order flow's step, the footer's newsletter
// signup) must hydrate with the page even when its chunk comes late, as on a slow phone: hydrating
// without it, React throws the server's HTML of that part away at the first update and logs error 421
// (seen once in CI on the order flow). The console check of useBrowserSession fails the test on it.

const storefrontUrl = inject("storefrontUrl");
const locale = "pt";
const flow = orderFlowTextsFor(locale);

/** Resolves once the page's scripts have had their frame and the timers queued in it have run. */
const afterFirstFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

describe("a part whose code comes late", () => {
  const session = useBrowserSession(storefrontUrl);

  it("hydrates with the page once its chunk arrives, then works", async () => {
    const { page } = session;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/postcode-step-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(pathTo("newOrder", locale), { waitUntil: "load" });
    await page.evaluate(afterFirstFrame);
    expect(asked).toBe(true);
    // The page waits for the step's code before it hydrates: no router yet, the form still plain HTML.
    expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
    release();
    await page.locator("form[data-hydrated]").first().waitFor();
    await page.getByLabel(flow.postcode.label).fill("08036");
    await page.getByRole("button", { name: flow.postcode.submit }).click();
    await page.waitForURL(`**${pathTo("newOrder", locale)}?step=plan`);
    await expect
      .poll(() => page.getByRole("heading", { level: 2, name: flow.plan.heading, exact: true }).count())
      .toBe(1);
  });
});
