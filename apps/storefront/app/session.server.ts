import crypto from "node:crypto";
import { sessionUserSchema } from "@shop/contracts";
import { parse, serialize } from "cookie";
import { cmsFetch } from "./cms.server";
import { secureCookies } from "./env.server";

/** httpOnly cookie holding the CMS JWT; only this server reads it. */
export const SESSION_COOKIE = "shop_session";
const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface SessionUser {
  readonly id: number;
  readonly email: string;
  readonly firstName: string | null;
  /** The address is proven the customer's (the e-mailed link was followed). */
  readonly confirmed: boolean;
}

export function readCookies(cookieHeader: string | null | undefined): Record<string, string | undefined> {
  return parse(cookieHeader ?? "");
}

export function sessionToken(cookieHeader: string | null | undefined): string | null {
  return readCookies(cookieHeader)[SESSION_COOKIE] || null;
}

export function serializeSessionCookie(token: string): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(): string {
  return serialize(SESSION_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    maxAge: 0,
  });
}

export interface SessionState {
  readonly user: SessionUser | null;
  /** Set when the stored token was refused and the cookie must go. */
  readonly clearCookie: boolean;
}

/**
 * How long a looked-up session is believed without asking the CMS again. Every page and data
 * request of a signed-in visitor needs the user; asking the CMS each time cost a round trip per
 * navigation. The price: a token the CMS retires elsewhere (another process's sign-out, a password
 * change) may still be believed here for this long. Sign-out in this process forgets it at once.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface CachedSession {
  readonly state: SessionState;
  readonly expiresAt: number;
}

/** Keyed by a hash of the token: the cache never holds a usable credential. */
const sessions = new Map<string, CachedSession>();

const cacheKey = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

function remember(token: string, state: SessionState, now: number): SessionState {
  if (sessions.size >= SESSION_CACHE_MAX_ENTRIES) sessions.delete(sessions.keys().next().value as string);
  sessions.set(cacheKey(token), { state, expiresAt: now + SESSION_CACHE_TTL_MS });
  return state;
}

/** Sign-in, sign-out and profile changes: the next request asks the CMS again. */
export function forgetSession(token: string | null): void {
  if (token) sessions.delete(cacheKey(token));
}

async function lookUpSession(token: string): Promise<{ state: SessionState; cacheable: boolean }> {
  try {
    const response = await cmsFetch("/users/me", { token });
    if (response.status === 401 || response.status === 403) {
      return { state: { user: null, clearCookie: true }, cacheable: true };
    }
    if (!response.ok) return { state: { user: null, clearCookie: false }, cacheable: false };
    const answer = sessionUserSchema.safeParse(await response.json());
    if (!answer.success) return { state: { user: null, clearCookie: true }, cacheable: true };
    const { id, email, firstName, confirmed } = answer.data;
    const user = { id, email, firstName: firstName ?? null, confirmed: confirmed === true };
    return { state: { user, clearCookie: false }, cacheable: true };
  } catch {
    return { state: { user: null, clearCookie: false }, cacheable: false };
  }
}

/**
 * The signed-in customer, from the CMS, believed for SESSION_CACHE_TTL_MS. A token the CMS refuses
 * is dropped (specification, section 4); when the CMS cannot be reached the visitor is treated as
 * signed out for this request only (not cached), so a CMS restart does not sign everybody out.
 */
export async function getSession(request: Request, now = Date.now()): Promise<SessionState> {
  const token = sessionToken(request.headers.get("Cookie"));
  if (!token) return { user: null, clearCookie: false };
  const cached = sessions.get(cacheKey(token));
  if (cached && cached.expiresAt > now) return cached.state;
  const { state, cacheable } = await lookUpSession(token);
  return cacheable ? remember(token, state, now) : state;
}
