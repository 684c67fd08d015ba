import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, pathTo, type Locale } from "@shop/routing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ordersTextsFor } from "../apps/storefront/app/orders/texts";
import { format } from "../apps/storefront/app/i18n/format";
import { subscriptionsTextsFor } from "../apps/storefront/app/subscriptions/texts";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { seriousAxeFindings } from "./support/axe";
import { useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";
import { sidewaysOverflow } from "./support/layout";
import { ORDER_POSTCODE, placeOrder } from "./support/orders";
import { decideOnSandbox } from "./support/sandbox";

/**
 * The account's subscriptions in a real browser on a phone (390 px), in Spanish, Catalan and
 * Portuguese: a customer subscribes through the new-order flow's calls and pays on the sandbox, then
 * finds the subscription in the account, its coming deliveries, skips one and restores it, sends
 * another to a friend, changes the box and adds an extra (the new price quoted first), pauses and
 * resumes, cancels in two steps, and starts again: the restart says the delivery it starts with,
 * sends the customer to pay that delivery's order on the sandbox, and the subscription is active
 * again. Every page says what the CMS answered; each is checked with axe and for sideways scrolling.
 */
const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl);

/** The coming deliveries' path in Spanish, Catalan and Portuguese. */
const UPCOMING = /\/(proximas-entregas|properes-entregues|upcoming_orders)\//;

let boxId = 0;

beforeAll(async () => {
  boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
});

/** A weekly subscription's first order, placed with the new-order flow's calls (its steps have their own tests). */
const subscribe = (customer: TestCustomer, locale: Locale) =>
  placeOrder(cmsUrl, { customer, locale, boxId, frequency: "weekly" });

/** The page as it is now: no serious axe finding, no sideways scrolling. */
async function wellMade(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect((await sidewaysOverflow(page)).by).toBeLessThanOrEqual(0);
}

/** The notice of what the CMS did (role status), once it is there. */
async function announced(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByRole("status").filter({ hasText: text }).count()).toBeGreaterThan(0);
}

/** One customer's whole story in one test: longer than the project's minute on a loaded machine. */
describe.each([["es"], ["ca"], ["pt"]] as const)("a customer's subscription in %s", (locale: Locale) => {
  const texts = subscriptionsTextsFor(locale);
  const orders = ordersTextsFor(locale);

  it("is paid through the flow, then skipped and restored, gifted, its box changed, paused and resumed, and cancelled", async () => {
    const { page } = session;
    const customer = await registerCustomer(cmsUrl);
    const order = await subscribe(customer, locale);
    expect(order.subscriptionId).not.toBeNull();
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);

    // Paid on the sandbox, as the flow's last step sends the customer there.
    await page.goto(`${pathTo("orderPay", locale)}?order=${order.number}`);
    const total = formatCents(order.totals.total, LOCALE_TAGS[locale]);
    await page.getByRole("button", { name: orders.pay.button.replace("{total}", total) }).click();
    await decideOnSandbox(page, "approve");
    await page.waitForURL(`${storefrontUrl}${pathTo("paymentCompleted", locale, { slug: order.number })}`);
    await expect.poll(() => page.getByRole("heading", { name: orders.outcome.paid.heading }).isVisible()).toBe(true);

    // The list: the subscription, weekly, with its next delivery and cut-off; active once the payment is noted.
    await expect
      .poll(async () => {
        await page.goto(pathTo("subscriptions", locale));
        return page.getByText(texts.statuses.active, { exact: true }).count();
      })
      .toBe(1);
    await expect.poll(() => page.getByText(texts.frequencies.weekly, { exact: false }).count()).toBe(1);
    await wellMade(page);

    // The coming deliveries: at most 8, each with its cut-off; skip the first open one, then restore it.
    await page.getByRole("link", { name: texts.list.upcoming }).click();
    await page.waitForURL(UPCOMING);
    const cards = page.locator("main article");
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(8);
    await wellMade(page);
    const open = cards.filter({ has: page.getByRole("button", { name: texts.deliveries.skip }) }).first();
    const id = await open.getAttribute("id");
    const card = page.locator(`article#${id}`);
    await card.getByRole("button", { name: texts.deliveries.skip }).click();
    await announced(page, texts.deliveryStatuses.skipped);
    await card.getByRole("button", { name: texts.deliveries.restore }).click();
    await announced(page, texts.deliveryStatuses.scheduled);
    await expect.poll(() => card.getByRole("button", { name: texts.deliveries.skip }).count()).toBe(1);
    // A delivery's gift and donation forms come only when asked for, one at a time (decision 024):
    // a link, so they open without a script's help too (the same address fetched as a plain GET).
    expect(await page.locator("main input[name=fullName]").count()).toBe(0);
    const { origin, pathname } = new URL(page.url());
    const giftHtml = await (await page.request.get(`${origin}${pathname}?gift=${id?.slice(2)}`)).text();
    expect(giftHtml.match(/name="fullName"/g)).toHaveLength(1);
    // The friend's form says what is missing.
    await card.getByText(texts.deliveries.gift, { exact: true }).click();
    await card.getByRole("button", { name: texts.deliveries.giftSubmit }).click();
    await expect.poll(() => card.getByText(texts.fields.required).count()).toBeGreaterThan(0);
    await wellMade(page);
    // Sent to a friend in the same zone instead.
    const friend: [string, string][] = [
      [texts.deliveries.giftName, "Laia Serra"],
      [texts.deliveries.giftLine1, "Carrer de Provença 100"],
      [texts.deliveries.giftPostalCode, ORDER_POSTCODE],
      [texts.deliveries.giftCity, "Barcelona"],
      [texts.deliveries.giftPhone, "+34611222333"],
      [texts.deliveries.giftEmail, "laia@example.com"],
    ];
    for (const [label, value] of friend) await card.getByLabel(label, { exact: true }).fill(value);
    await card.getByRole("button", { name: texts.deliveries.giftSubmit }).click();
    await announced(page, texts.deliveryStatuses.gifted);
    await expect.poll(() => card.getByText(format(texts.deliveries.giftTo, { name: "Laia Serra" })).count()).toBe(1);

    // The detail: pause for a week, which says from which delivery; then resume.
    await page.getByRole("link", { name: texts.deliveries.back }).click();
    await expect.poll(() => page.getByRole("heading", { name: texts.pause.heading }).count()).toBe(1);
    await wellMade(page);

    // Another box: first the quote (from which delivery, at what price), then the change itself.
    // Each change form opens behind its link (rendered on demand: ?change=box), folded by the same link.
    const boxLink = page.locator("#change").getByRole("link", { name: texts.detail.boxLegend, exact: true });
    await boxLink.click();
    await expect.poll(() => boxLink.getAttribute("aria-expanded")).toBe("true");
    const boxes = page.getByRole("group", { name: texts.detail.boxLegend });
    const choice = boxes.locator("label", { has: page.locator("input[type=radio]:not(:checked)") }).first();
    const chosen = (await choice.innerText()).trim();
    await choice.locator("input").check();
    await page.getByRole("button", { name: texts.detail.quoteBoxes }).click();
    await announced(page, texts.detail.previewPrice);
    await wellMade(page);
    await page.getByRole("button", { name: texts.detail.confirmBoxes }).click();
    await announced(page, texts.done.boxes);
    // The page shows the box as it now is (its name heads the page).
    await expect.poll(() => page.getByRole("heading", { level: 2, name: chosen, exact: true }).count()).toBe(1);

    // An extra for every delivery: quoted (from which delivery, the new price), then confirmed; the
    // subscription's contents then list it.
    await page.locator("#change").getByRole("link", { name: texts.detail.extrasLegend, exact: true }).click();
    const extraSelect = page.getByLabel(texts.detail.addExtra, { exact: true });
    const extraName = (await extraSelect.locator("option").nth(1).innerText()).trim();
    await extraSelect.selectOption({ index: 1 });
    await page.getByRole("button", { name: texts.detail.quoteBoxes }).last().click();
    await announced(page, texts.detail.previewPrice);
    await page.getByRole("button", { name: texts.detail.confirmExtras }).click();
    await announced(page, texts.done.extras);
    const extraLine = format(texts.contents.extra, { quantity: 1, name: extraName });
    await expect.poll(() => page.getByText(extraLine, { exact: true }).count()).toBeGreaterThan(0);
    // The history says it, as the customer's change.
    await expect
      .poll(() => page.locator("#history li").filter({ hasText: texts.historyFields.extras }).count())
      .toBe(1);
    await wellMade(page);

    await page.getByRole("radio", { name: texts.pause.options["1w"] }).check();
    await page.getByRole("button", { name: texts.pause.submit }).click();
    await announced(page, texts.done.pause);
    await expect
      .poll(() => page.getByText(format(texts.done.status, { status: texts.statuses.paused })).count())
      .toBe(1);
    await page.getByRole("button", { name: texts.pause.resume }).click();
    await announced(page, texts.done.resume);

    // Cancelling: first the offer of a skip or a pause, then the reason and the last box, then done.
    await page.getByRole("link", { name: texts.cancel.start }).click();
    await expect.poll(() => page.getByRole("heading", { name: texts.cancel.offerHeading }).count()).toBe(1);
    await wellMade(page);
    await page.getByRole("link", { name: texts.cancel.continue }).click();
    await expect.poll(() => page.getByRole("heading", { name: texts.cancel.reasonHeading }).count()).toBe(1);
    await page.getByLabel(texts.cancel.reason).fill("Ens traslladem");
    await page.getByRole("button", { name: texts.cancel.confirm }).click();
    await announced(page, texts.done.cancel);
    await expect
      .poll(() => page.getByText(format(texts.done.status, { status: texts.statuses.cancelled })).count())
      .toBe(1);
    await expect.poll(() => page.getByRole("heading", { name: texts.cancel.restartHeading }).count()).toBe(1);
    await wellMade(page);

    // Starting again: the page says the delivery it starts with before the customer confirms, and
    // the restart leads to that delivery's order on the pay page; paid, the subscription is active.
    const restartPanel = page.locator("#restart");
    const [introStart] = texts.cancel.restartIntro.split("{date}");
    await expect.poll(() => restartPanel.getByText(introStart!.trim().slice(0, 30)).count()).toBe(1);
    await restartPanel.getByRole("button", { name: texts.cancel.restart }).click();
    await page.waitForURL((url) => url.pathname === pathTo("orderPay", locale));
    const restartOrder = new URL(page.url()).searchParams.get("order");
    expect(restartOrder).toMatch(/\S/);
    expect(restartOrder).not.toBe(order.number);
    const [payPrefix] = orders.pay.button.split("{total}");
    await page.getByRole("button", { name: new RegExp(`^${payPrefix}`) }).click();
    await decideOnSandbox(page, "approve");
    await page.waitForURL(`${storefrontUrl}${pathTo("paymentCompleted", locale, { slug: restartOrder! })}`);
    await expect.poll(() => page.getByRole("heading", { name: orders.outcome.paid.heading }).isVisible()).toBe(true);
    await page.goto(pathTo("subscriptionDetail", locale, { id: order.subscriptionId! }));
    await expect.poll(() => page.getByText(texts.statuses.active, { exact: true }).count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .locator("#history li")
          .filter({ hasText: `${texts.statuses.cancelled} → ${texts.statuses.pending}` })
          .count(),
      )
      .toBe(1);
    await wellMade(page);
  }, 240_000);
});
