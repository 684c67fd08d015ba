import {
  paymentAnswerSchema,
  subscriptionDeliveriesSchema,
  subscriptionDetailSchema,
  type SubscriptionDelivery,
} from "@shop/contracts";
import { pathTo, type Locale } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { format } from "../apps/storefront/app/i18n/format";
import { ordersTextsFor } from "../apps/storefront/app/orders/texts";
import { cardTextsFor } from "../apps/storefront/app/payment-methods/texts";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { seriousAxeFindings } from "./support/axe";
import { useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";
import { callE2eHook } from "./support/hooks";
import { sidewaysOverflow } from "./support/layout";
import { placeOrder } from "./support/orders";
import { onSandboxPage } from "./support/sandbox";

/**
 * A subscriber's saved cards and one renewal, in Spanish, Catalan and Portuguese on a phone (390 px):
 * the subscription's first order is paid (its card kept for the renewals); from the profile the
 * customer adds another card on the sandbox's card page and makes it the default; then one run of
 * the renewal job at the next delivery's cut-off (the CMS's e2e hook, E2E_JOB_HOOKS: an injected
 * clock, no wait) charges that delivery, and its order shows, paid, in the customer's orders. The
 * first payment and the job go through the CMS's calls (the pay page has its own tests), so the
 * browser loads five pages per language.
 */
const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });

let boxId = 0;

beforeAll(async () => {
  boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
});

async function cms(customer: TestCustomer | null, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${cmsUrl}/api${path}`, {
    method,
    headers: {
      ...(customer === null ? {} : { Authorization: `Bearer ${customer.jwt}` }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The order paid as the sandbox page's Approve button pays it (the browser's post, without a browser). */
async function payOnSandbox(customer: TestCustomer, orderNumber: string) {
  const answer = await cms(customer, "POST", `/orders/mine/${encodeURIComponent(orderNumber)}/payments`, {});
  const { payment } = paymentAnswerSchema.parse(answer);
  const reference = new URL(payment.url).pathname.split("/").at(-1)!;
  const decided = await fetch(`${cmsUrl}/api/payments/sandbox/${reference}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ decision: "approve" }).toString(),
    redirect: "manual",
  });
  expect([302, 303]).toContain(decided.status);
}

const detailOf = async (customer: TestCustomer, id: string) =>
  subscriptionDetailSchema.parse(await cms(customer, "GET", `/subscriptions/mine/${id}`));

const deliveriesOf = async (customer: TestCustomer, id: string): Promise<SubscriptionDelivery[]> =>
  subscriptionDeliveriesSchema.parse(await cms(customer, "GET", `/subscriptions/mine/${id}/deliveries`)).deliveries;

describe.each([["es"], ["ca"], ["pt"]] as const)("a subscriber's cards and renewal in %s", (locale: Locale) => {
  const cards = cardTextsFor(locale);
  const orders = ordersTextsFor(locale);

  it("adds a card from the profile and makes it the default; one renewal run later the renewal order is in the account", async () => {
    const { page } = session;
    await session.context.clearCookies();
    const customer = await registerCustomer(cmsUrl);
    const order = await placeOrder(cmsUrl, { customer, locale, boxId, frequency: "weekly" });
    const subscriptionId = order.subscriptionId!;
    await payOnSandbox(customer, order.number);
    // Active once the sandbox's notification is noted, with the card it paid with.
    await expect
      .poll(async () => (await detailOf(customer, subscriptionId)).status, { timeout: 20_000 })
      .toBe("active");
    expect((await detailOf(customer, subscriptionId)).card).not.toBeNull();

    // The profile: the card the first order kept is the default; another one is added on the sandbox's card page.
    await session.context.addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);
    await page.goto(pathTo("profile", locale));
    const section = page.locator("#cards");
    const listed = section.getByRole("listitem");
    await expect.poll(() => listed.count()).toBe(1);
    const first = await listed.first().getAttribute("data-card");
    await section.getByRole("button", { name: cards.add }).click();
    await onSandboxPage(page);
    await page.locator('form:has(input[name="decision"][value="approve"]) button').click();
    await page.waitForURL((url) => url.pathname === pathTo("addPaymentCompleted", locale));
    await expect.poll(() => listed.count()).toBe(2);
    const added = section.locator(`li:not([data-card="${first}"])`);
    const addedId = await added.getAttribute("data-card");
    // The new card is not the default yet: it offers to become it.
    await expect.poll(() => added.getByText(cards.default, { exact: true }).count()).toBe(0);
    // Its button's name says the card's last digits ("…ending in 4242"): found by the form it posts.
    const makeDefault = (card: typeof added) =>
      card.locator('form:has(input[name="intent"][value="defaultCard"]) button');
    await expect.poll(() => makeDefault(added).innerText()).toBe(cards.makeDefault);
    await makeDefault(added).click();
    await expect.poll(() => section.getByText(cards.defaultChanged).count()).toBeGreaterThan(0);
    const chosen = section.locator(`li[data-card="${addedId}"]`);
    await expect.poll(() => chosen.getByText(cards.default, { exact: true }).count()).toBe(1);
    // The card before it is no longer the default: it offers to become it again.
    const before = section.locator(`li[data-card="${first}"]`);
    await expect.poll(() => makeDefault(before).count()).toBe(1);
    await expect.poll(() => makeDefault(chosen).count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect((await sidewaysOverflow(page)).by).toBeLessThanOrEqual(0);

    // One renewal run, a minute after the next open delivery's cut-off: that delivery becomes an order, charged on the card.
    // (The deliveries after the first are planned once its payment is noted, just after the answer.)
    const scheduled = async () =>
      (await deliveriesOf(customer, subscriptionId)).find(
        (delivery) => delivery.status === "scheduled" && !delivery.locked,
      );
    await expect.poll(async () => (await scheduled()) !== undefined).toBe(true);
    const next = await scheduled();
    const at = new Date(Date.parse(next!.cutoff) + 60_000).toISOString();
    await callE2eHook("/jobs/renew-subscriptions", { now: at });
    const renewed = (await deliveriesOf(customer, subscriptionId)).find((delivery) => delivery.date === next!.date);
    const renewalNumber = renewed?.orderNumber ?? null;
    expect(renewalNumber).not.toBeNull();
    expect(renewalNumber).not.toBe(order.number);

    // The account's orders: the renewal's order, paid, beside the first one.
    await page.goto(pathTo("orders", locale));
    const card = page.getByRole("listitem").filter({ hasText: format(orders.number, { number: renewalNumber! }) });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.getByText(orders.statuses.paid, { exact: true }).count()).toBe(1);
    expect(
      await page
        .getByRole("listitem")
        .filter({ hasText: format(orders.number, { number: order.number }) })
        .count(),
    ).toBe(1);
    expect((await sidewaysOverflow(page)).by).toBeLessThanOrEqual(0);
  }, 120_000);
});
