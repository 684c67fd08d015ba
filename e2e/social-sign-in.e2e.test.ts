import { randomUUID } from "node:crypto";
import { nativeSignInHooks } from "@shop/domain/web-view";
import { pathTo, type Locale } from "@shop/routing";
import { describe, expect, inject, it } from "vitest";
import { authTextsFor } from "../apps/storefront/app/accounts/auth-texts";
import { messagesFor } from "../apps/storefront/app/i18n";
import { format } from "../apps/storefront/app/i18n/format";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { fakeProvider, type FakeIdentity, type FakeProviderName } from "./support/oidc-provider";
import { useOwnStorefront } from "./support/own-storefront";

// Sign-in with Google, Microsoft and Facebook (docs/decisions/025) against the local fake provider the
// global setup starts (support/oidc-provider.ts): the shop's CMS has the fake's keys and addresses.

const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const fake = fakeProvider(inject("oidcUrl"));
const session = useBrowserSession(base, { shareContext: true });

// The app's pages come from a storefront of this file's own that knows the app's user-agent token.
const APP_TOKEN = "ImperfectApp/3.1";
const APP_UA = `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ${APP_TOKEN}`;
const appBase = await useOwnStorefront("social-app", { APP_USER_AGENT_TOKEN: APP_TOKEN });

const NAMES: Record<FakeProviderName, string> = { google: "Google", microsoft: "Microsoft", facebook: "Facebook" };
const OAUTH_COOKIE = "shop_oauth";

function someone(tag: string, { emailVerified = true, email }: { emailVerified?: boolean; email?: string } = {}) {
  const id = randomUUID().slice(0, 8);
  return { subject: `${tag}-${id}`, email: email ?? `e2e-${tag}-${id}@example.test`, emailVerified } as FakeIdentity;
}

const pathOf = (url: string) => new URL(url).pathname;

async function hasSession(): Promise<boolean> {
  return (await session.context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== "");
}

/** The sign-in page's button for `provider`, clicked; the fake answers at once. */
async function continueWith(locale: Locale, provider: FakeProviderName) {
  const { page } = session;
  await page.goto(pathTo("login", locale));
  await page
    .getByRole("link", { name: format(authTextsFor(locale).login.continueWith, { provider: NAMES[provider] }) })
    .click();
}

describe("the sign-in page", () => {
  it("offers the configured providers as plain links with their logos, none for Apple without its keys", async () => {
    const { page } = session;
    await page.goto(pathTo("login", "ca"));
    const texts = authTextsFor("ca");
    for (const provider of ["google", "microsoft", "facebook"] as const) {
      const link = page.getByRole("link", { name: format(texts.login.continueWith, { provider: NAMES[provider] }) });
      expect(await link.getAttribute("href")).toBe(pathTo("connectRedirect", "ca", { provider }));
      expect(await link.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    }
    expect(
      await page.getByRole("link", { name: format(texts.login.continueWith, { provider: "Apple" }) }).count(),
    ).toBe(0);
  });
});

describe("the authorization-code flow", () => {
  it.each([
    ["google", "es"],
    ["microsoft", "ca"],
    ["facebook", "pt"],
  ] as const)("%s opens a new account and lands in the account area (%s)", async (provider, locale) => {
    await fake.signsInNext(provider, someone(provider));
    await continueWith(locale, provider);
    await expect.poll(() => pathOf(session.page.url())).toBe(pathTo("account", locale));
    expect(await hasSession()).toBe(true);
    // The flow's state and verifier are spent at the way back.
    expect((await session.context.cookies()).some((cookie) => cookie.name === OAUTH_COOKIE)).toBe(false);
  });

  it("says in the customer's language that they said no at the provider", async () => {
    await fake.refusesNext("google");
    await continueWith("pt", "google");
    await expect.poll(() => new URL(session.page.url()).searchParams.get("error")).toBe("cancelled");
    expect(pathOf(session.page.url())).toBe(pathTo("home", "pt"));
    await expect
      .poll(() => session.page.getByRole("alert").first().textContent())
      .toBe(format(messagesFor("pt").flash.socialCancelled, { provider: "Google" }));
    expect(await hasSession()).toBe(false);
  });

  it("never joins an existing account through an address the provider does not vouch for, and says what to do", async () => {
    const existing = await registerCustomer(cmsUrl);
    // A work tenant's address: Microsoft does not vouch for it.
    await fake.signsInNext("microsoft", someone("work", { emailVerified: false, email: existing.email }));
    await continueWith("ca", "microsoft");
    await expect.poll(() => new URL(session.page.url()).searchParams.get("error")).toBe("accountExists");
    await expect
      .poll(() => session.page.getByRole("alert").first().textContent())
      .toBe(format(messagesFor("ca").flash.socialAccountExists, { provider: "Microsoft" }));
    expect(await hasSession()).toBe(false);
  });
});

/** The flow as a browser runs it, one request at a time: the start, the provider's answer, the way back. */
async function startedFlow(provider: FakeProviderName) {
  await fake.signsInNext(provider, someone(`${provider}-fetch`));
  const start = await fetch(`${base}${pathTo("connectRedirect", "es", { provider })}`, { redirect: "manual" });
  expect(start.status).toBe(302);
  const cookie = start.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${OAUTH_COOKIE}=`))!
    .split(";")[0]!;
  const atProvider = new URL(start.headers.get("location")!);
  expect(atProvider.searchParams.get("code_challenge_method")).toBe("S256");
  const answer = await fetch(atProvider, { redirect: "manual" });
  return { cookie, back: new URL(answer.headers.get("location")!) };
}

const goBack = (url: URL, cookie?: string) =>
  fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const errorOf = (response: Response) => new URL(response.headers.get("location")!, base).searchParams.get("error");

describe("what the way back refuses", () => {
  it("a forged state, or a way back this browser never started (login CSRF)", async () => {
    const { cookie, back } = await startedFlow("google");
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state-0123456789");
    expect(errorOf(await goBack(forged, cookie))).toBe("invalidState");
    expect(errorOf(await goBack(back))).toBe("invalidState");
  });

  it("a replayed code: the cookie is spent, and the provider refuses the code again", async () => {
    const { cookie, back } = await startedFlow("facebook");
    const first = await goBack(back, cookie);
    expect(new URL(first.headers.get("location")!, base).pathname).toBe(pathTo("account", "es"));
    expect(first.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    // A browser no longer has the cookie; someone who kept a copy of it meets the provider's refusal.
    expect(errorOf(await goBack(back))).toBe("invalidState");
    const replayed = await goBack(back, cookie);
    expect(errorOf(replayed)).toBe("invalidCode");
    expect(replayed.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });
});

describe("the company's app", () => {
  it.each(["google", "microsoft"] as const)(
    "the native %s hook signs the customer in with the app's ID token and opens the account area",
    async (provider) => {
      const context = await session.browser.newContext({ userAgent: APP_UA, viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        await page.goto(`${appBase}${pathTo("home", "ca")}`);
        await page.waitForSelector("html[data-shop-app=ready]", { state: "attached" });
        const token = await fake.appToken(provider, someone(`app-${provider}`));
        await page.evaluate(
          ([hook, idToken]) => (window as unknown as Record<string, (token: string) => void>)[hook!]!(idToken!),
          [nativeSignInHooks(provider).success, token],
        );
        await expect.poll(() => pathOf(page.url())).toBe(pathTo("account", "ca"));
        expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
      } finally {
        await context.close();
      }
    },
  );

  it("a token handed in by a link from elsewhere signs nobody in", async () => {
    const token = await fake.appToken("google", someone("linked"));
    const query = new URLSearchParams({ access_token: token });
    const answer = await fetch(`${base}${pathTo("connectRedirect", "es", { provider: "google" })}?${query}`, {
      redirect: "manual",
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(errorOf(answer)).toBe("invalidState");
    expect(answer.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });
});
