import { describe, expect, it, vi } from "vitest";
import { cmsError, json, useFakeCms } from "../tests/fake-cms";
import { createHash } from "node:crypto";
import type { Locale } from "@shop/routing";
import { resolveRequestContext } from "../server/request-context";
import { CMS_DATA_FRESH_MS } from "./cache.server";
import type { SocialProvider } from "./social";
import {
  connectWithProvider,
  finishAppleSignIn,
  finishSocialSignIn,
  oauthProviderList,
  providerOffer,
} from "./social.server";

const cms = useFakeCms();

/** What the server hands the route (server/request-context.ts): the request's cookies, parsed once. */
function contextOf(request: Request, locale: Locale, clientIp: string) {
  const { cookies, sessionToken } = resolveRequestContext(new URL(request.url).pathname, {
    cookie: request.headers.get("Cookie") ?? undefined,
  });
  return { locale, clientIp, cookies, sessionToken };
}

const connect = (request: Request, provider: SocialProvider, locale: Locale, clientIp: string) =>
  connectWithProvider(request, provider, contextOf(request, locale, clientIp));
const finishSocial = (request: Request, provider: SocialProvider, locale: Locale, clientIp: string) =>
  finishSocialSignIn(request, provider, contextOf(request, locale, clientIp));
const finishApple = (request: Request, form: FormData, locale: Locale, clientIp: string) =>
  finishAppleSignIn(form, contextOf(request, locale, clientIp));

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
    const response = await finishSocial(
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
    const response = await finishSocial(
      comingBack("/connect/google/redirect?access_token=abc", "shop_return_to=%2F%2Fevil.example"),
      "google",
      "es",
      "203.0.113.5",
    );
    expect(response.headers.get("Location")).toBe("/mi-cuenta");
  });

  it("sends an answer with neither token nor customer home with the error and the provider", async () => {
    cms.otherwise(json({ data: null, error: { status: 400, message: "Not available" } }, 400));
    const response = await finishSocial(
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
    const response = await finishSocial(comingBack("/callback?provider=google"), "google", "es", "203.0.113.5");
    expect(new URL(response.headers.get("Location") ?? "", "http://shop.test").searchParams.get("error")).toBe(
      "missingAccessToken",
    );
    expect(cms.calls).toEqual([]);
  });

  it("refuses Apple's post when its state is not the one this browser was given", async () => {
    const form = new FormData();
    form.set("id_token", "an-identity-token");
    form.set("state", "posted-by-someone-else");
    const response = await finishApple(
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
    const accepted = await finishApple(
      comingBack("/connect/apple/redirect", "shop_apple_state=the-real-state"),
      form,
      "es",
      "203.0.113.5",
    );
    expect(accepted.headers.get("Location")).toBe("/mi-cuenta");
    expect(cms.calls[0]?.body).toEqual({ accessToken: "an-identity-token" });
  });
});

describe("the authorization-code flow of Google, Microsoft and Facebook (docs/decisions/025)", () => {
  const PROVIDER_PAGE = "https://accounts.example/authorize?client_id=shop";
  const locationOf = (response: Response) => new URL(response.headers.get("Location") ?? "", "http://shop.test");

  /** The start: the flow's cookie (provider.locale.state.verifier) and the challenge the CMS was given. */
  async function started(provider: "google" | "microsoft" | "facebook", locale: "es" | "ca" | "pt" = "es") {
    cms.otherwise((call) => json({ url: `${PROVIDER_PAGE}&for=${encodeURIComponent(call.path)}` }));
    const response = await connect(comingBack(`/connect/${provider}/redirect`), provider, locale, "203.0.113.5");
    const cookie = /shop_oauth=([^;]+);/.exec(cookiesOf(response))?.[1] ?? "";
    const [, , state = "", verifier = ""] = cookie.split(".");
    const asked = new URL(cms.calls[0]?.path ?? "", "http://cms.test");
    cms.reset();
    return { response, cookie, state, verifier, asked };
  }

  it("starts with a fresh state and an S256 challenge of a verifier kept in an httpOnly cookie", async () => {
    const { response, cookie, state, verifier, asked } = await started("microsoft", "ca");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/accounts\.example\/authorize/);
    expect(cookiesOf(response)).toMatch(/shop_oauth=[^;]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie.split(".").slice(0, 2)).toEqual(["microsoft", "ca"]);
    expect(asked.pathname).toBe("/auth/microsoft/authorize");
    expect(asked.searchParams.get("state")).toBe(state);
    expect(asked.searchParams.get("locale")).toBe("ca");
    expect(asked.searchParams.get("code_challenge")).toBe(createHash("sha256").update(verifier).digest("base64url"));
    // Never the verifier itself: only this browser's cookie and the CMS's trade see it.
    expect(response.headers.get("Location")).not.toContain(verifier);
    expect((await started("microsoft")).state).not.toBe(state);
  });

  it("has the CMS trade the code with the verifier when the state is this browser's, and spends the cookie", async () => {
    const { cookie, state, verifier } = await started("google");
    cms.otherwise(json({ jwt: "google-token", user }));
    const response = await connect(
      comingBack(`/connect/google/redirect?code=the-code&state=${state}`, `shop_oauth=${cookie}`),
      "google",
      "es",
      "203.0.113.5",
    );
    expect(response.headers.get("Location")).toBe("/mi-cuenta");
    expect(cookiesOf(response)).toMatch(/shop_session=google-token/);
    expect(cookiesOf(response)).toMatch(/shop_oauth=; Max-Age=0/);
    const traded = new URL(cms.calls[0]?.path ?? "", "http://cms.test");
    expect(traded.pathname).toBe("/auth/google/callback");
    expect(Object.fromEntries(traded.searchParams)).toEqual({
      code: "the-code",
      code_verifier: verifier,
      locale: "es",
    });
  });

  it.each([
    ["a forged state", (state: string) => `code=c&state=${state}x`, "invalidState"],
    ["no state", () => "code=c", "invalidState"],
    ["the customer's no", (state: string) => `error=access_denied&state=${state}`, "cancelled"],
    ["another error of the provider", (state: string) => `error=server_error&state=${state}`, "providerError"],
  ])("answers %s without asking the CMS", async (_, query, error) => {
    const { cookie, state } = await started("facebook", "pt");
    const response = await connect(
      comingBack(`/pt/connect/facebook/redirect?${query(state)}`, `shop_oauth=${cookie}`),
      "facebook",
      "pt",
      "203.0.113.5",
    );
    expect(locationOf(response).pathname).toBe("/pt");
    expect(locationOf(response).searchParams.get("error")).toBe(error);
    expect(cookiesOf(response)).toMatch(/shop_oauth=; Max-Age=0/);
    expect(cms.calls).toEqual([]);
  });

  it("refuses a way back for another provider than the one this browser started", async () => {
    const { cookie, state } = await started("google");
    const response = await connect(
      comingBack(`/connect/microsoft/redirect?code=c&state=${state}`, `shop_oauth=${cookie}`),
      "microsoft",
      "es",
      "203.0.113.5",
    );
    expect(locationOf(response).searchParams.get("error")).toBe("invalidState");
    expect(cms.calls).toEqual([]);
  });

  it("takes the app's token only from the shop's own pages", async () => {
    const crossSite = await finishSocial(
      new Request("http://shop.test/connect/google/redirect?access_token=abc", {
        headers: { "Sec-Fetch-Site": "cross-site" },
      }),
      "google",
      "es",
      "203.0.113.5",
    );
    expect(locationOf(crossSite).searchParams.get("error")).toBe("invalidState");
    expect(cms.calls).toEqual([]);
    cms.otherwise(json({ jwt: "app-token", user }));
    const own = await finishSocial(
      new Request("http://shop.test/connect/google/redirect?access_token=abc", {
        headers: { "Sec-Fetch-Site": "same-origin" },
      }),
      "google",
      "es",
      "203.0.113.5",
    );
    expect(own.headers.get("Location")).toBe("/mi-cuenta");
  });
});

describe("the social sign-in offered on the sign-in and register pages", () => {
  it("links the providers with keys, labelled, remembering Apple's state and the guard's target", async () => {
    cms.on(
      "GET /users-permissions/get-apple-url",
      json({ url: "https://appleid.example/auth?state=s1", state: "apple-state" }),
    );
    cms.on("GET /auth/providers", json({ providers: ["google", "microsoft"] }));
    const { providers, headers } = await providerOffer(
      new Request("http://shop.test/ca/inicia-sessio?redirect=%2Fca%2Fel-meu-compte%2Fperfil"),
      "ca",
    );
    expect(providers.map(({ id, url }) => [id, url])).toEqual([
      ["apple", "https://appleid.example/auth?state=s1"],
      ["google", "/ca/connect/google/redirect"],
      ["microsoft", "/ca/connect/microsoft/redirect"],
    ]);
    expect(providers[1]?.label).toContain("Google");
    const cookies = headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/shop_apple_state=apple-state; .*HttpOnly/);
    expect(cookies).toMatch(/shop_return_to=%2Fca%2Fel-meu-compte%2Fperfil; /);

    // The next view asks Apple's address again (a fresh state), not the provider list.
    await providerOffer(new Request("http://shop.test/ca/registre"), "ca");
    expect(cms.calls.map((call) => call.path).sort()).toEqual([
      "/auth/providers",
      "/users-permissions/get-apple-url",
      "/users-permissions/get-apple-url",
    ]);
  });
});

describe("the provider list, kept per process", () => {
  function listAt() {
    let time = 0;
    return { list: oauthProviderList({ now: () => time }), advance: (ms: number) => (time += ms) };
  }
  const asked = () => cms.calls.filter((call) => call.path === "/auth/providers").length;

  it("asks the CMS once while fresh, and again once it is older than CMS_DATA_FRESH_MS", async () => {
    let answer = ["google"];
    cms.on("GET /auth/providers", () => json({ providers: answer }));
    const { list, advance } = listAt();
    expect(await list.get()).toEqual(["google"]);
    advance(CMS_DATA_FRESH_MS - 1);
    expect(await list.get()).toEqual(["google"]);
    expect(asked()).toBe(1);

    answer = ["google", "facebook"];
    advance(1);
    // Served as it was while the refresh runs; the next view has the new list.
    expect(await list.get()).toEqual(["google"]);
    await vi.waitFor(() => expect(asked()).toBe(2));
    await vi.waitFor(async () => expect(await list.get()).toEqual(["google", "facebook"]));
    expect(asked()).toBe(2);
  });

  it("offers none while the CMS has never answered, and asks again on a later view", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    cms.on("GET /auth/providers", cmsError(503, { name: "ServiceUnavailableError" }));
    const { list, advance } = listAt();
    expect(await list.get()).toEqual([]);
    const refusals = asked();

    cms.on("GET /auth/providers", json({ providers: ["microsoft"] }));
    advance(CMS_DATA_FRESH_MS);
    await list.get();
    await vi.waitFor(async () => expect(await list.get()).toEqual(["microsoft"]));
    expect(asked()).toBe(refusals + 1);
  });
});
