import { createHash, randomBytes } from "node:crypto";
import {
  appleUrlAnswerSchema,
  authAnswerSchema,
  oauthAuthorizeAnswerSchema,
  oauthProvidersAnswerSchema,
  type AuthAnswer,
  type OAuthProvider,
} from "@shop/contracts";
import { MAX_PROVIDER_TOKEN_LENGTH } from "@shop/domain/web-view";
import { pathTo, type Locale } from "@shop/routing";
import { serialize } from "cookie";
import { redirect } from "react-router";
import { accountCall, type AccountCall } from "./accounts/account.server";
import { cachedResource, CMS_DATA_FRESH_MS, CMS_DATA_MAX_STALE_MS, type CachedResource } from "./cache.server";
import { authTextsFor } from "./accounts/auth-texts";
import { secureCookies } from "./env.server";
import {
  rememberTarget,
  requestedTarget,
  signedInRedirect,
  signInCall,
  takeRememberedTarget,
  type SignInContext,
} from "./accounts/sign-in.server";
import type { RequestCookies } from "./session.server";
import { isOAuthProvider, type OfferedProvider, type ProviderLink, type SocialProvider } from "./social";
import { providerLinks } from "./social-texts.server";

/**
 * Sign-in through another company's account (specification, section 4; docs/decisions/011 and 025).
 * The CMS says which providers have keys: only those are offered. Sign in with Apple posts its
 * answer back; Google, Microsoft and Facebook run the authorization-code flow through
 * /connect/{provider}/redirect, which starts the flow when it has nothing to finish.
 */
/**
 * Apple answers by posting a form to our /connect/apple/redirect from its own site; the state it
 * echoes must match the one this browser was given, or anyone could post an identity token of
 * theirs into a victim's browser (login CSRF). A cross-site post carries only SameSite=None cookies.
 */
const APPLE_STATE_COOKIE = "shop_apple_state";
const APPLE_STATE_MAX_AGE_SECONDS = 10 * 60;
const appleStateOptions = { httpOnly: true, sameSite: "none", secure: true, path: "/" } as const;

/**
 * The authorization-code flow's secrets, in the browser that started it: the `state` the provider
 * must echo (or anyone could send a victim's browser back with a code of theirs: login CSRF) and the
 * PKCE code verifier (a code caught on the way is useless without it). httpOnly, and Lax: the
 * provider sends the customer back with a top-level GET, which carries Lax cookies. Spent at the
 * first way back, so a replayed return address finds nothing to finish.
 */
const OAUTH_COOKIE = "shop_oauth";
const OAUTH_MAX_AGE_SECONDS = 10 * 60;
const oauthCookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

/**
 * Which of Google, Microsoft and Facebook have keys at the CMS: its configuration, which changes
 * only when the CMS restarts, so each process asks at most every CMS_DATA_FRESH_MS instead of on
 * every sign-in and register view. While the CMS fails, the last list known is offered (none before
 * any answer) and asked for again within seconds.
 */
export function oauthProviderList({ now = Date.now }: { now?: () => number } = {}): CachedResource<
  readonly OAuthProvider[]
> {
  return cachedResource<readonly OAuthProvider[]>({
    name: "the sign-in providers",
    freshMs: CMS_DATA_FRESH_MS,
    maxStaleMs: CMS_DATA_MAX_STALE_MS,
    async load() {
      const answer = await accountCall("/auth/providers", oauthProvidersAnswerSchema, { method: "GET" });
      if (!answer.ok) throw new Error(`GET /auth/providers: ${answer.status}`);
      return answer.value.providers;
    },
    onError: (previous) => previous ?? [],
    now,
  });
}

const oauthProviders = oauthProviderList();

/**
 * The social sign-in that the sign-in and register pages offer (docs/decisions/025: the providers
 * open an account too): the labelled provider links, and the Set-Cookie headers that remember
 * Apple's state and, when the page was reached with a target, the target for the way back (a
 * provider's page is another site).
 */
export async function providerOffer(
  request: Request,
  locale: Locale,
): Promise<{ providers: ProviderLink[]; headers: Headers }> {
  const target = requestedTarget(request);
  const { providers, cookies } = await offeredProviders(locale);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (target && providers.length > 0) headers.append("Set-Cookie", rememberTarget(target));
  return { providers: providerLinks(providers, authTextsFor(locale)), headers };
}

/** The providers to offer on the sign-in page, and the cookies that remember their state. */
async function offeredProviders(locale: Locale): Promise<{ providers: OfferedProvider[]; cookies: string[] }> {
  const [apple, others] = await Promise.all([
    // Never cached: each answer carries a fresh state for this browser.
    accountCall("/users-permissions/get-apple-url", appleUrlAnswerSchema, { method: "GET" }),
    oauthProviders.get(),
  ]);
  const providers: OfferedProvider[] = others.map((id) => ({
    id,
    url: pathTo("connectRedirect", locale, { provider: id }),
  }));
  if (!apple.ok) return { providers, cookies: [] };
  return {
    providers: [{ id: "apple", url: apple.value.url }, ...providers],
    cookies: [
      serialize(APPLE_STATE_COOKIE, apple.value.state, { ...appleStateOptions, maxAge: APPLE_STATE_MAX_AGE_SECONDS }),
    ],
  };
}

/** Whether the state Apple posted back is the one this browser was given; the cookie is spent either way. */
function takeAppleState(cookies: RequestCookies, posted: string | null): { valid: boolean; forget: string } {
  const expected = cookies[APPLE_STATE_COOKIE];
  return {
    valid: Boolean(expected) && expected === posted,
    forget: serialize(APPLE_STATE_COOKIE, "", { ...appleStateOptions, maxAge: 0 }),
  };
}

/** Where a failed social sign-in lands (specification, section 8): home, with `error` and `provider`. */
export function socialFailure(locale: Locale, provider: SocialProvider, message: string) {
  const query = new URLSearchParams({ error: message.slice(0, 200), provider });
  return redirect(`${pathTo("home", locale)}?${query}`);
}

/** A provider's answer signs in only when it carries both a token and a customer. */
function signInOrFail(
  context: SignInContext,
  answer: AccountCall<AuthAnswer>,
  { provider, forget }: { provider: SocialProvider; forget: string[] },
) {
  const remembered = takeRememberedTarget(context.cookies);
  const response = answer.ok
    ? signedInRedirect(context, answer.value, { target: remembered.target })
    : socialFailure(context.locale, provider, failureMessage(answer));
  for (const cookie of [...forget, remembered.forget]) response.headers.append("Set-Cookie", cookie);
  return response;
}

function failureMessage(answer: Exclude<AccountCall<AuthAnswer>, { ok: true }>): string {
  if (answer.status === "invalid") return Object.values(answer.errors)[0]?.code ?? "invalid";
  return answer.status;
}

/**
 * `/connect/{provider}/redirect` and `/callback`: the provider's answer (`code` or `error`, with
 * `state`), the ID token the company's app hands over (`access_token`), or, with neither, the start
 * of the flow (the sign-in page's links come here).
 */
export function connectWithProvider(request: Request, provider: SocialProvider, context: SignInContext) {
  const query = new URL(request.url).searchParams;
  if (!isOAuthProvider(provider)) return finishSocialSignIn(request, provider, context);
  if (query.has("code") || query.has("error") || query.has("state")) {
    return finishOAuthSignIn(request, provider, context);
  }
  if (query.has("access_token")) return finishSocialSignIn(request, provider, context);
  return startOAuthSignIn(provider, context.locale);
}

/** RFC 7636's S256: the challenge is the SHA-256 of the verifier, base64url without padding. */
function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Sends the customer to the provider's page, with a fresh state and PKCE challenge kept in this browser. */
async function startOAuthSignIn(provider: OAuthProvider, locale: Locale) {
  const state = randomBytes(16).toString("base64url");
  const pkce = pkcePair();
  const query = new URLSearchParams({ locale, state, code_challenge: pkce.challenge });
  const answer = await accountCall(`/auth/${provider}/authorize?${query}`, oauthAuthorizeAnswerSchema, {
    method: "GET",
  });
  if (!answer.ok) return socialFailure(locale, provider, failureMessage(answer));
  const kept = [provider, locale, state, pkce.verifier].join(".");
  return redirect(answer.value.url, {
    headers: { "Set-Cookie": serialize(OAUTH_COOKIE, kept, { ...oauthCookieOptions, maxAge: OAUTH_MAX_AGE_SECONDS }) },
  });
}

/** The flow this browser started, if its cookie is whole; spent either way. */
function takeOAuthFlow(cookies: RequestCookies): {
  flow: { provider: string; locale: string; state: string; verifier: string } | null;
  forget: string;
} {
  const forget = serialize(OAUTH_COOKIE, "", { ...oauthCookieOptions, maxAge: 0 });
  const parts = (cookies[OAUTH_COOKIE] ?? "").split(".");
  if (parts.length !== 4 || parts.some((part) => part === "")) return { flow: null, forget };
  const [provider, locale, state, verifier] = parts as [string, string, string, string];
  return { flow: { provider, locale, state, verifier }, forget };
}

/** The provider sent the customer back: the state checked against this browser's, the code traded by the CMS. */
async function finishOAuthSignIn(request: Request, provider: OAuthProvider, context: SignInContext) {
  const { locale, clientIp } = context;
  const query = new URL(request.url).searchParams;
  const { flow, forget } = takeOAuthFlow(context.cookies);
  const fail = (message: string) => {
    const failure = socialFailure(locale, provider, message);
    failure.headers.append("Set-Cookie", forget);
    return failure;
  };
  if (!flow || flow.provider !== provider || flow.state !== query.get("state")) return fail("invalidState");
  // access_denied: the customer said no at the provider (or closed its page); anything else is the provider's.
  const error = query.get("error");
  if (error !== null) return fail(error === "access_denied" ? "cancelled" : "providerError");
  const code = query.get("code");
  if (!code || code.length > MAX_PROVIDER_TOKEN_LENGTH) return fail("missingCode");
  const answer = await accountCall(
    `/auth/${provider}/callback?${new URLSearchParams({ code, code_verifier: flow.verifier, locale: flow.locale })}`,
    authAnswerSchema,
    // A GET that may create the account: never sent twice.
    { method: "GET", clientIp, retry: false },
  );
  return signInOrFail(context, answer, { provider, forget: [forget] });
}

/**
 * The ID token the company's app got natively (web-view.client.ts sends it here, `access_token`, the
 * specification's name): the CMS checks it against the provider's keys and trades it for ours. Only
 * the page itself may send it: a link from elsewhere with someone else's token would sign the
 * visitor in as that someone (login CSRF). Browsers say where a navigation comes from
 * (Sec-Fetch-Site); one that says nothing is an old browser, let through.
 */
export async function finishSocialSignIn(request: Request, provider: SocialProvider, context: SignInContext) {
  const { locale, clientIp } = context;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "same-origin") return socialFailure(locale, provider, "invalidState");
  const accessToken = new URL(request.url).searchParams.get("access_token");
  if (!accessToken || accessToken.length > MAX_PROVIDER_TOKEN_LENGTH)
    return socialFailure(locale, provider, "missingAccessToken");
  const query = new URLSearchParams({ access_token: accessToken });
  const answer = await accountCall(`/auth/${provider}/callback?${query}`, authAnswerSchema, {
    method: "GET",
    clientIp,
    // A GET that may create the account: never sent twice.
    retry: false,
  });
  return signInOrFail(context, answer, { provider, forget: [] });
}

/** Apple's form post to /connect/apple/redirect: its state checked, its identity token traded for ours. */
export async function finishAppleSignIn(form: FormData, context: SignInContext) {
  const idToken = form.get("id_token");
  const posted = form.get("state");
  const state = takeAppleState(context.cookies, typeof posted === "string" ? posted : null);
  if (!state.valid || typeof idToken !== "string" || idToken === "") {
    const failure = socialFailure(context.locale, "apple", state.valid ? "missingIdToken" : "invalidState");
    failure.headers.append("Set-Cookie", state.forget);
    return failure;
  }
  const answer = await signInCall("/users-permissions/apple/login", { accessToken: idToken }, context.clientIp);
  return signInOrFail(context, answer, { provider: "apple", forget: [state.forget] });
}
