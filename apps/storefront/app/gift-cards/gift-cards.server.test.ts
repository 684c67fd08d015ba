import { defaultCmsPublicUrl, GIFT_CARD_PURCHASE_HEADER } from "@shop/contracts";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { fieldRefusal, json, useFakeCms } from "../../tests/fake-cms";
import { env } from "../env.server";
import { loadPurchase, PURCHASE_COOKIE, submitPurchase } from "./gift-cards.server";

const cms = useFakeCms();

const SANDBOX = `${new URL(env.CMS_PUBLIC_URL ?? defaultCmsPublicUrl(env.CMS_URL)).origin}/api/payments/sandbox/1234ABCDEFGH`;

const FORM: [string, string][] = [
  ["amount", "custom"],
  ["customAmount", "45"],
  ["design", "sunrise"],
  ["recipientName", "Lucía"],
  ["recipientEmail", "lucia@example.test"],
  ["recipientLocale", "pt"],
  ["message", "Bon profit"],
  ["senderName", "Andreu"],
  ["when", "now"],
  ["sendOn", ""],
  ["buyerEmail", "andreu@example.test"],
];

const context = (cookies: Record<string, string> = {}) =>
  ({ locale: "ca", clientIp: "203.0.113.9", cookies }) as unknown as AppLoadContext;

const post = (fields: [string, string][]) =>
  new Request("http://shop.test/ca/targeta-regal-digital/crear", { method: "POST", body: new URLSearchParams(fields) });

/** React Router's data(): what an action answered with its status. */
const answered = (result: unknown) => result as { data: Record<string, unknown>; init: ResponseInit | null };

describe("a gift card's purchase on the storefront's server", () => {
  it("sends the typed amount in cents and the page's language, keeps the token in an httpOnly cookie and goes to pay", async () => {
    cms.on(
      "POST /gift-cards/purchases",
      json({ token: "tok_abc", payment: { method: "GET", url: SANDBOX, fields: {} } }, 201),
    );
    const response = (await submitPurchase(post(FORM), context())) as Response;

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(SANDBOX);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${PURCHASE_COOKIE}=tok_abc;`));
    expect(cookie).toMatch(/HttpOnly/i);
    const [call] = cms.callsTo("POST /gift-cards/purchases");
    expect(call?.clientIp).toBe("203.0.113.9");
    expect(call?.body).toMatchObject({
      amount: 4500,
      design: "sunrise",
      recipientLocale: "pt",
      sendOn: null,
      locale: "ca",
    });
  });

  it("answers the form's own problems beside their fields without asking the CMS, keeping what was typed", async () => {
    const fields = FORM.map(([name, value]): [string, string] => [name, name === "buyerEmail" ? "andreu" : value]);
    const result = answered(await submitPurchase(post(fields), context()));
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual({ buyerEmail: { code: "invalidEmail" } });
    expect(result.data.values).toMatchObject({ buyerEmail: "andreu", recipientName: "Lucía" });
    expect(cms.calls).toHaveLength(0);
  });

  it("puts the CMS's refusal of the amount beside it, and a gateway that cannot start as the form's", async () => {
    cms.on("POST /gift-cards/purchases", fieldRefusal({ amount: "above_maximum" }));
    const refused = answered(await submitPurchase(post(FORM), context()));
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual({ amount: { code: "above_maximum" } });

    cms.on(
      "POST /gift-cards/purchases",
      json({ data: null, error: { status: 503, name: "ServiceUnavailableError", message: "down", details: {} } }, 503),
    );
    const failed = answered(await submitPurchase(post(FORM), context()));
    expect(failed.init?.status).toBe(503);
    expect(failed.data.errors).toEqual({ form: { code: "sendFailed" } });
  });

  it("answers 400, not 500, to a body that is not a form, without asking the CMS", async () => {
    const broken = new Request("http://shop.test/ca/targeta-regal-digital/crear", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing" },
      body: "not multipart at all",
    });
    const thrown = await submitPurchase(broken, context()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(answered(thrown).init?.status).toBe(400);
    expect(cms.calls).toHaveLength(0);
  });

  it("reads the visitor's purchase by the cookie's token in a header, and asks nothing without one", async () => {
    expect(await loadPurchase(context())).toBeNull();
    expect(cms.calls).toHaveLength(0);

    const purchase = {
      state: "failed",
      amount: 4500,
      design: "sunrise",
      recipientName: "Lucía",
      recipientEmail: "lucia@example.test",
      recipientLocale: "pt",
      message: null,
      senderName: "Andreu",
      buyerEmail: "andreu@example.test",
      sendOn: null,
      sentAt: null,
    };
    cms.on("GET /gift-cards/purchases/current", json(purchase));
    expect(await loadPurchase(context({ [PURCHASE_COOKIE]: "tok_abc" }))).toEqual(purchase);
    expect(cms.callsTo("GET /gift-cards/purchases/current")[0]?.headers.get(GIFT_CARD_PURCHASE_HEADER)).toBe("tok_abc");
  });
});
