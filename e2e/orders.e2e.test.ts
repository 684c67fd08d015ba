import type { DraftInvoice } from "@shop/contracts";
import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, LOCALES, pathTo, type Locale } from "@shop/routing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { messagesFor } from "../apps/storefront/app/i18n";
import { ordersTextsFor } from "../apps/storefront/app/orders/texts";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { fetchTranslatedProducts } from "./support/catalogue";
import { placeOrder as placeOrderAt } from "./support/orders";
import { decideOnSandbox } from "./support/sandbox";

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");

let boxId = 0;

beforeAll(async () => {
  const box = (await fetchTranslatedProducts(cmsUrl)).find(
    (product) =>
      product.type === "box" && product.isActive && product.market_types.some((market) => market.name === "B2C"),
  );
  if (!box) throw new Error("The demo catalogue has no box for consumers");
  boxId = box.id;
});

/** An order of the consumer box, waiting for its payment; with an invoice when given its details. */
function placeOrder(
  customer: TestCustomer,
  locale: Locale,
  { invoice = null }: { invoice?: DraftInvoice | null } = {},
) {
  return placeOrderAt(cmsUrl, { customer, locale, boxId, invoice });
}

const INVOICE: DraftInvoice = {
  name: "Fruites Puig SL",
  taxId: "B12345674",
  address: {
    fullName: "Administració",
    company: "Fruites Puig SL",
    line1: "Carrer de Pau Claris 10",
    line2: null,
    postalCode: "08010",
    city: "Barcelona",
    region: null,
    country: "ES",
    phone: null,
  },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const session = useBrowserSession(storefrontUrl, { shareContext: true });

async function signIn(page: Page, customer: TestCustomer) {
  await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);
}

const payPath = (locale: Locale, number: string) => `${pathTo("orderPay", locale)}?order=${number}`;

describe.each(LOCALES.map((locale) => [locale] as const))("an order's pages in %s", (locale) => {
  const texts = ordersTextsFor(locale);
  const screens = messagesFor(locale).screens;

  it("a declined payment says so, its retry is paid, and the account shows the order with its history and invoice", async () => {
    const customer = await registerCustomer(cmsUrl);
    const order = await placeOrder(customer, locale, { invoice: INVOICE });
    const { page } = session;
    await signIn(page, customer);

    await page.goto(payPath(locale, order.number));
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(LOCALE_TAGS[locale]);
    const total = formatCents(order.totals.total, LOCALE_TAGS[locale]);
    await page.getByRole("button", { name: texts.pay.button.replace("{total}", total) }).click();
    await decideOnSandbox(page, "decline");

    // Back on the shop's failed-payment page, which shows what the order really is.
    await page.waitForURL(`${storefrontUrl}${pathTo("paymentFailed", locale, { slug: order.number })}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(screens.paymentFailed.heading);
    await expect
      .poll(() => page.getByRole("heading", { name: texts.outcome.payment_failed.heading }).isVisible())
      .toBe(true);

    await page.getByRole("link", { name: texts.retry }).click();
    await page.waitForURL(`${storefrontUrl}${payPath(locale, order.number)}`);
    await page.getByRole("button", { name: texts.pay.button.replace("{total}", total) }).click();
    await decideOnSandbox(page, "approve");

    await page.waitForURL(`${storefrontUrl}${pathTo("paymentCompleted", locale, { slug: order.number })}`);
    // The bank's notification may land a moment after the customer: the page waits for it.
    await expect.poll(() => page.getByRole("heading", { name: texts.outcome.paid.heading }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(texts.nextHeading).isVisible()).toBe(true);
    // The step indicator follows the order too: its last step, whatever the path.
    const steps = page.getByRole("navigation", { name: messagesFor(locale).checkout.steps });
    await expect
      .poll(() => steps.locator('[aria-current="step"]').textContent())
      .toContain(messagesFor(locale).checkout.done);

    // The account's list, then the order's detail with every change of its status.
    await page.goto(pathTo("orders", locale));
    const card = page.getByRole("listitem").filter({ hasText: order.number });
    await expect.poll(() => card.getByText(texts.statuses.paid).isVisible()).toBe(true);
    await card.getByRole("link", { name: texts.list.open.replace("{number}", order.number) }).click();
    await page.waitForURL(`${storefrontUrl}${pathTo("orderDetail", locale, { id: order.number })}`);
    const timeline = page.getByRole("region", { name: texts.timeline.heading });
    await expect
      .poll(() => timeline.getByRole("listitem").allTextContents())
      .toEqual([
        expect.stringContaining(texts.statuses.pending_payment),
        expect.stringContaining(texts.statuses.payment_failed),
        expect.stringContaining(texts.statuses.pending_payment),
        expect.stringContaining(texts.statuses.paid),
      ]);
    await expect.poll(() => page.getByText(texts.timeline.actors.payment).count()).toBeGreaterThan(0);

    // The invoice it asked for (docs/decisions/039): offered on the order's page, and a PDF.
    const invoiceName = new RegExp(
      `^${escapeRegExp(texts.invoice.download).replace("\\{number\\}", "F-\\d{4}-\\d{6,}")}$`,
    );
    const invoiceLink = page.getByRole("link", { name: invoiceName });
    await expect.poll(() => invoiceLink.count()).toBe(1);
    const href = await invoiceLink.getAttribute("href");
    const pdf = await page.request.get(`${storefrontUrl}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The account home names the next delivery and the order.
    await page.goto(pathTo("account", locale));
    await expect
      .poll(() => page.getByRole("region", { name: texts.home.nextDelivery }).getByText(order.number).count())
      .toBe(1);
    await expect
      .poll(() => page.getByRole("region", { name: texts.home.recent }).getByText(order.number).count())
      .toBe(1);
  });

  it("another customer's order answers the 404 page on every screen that shows one", async () => {
    const owner = await registerCustomer(cmsUrl);
    const order = await placeOrder(owner, locale);
    const stranger = await registerCustomer(cmsUrl);
    const cookie = `${SESSION_COOKIE}=${stranger.jwt}`;
    for (const path of [
      pathTo("orderDetail", locale, { id: order.number }),
      pathTo("paymentCompleted", locale, { slug: order.number }),
      pathTo("paymentFailed", locale, { slug: order.number }),
      payPath(locale, order.number),
      `${pathTo("orderStatus", locale)}?order=${order.number}`,
    ]) {
      const response = await fetch(`${storefrontUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain(messagesFor(locale).errors.notFoundHeadline.replaceAll("'", "&#x27;"));
      expect(html, path).not.toContain("Carrer de Mallorca 200");
    }
    const post = await fetch(`${storefrontUrl}${payPath(locale, order.number)}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: storefrontUrl },
      body: "",
      redirect: "manual",
    });
    expect(post.status).toBe(404);
  });
});
