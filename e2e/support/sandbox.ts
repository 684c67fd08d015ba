import { inject } from "vitest";
import type { Page } from "playwright-core";

/**
 * Waits until the storefront has sent the browser to the CMS's sandbox payment page, at the address
 * browsers reach the CMS by (not the storefront's private CMS_URL): the storefront refuses to send a
 * customer to a payment page it does not know, and then this times out.
 */
export async function onSandboxPage(page: Page) {
  const sandbox = inject("cmsPublicUrl");
  await page.waitForURL((url) => url.origin === new URL(sandbox).origin && url.pathname.includes("/sandbox"));
}

/** On the sandbox payment page, approves or declines the payment (its buttons post a decision). */
export async function decideOnSandbox(page: Page, decision: "approve" | "decline") {
  await onSandboxPage(page);
  await page.locator(`form:has(input[name="decision"][value="${decision}"]) button`).click();
}
