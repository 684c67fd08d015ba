import { MAX_UNPAID_ORDERS } from "@shop/contracts";
import { LOCALES, pathTo } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ORDER_LIMIT_TEXTS } from "../apps/storefront/app/order-flow/order-limit";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";
import { placeOrder, summaryDraft } from "./support/orders";

// A customer who cannot place an order yet is told on the summary, before "Pay", not at it
// (docs/decisions/021): here with MAX_UNPAID_ORDERS orders waiting for payment (the rate limits are
// off in the end-to-end shop; the account's allowance is the CMS's integration tests').

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });

let boxId = 0;

beforeAll(async () => {
  boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
});

describe.each(LOCALES)("an account that may not order yet (%s)", (locale) => {
  it("is told on the summary, with the time it may go on and a way to its waiting orders", async () => {
    const customer = await registerCustomer(cmsUrl);
    for (let index = 0; index < MAX_UNPAID_ORDERS; index++) await placeOrder(cmsUrl, { customer, locale, boxId });
    const draft = await summaryDraft(cmsUrl, { customer, boxId });
    const { page, context } = session;
    await context.addCookies([
      { name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl },
      { name: "shop_order_draft", value: draft, url: storefrontUrl },
    ]);
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    const words = ORDER_LIMIT_TEXTS[locale];
    const notice = page.getByRole("region", { name: words.heading });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/\d{2}:\d{2}/);
    const link = notice.getByRole("link", { name: words.orders });
    expect(await link.getAttribute("href")).toBe(pathTo("orders", locale));
  });
});
