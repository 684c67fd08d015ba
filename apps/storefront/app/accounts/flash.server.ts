import { serialize } from "cookie";
import { secureCookies } from "~/env.server";
import { isFlashCode, type FlashCode } from "./flash";
import type { RequestCookies } from "~/session.server";

const FLASH_COOKIE = "shop_flash";
/** Long enough for the redirect that follows, short enough that a notice never surfaces days later. */
const FLASH_MAX_AGE_SECONDS = 60;

const cookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

/** The Set-Cookie value that carries a notice to the next page. */
export function flashCookie(code: FlashCode): string {
  return serialize(FLASH_COOKIE, code, { ...cookieOptions, maxAge: FLASH_MAX_AGE_SECONDS });
}

/**
 * Whether a notice waits for this request: its page is this visitor's alone, so no shared page
 * cache may keep it (nor answer it with a copy that lacks the notice).
 */
export function carriesFlash(cookies: RequestCookies): boolean {
  return cookies[FLASH_COOKIE] !== undefined;
}

/** The notice waiting for this request (its cookies, parsed once by the request context), if any, and the Set-Cookie that spends it. */
export function takeFlash(cookies: RequestCookies): { code: FlashCode | null; spend: string | null } {
  const value = cookies[FLASH_COOKIE];
  if (value === undefined) return { code: null, spend: null };
  return {
    code: isFlashCode(value) ? value : null,
    spend: serialize(FLASH_COOKIE, "", { ...cookieOptions, maxAge: 0 }),
  };
}
