import { beforeEach, describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../../tests/fake-cms";
import type { AppLoadContext } from "react-router";
import { messagesFor } from "~/i18n";
import { action } from "./newsletter-signup";

const cms = useFakeCms();

beforeEach(() => {
  cms.on("POST /newsletter/subscribe", json({ ok: true }));
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const VISITOR = "203.0.113.9";

/** The footer's form as a browser posts it: by the fetcher (a `.data` request) or, before JavaScript, as a page. */
async function send(fields: Record<string, string>, { dataRequest = true } = {}) {
  const request = new Request(`http://shop.test/newsletter${dataRequest ? ".data" : ""}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const context = { locale: "es", clientIp: VISITOR, dataRequest, screen: null, cspNonce: "n" } as AppLoadContext;
  return (await action({ request, context, params: {} } as Parameters<typeof action>[0])) as unknown;
}

const filled = { email: "Ana@Example.test", consent: "true", locale: "ca", returnTo: "/ca/equip", website: "" };

describe("the footer's newsletter signup", () => {
  it("asks the CMS with the words shown beside the box, in the page's language, and the visitor's address", async () => {
    const answer = (await send(filled)) as { data: unknown; init: { status: number } };
    expect(answer.data).toEqual({ status: "sent" });
    expect(answer.init.status).toBe(200);
    expect(cms.calls).toMatchObject([
      {
        method: "POST",
        path: "/newsletter/subscribe",
        body: {
          email: "ana@example.test",
          locale: "ca",
          wording: messagesFor("ca").newsletterSignup.consent,
          source: "footer",
        },
        clientIp: VISITOR,
      },
    ]);
  });

  it("refuses without the ticked box or a valid address, beside each field, without asking the CMS", async () => {
    const answer = (await send({ ...filled, email: "not an address", consent: "" })) as {
      data: unknown;
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toEqual({
      status: "invalid",
      errors: { email: { code: "invalidEmail" }, consent: { code: "required" } },
      email: "not an address",
    });
    expect(cms.calls).toEqual([]);
  });

  it("answers a bot that filled the hidden field as if sent, and mails nobody", async () => {
    expect(((await send({ ...filled, website: "http://spam.test" })) as { data: unknown }).data).toEqual({
      status: "sent",
    });
    expect(cms.calls).toEqual([]);
  });

  it("passes on the CMS's limit and its failures with their statuses", async () => {
    cms.on("POST /newsletter/subscribe", cmsError(429, { headers: { "Retry-After": "60" } }));
    expect(((await send(filled)) as { init: { status: number } }).init.status).toBe(429);
    cms.on("POST /newsletter/subscribe", cmsError(500));
    expect(((await send(filled)) as { init: { status: number } }).init.status).toBe(503);
  });

  it("before JavaScript, goes back to the page with a one-time notice, and only to a page of this site", async () => {
    const back = (await send(filled, { dataRequest: false })) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/ca/equip");
    expect(back.headers.get("Set-Cookie")).toMatch(/^shop_flash=newsletterRequested;/);
    const elsewhere = (await send({ ...filled, returnTo: "//evil.test/" }, { dataRequest: false })) as Response;
    expect(elsewhere.headers.get("Location")).toBe("/ca");
  });

  it("before JavaScript, says what was wrong on a short page with a 4xx", async () => {
    const refused = (await send({ ...filled, consent: "" }, { dataRequest: false })) as Response;
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('lang="ca-ES"');
    expect(page).toContain(messagesFor("ca").newsletterSignup.consentRequired.replace("'", "&#39;"));
    expect(page).toContain('href="/ca/equip"');
  });
});
