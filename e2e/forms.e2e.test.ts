import { describe, expect, inject, it } from "vitest";
import { pathTo } from "@shop/routing";
import { messagesFor } from "../apps/storefront/app/i18n";
import { useBrowserSession } from "./support/browser";

const base = inject("storefrontUrl");
const session = useBrowserSession(base);

describe("the public forms' checks in the browser", () => {
  it.each([
    ["contact", "es"],
    ["companies", "pt"],
  ] as const)(
    "the %s form (%s) loads its rules when the visitor starts, then refuses without a round trip",
    async (screen, locale) => {
      const scripts: string[] = [];
      const posts: string[] = [];
      session.page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
        if (request.method() === "POST") posts.push(request.url());
      });
      await session.page.goto(pathTo(screen, locale));
      await session.page.waitForLoadState("networkidle");
      const loadedWithPage = scripts.length;

      const form = session.page.locator("main form");
      const name = form.getByLabel(messagesFor(locale).forms.name);
      await name.focus();
      // The rules (and zod) are not part of the page's first load: focusing the form fetches them
      // (at hydration, when the focus came before it).
      await expect.poll(() => scripts.length).toBeGreaterThan(loadedWithPage);
      await session.page.locator("main form[data-checks-ready]").waitFor();

      await name.fill("Ana");
      await form.getByRole("button", { name: messagesFor(locale).forms.send }).click();
      await expect.poll(() => form.getByRole("alert").textContent()).toBe(messagesFor(locale).forms.fixErrors);
      expect(await session.page.locator("#email").getAttribute("aria-invalid")).toBe("true");
      expect(posts).toEqual([]);
    },
  );
});
