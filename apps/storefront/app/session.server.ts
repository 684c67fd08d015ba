import { parse, serialize } from "cookie";
import { cmsFetch } from "./cms.server";
import { secureCookies } from "./env.server";

/** httpOnly cookie holding the CMS JWT; only this server reads it. */
export const SESSION_COOKIE = "shop_session";
const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface SessionUser {
  readonly id: number;
  readonly email: string;
  readonly username: string;
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
 * The signed-in customer, from the CMS. A token the CMS refuses is dropped (specification,
 * section 4); when the CMS cannot be reached the visitor is treated as signed out for this
 * request only, so a CMS restart does not sign everybody out.
 */
export async function getSession(request: Request): Promise<SessionState> {
  const token = sessionToken(request.headers.get("Cookie"));
  if (!token) return { user: null, clearCookie: false };
  try {
    const response = await cmsFetch("/users/me", { token });
    if (response.status === 401 || response.status === 403) return { user: null, clearCookie: true };
    if (!response.ok) return { user: null, clearCookie: false };
    const body = (await response.json()) as Partial<SessionUser>;
    if (typeof body.id !== "number" || typeof body.email !== "string") return { user: null, clearCookie: true };
    return { user: { id: body.id, email: body.email, username: body.username ?? body.email }, clearCookie: false };
  } catch {
    return { user: null, clearCookie: false };
  }
}
