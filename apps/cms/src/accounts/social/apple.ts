import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type { AuthAnswer } from "@shop/contracts";
import type * as JoseModule from "jose" with { "resolution-mode": "import" };
import { getEnv } from "../../env";
import { signInWithIdentity } from "./identities";
import type { Caller } from "../accounts";
import { AccountError } from "../errors";
import { takeAllowance } from "../../rate-limits/rate-limits";

/**
 * Sign in with Apple (docs/decisions/011): the identity token's signature is checked against the
 * keys published at APPLE_JWKS_URL, its issuer, audience (APPLE_CLIENT_ID) and expiry too. Without
 * APPLE_CLIENT_ID the provider is not offered and its calls answer 400 "not available".
 *
 * The account it opens follows the rules of every provider (src/accounts/social/identities.ts): an
 * existing account is joined only when Apple says the address is verified and the shop confirmed it.
 */

const APPLE_ISSUER = "https://appleid.apple.com";

interface AppleClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
}

type Jose = typeof JoseModule;
let jose: Promise<Jose> | undefined;
const keySets = new Map<string, ReturnType<Jose["createRemoteJWKSet"]>>();

function apple() {
  const config = getEnv().apple;
  if (!config) throw new AccountError("providerUnavailable", "Sign-in with Apple is not available");
  return config;
}

/** The identity token's claims, or AccountError("invalidToken") when anything about it is wrong. */
async function verifyIdentityToken(token: string): Promise<AppleClaims> {
  const config = apple();
  // jose is an ES module: loaded on first use (Node 20.19+ and 22 load it from CommonJS this way).
  jose ??= import("jose");
  const { createRemoteJWKSet, jwtVerify } = await jose;
  let keys = keySets.get(config.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(config.jwksUrl, keys);
  }
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: APPLE_ISSUER,
      audience: config.clientId,
      algorithms: ["RS256", "ES256"],
    });
    if (typeof payload.sub !== "string" || payload.sub === "") throw new Error("no subject");
    const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : undefined;
    // Apple writes booleans as strings in some tokens.
    const emailVerified = payload.email_verified === true || payload.email_verified === "true";
    return { sub: payload.sub, ...(email ? { email } : {}), emailVerified };
  } catch (error) {
    if (error instanceof AccountError) throw error;
    throw new AccountError("invalidToken", "The Apple sign-in could not be verified", "accessToken");
  }
}

/** POST /users-permissions/apple/login: a session for the customer the identity token names. */
export async function signInWithApple(strapi: Core.Strapi, identityToken: string, caller: Caller): Promise<AuthAnswer> {
  apple();
  await takeAllowance("signInPerAddress", caller.address);
  const claims = await verifyIdentityToken(identityToken);
  const identity = { provider: "apple" as const, subject: claims.sub, ...claims };
  return signInWithIdentity(strapi, identity, caller, { unverifiedEmail: "refuse" });
}

/** GET /users-permissions/get-apple-url: Apple's authorization page for this shop, with a fresh state. */
export function appleAuthorizationUrl(): { url: string; state: string } {
  const config = apple();
  if (!config.redirectUri) throw new AccountError("providerUnavailable", "Sign-in with Apple is not available");
  const state = randomBytes(16).toString("hex");
  const url = new URL(`${APPLE_ISSUER}/auth/authorize`);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", config.redirectUri);
  url.searchParams.set("response_type", "code id_token");
  url.searchParams.set("response_mode", "form_post");
  url.searchParams.set("scope", "name email");
  url.searchParams.set("state", state);
  return { url: url.toString(), state };
}
