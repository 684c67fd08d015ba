import { authAnswerSchema, type AuthAnswer } from "@shop/contracts";
import { pathTo, REDIRECT_PARAM, safeRedirectTarget } from "@shop/routing";
import { serialize } from "cookie";
import { redirect, type AppLoadContext } from "react-router";
import { accountCall, storeToken, type AccountCall } from "./account.server";
import { secureCookies } from "~/env.server";
import type { FlashCode } from "./flash";
import { flashCookie } from "./flash.server";
import type { RequestCookies } from "~/session.server";

/**
 * Where a customer goes once signed in (specification, section 4): the page the guard sent them
 * away from, if it is one of ours, else the account home. Social sign-in leaves the site and comes
 * back, so the target also waits in a short-lived cookie (RETURN_COOKIE).
 */
const RETURN_COOKIE = "shop_return_to";
const RETURN_MAX_AGE_SECONDS = 15 * 60;
const returnCookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

/** The `redirect` of a sign-in page's address, when it is a same-site path. */
export function requestedTarget(request: Request): string | null {
  return safeRedirectTarget(new URL(request.url).searchParams.get(REDIRECT_PARAM));
}

/** Keeps the target for a sign-in that leaves the site (a provider's page). */
export function rememberTarget(target: string): string {
  return serialize(RETURN_COOKIE, target, { ...returnCookieOptions, maxAge: RETURN_MAX_AGE_SECONDS });
}

/** The target kept by rememberTarget (in the request context's parsed cookies), and the Set-Cookie that forgets it. */
export function takeRememberedTarget(cookies: RequestCookies): { target: string | null; forget: string } {
  const target = safeRedirectTarget(cookies[RETURN_COOKIE]);
  return { target, forget: serialize(RETURN_COOKIE, "", { ...returnCookieOptions, maxAge: 0 }) };
}

/** What a sign-in reads of its request context (server/request-context.ts: the Cookie header parsed once). */
export type SignInContext = Pick<AppLoadContext, "locale" | "clientIp" | "cookies" | "sessionToken">;

/**
 * Stores the new token in place of the cookie's previous one (the request context's `sessionToken`)
 * and sends the customer on: to `target` if safe, else the account home.
 */
export function signedInRedirect(
  { locale, sessionToken }: Pick<SignInContext, "locale" | "sessionToken">,
  answer: AuthAnswer,
  { target, flash }: { target: string | null; flash?: FlashCode },
) {
  const headers = storeToken(sessionToken, answer.jwt);
  if (flash) headers.append("Set-Cookie", flashCookie(flash));
  return redirect(safeRedirectTarget(target) ?? pathTo("account", locale), { headers });
}

/**
 * Any of the calls that sign a customer in (password, code, registration, reset, a provider). The
 * storefront tells the CMS who the visitor is (`clientIp`) so its per-address limits count them.
 */
export function signInCall(path: string, body: unknown, clientIp: string): Promise<AccountCall<AuthAnswer>> {
  return accountCall(path, authAnswerSchema, { method: "POST", body, clientIp });
}
