import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { appleUrlAnswerSchema, authAnswerSchema } from "@shop/contracts";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { OAuth2Server } from "oauth2-mock-server";

/** A private key as jose makes them. */
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, freshEmail, registerCustomer, waitForMail } from "./helpers/accounts";
import { expectErrorShape, getJson, postJson, type ErrorBody } from "./helpers/http";
import { startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// Sign in with Apple (docs/decisions/011), against a key set this test publishes itself.

const CLIENT_ID = "es.imperfecta.test";
const APPLE = "https://appleid.apple.com";

function errorCode(body: ErrorBody): string | undefined {
  return (body.error.details as { code?: string }).code;
}

describe("Sign in with Apple, not configured", () => {
  let app: TestStrapi;
  beforeAll(async () => {
    app = await startStrapi({ SEED_DEMO_DATA: "false" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("is not offered: both calls answer a clear 400", async () => {
    const login = expectErrorShape(
      await postJson(`${app.api}/users-permissions/apple/login`, { accessToken: "x" }),
      400,
    );
    expect(errorCode(login)).toBe("providerUnavailable");
    expect(errorCode(expectErrorShape(await getJson(`${app.api}/users-permissions/get-apple-url`), 400))).toBe(
      "providerUnavailable",
    );
    // Nor Google, Microsoft or Facebook without their keys.
    expect((await getJson(`${app.api}/auth/providers`)).body).toEqual({ providers: [] });
    const google = expectErrorShape(await getJson(`${app.api}/auth/google/callback?access_token=x`), 400);
    expect(errorCode(google)).toBe("providerUnavailable");
  });
});

describe("Sign in with Apple", () => {
  let app: TestStrapi;
  let server: http.Server;
  let sign: (claims: Record<string, unknown>, options?: { key?: SigningKey; expiresIn?: string }) => Promise<string>;
  let strangerKey: SigningKey;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    strangerKey = (await generateKeyPair("RS256")).privateKey;
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
    server = http.createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    sign = (claims, options = {}) =>
      new SignJWT({ aud: CLIENT_ID, iss: APPLE, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "10m")
        .sign(options.key ?? privateKey);
    app = await startStrapi({
      SEED_DEMO_DATA: "false",
      APPLE_CLIENT_ID: CLIENT_ID,
      APPLE_JWKS_URL: `http://127.0.0.1:${port}/auth/keys`,
      APPLE_REDIRECT_URI: "https://shop.example/connect/apple/redirect",
    });
  });

  afterAll(async () => {
    await app?.stop();
    server?.close();
  });

  const login = async (accessToken: string) => postJson(`${app.api}/users-permissions/apple/login`, { accessToken });

  it("opens an account for a new customer, and the same one on the next sign-in", async () => {
    const email = freshEmail("apple");
    const token = await sign({ sub: `apple-${email}`, email, email_verified: "true" });
    const first = authAnswerSchema.parse((await login(token)).body);
    expect(first.user).toMatchObject({ email, provider: "apple", confirmed: true });
    expect((await getJson(`${app.api}/users/me`, { headers: bearer(first.jwt) })).status).toBe(200);
    const again = authAnswerSchema.parse((await login(await sign({ sub: `apple-${email}`, email }))).body);
    expect(again.user.id).toBe(first.user.id);
  });

  it("refuses a token with a bad signature, audience, issuer or expiry", async () => {
    const claims = { sub: "apple-x", email: freshEmail("apple"), email_verified: true };
    for (const token of [
      await sign(claims, { key: strangerKey }),
      await sign({ ...claims, aud: "someone.else" }),
      await sign({ ...claims, iss: "https://evil.example" }),
      await sign(claims, { expiresIn: "-1m" }),
      "not.a.token",
    ]) {
      expect(errorCode(expectErrorShape(await login(token), 400))).toBe("invalidToken");
    }
    expectErrorShape(await postJson(`${app.api}/users-permissions/apple/login`, { accessToken: 1 }), 400);
  });

  it("joins an existing account only when both sides verified the address", async () => {
    const confirmed = await registerCustomer(app.api);
    await app.strapi.db
      .query(CONTENT_TYPES.user)
      .update({ where: { id: confirmed.user.id }, data: { confirmed: true } });
    const joined = authAnswerSchema.parse(
      (await login(await sign({ sub: "apple-joined", email: confirmed.email, email_verified: true }))).body,
    );
    expect(joined.user.id).toBe(confirmed.user.id);

    // Registered but never confirmed: whoever registered may not own the address.
    const unconfirmed = await registerCustomer(app.api);
    const refused = expectErrorShape(
      await login(await sign({ sub: "apple-unconfirmed", email: unconfirmed.email, email_verified: true })),
      400,
    );
    expect(errorCode(refused)).toBe("accountExists");
    // Apple does not vouch for the address: no account is joined or made.
    const unverified = expectErrorShape(
      await login(await sign({ sub: "apple-unverified", email: confirmed.email, email_verified: false })),
      400,
    );
    expect(errorCode(unverified)).toBe("emailNotVerified");
    // A second Apple ID cannot take an account already linked to another.
    expectErrorShape(
      await login(await sign({ sub: "apple-other", email: confirmed.email, email_verified: true })),
      400,
    );
  });

  it("gives the authorization address with the configured client and return page", async () => {
    const answer = appleUrlAnswerSchema.parse((await getJson(`${app.api}/users-permissions/get-apple-url`)).body);
    const url = new URL(answer.url);
    expect(url.origin).toBe(APPLE);
    expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe("https://shop.example/connect/apple/redirect");
    expect(url.searchParams.get("state")).toBe(answer.state);
  });
});

describe("Sign in with Google, Microsoft and Facebook (docs/decisions/025)", () => {
  // The providers are one local OpenID Connect fake (oauth2-mock-server): who signs in next is `next`.
  const CLIENTS = { google: "shop-google", microsoft: "shop-microsoft", facebook: "shop-facebook" } as const;
  type Provider = keyof typeof CLIENTS;
  const CONSUMER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
  const STOREFRONT = "https://shop.example";
  let app: TestStrapi;
  let provider: OAuth2Server;
  let issuer: string;
  let next: Record<string, unknown> = {};

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    issuer = `http://127.0.0.1:${provider.address().port}`;
    provider.issuer.url = issuer;
    provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      Object.assign(token.payload, next);
    });
    provider.service.on("beforeUserinfo", (response: { body: unknown }) => {
      response.body = { id: next.sub, email: next.email };
    });
    const env: Record<string, string> = { SEED_DEMO_DATA: "false", STOREFRONT_URL: STOREFRONT };
    for (const [name, clientId] of Object.entries(CLIENTS)) {
      const prefix = name.toUpperCase();
      Object.assign(env, {
        [`${prefix}_CLIENT_ID`]: clientId,
        [`${prefix}_CLIENT_SECRET`]: `${name}-secret`,
        [`${prefix}_AUTHORIZATION_URL`]: `${issuer}/authorize`,
        [`${prefix}_TOKEN_URL`]: `${issuer}/token`,
      });
    }
    app = await startStrapi({
      ...env,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
      GOOGLE_ISSUER: issuer,
      GOOGLE_APP_CLIENT_IDS: "app-google, app-google-ios",
      MICROSOFT_JWKS_URL: `${issuer}/jwks`,
      MICROSOFT_ISSUER: `${issuer}/{tenantid}/v2.0`,
      MICROSOFT_APP_CLIENT_IDS: "app-microsoft",
      FACEBOOK_USERINFO_URL: `${issuer}/userinfo`,
    });
  });

  afterAll(async () => {
    await app?.stop();
    await provider?.stop();
  });

  const pkce = () => {
    const verifier = randomBytes(32).toString("base64url");
    return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
  };

  /** The whole flow as the storefront runs it: the CMS's authorization page, the provider's code, the trade. */
  async function signInAt(name: Provider, claims: Record<string, unknown>, { locale = "es" } = {}) {
    next = claims;
    const { verifier, challenge } = pkce();
    const authorize = await getJson<{ url: string }>(
      `${app.api}/auth/${name}/authorize?${new URLSearchParams({ locale, state: "state-0123456789abcdef", code_challenge: challenge })}`,
    );
    expect(authorize.status).toBe(200);
    const atProvider = await fetch(authorize.body.url, { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location")!);
    const code = back.searchParams.get("code")!;
    const query = new URLSearchParams({ code, code_verifier: verifier, locale });
    return { response: await getJson(`${app.api}/auth/${name}/callback?${query}`), code, verifier };
  }

  const microsoftClaims = (oid: string, email: string, { tenant = CONSUMER_TENANT, edov = false } = {}) => ({
    sub: `pairwise-${oid}`,
    oid,
    tid: tenant,
    email,
    iss: `${issuer}/${tenant}/v2.0`,
    ...(edov ? { xms_edov: true } : {}),
  });

  async function confirmedCustomer() {
    const customer = await registerCustomer(app.api);
    await app.strapi.db
      .query("plugin::users-permissions.user")
      .update({ where: { id: customer.user.id }, data: { confirmed: true } });
    return customer;
  }

  it("lists the providers with keys and builds each one's page with the state, PKCE S256 and the localised return page", async () => {
    expect((await getJson(`${app.api}/auth/providers`)).body).toEqual({
      providers: ["google", "microsoft", "facebook"],
    });
    const { challenge } = pkce();
    const answer = await getJson<{ url: string }>(
      `${app.api}/auth/microsoft/authorize?locale=ca&state=state-0123456789abcdef&code_challenge=${challenge}`,
    );
    const url = new URL(answer.body.url);
    expect(url.origin + url.pathname).toBe(`${issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENTS.microsoft,
      redirect_uri: `${STOREFRONT}/ca/connect/microsoft/redirect`,
      response_type: "code",
      state: "state-0123456789abcdef",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    expect(url.searchParams.has("client_secret")).toBe(false);
    // A bad query or another provider: a 400 that says so, never a 500.
    expectErrorShape(await getJson(`${app.api}/auth/google/authorize?locale=xx&state=short&code_challenge=x`), 400);
    const other = expectErrorShape(await getJson(`${app.api}/auth/github/authorize`), 400);
    expect(errorCode(other)).toBe("providerUnavailable");
    expectErrorShape(await getJson(`${app.api}/auth/google/callback?code=a&code=b`), 400);
  });

  it("opens an account for a new customer from Google, and the same one the next time; a code is spent once", async () => {
    const email = freshEmail("google");
    const { response, code, verifier } = await signInAt("google", { sub: `g-${email}`, email, email_verified: true });
    const first = authAnswerSchema.parse(response.body);
    expect(first.user).toMatchObject({ email, provider: "google", confirmed: true });
    expect((await getJson(`${app.api}/users/me`, { headers: bearer(first.jwt) })).status).toBe(200);
    const again = authAnswerSchema.parse(
      (await signInAt("google", { sub: `g-${email}`, email: "changed@example.test", email_verified: true })).response
        .body,
    );
    expect(again.user.id).toBe(first.user.id);
    const replayed = expectErrorShape(
      await getJson(
        `${app.api}/auth/google/callback?${new URLSearchParams({ code, code_verifier: verifier, locale: "es" })}`,
      ),
      400,
    );
    expect(errorCode(replayed)).toBe("invalidCode");
  });

  it("refuses a code traded with another verifier", async () => {
    const { verifier, challenge } = pkce();
    next = { sub: "g-wrong-verifier", email: freshEmail("google"), email_verified: true };
    const authorize = await getJson<{ url: string }>(
      `${app.api}/auth/google/authorize?locale=es&state=state-0123456789abcdef&code_challenge=${challenge}`,
    );
    const code = new URL(
      (await fetch(authorize.body.url, { redirect: "manual" })).headers.get("location")!,
    ).searchParams.get("code")!;
    const other = pkce().verifier;
    expect(other).not.toBe(verifier);
    const refused = expectErrorShape(
      await getJson(
        `${app.api}/auth/google/callback?${new URLSearchParams({ code, code_verifier: other, locale: "es" })}`,
      ),
      400,
    );
    expect(errorCode(refused)).toBe("invalidCode");
  });

  it("joins an existing account only when the provider vouches for the address and the shop confirmed it", async () => {
    const confirmed = await confirmedCustomer();
    // Google does not vouch for it: told to sign in otherwise, nothing joined.
    const unverified = await signInAt("google", { sub: "g-unverified", email: confirmed.email, email_verified: false });
    expect(errorCode(expectErrorShape(unverified.response, 400))).toBe("accountExists");
    const joined = authAnswerSchema.parse(
      (await signInAt("google", { sub: "g-joined", email: confirmed.email, email_verified: true })).response.body,
    );
    expect(joined.user.id).toBe(confirmed.user.id);

    // Registered, never confirmed: whoever registered may not own the address.
    const unconfirmed = await registerCustomer(app.api);
    const refused = await signInAt("google", { sub: "g-unconfirmed", email: unconfirmed.email, email_verified: true });
    expect(errorCode(expectErrorShape(refused.response, 400))).toBe("accountExists");

    // Microsoft: a personal account's address is vouched for; a work tenant's only with xms_edov.
    const work = await signInAt("microsoft", microsoftClaims("oid-work", confirmed.email, { tenant: "tenant-a" }));
    expect(errorCode(expectErrorShape(work.response, 400))).toBe("accountExists");
    const owner = await signInAt(
      "microsoft",
      microsoftClaims("oid-owner", confirmed.email, { tenant: "tenant-a", edov: true }),
    );
    expect(authAnswerSchema.parse(owner.response.body).user.id).toBe(confirmed.user.id);

    // Facebook never vouches (its Graph API says nothing about verification).
    const facebook = await signInAt("facebook", { sub: "fb-existing", email: confirmed.email });
    expect(errorCode(expectErrorShape(facebook.response, 400))).toBe("accountExists");
  });

  it("opens a Facebook account unconfirmed and mails the confirmation link", async () => {
    const email = freshEmail("facebook");
    const answer = authAnswerSchema.parse((await signInAt("facebook", { sub: `fb-${email}`, email })).response.body);
    expect(answer.user).toMatchObject({ email, provider: "facebook", confirmed: false });
    await waitForMail(app.outboxDir, email, /confirm/i);
  });

  it("takes the app's ID token: checked against the provider's keys, issuer and audience", async () => {
    const appToken = (claims: Record<string, unknown>, expiresIn = 600) =>
      provider.issuer.buildToken({
        expiresIn,
        scopesOrTransform: (_header, payload) => Object.assign(payload, claims),
      });
    const email = freshEmail("app");
    const callback = async (name: Provider, token: string) =>
      getJson(`${app.api}/auth/${name}/callback?${new URLSearchParams({ access_token: token })}`);
    const signedIn = authAnswerSchema.parse(
      (
        await callback(
          "google",
          await appToken({ aud: "app-google-ios", sub: `app-${email}`, email, email_verified: true }),
        )
      ).body,
    );
    expect(signedIn.user.email).toBe(email);
    // Microsoft's pairwise sub differs between the web client and the app; its tenant and object id do not.
    const web = authAnswerSchema.parse(
      (await signInAt("microsoft", microsoftClaims("oid-same", freshEmail("ms")))).response.body,
    );
    const fromApp = authAnswerSchema.parse(
      (
        await callback(
          "microsoft",
          await appToken({
            ...microsoftClaims("oid-same", "x@example.test"),
            aud: "app-microsoft",
            sub: "other-pairwise",
          }),
        )
      ).body,
    );
    expect(fromApp.user.id).toBe(web.user.id);

    for (const token of [
      await appToken({ aud: "someone-else", sub: "x", email, email_verified: true }),
      await appToken({ aud: "app-google", sub: "x", email, email_verified: true, iss: "https://evil.example" }),
      await appToken({ aud: "app-google", sub: "x", email, email_verified: true }, -600),
      "not.a.token",
    ]) {
      expect(errorCode(expectErrorShape(await callback("google", token), 400))).toBe("invalidToken");
    }
    // Facebook signs in through its login page only.
    expect(errorCode(expectErrorShape(await callback("facebook", "EAAB-token"), 400))).toBe("providerUnavailable");
  });
});
