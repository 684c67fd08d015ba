import { pathTo } from "@shop/routing";
import { describe, expect, inject, it } from "vitest";
import { BALANCE_TEXTS } from "../apps/storefront/app/gift-cards/balance-texts";
import { giftCardStaffTextsFor } from "../apps/storefront/app/gift-cards/staff-texts";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { callE2eHook } from "./support/hooks";
import { decideOnSandbox } from "./support/sandbox";
import { madridDay, orderGiftCard } from "./support/gift-cards";
import fs from "node:fs";
import path from "node:path";

// The balance check and staff's gift card page on a phone, in each language (issue 23,
// docs/decisions/037): one card bought to be sent in two days, its code read from the recipient's mail
// once the mail job runs on that day (the CMS's e2e hook: an injected clock), its balance checked by that code; a user the admin panel's API gives the Staff role
// finds the card by its buyer's e-mail and adjusts it; a customer gets the 404 page. One context.

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const outboxDir = inject("outboxDir");
const session = useBrowserSession(storefrontUrl, { shareContext: true });
const screenshots = process.env.GIFT_CARD_SCREENSHOTS;

/** The staff account demo mode creates (apps/cms/src/env.ts). */
const ADMIN = { email: "admin@demo.local", password: "DemoAdmin123!" } as const;

const state = { code: "", buyerEmail: "", staffJwt: "", customerJwt: "" };

async function adminJson(method: string, route: string, token: string, body?: unknown) {
  const response = await fetch(`${cmsUrl}${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** What staff do in the admin panel: Content Manager > User > role "Staff". */
async function grantStaffRole(email: string): Promise<void> {
  const login = (await (
    await fetch(`${cmsUrl}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { data: { token: string } };
  const token = login.data.token;
  const roles = (await adminJson("GET", "/users-permissions/roles", token)) as {
    roles: { id: number; type: string }[];
  };
  const staffRole = roles.roles.find((role) => role.type === "staff");
  if (!staffRole) throw new Error("No Staff role");
  const uid = "plugin::users-permissions.user";
  const found = (await adminJson(
    "GET",
    `/content-manager/collection-types/${uid}?filters[email][$eq]=${encodeURIComponent(email)}`,
    token,
  )) as { results: { documentId: string }[] };
  const documentId = found.results[0]?.documentId;
  if (!documentId) throw new Error(`No user ${email}`);
  await adminJson("PUT", `/content-manager/collection-types/${uid}/${documentId}`, token, {
    role: { connect: [{ id: staffRole.id }] },
  });
}

const mails = () =>
  fs.existsSync(outboxDir)
    ? fs
        .readdirSync(outboxDir)
        .filter((name) => name.endsWith(".eml"))
        .map((name) => fs.readFileSync(path.join(outboxDir, name), "utf8").replace(/=\r?\n/g, ""))
    : [];

async function signInAs(jwt: string) {
  await session.context.addCookies([{ name: SESSION_COOKIE, value: jwt, url: storefrontUrl }]);
}

async function shot(name: string) {
  if (screenshots) await session.page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

/** Runs the gift cards' mail job at `now` (the CMS's e2e hook, an injected clock: no wait for the schedule). */
async function sendGiftCardsAt(now: Date): Promise<{ sent: number; failed: number }> {
  return (await callE2eHook("/jobs/send-gift-cards", { now: now.toISOString() })) as { sent: number; failed: number };
}

const CODE = /\b([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})\b/;

describe("a gift card after its purchase", () => {
  it("reaches its recipient with its code on the day chosen, not before", { timeout: 120_000 }, async () => {
    const { page } = session;
    state.buyerEmail = `gift-staff-${Date.now()}@example.test`;
    const recipient = `gift-recipient-${Date.now()}@example.test`;
    const sendOn = madridDay(2);
    await orderGiftCard(page, { recipient, buyerEmail: state.buyerEmail, sendOn });
    await decideOnSandbox(page, "approve");
    await page.waitForURL(`${storefrontUrl}${pathTo("giftCardPaymentCompleted", "es")}`);
    const recipientMail = () => mails().find((text) => text.includes(`To: ${recipient}`));

    // Today, and the day before the chosen one, the job sends nothing to this recipient.
    await sendGiftCardsAt(new Date());
    await sendGiftCardsAt(new Date(`${madridDay(1)}T12:00:00+01:00`));
    expect(recipientMail()).toBeUndefined();
    // On the chosen day (Madrid), it goes once: a second run the same day sends it no more.
    await sendGiftCardsAt(new Date(`${sendOn}T09:00:00+01:00`));
    await sendGiftCardsAt(new Date(`${sendOn}T09:01:00+01:00`));
    const sent = mails().filter((text) => text.includes(`To: ${recipient}`));
    expect(sent).toHaveLength(1);
    state.code = CODE.exec(sent[0] ?? "")?.[1] ?? "";
    expect(state.code).not.toBe("");
    expect(sent[0] ?? "").toMatch(/Content-Type: application\/pdf/);

    const staff = await registerCustomer(cmsUrl);
    await grantStaffRole(staff.email);
    state.staffJwt = staff.jwt;
    state.customerJwt = (await registerCustomer(cmsUrl)).jwt;
  });
});

describe.each(["es", "ca", "pt"] as const)("in %s, on a phone", (locale) => {
  it("the balance check answers the card's balance by its code, and the same 'not found' for any other", async () => {
    const { page } = session;
    const texts = BALANCE_TEXTS[locale];
    await page.goto(`${pathTo("giftCardCreate", locale)}#saldo`);
    await page.getByLabel(texts.code).fill("ABCDE-FGHJK-MNPQR-STUVW");
    await page.getByRole("button", { name: texts.submit }).click();
    const answer = page.getByTestId("gift-card-balance-answer");
    await expect.poll(() => answer.innerText()).toBe(texts.notFound);
    await page.getByLabel(texts.code).fill(state.code.toLowerCase());
    await page.getByRole("button", { name: texts.submit }).click();
    await expect.poll(() => answer.innerText()).toContain(`···· ${state.code.slice(-4)}`);
    await shot(`balance-${locale}`);
  });

  it("staff find the card by the buyer's e-mail and adjust it with a reason; a visitor and a customer get 404", async () => {
    const { page } = session;
    const texts = giftCardStaffTextsFor(locale);
    await session.context.clearCookies();
    const visitor = await page.goto(pathTo("adminGiftCards", locale));
    // A visitor is not sent to sign in: the page does not exist for them.
    expect(visitor?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe(pathTo("adminGiftCards", locale));
    await signInAs(state.customerJwt);
    const refused = await page.goto(pathTo("adminGiftCards", locale));
    expect(refused?.status()).toBe(404);
    expect(await page.title()).toMatch(/^404 · /);
    await session.context.clearCookies();

    await signInAs(state.staffJwt);
    await page.goto(pathTo("adminGiftCards", locale));
    await page.getByLabel(texts.searchLabel).fill(state.buyerEmail);
    await page.getByRole("button", { name: texts.search, exact: true }).click();
    await page.getByRole("link", { name: texts.open }).first().click();
    const balance = page.getByTestId("gift-card-balance");
    const before = await balance.innerText();
    await page.getByLabel(texts.adjustAmount).fill("-1");
    await page.getByLabel(texts.adjustReason).fill(`Prueba ${locale}`);
    await page.getByRole("button", { name: texts.adjustSubmit }).click();
    await expect.poll(() => page.getByText(texts.adjusted.split(".")[0]!).isVisible()).toBe(true);
    await expect.poll(() => balance.innerText()).not.toBe(before);
    await expect.poll(() => page.getByTestId("gift-card-ledger").innerText()).toContain(`Prueba ${locale}`);
    await shot(`staff-${locale}`);
  });
});
