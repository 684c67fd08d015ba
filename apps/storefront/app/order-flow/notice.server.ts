import { serialize } from "cookie";
import { secureCookies } from "../env.server";
import type { RequestCookies } from "../session.server";
import { FLOW_NOTICES, type FlowNotice } from "./fields";

/**
 * A notice for the flow's next page, in a short-lived httpOnly cookie set by the action that found
 * the problem (as accounts/flash.server.ts does for the account), so that no crafted link can show one.
 */
const NOTICE_COOKIE = "shop_order_notice";
const NOTICE_MAX_AGE_SECONDS = 60;
const cookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

export function noticeCookie(notice: FlowNotice): string {
  return serialize(NOTICE_COOKIE, notice, { ...cookieOptions, maxAge: NOTICE_MAX_AGE_SECONDS });
}

/** The notice waiting for this request (in its context's parsed cookies), if any, and the Set-Cookie that spends it. */
export function takeNotice(cookies: RequestCookies): { notice: FlowNotice | null; spend: string | null } {
  const value = cookies[NOTICE_COOKIE];
  if (value === undefined) return { notice: null, spend: null };
  const known = (FLOW_NOTICES as readonly string[]).includes(value);
  return {
    notice: known ? (value as FlowNotice) : null,
    spend: serialize(NOTICE_COOKIE, "", { ...cookieOptions, maxAge: 0 }),
  };
}
