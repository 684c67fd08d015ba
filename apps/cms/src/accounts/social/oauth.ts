import { createHmac } from "node:crypto";
import type { Core } from "@strapi/strapi";
import { OAUTH_PROVIDERS, type AuthAnswer, type OAuthProvider } from "@shop/contracts";
import type { Locale } from "@shop/domain";
import type * as JoseModule from "jose" with { "resolution-mode": "import" };
import { storefrontLink } from "../../storefront-links";
import { getEnv } from "../../env";
import type { Caller } from "../accounts";
import { AccountError } from "../errors";
import { takeAllowance } from "../../rate-limits/rate-limits";
import { PROVIDER_LABELS, signInWithIdentity, type SocialIdentity } from "./identities";

/**
 * Sign-in with Google, Microsoft and Facebook (docs/decisions/025): the authorization-code flow with
 * PKCE (S256), whose `state` and code verifier the storefront keeps in the customer's browser; the
 * code is traded here, where the client secrets are, and the identity read from the provider's
 * signed ID token (Google, Microsoft) or from the Graph API (Facebook). The company's app signs in
 * natively and hands over an ID token, checked against the provider's published keys.
 *
 * Hand-written on `jose` rather than openid-client: Microsoft's multi-tenant issuer names each
 * customer's tenant (a template, not one issuer), Facebook's code flow is plain OAuth 2.0 with no ID
 * token, and what is left (one form post, one token check) is smaller than the adapter would be.
 */

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === "string" && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** How long the CMS waits for a provider's answer before telling the customer to try again. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Microsoft's tenant of personal accounts (Outlook.com, Hotmail, Xbox): Microsoft itself verified the
 * address of such an account, unlike a work or school tenant, whose administrators set it at will.
 */
const MICROSOFT_CONSUMER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

type SocialEnv = ReturnType<typeof getEnv>["social"];
type OidcSettings = NonNullable<SocialEnv["google"]>;
type FacebookSettings = NonNullable<SocialEnv["facebook"]>;

/** The providers whose keys are set, in the order the sign-in page shows them. */
export function configuredProviders(): OAuthProvider[] {
  const social = getEnv().social;
  return OAUTH_PROVIDERS.filter((provider) => social[provider] !== undefined);
}

function settingsOf<P extends OAuthProvider>(provider: P): NonNullable<SocialEnv[P]> {
  const settings = getEnv().social[provider];
  if (!settings)
    throw new AccountError("providerUnavailable", `Sign-in with ${PROVIDER_LABELS[provider]} is not available`);
  return settings as NonNullable<SocialEnv[P]>;
}

/** The storefront's return page in the customer's language: registered at the provider, all three. */
export function redirectUriOf(provider: OAuthProvider, locale: Locale): string {
  return storefrontLink("connectRedirect", locale, {}, { provider });
}

const SCOPES: Record<OAuthProvider, string> = {
  google: "openid email profile",
  microsoft: "openid email profile",
  facebook: "email public_profile",
};

/** The provider's authorization page for this shop, with the storefront's `state` and PKCE challenge. */
export function authorizationUrl(
  provider: OAuthProvider,
  { locale, state, codeChallenge }: { locale: Locale; state: string; codeChallenge: string },
): string {
  const settings = settingsOf(provider);
  const url = new URL(settings.authorizationUrl);
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", redirectUriOf(provider, locale));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", SCOPES[provider]);
  url.searchParams.set("state", state);
  // Facebook's login dialog takes PKCE too (code_challenge, code_challenge_method=S256).
  url.searchParams.set("code_challenge", codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  // Microsoft: let the customer choose among the accounts signed in on this browser.
  if (provider === "microsoft") url.searchParams.set("prompt", "select_account");
  return url.toString();
}

type Jose = typeof JoseModule;
let jose: Promise<Jose> | undefined;
const keySets = new Map<string, ReturnType<Jose["createRemoteJWKSet"]>>();

async function keySetOf(url: string) {
  // jose is an ES module: loaded on first use (Node 20.19+ and 22 load it from CommonJS this way).
  jose ??= import("jose");
  const { createRemoteJWKSet } = await jose;
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(url, keys);
  }
  return keys;
}

function unverifiable(provider: OAuthProvider): AccountError {
  return new AccountError(
    "invalidToken",
    `The sign-in with ${PROVIDER_LABELS[provider]} could not be verified`,
    "accessToken",
  );
}

/** Whether `iss` is one of the issuers, where `{tenantid}` stands for the token's own tenant (Microsoft). */
function issuerMatches(issuers: readonly string[], payload: Record<string, unknown>): boolean {
  const tenant = typeof payload.tid === "string" ? payload.tid : undefined;
  return issuers.some((issuer) =>
    issuer.includes("{tenantid}")
      ? tenant !== undefined && payload.iss === issuer.replace("{tenantid}", tenant)
      : payload.iss === issuer,
  );
}

const truthy = (value: unknown) => value === true || value === "true" || value === 1 || value === "1";

/**
 * An ID token's identity: signed by the provider's published keys, issued by it, for this shop (or the
 * company's app, whose client ids are accepted too when `audiences` is "shopOrApp"), not expired.
 */
async function identityFromIdToken(
  provider: "google" | "microsoft",
  token: string,
  { audiences }: { audiences: "shop" | "shopOrApp" },
): Promise<SocialIdentity> {
  const settings: OidcSettings = settingsOf(provider);
  const keys = await keySetOf(settings.jwksUrl);
  const { jwtVerify } = await (jose ??= import("jose"));
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      audience: audiences === "shop" ? settings.clientId : [settings.clientId, ...settings.appClientIds],
      algorithms: ["RS256"],
      // Two minutes of clock skew between the provider and this server.
      clockTolerance: 120,
      requiredClaims: ["sub", "iss", "exp"],
    }));
  } catch {
    throw unverifiable(provider);
  }
  if (!issuerMatches(settings.issuers, payload) || typeof payload.sub !== "string" || payload.sub === "") {
    throw unverifiable(provider);
  }
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : undefined;
  if (provider === "google") {
    return {
      provider,
      subject: payload.sub,
      ...(email ? { email } : {}),
      emailVerified: truthy(payload.email_verified),
    };
  }
  // Microsoft's `sub` differs between applications (the shop's web client and the app's): its object id
  // within its tenant is the same for both. Its `email` is whatever the tenant's administrators set: it
  // is vouched for only in the personal-accounts tenant, or when the tenant owns the address's domain
  // (the optional claim xms_edov, "email domain owner verified").
  const tenant = typeof payload.tid === "string" ? payload.tid : undefined;
  const objectId = typeof payload.oid === "string" ? payload.oid : undefined;
  return {
    provider,
    subject: tenant && objectId ? `${tenant}:${objectId}` : payload.sub,
    ...(email ? { email } : {}),
    emailVerified: tenant === MICROSOFT_CONSUMER_TENANT || truthy(payload.xms_edov),
  };
}

async function providerFetch(
  provider: OAuthProvider,
  url: string,
  init: RequestInit,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    strapi.log.warn(`Sign-in with ${provider}: ${url} did not answer (${String(error)})`);
    throw new AccountError("providerUnavailable", `${PROVIDER_LABELS[provider]} did not answer; try again`);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || body === null || typeof body !== "object") {
    // A spent, expired or forged code (invalid_grant) and a refused secret look alike to the customer.
    strapi.log.info(`Sign-in with ${provider}: ${new URL(url).pathname} answered ${response.status}`);
    throw new AccountError("invalidCode", `The sign-in with ${PROVIDER_LABELS[provider]} has expired; try again`);
  }
  return body;
}

/** Facebook's Graph API: the person behind an access token of this app (appsecret_proof binds the two). */
async function facebookIdentity(accessToken: string): Promise<SocialIdentity> {
  const settings: FacebookSettings = settingsOf("facebook");
  const url = new URL(settings.userinfoUrl);
  url.searchParams.set("fields", "id,email");
  url.searchParams.set(
    "appsecret_proof",
    createHmac("sha256", settings.clientSecret).update(accessToken).digest("hex"),
  );
  const me = await providerFetch("facebook", url.toString(), { headers: { Authorization: `Bearer ${accessToken}` } });
  if (typeof me.id !== "string" || me.id === "") throw unverifiable("facebook");
  const email = typeof me.email === "string" ? me.email.trim().toLowerCase() : undefined;
  // The Graph API says nothing about whether the address was verified: never enough to join an account.
  return { provider: "facebook", subject: me.id, ...(email ? { email } : {}), emailVerified: false };
}

/** Trades the authorization code (with the PKCE verifier) for the provider's tokens, then reads the identity. */
async function identityFromCode(
  provider: OAuthProvider,
  { code, codeVerifier, locale }: { code: string; codeVerifier: string; locale: Locale },
): Promise<SocialIdentity> {
  const settings = settingsOf(provider);
  const tokens = await providerFetch(provider, settings.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUriOf(provider, locale),
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code_verifier: codeVerifier,
    }),
  });
  if (provider === "facebook") {
    if (typeof tokens.access_token !== "string") throw unverifiable(provider);
    return facebookIdentity(tokens.access_token);
  }
  if (typeof tokens.id_token !== "string") throw unverifiable(provider);
  return identityFromIdToken(provider, tokens.id_token, { audiences: "shop" });
}

const RULES = { unverifiedEmail: "openUnconfirmed" } as const;

/** GET /auth/{provider}/callback with `code`: the end of the storefront's authorization-code flow. */
export async function signInWithProviderCode(
  strapi: Core.Strapi,
  provider: OAuthProvider,
  input: { code: string; codeVerifier: string; locale: Locale },
  caller: Caller,
): Promise<AuthAnswer> {
  settingsOf(provider);
  await takeAllowance("signInPerAddress", caller.address);
  return signInWithIdentity(strapi, await identityFromCode(provider, input), caller, RULES);
}

/**
 * GET /auth/{provider}/callback with `access_token`: the ID token the company's app got from Google or
 * Microsoft natively (docs/decisions/019). An opaque access token cannot say whom it was issued to,
 * so only an ID token signs in; Facebook signs in through its login page only.
 */
export async function signInWithAppToken(
  strapi: Core.Strapi,
  provider: OAuthProvider,
  idToken: string,
  caller: Caller,
): Promise<AuthAnswer> {
  settingsOf(provider);
  await takeAllowance("signInPerAddress", caller.address);
  if (provider === "facebook") {
    throw new AccountError("providerUnavailable", "Sign-in with Facebook goes through its login page");
  }
  return signInWithIdentity(
    strapi,
    await identityFromIdToken(provider, idToken, { audiences: "shopOrApp" }),
    caller,
    RULES,
  );
}
