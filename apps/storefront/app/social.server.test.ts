import { describe, expect, it } from "vitest";
import { json, useFakeCms } from "../tests/fake-cms";
import { finishAppleSignIn, finishSocialSignIn } from "./social.server";

const cms = useFakeCms();

const user = {
  id: 7,
  email: "ana@example.test",
  provider: "google",
  confirmed: true,
  firstName: "Ana",
  lastName: null,
  phone: null,
  preferredLocale: "ca",
  customerKind: "consumer",
  companyName: null,
  taxId: null,
  newsletter: false,
  createdAt: "2026-11-01T10:00:00.000Z",
};

function comingBack(path: string, cookie = "", init: RequestInit = {}): Request {
  return new Request(`http://shop.test${path}`, { ...init, headers: { Cookie: cookie } });
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().join("\n");

describe("the way back from a sign-in provider", () => {
  it("signs in and goes where the guard left off when the answer has a token and a customer", async () => {
    cms.otherwise(json({ jwt: "new-token", user }));
    const response = await finishSocialSignIn(
      comingBack("/ca/connect/google/redirect?access_token=abc", "shop_return_to=%2Fca%2Fel-meu-compte%2Fperfil"),
      "google",
      "ca",
      "203.0.113.5",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ca/el-meu-compte/perfil");
    expect(cookiesOf(response)).toMatch(/shop_session=new-token; .*HttpOnly/);
    expect(cookiesOf(response)).toMatch(/shop_return_to=; Max-Age=0/);
    expect(cms.calls[0]?.path).toBe("/auth/google/callback?access_token=abc");
  });

  it("goes to the account when nothing was waiting, never to another site", async () => {
    cms.otherwise(json({ jwt: "new-token", user }));
    const response = await finishSocialSignIn(
      comingBack("/connect/google/redirect?access_token=abc", "shop_return_to=%2F%2Fevil.example"),
      "google",
      "es",
      "203.0.113.5",
    );
    expect(response.headers.get("Location")).toBe("/mi-cuenta");
  });

  it("sends an answer with neither token nor customer home with the error and the provider", async () => {
    cms.otherwise(json({ data: null, error: { status: 400, message: "Not available" } }, 400));
    const response = await finishSocialSignIn(
      comingBack("/pt/connect/facebook/redirect?access_token=abc"),
      "facebook",
      "pt",
      "203.0.113.5",
    );
    const location = new URL(response.headers.get("Location") ?? "", "http://shop.test");
    expect(location.pathname).toBe("/pt");
    expect(location.searchParams.get("provider")).toBe("facebook");
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(cookiesOf(response)).not.toMatch(/shop_session=[^;]/);
  });

  it("does not ask the CMS without an access token", async () => {
    const response = await finishSocialSignIn(comingBack("/callback?provider=google"), "google", "es", "203.0.113.5");
    expect(new URL(response.headers.get("Location") ?? "", "http://shop.test").searchParams.get("error")).toBe(
      "missingAccessToken",
    );
    expect(cms.calls).toEqual([]);
  });

  it("refuses Apple's post when its state is not the one this browser was given", async () => {
    const form = new FormData();
    form.set("id_token", "an-identity-token");
    form.set("state", "posted-by-someone-else");
    const response = await finishAppleSignIn(
      comingBack("/connect/apple/redirect", "shop_apple_state=the-real-state"),
      form,
      "es",
      "203.0.113.5",
    );
    expect(new URL(response.headers.get("Location") ?? "", "http://shop.test").searchParams.get("error")).toBe(
      "invalidState",
    );
    expect(cms.calls).toEqual([]);

    cms.otherwise(json({ jwt: "apple-token", user: { ...user, provider: "apple" } }));
    form.set("state", "the-real-state");
    const accepted = await finishAppleSignIn(
      comingBack("/connect/apple/redirect", "shop_apple_state=the-real-state"),
      form,
      "es",
      "203.0.113.5",
    );
    expect(accepted.headers.get("Location")).toBe("/mi-cuenta");
    expect(cms.calls[0]?.body).toEqual({ accessToken: "an-identity-token" });
  });
});
