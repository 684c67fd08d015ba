import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, pathTo } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ordersTextsFor } from "../apps/storefront/app/orders/texts";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { fetchTranslatedProducts } from "./support/catalogue";
import { placeOrder } from "./support/orders";
import { decideOnSandbox } from "./support/sandbox";

// A customer cancels a paid one-off order from its page before the cut-off (docs/decisions/031):
// the page says what comes back and to which method before they confirm, and what happened after.
// In each language, on a phone (pt on the narrowest one); one browser context for the file.

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });

const PHONES = { es: 390, ca: 390, pt: 320 } as const;

let boxId = 0;

beforeAll(async () => {
  const box = (await fetchTranslatedProducts(cmsUrl)).find(
    (product) =>
      product.type === "box" && product.isActive && product.market_types.some((market) => market.name === "B2C"),
  );
  if (!box) throw new Error("The demo catalogue has no box for consumers");
  boxId = box.id;
});

describe.each(Object.keys(PHONES) as (keyof typeof PHONES)[])("cancelling a paid order in %s", (locale) => {
  const texts = ordersTextsFor(locale);

  it("says the refund before, cancels and refunds it, and shows the outcome", async () => {
    const customer = await registerCustomer(cmsUrl);
    const order = await placeOrder(cmsUrl, { customer, locale, boxId });
    const { page } = session;
    await page.setViewportSize({ width: PHONES[locale], height: 844 });
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);

    const total = formatCents(order.totals.total, LOCALE_TAGS[locale]);
    await page.goto(`${pathTo("orderPay", locale)}?order=${order.number}`);
    await page.getByRole("button", { name: texts.pay.button.replace("{total}", total) }).click();
    await decideOnSandbox(page, "approve");
    await page.waitForURL(`${storefrontUrl}${pathTo("paymentCompleted", locale, { slug: order.number })}`);
    await expect.poll(() => page.getByRole("heading", { name: texts.outcome.paid.heading }).isVisible()).toBe(true);

    await page.goto(pathTo("orderDetail", locale, { id: order.number }));
    await page.getByText(texts.cancel.open, { exact: true }).click();
    const promise = texts.cancel.refund.replace("{amount}", total).replace("{method}", texts.cancel.methods.sandbox);
    await expect.poll(() => page.getByText(promise).isVisible()).toBe(true);
    await page.getByRole("button", { name: texts.cancel.confirm }).click();

    await expect
      .poll(() =>
        page
          .getByRole("status")
          .filter({ hasText: texts.cancel.doneRefunded.replace("{amount}", total) })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByText(texts.statuses.cancelled).first().isVisible()).toBe(true);
    const refunds = page.getByRole("region", { name: texts.refunds.heading });
    await expect.poll(() => refunds.textContent()).toContain(total);
    // Cancelled, it is no longer offered.
    await expect.poll(() => page.getByText(texts.cancel.open, { exact: true }).count()).toBe(0);
  });
});
