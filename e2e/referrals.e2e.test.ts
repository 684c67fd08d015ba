import { myReferralsSchema, orderListSchema, referralRulesSchema } from "@shop/contracts";
import type { Page } from "playwright-core";
import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, pathTo } from "@shop/routing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { orderFlowTextsFor } from "../apps/storefront/app/order-flow/texts";
import { referralTextsFor } from "../apps/storefront/app/referrals/texts";
import { registerCustomer, SESSION_COOKIE, type TestCustomer } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";
import { summaryDraft } from "./support/orders";
import { callE2eHook } from "./support/hooks";
import { decideOnSandbox } from "./support/sandbox";

// Refer a friend (issue 23), in each language on a 390 px phone: a friend arrives by the share link
// (?ref=CODE), is told the discount, and the code reaches their draft: the summary shows the friend's
// discount as its own line and "Pay" leads to the payment; the referrer's page then shows the friend.
// Once the friend's order is paid and delivered and the refund period has passed (the referrals job
// run at a later `now` through the CMS's e2e hook, no wait), the referrer's next order's summary
// shows the reward. The drafts are filled through the CMS's calls (the flow's steps have their own
// tests). One browser context for the file; six page loads per language.

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });
const DRAFT_COOKIE = "shop_order_draft";
/** Set it to keep screenshots of the three screens (for a person to look at); unset in the suite. */
const SCREENSHOTS = process.env.REFERRAL_SCREENSHOTS;
const snap = (page: Page, name: string) =>
  SCREENSHOTS ? page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true }) : Promise.resolve();

let boxId = 0;

beforeAll(async () => {
  boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** The friend's one order's number (the account's list). */
async function friendsOrder(friend: TestCustomer): Promise<string> {
  const answer = await fetch(`${cmsUrl}/api/orders/mine`, { headers: { Authorization: `Bearer ${friend.jwt}` } });
  const [order] = orderListSchema.parse(await answer.json()).orders;
  if (!order) throw new Error("The friend has no order");
  return order.number;
}

/** The days after delivery during which a refund still cancels the reward, as staff set them. */
async function refundDays(): Promise<number> {
  const answer = await fetch(`${cmsUrl}/api/referrals/rules`);
  return referralRulesSchema.parse(await answer.json()).refundWindowDays;
}

async function codeOf(customer: TestCustomer): Promise<string> {
  const answer = await fetch(`${cmsUrl}/api/referrals/mine`, { headers: { Authorization: `Bearer ${customer.jwt}` } });
  return myReferralsSchema.parse(await answer.json()).code;
}

describe.each(["es", "ca", "pt"] as const)("refer a friend in %s", (locale) => {
  const words = referralTextsFor(locale);
  const flow = orderFlowTextsFor(locale);

  it("the friend arrives with ?ref=, sees the discount at the summary and pays; the referrer sees the friend", async () => {
    const referrer = await registerCustomer(cmsUrl);
    const code = await codeOf(referrer);
    const friend = await registerCustomer(cmsUrl);
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().clearCookies();
    await page.context().addCookies([{ name: SESSION_COOKIE, value: friend.jwt, url: storefrontUrl }]);

    await page.goto(`${pathTo("referAFriend", locale)}?ref=${code.toLowerCase()}`);
    const invited = page.getByRole("region", { name: words.page.invitedTitle });
    await expect.poll(() => invited.textContent()).toContain(code);
    await snap(page, `${locale}-refer-a-friend`);

    // The friend's draft, at its summary: the code they arrived with is put into it there.
    const token = await summaryDraft(cmsUrl, { customer: friend, boxId });
    await page.context().addCookies([{ name: DRAFT_COOKIE, value: token, url: storefrontUrl }]);
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    const line = page.getByText(words.summary.friendLine.replace("{code}", code), { exact: true });
    await expect.poll(() => line.isVisible()).toBe(true);
    await snap(page, `${locale}-summary`);

    await page.getByRole("checkbox", { name: new RegExp(flow.summary.terms) }).check();
    await page.getByRole("button", { name: new RegExp(`^${flow.summary.pay.replace(" {total}", "")}`) }).click();
    await decideOnSandbox(page, "approve");

    await page.context().clearCookies();
    await page.context().addCookies([{ name: SESSION_COOKIE, value: referrer.jwt, url: storefrontUrl }]);
    await page.goto(pathTo("referrals", locale));
    const friends = page.getByRole("region", { name: words.account.friendsTitle });
    await expect.poll(() => friends.textContent()).toContain(words.account.statuses.pending);
    expect(await friends.getByRole("listitem").count()).toBe(1);
    await snap(page, `${locale}-referrals`);
    // The reward is not earned yet: nothing saved.
    expect(await page.locator("[data-referral-saved]").textContent()).toBe(formatCents(0, LOCALE_TAGS[locale]));

    // The friend's order is delivered (staff's steps, once its payment has arrived), and the refund
    // period passes on the job's injected clock: the referrer earns the reward, and their next
    // order's summary takes it off by itself.
    const number = await friendsOrder(friend);
    await expect
      .poll(async () => (await callE2eHook("/orders/deliver", { number })) as object)
      .toEqual({
        delivered: true,
      });
    const later = new Date(Date.now() + (await refundDays()) * DAY_MS + DAY_MS).toISOString();
    await callE2eHook("/jobs/settle-referrals", { now: later });
    await page.reload();
    await expect.poll(() => friends.textContent()).toContain(words.account.statuses.rewarded);
    const next = await summaryDraft(cmsUrl, { customer: referrer, boxId });
    await page.context().addCookies([{ name: DRAFT_COOKIE, value: next, url: storefrontUrl }]);
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    const reward = page.getByText(words.summary.rewardLine, { exact: true });
    await expect.poll(() => reward.isVisible()).toBe(true);
    await snap(page, `${locale}-reward`);
  });
});
