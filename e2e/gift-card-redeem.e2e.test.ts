import { orderQuoteSchema, ORDER_DRAFT_HEADER } from "@shop/contracts";
import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, pathTo } from "@shop/routing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { giftCardRedeemTextsFor } from "../apps/storefront/app/gift-cards/redeem-texts";
import { orderFlowTextsFor } from "../apps/storefront/app/order-flow/texts";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { seriousAxeFindings } from "./support/axe";
import { useBrowserSession } from "./support/browser";
import { callE2eHook } from "./support/hooks";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";
import { summaryDraft } from "./support/orders";
import { decideOnSandbox } from "./support/sandbox";

// Gift cards at the summary (issue 23, docs/decisions/038), in each language on a 390 px phone: a
// card typed at the summary pays a first order it covers (no payment page) and shows what it keeps;
// on the next order it pays what it has left and the sandbox page the rest. The card is made by the
// CMS's e2e hook (its code otherwise exists only in the recipient's e-mail); the drafts are filled
// through the CMS's calls (the flow's steps have their own tests). Then a card is added to the account
// from the profile, and the next summary spends it by itself. Eight page loads per language.

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });
const DRAFT_COOKIE = "shop_order_draft";
/** Set it to keep screenshots of the summaries (for a person to look at); unset in the suite. */
const SCREENSHOTS = process.env.GIFT_REDEEM_SCREENSHOTS;
const snap = (page: Page, name: string) =>
  SCREENSHOTS ? page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true }) : Promise.resolve();

let boxId = 0;

beforeAll(async () => {
  boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
});

async function totalOf(customer: TestCustomer, token: string): Promise<number> {
  const answer = await fetch(`${cmsUrl}/api/order-drafts/current/quote`, {
    headers: { Authorization: `Bearer ${customer.jwt}`, [ORDER_DRAFT_HEADER]: token },
  });
  return orderQuoteSchema.parse(await answer.json()).total;
}

async function paidCard(amount: number): Promise<string> {
  return ((await callE2eHook("/gift-cards", { amount })) as { code: string }).code;
}

describe.each(["es", "ca", "pt"] as const)("paying with a gift card in %s", (locale) => {
  const words = giftCardRedeemTextsFor(locale).summary;
  const account = giftCardRedeemTextsFor(locale).account;
  const flow = orderFlowTextsFor(locale).summary;
  const money = (cents: number) => formatCents(cents, LOCALE_TAGS[locale]);

  it("a card pays an order it covers, shows what it keeps, and pays part of the next; the sandbox the rest", async () => {
    const customer = await registerCustomer(cmsUrl);
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().clearCookies();
    await page.context().addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl }]);

    const first = await summaryDraft(cmsUrl, { customer, boxId });
    const total = await totalOf(customer, first);
    const left = Math.round(total / 2);
    const code = await paidCard(total + left);
    const tail = code.slice(-4);
    const summary = `${pathTo("newOrder", locale)}?step=summary`;

    // Typed as a person copies it from the e-mail: in lower case, with dashes.
    await page.context().addCookies([{ name: DRAFT_COOKIE, value: first, url: storefrontUrl }]);
    await page.goto(summary);
    await page.getByLabel(words.label).fill(code.toLowerCase().replace(/(.{5})(?!$)/g, "$1-"));
    await page.getByRole("button", { name: words.apply }).click();
    const applied = page.getByText(words.applied.replace("{applied}", money(total)).replace("{left}", money(left)));
    await expect.poll(() => applied.isVisible()).toBe(true);
    await snap(page, `${locale}-covered`);
    await page.getByRole("checkbox", { name: new RegExp(flow.terms) }).check();
    // Nothing to pay: the order is confirmed without a payment page.
    await page.getByRole("button", { name: words.confirm }).click();
    // The paid order's page, whichever address the storefront gives it (no payment page on the way).
    const completed = (url: URL) => /IMP-\d+/.test(`${url.pathname}${url.search}`) && !url.pathname.includes("sandbox");
    await page.waitForURL(completed);

    const second = await summaryDraft(cmsUrl, { customer, boxId });
    await page.context().addCookies([{ name: DRAFT_COOKIE, value: second, url: storefrontUrl }]);
    await page.goto(summary);
    await page.getByLabel(words.label).fill(code);
    await page.getByRole("button", { name: words.apply }).click();
    const rest = page.getByText(words.applied.replace("{applied}", money(left)).replace("{left}", money(0)));
    await expect.poll(() => rest.isVisible()).toBe(true);
    expect(await page.getByText(words.card.replace("{tail}", tail)).first().isVisible()).toBe(true);
    // The card's line among the totals is one of their list's terms (a screen reader reads it so).
    expect(await seriousAxeFindings(page)).toEqual([]);
    await snap(page, `${locale}-partial`);
    await page.getByRole("checkbox", { name: new RegExp(flow.terms) }).check();
    await page.getByRole("button", { name: flow.pay.replace("{total}", money(total - left)) }).click();
    await decideOnSandbox(page, "approve");
    await page.waitForURL(completed);

    // Another card, kept in the account for the renewals: listed with its balance.
    const kept = await paidCard(2500);
    await page.goto(pathTo("profile", locale));
    await page.getByLabel(account.label).fill(kept);
    await page.getByRole("button", { name: account.add }).click();
    const done = page.getByText(account.done.replace("{tail}", kept.slice(-4)));
    await expect.poll(() => done.isVisible()).toBe(true);
    // The code (a secret, and added) is not left in the field.
    expect(await page.getByLabel(account.label).inputValue()).toBe("");
    const section = page.locator("#gift-cards");
    await section.scrollIntoViewIfNeeded();
    await snap(page, `${locale}-account`);
    // The added card's own line in the section's list (the page's list, read again after the add),
    // polled like the notice: the number as the page's language writes it (a no-break space before €).
    const card = section.getByRole("listitem").filter({ hasText: account.card.replace("{tail}", kept.slice(-4)) });
    await expect
      .poll(() => card.textContent(), { timeout: 10_000 })
      .toContain(account.balance.replace("{amount}", money(2500)));

    // The next order's summary spends the account's card by itself (docs/decisions/040): nothing typed.
    const third = await summaryDraft(cmsUrl, { customer, boxId });
    const thirdTotal = await totalOf(customer, third);
    await page.context().addCookies([{ name: DRAFT_COOKIE, value: third, url: storefrontUrl }]);
    await page.goto(summary);
    // What it pays: all it can (the sandbox charges from 1 cent, so no minimum is left to it).
    const payable = Math.min(2500, thirdTotal);
    const fromAccount = page.getByText(
      words.applied.replace("{applied}", money(payable)).replace("{left}", money(2500 - payable)),
    );
    await expect.poll(() => fromAccount.isVisible()).toBe(true);
    expect(
      await page
        .getByText(words.card.replace("{tail}", kept.slice(-4)))
        .first()
        .isVisible(),
    ).toBe(true);
    await snap(page, `${locale}-account-card-at-summary`);
  });
});
