import { referralCodeCheckSchema, referralCodeSchema, referralRulesSchema, type OrderDraft } from "@shop/contracts";
import { serialize } from "cookie";
import { cmsCall } from "../cms.server";
import { secureCookies } from "../env.server";
import type { RequestCookies } from "../session.server";
import { patchDraft, type Caller } from "../order-flow/draft.server";
import { REFERRAL_PARAM } from "./link";

/**
 * Refer-a-friend on the storefront (issue 23): a share link's `?ref=CODE` is kept in a cookie until
 * the visitor has a draft, then put into the draft (where the CMS prices the friend's discount),
 * and the rules and the customer's referrals are read from the CMS.
 */

export const REFERRAL_COOKIE = "shop_ref";
/** A friend may look around for a while before ordering. */
const REFERRAL_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
const cookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

/** A code as a link or cookie carries it, when it looks like one (upper case, trimmed); otherwise null. */
export function referralCodeOf(value: string | null | undefined): string | null {
  const parsed = referralCodeSchema.safeParse((value ?? "").trim().toUpperCase());
  return parsed.success ? parsed.data : null;
}

/** The `?ref=` of a request's address, when it is a well-formed code. */
export const referralCodeInUrl = (url: string) => referralCodeOf(new URL(url).searchParams.get(REFERRAL_PARAM));

export const referralCookie = (code: string) =>
  serialize(REFERRAL_COOKIE, code, { ...cookieOptions, maxAge: REFERRAL_COOKIE_MAX_AGE });

export const forgetReferralCookie = () => serialize(REFERRAL_COOKIE, "", { ...cookieOptions, maxAge: 0 });

/**
 * Puts the code the visitor arrived with (the cookie, or this request's `?ref=`) into their draft
 * when the draft has none yet; the cookies to set. Once in the draft (or refused by the CMS as no
 * one's), the cookie goes: the draft keeps it through the flow, a sign-in and a change of language.
 */
export async function carryReferralCode({
  url,
  cookies,
  caller,
  draft,
}: {
  url: string;
  cookies: RequestCookies;
  caller: Caller | null;
  draft: OrderDraft | null;
}): Promise<string[]> {
  const arrived = referralCodeInUrl(url);
  const kept = arrived ?? referralCodeOf(cookies[REFERRAL_COOKIE]);
  if (kept === null) return [];
  if (caller === null || draft === null) return arrived ? [referralCookie(arrived)] : [];
  if (draft.referralCode !== null && !arrived) return [forgetReferralCookie()];
  if (draft.referralCode === kept) return cookies[REFERRAL_COOKIE] ? [forgetReferralCookie()] : [];
  const patched = await patchDraft(caller, { referralCode: kept });
  if (patched.ok || patched.status === "invalid") return cookies[REFERRAL_COOKIE] ? [forgetReferralCookie()] : [];
  // The CMS could not be asked: kept for the next page.
  return arrived ? [referralCookie(arrived)] : [];
}

export const referralRules = () => cmsCall("/referrals/rules", { contract: referralRulesSchema });

export const checkReferralCode = (code: string) =>
  cmsCall(`/referrals/codes/${encodeURIComponent(code)}`, { contract: referralCodeCheckSchema });
