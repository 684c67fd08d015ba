import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { LOCALES, pathTo, type Locale } from "@shop/routing";
import { messagesFor } from "../apps/storefront/app/i18n";
import { authTextsFor } from "../apps/storefront/app/accounts/auth-texts";
import { format } from "../apps/storefront/app/i18n/format";
import { useBrowserSession } from "./support/browser";
import { mailedLink, mailedValue } from "./support/outbox";

const base = inject("storefrontUrl");
const outbox = inject("outboxDir");
const session = useBrowserSession(base, { shareContext: true });

function customer() {
  const id = randomUUID().slice(0, 8);
  return {
    email: `e2e-auth-${id}@example.test`,
    password: `Huerta ${id} tomate`,
    newPassword: `Berenjena ${id} madura`,
  };
}

/** The path the browser shows now (no origin), once it has settled on `expected`. */
async function landsOn(expected: string) {
  await expect.poll(() => new URL(session.page.url()).pathname).toBe(expected);
}

async function notice(text: string) {
  await expect.poll(() => session.page.getByRole("status").filter({ hasText: text }).count()).toBe(1);
}

async function signInWithPassword(locale: Locale, email: string, password: string) {
  const texts = authTextsFor(locale);
  await session.page.getByLabel(texts.fields.email, { exact: true }).fill(email);
  await session.page.getByLabel(texts.fields.password, { exact: true }).fill(password);
  await session.page.getByRole("button", { name: texts.login.submit }).click();
}

async function signOut(locale: Locale) {
  await session.page.getByRole("button", { name: messagesFor(locale).nav.signOut }).click();
  await landsOn(pathTo("home", locale));
}

describe.each(LOCALES)("accounts in the storefront (%s)", (locale) => {
  const texts = authTextsFor(locale);
  const flash = messagesFor(locale).flash;
  const person = customer();
  const account = pathTo("account", locale);

  it("registers, confirms the address from the mail, signs out and back in where the guard left off", async () => {
    const { page } = session;
    await page.goto(pathTo("register", locale));
    await page.getByLabel(texts.fields.email, { exact: true }).fill(person.email);
    await page.getByLabel(texts.fields.password, { exact: true }).fill(person.password);
    await page.getByLabel(texts.fields.firstName, { exact: true }).fill("Ana");
    await page.getByRole("button", { name: texts.register.submit }).click();
    await landsOn(account);
    await notice(flash.registered);

    // The confirmation link works for a customer who is still signed in (the sign-in page is guest-only).
    await page.goto(await mailedLink(outbox, person.email, /\?confirmation=[0-9a-f]+/));
    await landsOn(account);
    await notice(flash.emailConfirmed);
    await signOut(locale);
    await notice(flash.signedOut);

    // The guard sends a signed-out visitor to the sign-in page and back after signing in.
    const profile = pathTo("profile", locale);
    await page.goto(profile);
    await landsOn(pathTo("login", locale));
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(profile);
    await signInWithPassword(locale, person.email, "not the password");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(texts.errors.invalidCredentials);
    await signInWithPassword(locale, person.email, person.password);
    await landsOn(profile);

    // Signed in, the guest-only pages send the customer to the account.
    await page.goto(pathTo("login", locale));
    await landsOn(account);
    await page.goto(pathTo("register", locale));
    await landsOn(account);
  });

  it("recovers the password from the e-mailed link, then the old one no longer works", async () => {
    const { page } = session;
    await page.goto(pathTo("passwordRecovery", locale));
    await page.getByLabel(texts.fields.email, { exact: true }).fill(person.email);
    await page.getByRole("button", { name: texts.recovery.send }).click();
    await notice(format(texts.recovery.sent, { email: person.email }));

    const link = await mailedLink(outbox, person.email, /\?code=[0-9a-f]+/);
    await page.goto(link);
    await page.getByLabel(texts.fields.newPassword, { exact: true }).fill(person.newPassword);
    await page.getByLabel(texts.fields.passwordConfirmation, { exact: true }).fill(person.newPassword);
    await page.getByRole("button", { name: texts.recovery.save }).click();
    await landsOn(account);
    await notice(flash.passwordReset);
    await signOut(locale);

    // The link was single use.
    await page.goto(link);
    await page.getByLabel(texts.fields.newPassword, { exact: true }).fill(`${person.newPassword} again`);
    await page.getByLabel(texts.fields.passwordConfirmation, { exact: true }).fill(`${person.newPassword} again`);
    await page.getByRole("button", { name: texts.recovery.save }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(texts.errors.invalidToken);

    await page.goto(pathTo("login", locale));
    await signInWithPassword(locale, person.email, person.password);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(texts.errors.invalidCredentials);
    await signInWithPassword(locale, person.email, person.newPassword);
    await landsOn(account);
  });

  it("signs in with a code from the mail, typed into the code cells", async () => {
    const { page } = session;
    await page.goto(pathTo("login", locale));
    await page.getByRole("link", { name: texts.login.withCode }).click();
    // The tab swaps the form in place: wait for it before typing.
    await expect.poll(() => page.getByRole("button", { name: texts.login.sendCode }).count()).toBe(1);
    await page.getByLabel(texts.fields.email, { exact: true }).fill(person.email);
    await page.getByRole("button", { name: texts.login.sendCode }).click();
    await notice(format(texts.login.codeSent, { email: person.email }));

    const firstCell = page.getByLabel(format(texts.login.digit, { n: 1, total: 6 }));
    expect(await firstCell.getAttribute("autocomplete")).toBe("one-time-code");
    // Section 9: 50 x 50 px cells (narrower only on the smallest phones, to fit six in a row).
    const box = await firstCell.boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(50);
    expect(Math.round(box?.width ?? 0)).toBe(50);
    // A wrong code is refused beside the cells; the right one signs in.
    await firstCell.fill("000000");
    await page.getByRole("button", { name: texts.login.verify }).click();
    await expect.poll(() => page.getByText(texts.errors.invalidCode).count()).toBeGreaterThan(0);
    const code = await mailedValue(outbox, person.email, /\b(\d{6})\b/);
    await page.getByLabel(format(texts.login.digit, { n: 1, total: 6 })).fill(code);
    const digits = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        page.getByLabel(format(texts.login.digit, { n: n + 1, total: 6 })).inputValue(),
      ),
    );
    expect(digits.join("")).toBe(code);
    await page.getByRole("button", { name: texts.login.verify }).click();
    await landsOn(account);
  });

  it("lands home with the provider's error when a social sign-in fails", async () => {
    const { page } = session;
    await page.goto(`${pathTo("connectRedirect", locale, { provider: "google" })}?access_token=forged`);
    await landsOn(pathTo("home", locale));
    const query = new URL(page.url()).searchParams;
    expect(query.get("provider")).toBe("google");
    expect(query.get("error")).toBeTruthy();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe(format(messagesFor(locale).flash.socialFailed, { provider: "Google" }));
  });
});
