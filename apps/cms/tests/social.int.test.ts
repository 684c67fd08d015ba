import http from "node:http";
import type { AddressInfo } from "node:net";
import { appleUrlAnswerSchema, authAnswerSchema } from "@shop/contracts";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

/** A private key as jose makes them. */
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, freshEmail, registerCustomer } from "./helpers/accounts";
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
