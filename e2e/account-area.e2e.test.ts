import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { LOCALES, pathTo, type Locale } from "@shop/routing";
import { messagesFor } from "../apps/storefront/app/i18n";
import { accountTextsFor } from "../apps/storefront/app/accounts/texts";
import { referralTextsFor } from "../apps/storefront/app/referrals/texts";
import { authTextsFor } from "../apps/storefront/app/accounts/auth-texts";
import { format } from "../apps/storefront/app/i18n/format";
import { SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { mailedLink, mailedValue } from "./support/outbox";

const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const outbox = inject("outboxDir");
const session = useBrowserSession(base, { shareContext: true });

/** Spanish and Portuguese on a phone (the browser session's 390 px), Catalan on a desktop screen. */
const VIEWPORTS: Record<Locale, { width: number; height: number } | null> = {
  es: null,
  ca: { width: 1280, height: 900 },
  pt: null,
};

interface Customer {
  readonly email: string;
  readonly password: string;
  readonly jwt: string;
}

async function cms(pathname: string, body: unknown): Promise<Response> {
  return fetch(`${cmsUrl}/api${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A customer registered at the CMS, their address confirmed from the mail unless told otherwise. */
async function newCustomer(locale: Locale, { confirmed = true } = {}): Promise<Customer> {
  const id = randomUUID().slice(0, 8);
  const email = `e2e-area-${id}@example.test`;
  const password = `Calabaza ${id} asada`;
  const registered = await cms("/auth/local/register", {
    email,
    password,
    firstName: "Lucía",
    preferredLocale: locale,
  });
  if (!registered.ok) throw new Error(`Registration failed: ${registered.status} ${await registered.text()}`);
  const { jwt } = (await registered.json()) as { jwt: string };
  if (confirmed) {
    const confirmation = await mailedValue(outbox, email, /confirmation=([0-9a-f]+)/);
    expect((await cms("/auth/email-confirmation", { confirmation })).status).toBe(200);
  }
  return { email, password, jwt };
}

/** The browser signed in as the customer (the session cookie the sign-in page would have set). */
async function signIn(customer: Customer) {
  await session.context.addCookies([{ name: SESSION_COOKIE, value: customer.jwt, url: base }]);
}

function useViewport(locale: Locale) {
  const viewport = VIEWPORTS[locale];
  return viewport ? session.page.setViewportSize(viewport) : Promise.resolve();
}

async function landsOn(expected: string) {
  await expect.poll(() => new URL(session.page.url()).pathname).toBe(expected);
}

async function announced(text: string) {
  await expect.poll(() => session.page.getByRole("status").filter({ hasText: text }).count()).toBeGreaterThan(0);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The path and query of the newest mailed link to `screen` (a newsletter link) for `email`. */
function mailedLinkTo(email: string, screen: "newsletterConfirm" | "newsletterUnsubscribe", locale: Locale) {
  return mailedLink(outbox, email, new RegExp(`${escaped(pathTo(screen, locale))}\\?token=`));
}

function mailsTo(email: string): string[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((name) => fs.readFileSync(path.join(outbox, name), "utf8"))
    .filter((mail) => mail.includes(`To: ${email}`));
}

describe.each(LOCALES)("the account area (%s)", (locale) => {
  const texts = accountTextsFor(locale);
  const auth = authTextsFor(locale);
  const messages = messagesFor(locale);
  const profile = pathTo("profile", locale);

  it("saves the personal data, and adds, edits and deletes an address", async () => {
    const { page } = session;
    await useViewport(locale);
    await signIn(await newCustomer(locale));
    await page.goto(profile);

    const personal = page.locator("#personal");
    await personal.getByLabel(texts.profile.firstName, { exact: true }).fill("Lucía");
    await personal.getByLabel(texts.profile.lastName, { exact: true }).fill("Ferrer Soler");
    await personal.getByLabel(texts.profile.phone, { exact: true }).fill("+34 600 000 000");
    await personal.getByLabel(texts.profile.preferredLocale, { exact: true }).selectOption("pt");
    // The company's fields show only for a company.
    expect(await personal.getByLabel(texts.profile.taxId, { exact: true }).isVisible()).toBe(false);
    await personal.getByLabel(texts.profile.company, { exact: true }).check();
    await personal.getByLabel(texts.profile.companyName, { exact: true }).fill("Fruites Ferrer SL");
    await personal.getByLabel(texts.profile.taxId, { exact: true }).fill("B1234");
    await personal.getByRole("button", { name: texts.profile.save }).click();
    // Refused beside the field, with what was typed still there.
    await expect.poll(() => personal.getByText(auth.errors.invalidTaxId).count()).toBe(1);
    expect(await personal.getByLabel(texts.profile.companyName, { exact: true }).inputValue()).toBe(
      "Fruites Ferrer SL",
    );
    await personal.getByLabel(texts.profile.taxId, { exact: true }).fill("B12345674");
    await personal.getByRole("button", { name: texts.profile.save }).click();
    await announced(texts.profile.saved);
    await page.reload();
    expect(await personal.getByLabel(texts.profile.lastName, { exact: true }).inputValue()).toBe("Ferrer Soler");
    expect(await personal.getByLabel(texts.profile.preferredLocale, { exact: true }).inputValue()).toBe("pt");
    expect(await personal.getByLabel(texts.profile.taxId, { exact: true }).inputValue()).toBe("B12345674");

    const book = page.locator("#addresses");
    await book.getByText(texts.addresses.empty).waitFor();
    await book.getByRole("link", { name: texts.addresses.add }).click();
    await book.getByLabel(texts.addresses.label, { exact: true }).fill("Casa");
    await book.getByLabel(texts.addresses.fullName, { exact: true }).fill("Lucía Ferrer");
    await book.getByLabel(texts.addresses.line1, { exact: true }).fill("Carrer de la Fruita 3, 2n 1a");
    await book.getByLabel(texts.addresses.postalCode, { exact: true }).fill("1234");
    await book.getByLabel(texts.addresses.city, { exact: true }).fill("Girona");
    await book.getByRole("button", { name: texts.addresses.save }).click();
    await expect.poll(() => book.getByText(auth.errors.invalidPostalCode).count()).toBe(1);
    await book.getByLabel(texts.addresses.postalCode, { exact: true }).fill("17001");
    await book.getByRole("button", { name: texts.addresses.save }).click();
    await announced(texts.addresses.saved);
    const card = book.getByRole("listitem").filter({ hasText: "Carrer de la Fruita 3" });
    // The first address is the default for both.
    await expect.poll(() => card.getByText(texts.addresses.defaultDelivery).count()).toBe(1);
    expect(await card.getByText(texts.addresses.defaultBilling).count()).toBe(1);

    await book.getByRole("link", { name: format(texts.addresses.editLabel, { name: "Casa" }) }).click();
    await book.getByLabel(texts.addresses.country, { exact: true }).selectOption("PT");
    await book.getByLabel(texts.addresses.postalCode, { exact: true }).fill("4000-123");
    await book.getByLabel(texts.addresses.city, { exact: true }).fill("Porto");
    await book.getByRole("button", { name: texts.addresses.save }).click();
    await announced(texts.addresses.saved);
    await expect.poll(() => card.textContent()).toContain("4000-123 Porto");
    expect(await card.textContent()).toContain(texts.addresses.countries.PT);

    await book.getByRole("link", { name: format(texts.addresses.editLabel, { name: "Casa" }) }).click();
    await book.getByRole("button", { name: texts.addresses.delete }).click();
    await announced(texts.addresses.deleted);
    await book.getByText(texts.addresses.empty).waitFor();
  });

  it("changes the password, and this browser stays signed in with the new session", async () => {
    const { page } = session;
    await useViewport(locale);
    const customer = await newCustomer(locale);
    await signIn(customer);
    await page.goto(profile);
    const form = page.locator("#password");
    const newPassword = `Alcachofa ${randomUUID().slice(0, 8)} tierna`;
    await form.getByLabel(auth.fields.currentPassword, { exact: true }).fill("not my password");
    await form.getByLabel(auth.fields.newPassword, { exact: true }).fill(newPassword);
    await form.getByLabel(auth.fields.passwordConfirmation, { exact: true }).fill(newPassword);
    await form.getByRole("button", { name: texts.password.submit }).click();
    await expect.poll(() => form.getByText(auth.errors.invalidCredentials).count()).toBe(1);

    await form.getByLabel(auth.fields.currentPassword, { exact: true }).fill(customer.password);
    await form.getByLabel(auth.fields.newPassword, { exact: true }).fill(newPassword);
    await form.getByLabel(auth.fields.passwordConfirmation, { exact: true }).fill(newPassword);
    await form.getByRole("button", { name: texts.password.submit }).click();
    await announced(messages.flash.passwordChanged);
    await landsOn(profile);
    await page.reload();
    await landsOn(profile);

    const signInWith = (password: string) => cms("/auth/local", { identifier: customer.email, password });
    expect((await signInWith(newPassword)).status).toBe(200);
    expect((await signInWith(customer.password)).status).toBe(400);
    // The session the browser had before the change is over.
    const before = await fetch(`${cmsUrl}/api/users/me`, { headers: { Authorization: `Bearer ${customer.jwt}` } });
    expect(before.status).toBe(401);
  });

  it("subscribes to the newsletter, confirms from the mail, leaves from a newsletter mail, and asks again", async () => {
    const { page } = session;
    await useViewport(locale);
    const customer = await newCustomer(locale);
    await signIn(customer);
    const newsletter = pathTo("newsletter", locale);
    await page.goto(newsletter);
    const text = texts.newsletter;
    await page.getByText(text.unsubscribed, { exact: true }).waitFor();
    await page.getByLabel(messages.newsletterSignup.consent).check();
    await page.getByRole("button", { name: text.subscribe }).click();
    // Pending until the mailed link is opened: the CMS's state, not the page's guess.
    await announced(format(text.pending, { email: customer.email }));

    // Opening the link changes nothing (mail scanners open links); its button confirms.
    await page.goto(await mailedLinkTo(customer.email, "newsletterConfirm", locale));
    await page.getByRole("button", { name: texts.confirm.submit }).click();
    await announced(format(texts.confirm.done, { email: customer.email }));

    await page.goto(newsletter);
    await page.getByText(format(text.subscribed, { email: customer.email })).waitFor();
    const history = page.locator("#history");
    await history.getByText(`${text.events.confirm} ${text.sources.email}`).waitFor();
    await history.getByText(`${text.events.request} ${text.sources.account}`).waitFor();
    // What was agreed to, word for word, in the language it was shown in.
    expect(await history.locator("blockquote").first().textContent()).toBe(messages.newsletterSignup.consent);

    // The welcome mail is a newsletter mail: it carries the unsubscribe link.
    await page.goto(await mailedLinkTo(customer.email, "newsletterUnsubscribe", locale));
    await page.getByRole("button", { name: texts.unsubscribe.submit }).click();
    await announced(texts.unsubscribe.done);
    await page.goto(newsletter);
    await page.getByText(text.unsubscribed, { exact: true }).waitFor();
    await history.getByText(`${text.events.unsubscribe} ${text.sources.email}`).waitFor();

    // Asking again and withdrawing before confirming, from the account.
    await page.getByLabel(messages.newsletterSignup.consent).check();
    await page.getByRole("button", { name: text.subscribe }).click();
    await announced(format(text.pending, { email: customer.email }));
    await page.getByRole("button", { name: text.cancelPending }).click();
    await announced(text.unsubscribedDone);
  });

  it("signs a visitor up from the footer without leaving the page, and confirms from the mail", async () => {
    const { page } = session;
    await useViewport(locale);
    const email = `e2e-footer-${randomUUID().slice(0, 8)}@example.test`;
    const boxes = pathTo("boxes", locale);
    await page.goto(boxes);
    // The signup hydrates from its own chunk after the page (decision 006); sent before that, it
    // would post as plain HTML and come back with a notice (the test without JavaScript below).
    await page.waitForLoadState("networkidle");
    const footer = page.locator("footer");
    await footer.getByLabel(messages.newsletterSignup.email, { exact: true }).fill(email);
    await footer.getByLabel(messages.newsletterSignup.consent).check();
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await footer.getByRole("button", { name: messages.newsletterSignup.submit }).click();
    await expect.poll(() => footer.getByRole("status").textContent()).toBe(messages.flash.newsletterRequested);
    expect(navigations).toEqual([]);

    await page.goto(await mailedLinkTo(email, "newsletterConfirm", locale));
    await page.getByRole("button", { name: texts.confirm.submit }).click();
    await announced(format(texts.confirm.done, { email }));
    // A spent link says so, and offers to subscribe again.
    await page.reload();
    await page.getByRole("button", { name: texts.confirm.submit }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: texts.confirm.invalid }).count()).toBe(1);
    await page.getByRole("heading", { name: texts.confirm.again }).waitFor();
  });

  it("downloads a copy of the customer's data", async () => {
    const { page } = session;
    await useViewport(locale);
    const customer = await newCustomer(locale);
    await signIn(customer);
    await page.goto(profile);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: texts.data.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const copy = JSON.parse(fs.readFileSync(await download.path(), "utf8")) as { account: { email: string } };
    expect(copy.account.email).toBe(customer.email);
  });

  it("deletes the account after the password and a ticked box, and says what is kept", async () => {
    const { page } = session;
    await useViewport(locale);
    const customer = await newCustomer(locale);
    await signIn(customer);
    await page.goto(profile);
    const danger = page.locator("#delete");
    await danger.getByText(texts.deletion.kept.consentLog).waitFor();
    await danger.getByText(texts.deletion.open).click();
    await danger.getByLabel(texts.deletion.password, { exact: true }).fill("not my password");
    await danger.getByLabel(texts.deletion.confirm).check();
    await danger.getByRole("button", { name: texts.deletion.submit }).click();
    await expect.poll(() => danger.getByText(auth.errors.invalidCredentials).count()).toBe(1);

    await danger.getByLabel(texts.deletion.password, { exact: true }).fill(customer.password);
    await danger.getByLabel(texts.deletion.confirm).check();
    await danger.getByRole("button", { name: texts.deletion.submit }).click();
    await landsOn(pathTo("home", locale));
    await announced(messages.flash.accountDeleted);
    expect((await session.context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
    const again = await cms("/auth/local", { identifier: customer.email, password: customer.password });
    expect(again.status).toBe(400);
    await page.goto(profile);
    await landsOn(pathTo("login", locale));
  });
});

describe("the account home and referrals", () => {
  it("greets the customer, and sends another confirmation link while the address is unconfirmed", async () => {
    const { page } = session;
    const locale = "pt";
    const texts = accountTextsFor(locale).home;
    const customer = await newCustomer(locale, { confirmed: false });
    await signIn(customer);
    await page.goto(pathTo("account", locale));
    await page.getByRole("heading", { level: 1, name: messagesFor(locale).screens.account.heading }).waitFor();
    await page.getByText(format(texts.greeting, { name: "Lucía" }), { exact: true }).waitFor();
    await page.getByRole("heading", { name: texts.unconfirmedHeading }).waitFor();
    await expect.poll(() => mailsTo(customer.email).length).toBe(1);
    await page.getByRole("button", { name: texts.resend }).click();
    await announced(format(texts.resent, { email: customer.email }));
    await expect.poll(() => mailsTo(customer.email).length).toBe(2);
    for (const screen of ["profile", "newsletter", "referrals"] as const) {
      expect(
        await page
          .getByRole("navigation", { name: texts.shortcuts })
          .locator(`a[href="${pathTo(screen, locale)}"]`)
          .count(),
      ).toBe(1);
    }

    // The newsletter needs a proven address first, and says so.
    await page.goto(pathTo("newsletter", locale));
    await page.getByText(format(accountTextsFor(locale).newsletter.confirmFirst, { email: customer.email })).waitFor();
  });

  it("shows the customer's code and a link to share, which the copy button copies", async () => {
    const { page } = session;
    const locale = "ca";
    const texts = accountTextsFor(locale).referrals;
    await session.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await signIn(await newCustomer(locale, { confirmed: false }));
    await page.goto(pathTo("referrals", locale));
    const code = (await page.locator("[data-referral-code]").textContent()) ?? "";
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const link = `${base}${pathTo("referAFriend", locale)}?ref=${code}`;
    expect(await page.getByLabel(texts.link, { exact: true }).inputValue()).toBe(link);
    await page.getByRole("button", { name: texts.copy }).click();
    await announced(texts.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // Rewards are real now: the page lists the friends (none yet) instead of promising them for later.
    await page.getByText(referralTextsFor(locale).account.noFriends).waitFor();
  });
});

describe("the newsletter's links from mail providers", () => {
  it("unsubscribes with a one-click POST (RFC 8058) that carries no Origin, never on a GET", async () => {
    const locale = "es";
    const email = `e2e-oneclick-${randomUUID().slice(0, 8)}@example.test`;
    const wording = messagesFor(locale).newsletterSignup.consent;
    expect((await cms("/newsletter/subscribe", { email, locale, wording, source: "footer" })).status).toBe(200);
    const confirm = new URL(await mailedLinkTo(email, "newsletterConfirm", locale), base);
    expect((await cms("/newsletter/confirm", { token: confirm.searchParams.get("token") })).status).toBe(200);
    const unsubscribe = await mailedLinkTo(email, "newsletterUnsubscribe", locale);

    // A mail scanner following the link changes nothing.
    expect((await fetch(base + unsubscribe)).status).toBe(200);
    const oneClick = (target: string) =>
      fetch(base + target, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        redirect: "manual",
      });
    const answer = await oneClick(unsubscribe);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(accountTextsFor(locale).unsubscribe.done);
    // The same answer the second time; a made-up token is the sender's mistake.
    expect((await oneClick(unsubscribe)).status).toBe(200);
    expect((await oneClick(`${pathTo("newsletterUnsubscribe", locale)}?token=forged.token`)).status).toBe(400);
  });

  it("goes back to the page with a notice when the footer's form is sent before JavaScript", async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false, baseURL: base });
    try {
      const page = await context.newPage();
      const locale = "pt";
      const messages = messagesFor(locale);
      const team = pathTo("team", locale);
      await page.goto(team);
      const footer = page.locator("footer");
      await footer
        .getByLabel(messages.newsletterSignup.email, { exact: true })
        .fill(`e2e-nojs-${randomUUID().slice(0, 8)}@example.test`);
      await footer.getByLabel(messages.newsletterSignup.consent).check();
      await footer.getByRole("button", { name: messages.newsletterSignup.submit }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(team);
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: messages.flash.newsletterRequested }).count())
        .toBe(1);
    } finally {
      await context.close();
    }
  });
});
