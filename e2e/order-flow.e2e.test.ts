import { randomUUID } from "node:crypto";
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, pathTo, type Locale } from "@shop/routing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { messagesFor } from "../apps/storefront/app/i18n";
import { accountTextsFor } from "../apps/storefront/app/accounts/texts";
import { authTextsFor } from "../apps/storefront/app/accounts/auth-texts";
import { format } from "../apps/storefront/app/i18n/format";
import { orderFlowTextsFor } from "../apps/storefront/app/order-flow/texts";
import { ordersTextsFor } from "../apps/storefront/app/orders/texts";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { seriousAxeFindings } from "./support/axe";
import { useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts } from "./support/catalogue";
import { summaryDraft } from "./support/orders";
import { decideOnSandbox, onSandboxPage } from "./support/sandbox";

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(storefrontUrl, { shareContext: true });

/** A Barcelona postcode (the demo zone there delivers twice a week) and one no zone takes (Seville). */
const POSTCODE = "08036";
const ELSEWHERE = "41001";

/** The step as it is now has no serious or critical accessibility problem axe can find. */
async function accessible(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

/** The flow's step the browser shows now, once it has settled on `step`. */
async function onStep(page: Page, locale: Locale, step: string) {
  const flow = orderFlowTextsFor(locale);
  await page.waitForURL(`${storefrontUrl}${pathTo("newOrder", locale)}?step=${step}`);
  const heading = flow[step as keyof typeof flow.steps].heading;
  // The step's heading (the delivery's calendar brings a hidden one of its own, at the same level).
  await expect.poll(() => page.getByRole("heading", { level: 2, name: heading, exact: true }).count()).toBe(1);
}

function newCustomer() {
  const id = randomUUID().slice(0, 8);
  return { email: `e2e-flow-${id}@example.test`, password: `Huerta ${id} tomate` };
}

describe.each(LOCALES.map((locale) => [locale] as const))("the new-order flow in %s", (locale) => {
  const flow = orderFlowTextsFor(locale);
  const auth = authTextsFor(locale);
  const addresses = accountTextsFor(locale).addresses;
  const orders = ordersTextsFor(locale);

  it("takes a customer from the home page to a paid subscription, on a phone", async () => {
    const { page } = session;
    const customer = newCustomer();
    await page.goto(pathTo("home", locale));
    await page
      .getByRole("link", { name: messagesFor(locale).home.heroPrimary })
      .first()
      .click();
    await page.waitForURL(`${storefrontUrl}${pathTo("newOrder", locale)}`);
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(LOCALE_TAGS[locale]);

    // Not delivered there yet: the page says so and offers to tell the visitor; another postcode goes on.
    await page.getByLabel(flow.postcode.label).fill(ELSEWHERE);
    await page.getByRole("button", { name: flow.postcode.submit }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 2 }).textContent())
      .toBe(format(flow.postcode.notCoveredHeading, { postcode: ELSEWHERE }));
    await accessible(page);
    await page.getByLabel(flow.postcode.label).fill(POSTCODE);
    await page.getByRole("button", { name: flow.postcode.submit }).click();

    await onStep(page, locale, "plan");
    // The draft and the step survive a reload and a change of language, there and back.
    await page.reload();
    await onStep(page, locale, "plan");
    // The step's code comes in its own chunk and hydrates the server's HTML once there; leaving before
    // then would have React render the step again from scratch (its error 421, which fails the test).
    await page.locator("form[data-hydrated]").first().waitFor();
    const other = LOCALES.find((each) => each !== locale) ?? "es";
    await page.getByRole("link", { name: LOCALE_NAMES[other] }).click();
    await onStep(page, other, "plan");
    await page.getByRole("link", { name: LOCALE_NAMES[locale] }).click();
    await onStep(page, locale, "plan");
    await page.getByRole("radio", { name: flow.plan.subscription }).check();
    await page.getByRole("radio", { name: flow.plan.frequencies.fortnightly }).check();
    await accessible(page);
    await page.getByRole("button", { name: flow.continue }).click();

    await onStep(page, locale, "box");
    const foods = page.locator('input[name="box.exclusions"]');
    for (let index = 0; index < 7; index += 1) await foods.nth(index).check();
    await page.getByRole("button", { name: flow.box.addAndContinue }).click();
    await expect.poll(() => page.getByText(format(flow.box.tooManyExclusions, { max: 6 })).count()).toBeGreaterThan(0);
    await accessible(page);
    await foods.nth(6).uncheck();
    await page.getByRole("button", { name: flow.box.addAndContinue }).click();

    await onStep(page, locale, "extras");
    await page.locator("details summary").first().click();
    await page.locator('select[name^="extra.quantity."]').first().selectOption("2");
    await accessible(page);
    await page.getByRole("button", { name: flow.continue, exact: true }).click();

    await onStep(page, locale, "account");
    await accessible(page);
    const register = page.getByRole("region", { name: flow.account.registerHeading });
    await register.getByLabel(auth.fields.email, { exact: true }).fill(customer.email);
    await register.getByLabel(auth.fields.password, { exact: true }).fill(customer.password);
    await register.getByRole("button", { name: auth.register.submit }).click();

    await onStep(page, locale, "delivery");
    await page.getByLabel(addresses.fullName, { exact: true }).first().fill("Marta Puig");
    await page.getByLabel(addresses.line1, { exact: true }).first().fill("Carrer de Mallorca 200");
    await page.getByLabel(addresses.city, { exact: true }).first().fill("Barcelona");
    // The calendar chooses the day; the day's slots are radios.
    await expect.poll(() => page.getByRole("grid").count()).toBe(1);
    await accessible(page);
    await page.locator('input[name="delivery.when"]:visible').first().check();
    await page.getByRole("button", { name: flow.continue }).click();

    await onStep(page, locale, "summary");
    // A coupon that does not exist is refused beside its field.
    await page.getByLabel(flow.summary.couponLabel).fill("NOEXISTE");
    await page.getByRole("button", { name: flow.summary.apply }).click();
    await expect.poll(() => page.getByText(flow.coupon.unknown).count()).toBe(1);
    await accessible(page);
    // The terms are required; marketing is a separate, unticked box.
    const pay = page.getByRole("button", { name: new RegExp(`^${flow.summary.pay.replace(" {total}", "")}`) });
    await pay.click();
    await expect.poll(() => page.getByText(auth.errors.required).count()).toBe(1);
    expect(await page.getByRole("checkbox", { name: flow.summary.marketing }).isChecked()).toBe(false);
    await page.getByRole("checkbox", { name: new RegExp(flow.summary.terms) }).check();
    await pay.click();

    await decideOnSandbox(page, "approve");
    await page.waitForURL(new RegExp(`${pathTo("paymentCompleted", locale, { slug: "IMP-" })}\\d+$`));
    await expect.poll(() => page.getByRole("heading", { name: orders.outcome.paid.heading }).isVisible()).toBe(true);
  });
});

describe("the new-order flow, further", () => {
  const locale = "es";
  const flow = orderFlowTextsFor(locale);
  const auth = authTextsFor(locale);
  const orders = ordersTextsFor(locale);

  let boxId = 0;
  beforeAll(async () => {
    boxId = consumerBox(await fetchTranslatedProducts(cmsUrl)).id;
  });

  /**
   * A signed-in customer at the summary of a draft filled through the CMS's calls (summaryDraft), as
   * the steps fill it: the runs above click through every step; these tests are about what follows.
   */
  async function toSummary(page: Page) {
    const customer = await registerCustomer(cmsUrl);
    const draft = await summaryDraft(cmsUrl, { customer, boxId });
    await page.context().addCookies([
      { name: SESSION_COOKIE, value: customer.jwt, url: storefrontUrl },
      { name: "shop_order_draft", value: draft, url: storefrontUrl },
    ]);
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    await onStep(page, locale, "summary");
    return customer;
  }

  it("a declined payment is said as it is, and paid on the retry", async () => {
    const { page } = session;
    await toSummary(page);
    await page.getByRole("checkbox", { name: new RegExp(flow.summary.terms) }).check();
    await page.getByRole("button", { name: /^Pagar/ }).click();
    await decideOnSandbox(page, "decline");
    await page.waitForURL(new RegExp(`${pathTo("paymentFailed", locale, { slug: "IMP-" })}\\d+$`));
    await expect
      .poll(() => page.getByRole("heading", { name: orders.outcome.payment_failed.heading }).isVisible())
      .toBe(true);
    await page.getByRole("link", { name: orders.retry }).click();
    await page.getByRole("button", { name: /^Pagar/ }).click();
    await decideOnSandbox(page, "approve");
    await page.waitForURL(new RegExp(`${pathTo("paymentCompleted", locale, { slug: "IMP-" })}\\d+$`));
    await expect.poll(() => page.getByRole("heading", { name: orders.outcome.paid.heading }).isVisible()).toBe(true);
    // The draft was spent: the flow starts again.
    await page.goto(pathTo("newOrder", locale));
    await expect.poll(() => page.getByRole("heading", { level: 2 }).textContent()).toBe(flow.postcode.heading);
  });

  it("keeps the order of a customer signed out on the way until they sign in again", async () => {
    const { page } = session;
    const customer = await toSummary(page);
    // The session ended (or they signed out elsewhere): the draft is still theirs, not "expired".
    await page.context().clearCookies({ name: SESSION_COOKIE });
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    await onStep(page, locale, "account");
    await expect.poll(() => page.getByText(flow.problems.signedOut).count()).toBe(1);
    expect(await page.getByText(flow.problems.draftExpired).count()).toBe(0);
    // Someone else at this device may leave it for a new order.
    expect(await page.getByRole("button", { name: flow.account.startOver }).count()).toBe(1);
    await accessible(page);
    const signIn = page.getByRole("region", { name: flow.account.signInHeading });
    await signIn.getByLabel(auth.fields.email, { exact: true }).fill(customer.email);
    await signIn.getByLabel(auth.fields.password, { exact: true }).fill(customer.password);
    await signIn.getByRole("button", { name: auth.login.submit }).click();
    await onStep(page, locale, "delivery");
    // Everything chosen before is there: the summary opens with its lines.
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    await onStep(page, locale, "summary");
    expect(await page.getByRole("button", { name: /^Pagar/ }).count()).toBe(1);
  });

  it("keeps a visitor who asks for a later step on the first one not done", async () => {
    const { page } = session;
    await page.goto(`${pathTo("newOrder", locale)}?step=summary`);
    await onStep(page, locale, "postcode");
    // Looking makes no draft (crawlers follow links): only the first form posted does.
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain("shop_order_draft");
  });

  it("can be done with the keyboard alone", async () => {
    const { page } = session;
    const customer = newCustomer();
    const auth = authTextsFor(locale);
    // Typed into the address bar: following the home page's order link before the home page has
    // hydrated makes React 18.3 log its error 345 about once in 25 tries (the new page renders and
    // works all the same; noted on issue 11); the home page's button is taken by the runs above.
    await page.goto(pathTo("newOrder", locale));
    await page.locator("form[data-hydrated]").first().waitFor();

    await tabTo(page, 'input[name="postcode"]');
    await page.keyboard.type(POSTCODE);
    await page.keyboard.press("Enter");
    await onStep(page, locale, "plan");

    await tabTo(page, 'input[name="purchase"]');
    await page.keyboard.press("Space");
    await tabTo(page, 'button[value="plan"]');
    await page.keyboard.press("Enter");
    await onStep(page, locale, "box");

    await tabTo(page, 'input[name="box.exclusions"]');
    await page.keyboard.press("Space");
    await tabTo(page, 'button[value="addBoxAndContinue"]');
    await page.keyboard.press("Enter");
    await onStep(page, locale, "extras");

    await tabTo(page, 'button[value="skipExtras"]');
    await page.keyboard.press("Enter");
    await onStep(page, locale, "account");

    await tabTo(page, '#register-form input[name="email"]');
    await page.keyboard.type(customer.email);
    await tabTo(page, '#register-form input[name="password"]');
    await page.keyboard.type(customer.password);
    await tabTo(page, '#register-form button[type="submit"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(auth.register.submit);
    await page.keyboard.press("Enter");
    await onStep(page, locale, "delivery");

    for (const [name, text] of [
      ["fullName", "Núria Vidal"],
      ["line1", "Carrer de Provença 300"],
      ["city", "Barcelona"],
    ] as const) {
      await tabTo(page, `input[name="delivery.address.${name}"]`);
      await page.keyboard.type(text);
    }
    await tabTo(page, 'input[name="delivery.when"]');
    await page.keyboard.press("Space");
    await tabTo(page, 'button[value="delivery"]');
    await page.keyboard.press("Enter");
    await onStep(page, locale, "summary");

    await tabTo(page, 'input[name="termsAccepted"]');
    await page.keyboard.press("Space");
    await tabTo(page, 'button[value="pay"]');
    await page.keyboard.press("Enter");
    await onSandboxPage(page);
    await tabTo(page, "button.approve");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`${pathTo("paymentCompleted", locale, { slug: "IMP-" })}\\d+$`));
    await expect.poll(() => page.getByRole("heading", { name: orders.outcome.paid.heading }).isVisible()).toBe(true);
  });
});

/**
 * Presses Tab until the focused element matches `selector` (and is shown), as a keyboard user
 * moves through a page; fails when it never comes.
 */
async function tabTo(page: Page, selector: string, maxPresses = 120) {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press("Tab");
    const reached = await page.evaluate((wanted) => {
      const active = document.activeElement;
      return active instanceof HTMLElement && active.matches(wanted) && active.offsetParent !== null;
    }, selector);
    if (reached) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}
