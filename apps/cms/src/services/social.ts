import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type { AuthAnswer } from "@shop/contracts";
import type * as JoseModule from "jose" with { "resolution-mode": "import" };
import { getEnv } from "../env";
import type { Caller } from "./accounts";
import { toAccount } from "./accounts";
import { AccountError } from "./errors";
import { joinNewsletterToAccount } from "../newsletter/newsletter";
import { takeAllowance } from "./rate-limits";
import { ensureReferralCode } from "../referrals/referrals";
import { findUser, openSession, type AccountUser } from "./sessions";

/**
 * Sign in with Apple (docs/decisions/011): the identity token's signature is checked against the
 * keys published at APPLE_JWKS_URL, its issuer, audience (APPLE_CLIENT_ID) and expiry too. Without
 * APPLE_CLIENT_ID the provider is not offered and its calls answer 400 "not available".
 *
 * An Apple identity never takes over an existing account through an e-mail address that is not
 * verified on both sides: Apple must say the address is verified, and the shop's account must have
 * confirmed it (otherwise whoever registered the address first, without owning it, would share the
 * account with its owner).
 */

const APPLE_ISSUER = "https://appleid.apple.com";
const USER_UID = "plugin::users-permissions.user";

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

async function defaultRoleId(strapi: Core.Strapi): Promise<number> {
  const role = (await strapi.db
    .query("plugin::users-permissions.role")
    .findOne({ where: { type: "authenticated" }, select: ["id"] })) as { id: number } | null;
  if (!role) throw new Error("The users-permissions plugin has no authenticated role");
  return role.id;
}

async function accountFor(strapi: Core.Strapi, claims: AppleClaims): Promise<AccountUser> {
  const known = await findUser(strapi, { appleSubject: claims.sub });
  if (known) return known;
  if (!claims.email || !claims.emailVerified) {
    throw new AccountError("emailNotVerified", "Apple did not share a verified e-mail address");
  }
  const existing = await findUser(strapi, { email: claims.email });
  if (existing) {
    if (existing.confirmed !== true) {
      throw new AccountError(
        "accountExists",
        "An account with this e-mail address exists: sign in with its password or an e-mailed code first",
      );
    }
    // Both sides verified the address: the Apple identity joins the account, and only if it has none yet.
    const { count } = (await strapi.db
      .query(USER_UID)
      .updateMany({ where: { id: existing.id, appleSubject: null }, data: { appleSubject: claims.sub } })) as {
      count: number;
    };
    if (count !== 1) throw new AccountError("accountExists", "This account is linked to another Apple ID");
    return existing;
  }
  const created = (await strapi.db.query(USER_UID).create({
    data: {
      username: claims.email,
      email: claims.email,
      provider: "apple",
      appleSubject: claims.sub,
      confirmed: true,
      blocked: false,
      role: await defaultRoleId(strapi),
      preferredLocale: "es",
      customerKind: "consumer",
      newsletter: false,
    },
  })) as AccountUser;
  // Apple verified the address: a subscription of it joins the account, as at an e-mailed confirmation.
  await ensureReferralCode(strapi, created.id);
  await joinNewsletterToAccount(strapi, created);
  return created;
}

/** POST /users-permissions/apple/login: a session for the customer the identity token names. */
export async function signInWithApple(strapi: Core.Strapi, identityToken: string, caller: Caller): Promise<AuthAnswer> {
  apple();
  await takeAllowance("signInPerAddress", caller.address);
  const claims = await verifyIdentityToken(identityToken);
  const user = await accountFor(strapi, claims);
  if (user.blocked === true) throw new AccountError("blocked", "Your account has been blocked by an administrator");
  const { jwt } = await openSession(strapi, user.id, "social", caller.userAgent);
  return { jwt, user: toAccount(user) };
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
