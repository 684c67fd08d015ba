import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, pathTo } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { invoiceRequestTextsFor } from "../apps/storefront/app/orders/invoice-request-texts";
import { ordersTextsFor } from "../apps/storefront/app/orders/texts";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { fetchTranslatedProducts } from "./support/catalogue";
import { placeOrder } from "./support/orders";
import { decideOnSandbox } from "./support/sandbox";

// A customer who did not ask for an invoice asks for it from the paid order's page
// (docs/decisions/039): the form, the invoice issued, its download. On a phone, in Catalan with
// JavaScript and in Portuguese without it (the form is a plain post).

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });

let boxId = 0;

beforeAll(async () => {
  const box = (await fetchTranslatedProducts(cmsUrl)).find(
    (product) =>
      product.type === "box" && product.isActive && product.market_types.some((market) => market.name === "B2C"),
  );
  if (!box) throw new Error("The demo catalogue has no box for consumers");
  boxId = box.id;
});

describe("asking for an invoice after payment", () => {
  it.each([
    ["ca", true],
    ["pt", false],
  ] as const)("in %s (JavaScript: %s): pays, asks for the invoice, and downloads it", async (locale, javaScript) => {
    const texts = ordersTextsFor(locale);
    const words = invoiceRequestTextsFor(locale);
    const customer = await registerCustomer(cmsUrl);
    const order = await placeOrder(cmsUrl, { customer, locale, boxId });
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);

    const total = formatCents(order.totals.total, LOCALE_TAGS[locale]);
    await page.goto(`${pathTo("orderPay", locale)}?order=${order.number}`);
    await page.getByRole("button", { name: texts.pay.button.replace("{total}", total) }).click();
    await decideOnSandbox(page, "approve");
    await page.waitForURL(`${storefrontUrl}${pathTo("paymentCompleted", locale, { slug: order.number })}`);
    await expect.poll(() => page.getByRole("heading", { name: texts.outcome.paid.heading }).isVisible()).toBe(true);

    const context = javaScript
      ? page.context()
      : await session.browser.newContext({ javaScriptEnabled: false, baseURL: storefrontUrl });
    try {
      const view = javaScript ? page : await context.newPage();
      if (!javaScript) {
        await context.addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);
        await view.setViewportSize({ width: 390, height: 844 });
      }
      await view.goto(pathTo("orderDetail", locale, { id: order.number }));
      await view.getByText(words.open, { exact: true }).click();
      // The form starts from the order's delivery address; a company's name and tax id are typed.
      await view.getByLabel(words.name, { exact: true }).fill("Fruites Puig SL");
      await view.getByLabel(words.taxId, { exact: true }).fill("B12345674");
      await view.getByRole("button", { name: words.submit }).click();

      const done = view.getByRole("status").filter({ hasText: /F-\d{4}-\d{6}/ });
      await expect.poll(() => done.count()).toBe(1);
      const number = /F-\d{4}-\d{6}/.exec((await done.textContent()) ?? "")?.[0] ?? "";
      const link = view.getByRole("link", { name: words.download.replace("{number}", number) });
      const pdf = await view.request.get(new URL((await link.getAttribute("href")) ?? "", storefrontUrl).toString());
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      // Offered no more: the order's invoice panel lists it.
      await expect.poll(() => view.getByText(words.open, { exact: true }).count()).toBe(0);
      await expect
        .poll(() => view.getByRole("region", { name: texts.invoice.heading }).textContent())
        .toContain(number);
    } finally {
      if (!javaScript) await context.close();
    }
  });
});
