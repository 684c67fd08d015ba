import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { pathTo } from "@shop/routing";
import { cardTextsFor } from "../apps/storefront/app/payment-methods/texts";
import { SESSION_COOKIE } from "./support/accounts";
import { useBrowserSession } from "./support/browser";
import { onSandboxPage } from "./support/sandbox";

// Saved cards (docs/decisions/029), on a phone: a card added from the profile through the sandbox's
// card page is listed as the default; a declined one lands on add-payment-failed with the real reason.

const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
const session = useBrowserSession(base, { shareContext: true });
const texts = cardTextsFor("es");

async function signedInCustomer() {
  const id = randomUUID().slice(0, 8);
  const registered = await fetch(`${cmsUrl}/api/auth/local/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `e2e-cards-${id}@example.test`,
      password: `Calabaza ${id} asada`,
      firstName: "Nuria",
      preferredLocale: "es",
    }),
  });
  if (!registered.ok) throw new Error(`Registration failed: ${registered.status} ${await registered.text()}`);
  const { jwt } = (await registered.json()) as { jwt: string };
  await session.context.addCookies([{ name: SESSION_COOKIE, value: jwt, url: base }]);
}

/** On the sandbox's card page, answers as the customer would (its buttons post a decision). */
async function answerCardPage(decision: "approve" | "decline") {
  const { page } = session;
  await onSandboxPage(page);
  await page.locator(`form:has(input[name="decision"][value="${decision}"]) button`).click();
}

describe("saved cards", () => {
  it("adds a card from the profile, lists it as the default; a declined one lands on add-payment-failed with the reason", async () => {
    const { page } = session;
    await signedInCustomer();
    await page.goto(`${base}${pathTo("profile", "es")}`);
    const cards = page.locator("#cards");
    await expect.poll(() => cards.getByText(texts.empty).isVisible()).toBe(true);

    await cards.getByRole("button", { name: texts.add }).click();
    await answerCardPage("approve");
    await page.waitForURL((url) => url.pathname === pathTo("addPaymentCompleted", "es"));
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Tarjeta guardada: VISA •••• 4242" }).count())
      .toBeGreaterThan(0);
    const listed = cards.getByRole("listitem");
    await expect.poll(() => listed.count()).toBe(1);
    await expect.poll(() => listed.first().textContent()).toContain("VISA •••• 4242");
    await expect.poll(() => listed.first().getByText(texts.default, { exact: true }).isVisible()).toBe(true);
    // Phone first: the section fits the phone's width.
    const box = await cards.boundingBox();
    expect(box?.width ?? Infinity).toBeLessThanOrEqual(390);

    await cards.getByRole("button", { name: texts.add }).click();
    await answerCardPage("decline");
    await page.waitForURL((url) => url.pathname === pathTo("addPaymentFailed", "es"));
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: texts.outcome.failed.declined }).count())
      .toBeGreaterThan(0);
    // Still one card, the default.
    await expect.poll(() => page.locator("#cards").getByRole("listitem").count()).toBe(1);
  });
});
