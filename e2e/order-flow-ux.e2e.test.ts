import { randomUUID } from "node:crypto";
import { LOCALES, pathTo, type Locale } from "@shop/routing";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { messagesFor } from "../apps/storefront/app/i18n";
import { accountTextsFor } from "../apps/storefront/app/accounts/texts";
import { authTextsFor } from "../apps/storefront/app/accounts/auth-texts";
import { format } from "../apps/storefront/app/i18n/format";
import { orderFlowTextsFor } from "../apps/storefront/app/order-flow/texts";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { consentBanner, consentBannerLive } from "./support/consent";
import { useOwnStorefront } from "./support/own-storefront";
import { onSandboxPage } from "./support/sandbox";

// The order flow as a customer met it on a phone (issue 20): one step numbering before and after
// signing in, a running total, "Pay" while a coupon is being applied, a refused code that does not
// stop the order, the new address kept, and a consent banner that hides nothing and comes first.

const storefrontUrl = inject("storefrontUrl");
/** A storefront of this file's own with a Tag Manager container: the only kind that shows the banner. */
const base = await useOwnStorefront("order-flow-ux", { GTM_ID: "GTM-E2EUX" });
const cmsUrl = inject("cmsUrl");
const POSTCODE = "08036";
/** The demo shop's coupon: 10 % from 30 EUR of goods. */
const COUPON = "BIENVENIDA10";

const locale = "es";
const flow = orderFlowTextsFor(locale);
const checkout = messagesFor(locale).checkout;
const addresses = accountTextsFor(locale).addresses;
const euros = (text: string | null) => Number((text ?? "").replace(/[^\d,]/g, "").replace(",", "."));

async function onStep(page: Page, step: keyof typeof flow.steps) {
  await page.waitForURL(`**${pathTo("newOrder", locale)}?step=${step}`);
  await expect
    .poll(() => page.getByRole("heading", { level: 2, name: flow[step].heading, exact: true }).count())
    .toBe(1);
}

/** What the step's own line and the step indicator say of where the customer is. */
async function whereAmI(page: Page) {
  const indicator = page.getByRole("navigation", { name: checkout.steps });
  return {
    line: await page
      .getByText(new RegExp(`^${format(flow.progress, { current: "\\d", total: "\\d" })} · `))
      .textContent(),
    indicator: await indicator.locator("p.sr-only").textContent(),
    part: await indicator.locator('[aria-current="step"]').textContent(),
  };
}

/** Postcode, a one-off order, the first box and two of the first extra: goods above the coupon's 30 EUR. */
async function chooseBoxAndExtras(page: Page) {
  await page.goto(pathTo("newOrder", locale));
  await page.getByLabel(flow.postcode.label).fill(POSTCODE);
  await page.getByRole("button", { name: flow.postcode.submit }).click();
  await onStep(page, "plan");
  await page.getByRole("radio", { name: flow.plan.once }).check();
  await page.getByRole("button", { name: flow.continue }).click();
  await onStep(page, "box");
  await page.getByRole("button", { name: flow.box.addAndContinue }).click();
  await onStep(page, "extras");
  await page.locator("form[data-hydrated]").first().waitFor();
  await page.locator("details summary").first().click();
  await page.locator('select[name^="extra.quantity."]').first().selectOption("2");
  await page.getByRole("button", { name: flow.continue, exact: true }).click();
}

async function chooseDelivery(page: Page, line1: string) {
  await page.getByLabel(addresses.fullName, { exact: true }).first().fill("Pau Serra");
  await page.getByLabel(addresses.line1, { exact: true }).first().fill(line1);
  await page.getByLabel(addresses.city, { exact: true }).first().fill("Barcelona");
  await page.locator('input[name="delivery.when"]:visible').first().check();
  await page.getByRole("button", { name: flow.continue }).click();
  await onStep(page, "summary");
  await page.locator("form[data-hydrated]").first().waitFor();
}

const payButton = (page: Page) => page.locator('button[value="pay"]');
const runningTotal = (page: Page) => page.locator("[data-running-total]");

describe("the order flow on a phone", () => {
  const session = useBrowserSession(storefrontUrl);

  it("numbers the steps one way, before and after signing in, and keeps a running total in sight", async () => {
    const { page } = session;
    await chooseBoxAndExtras(page);
    await onStep(page, "account");
    // Signed out: the fifth of seven, and the indicator's part is the one named for the account.
    expect(await whereAmI(page)).toEqual({
      line: `${format(flow.progress, { current: 5, total: 7 })} · ${flow.steps.account}`,
      indicator: format(checkout.stepOf, { current: 5, total: 7 }),
      part: checkout.delivery,
    });
    const beforeDelivery = euros(await runningTotal(page).textContent());
    expect(beforeDelivery).toBeGreaterThan(30);

    const id = randomUUID().slice(0, 8);
    const register = page.getByRole("region", { name: flow.account.registerHeading });
    const auth = authTextsFor(locale);
    await register.getByLabel(auth.fields.email, { exact: true }).fill(`e2e-ux-${id}@example.test`);
    await register.getByLabel(auth.fields.password, { exact: true }).fill(`Huerta ${id} tomate`);
    await register.getByRole("button", { name: auth.register.submit }).click();
    await onStep(page, "delivery");
    // Signed in now: still out of seven, the delivery is the sixth (it was "5 of 6" before).
    expect(await whereAmI(page)).toEqual({
      line: `${format(flow.progress, { current: 6, total: 7 })} · ${flow.steps.delivery}`,
      indicator: format(checkout.stepOf, { current: 6, total: 7 }),
      part: checkout.delivery,
    });
    // The running total is the one the summary charges: boxes, extras and the zone's delivery fee.
    expect(euros(await runningTotal(page).textContent())).toBe(beforeDelivery);
    await chooseDelivery(page, "Carrer de Provença 300");
    expect(euros(await payButton(page).textContent())).toBe(beforeDelivery);
  });

  it("a signed-in customer, who skips the account step, sees the same numbers", async () => {
    const { page } = session;
    const customer = await registerCustomer(cmsUrl);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);
    await chooseBoxAndExtras(page);
    await onStep(page, "delivery");
    expect(await whereAmI(page)).toMatchObject({
      line: `${format(flow.progress, { current: 6, total: 7 })} · ${flow.steps.delivery}`,
      indicator: format(checkout.stepOf, { current: 6, total: 7 }),
    });
  });

  it("'Pay' waits while a coupon is applied, and a code typed but not applied is not left out", async () => {
    const { page } = session;
    const customer = await registerCustomer(cmsUrl);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);
    await chooseBoxAndExtras(page);
    await onStep(page, "delivery");
    await chooseDelivery(page, "Carrer de Girona 5");
    const undiscounted = euros(await payButton(page).textContent());

    // The coupon's request is held until the test lets it go: meanwhile "Pay" cannot be pressed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${pathTo("newOrder", locale)}*`, async (route) => {
      if (route.request().postData()?.includes("intent=applyCoupon")) await held;
      await route.continue();
    });
    await page.getByLabel(flow.summary.couponLabel).fill(COUPON);
    await page.getByRole("button", { name: flow.summary.apply }).click();
    await expect.poll(() => payButton(page).textContent()).toBe(flow.summary.applying);
    expect(await payButton(page).isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByText(format(flow.summary.couponApplied, { code: COUPON })).count()).toBe(1);
    await expect.poll(() => payButton(page).isDisabled()).toBe(false);
    const discounted = euros(await payButton(page).textContent());
    expect(discounted).toBeLessThan(undiscounted);
    await page.unroute(`**${pathTo("newOrder", locale)}*`);

    // Removed, then typed again and "Pay" pressed without "Apply" (as happens when "Apply" is still
    // on its way): the order is not placed without the code; the summary shows the total it makes.
    await page.getByRole("button", { name: flow.summary.removeCoupon }).click();
    await expect.poll(async () => euros(await payButton(page).textContent())).toBe(undiscounted);
    await page.getByLabel(flow.summary.couponLabel).fill(COUPON);
    await page.getByRole("checkbox", { name: new RegExp(flow.summary.terms) }).check();
    await payButton(page).click();
    await expect.poll(() => page.getByText(flow.problems.priceChanged).count()).toBe(1);
    expect(page.url()).toContain("step=summary");
    expect(euros(await payButton(page).textContent())).toBe(discounted);
  });

  it("says a refused code beside its field, lets the customer pay without it, and keeps the new address", async () => {
    const { page } = session;
    const customer = await registerCustomer(cmsUrl);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);
    await chooseBoxAndExtras(page);
    await onStep(page, "delivery");
    await chooseDelivery(page, "Carrer de Sants 77");
    const total = await payButton(page).textContent();

    await page.getByLabel(flow.summary.couponLabel).fill("NOEXISTE");
    await page.getByRole("button", { name: flow.summary.apply }).click();
    await expect.poll(() => page.getByText(flow.coupon.unknown, { exact: false }).count()).toBe(1);
    // Its own words beside the field, and that paying without it is fine; no "check the marked fields".
    expect(await page.getByText(flow.summary.payWithout, { exact: false }).count()).toBe(1);
    expect(await page.getByText(flow.problems.fixErrors).count()).toBe(0);
    // The same total as before, once the page has its data again.
    await expect.poll(() => payButton(page).textContent()).toBe(total);

    // Paid as shown, the code still in its field: on to the payment page.
    await page.getByRole("checkbox", { name: new RegExp(flow.summary.terms) }).check();
    await payButton(page).click();
    await onSandboxPage(page);

    // The address typed in the flow is in the customer's address book now.
    const book = await fetch(`${cmsUrl}/api/users/me/addresses`, {
      headers: { Authorization: `Bearer ${customer.jwt}` },
    });
    const { data } = (await book.json()) as { data: { line1: string }[] };
    expect(data.map((entry) => entry.line1)).toEqual(["Carrer de Sants 77"]);
  });
});

/** The element at the centre of `selector` is that element (or inside it): nothing lies over it. */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });

describe("the consent banner on a phone", () => {
  const session = useBrowserSession(base);

  it.each(LOCALES.map((each) => [each] as const))(
    "in %s: hides neither the postcode nor its button, and is reached with the first Tab",
    async (language: Locale) => {
      const { page } = session;
      const texts = orderFlowTextsFor(language);
      await page.goto(pathTo("newOrder", language));
      const banner = consentBanner(page, language);
      await expect.poll(() => banner.isVisible()).toBe(true);
      // Shown without taking the focus, also once its chunk listens.
      await consentBannerLive(page);
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

      for (const selector of ['input[name="postcode"]', 'button[value="postcode"]']) {
        await page.locator(selector).scrollIntoViewIfNeeded();
        expect(await uncovered(page, selector), selector).toBe(true);
      }
      expect(await page.getByRole("button", { name: texts.postcode.submit }).isVisible()).toBe(true);

      // It comes first in the page: the first Tab is in it (it was the 59th).
      await page.keyboard.press("Tab");
      expect(await banner.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    },
  );

  it("elsewhere lies over the page's foot, and a field that takes focus is scrolled clear of it", async () => {
    const { page } = session;
    await page.goto(pathTo("contact", locale));
    const banner = consentBanner(page, locale);
    await expect.poll(() => banner.isVisible()).toBe(true);
    // The page can scroll its end out from under the banner: its foot is as high as the banner.
    const height = await banner.evaluate((region) => Math.round(region.getBoundingClientRect().height));
    await expect
      .poll(() => page.evaluate(() => Math.round(Number.parseFloat(getComputedStyle(document.body).paddingBottom))))
      .toBe(height);
    // A field at the bottom of the screen is under the banner, until it takes focus: then it is
    // scrolled above it (the page's scroll padding), as a keyboard or a tap on "next" moves to it.
    const field = page.locator("main textarea").last();
    await field.evaluate((element) =>
      window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 10),
    );
    expect(await uncovered(page, "main textarea")).toBe(false);
    await field.evaluate((element) => (element as HTMLElement).focus());
    expect(await uncovered(page, "main textarea")).toBe(true);
  });
});
