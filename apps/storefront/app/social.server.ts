import { appleUrlAnswerSchema, authAnswerSchema, type AuthAnswer } from "@shop/contracts";
import { MAX_PROVIDER_TOKEN_LENGTH } from "@shop/domain/web-view";
import { pathTo, type Locale } from "@shop/routing";
import { serialize } from "cookie";
import { redirect } from "react-router";
import { accountCall, type AccountCall } from "./account.server";
import { signedInRedirect, signInCall, takeRememberedTarget } from "./sign-in.server";
import { readCookies } from "./session.server";
import type { OfferedProvider, SocialProvider } from "./social";

/**
 * Sign-in through another company's account (specification, section 4). The CMS says which
 * providers have keys: only those are offered. Today that is Sign in with Apple when the CMS has
 * APPLE_CLIENT_ID; Google, Facebook and Microsoft answer "not available" (docs/decisions/011).
 */
/**
 * Apple answers by posting a form to our /connect/apple/redirect from its own site; the state it
 * echoes must match the one this browser was given, or anyone could post an identity token of
 * theirs into a victim's browser (login CSRF). A cross-site post carries only SameSite=None cookies.
 */
const APPLE_STATE_COOKIE = "shop_apple_state";
const APPLE_STATE_MAX_AGE_SECONDS = 10 * 60;
const appleStateOptions = { httpOnly: true, sameSite: "none", secure: true, path: "/" } as const;

/** The providers to offer on the sign-in page, and the cookies that remember their state. */
export async function offeredProviders(): Promise<{ providers: OfferedProvider[]; cookies: string[] }> {
  const apple = await accountCall("/users-permissions/get-apple-url", appleUrlAnswerSchema, { method: "GET" });
  if (!apple.ok) return { providers: [], cookies: [] };
  return {
    providers: [{ id: "apple", url: apple.value.url }],
    cookies: [
      serialize(APPLE_STATE_COOKIE, apple.value.state, { ...appleStateOptions, maxAge: APPLE_STATE_MAX_AGE_SECONDS }),
    ],
  };
}

/** Whether the state Apple posted back is the one this browser was given; the cookie is spent either way. */
export function takeAppleState(request: Request, posted: string | null): { valid: boolean; forget: string } {
  const expected = readCookies(request.headers.get("Cookie"))[APPLE_STATE_COOKIE];
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
  request: Request,
  answer: AccountCall<AuthAnswer>,
  { provider, locale, forget }: { provider: SocialProvider; locale: Locale; forget: string[] },
) {
  const remembered = takeRememberedTarget(request);
  const response = answer.ok
    ? signedInRedirect(request, answer.value, { target: remembered.target, locale })
    : socialFailure(locale, provider, failureMessage(answer));
  for (const cookie of [...forget, remembered.forget]) response.headers.append("Set-Cookie", cookie);
  return response;
}

function failureMessage(answer: Exclude<AccountCall<AuthAnswer>, { ok: true }>): string {
  if (answer.status === "invalid") return Object.values(answer.errors)[0]?.code ?? "invalid";
  return answer.status;
}

/**
 * The way back from Google, Facebook or Microsoft (`/connect/{provider}/redirect` and `/callback`,
 * with `access_token`): the CMS trades the provider's token for ours.
 */
export async function finishSocialSignIn(request: Request, provider: SocialProvider, locale: Locale, clientIp: string) {
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
  return signInOrFail(request, answer, { provider, locale, forget: [] });
}

/** Apple's form post to /connect/apple/redirect: its state checked, its identity token traded for ours. */
export async function finishAppleSignIn(request: Request, form: FormData, locale: Locale, clientIp: string) {
  const idToken = form.get("id_token");
  const state = takeAppleState(request, typeof form.get("state") === "string" ? String(form.get("state")) : null);
  if (!state.valid || typeof idToken !== "string" || idToken === "") {
    const failure = socialFailure(locale, "apple", state.valid ? "missingIdToken" : "invalidState");
    failure.headers.append("Set-Cookie", state.forget);
    return failure;
  }
  const answer = await signInCall("/users-permissions/apple/login", { accessToken: idToken }, clientIp);
  return signInOrFail(request, answer, { provider: "apple", locale, forget: [state.forget] });
}
