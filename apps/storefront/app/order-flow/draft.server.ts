import {
  coverageAnswerSchema,
  createdOrderSchema,
  deliveryCalendarSchema,
  okAnswerSchema,
  orderDraftAnswerSchema,
  orderQuoteSchema,
  ORDER_DRAFT_HEADER,
  ORDER_FIELD_MAX,
  type AreaInterestBody,
  type CreateOrderBody,
  type OrderDraftPatch,
} from "@shop/contracts";
import type { Locale } from "@shop/routing";
import { serialize } from "cookie";
import { cmsCall, type CmsFieldErrors, type CmsRefusalReason } from "../cms.server";
import { secureCookies } from "../env.server";
import type { RequestCookies } from "../session.server";

/**
 * The new-order flow's calls to the CMS (docs/decisions/015). The draft lives in the CMS under a
 * random token; this server keeps the token in an httpOnly cookie and passes it in a header, so the
 * browser never reaches the draft API (it is not in the /api allow-list) and no URL carries it.
 */

export const DRAFT_COOKIE = "shop_order_draft";
/** The CMS keeps a draft 14 days; the cookie goes with it. */
const DRAFT_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
const draftCookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

/** The draft's token from the cookie (the request context's parsed cookies), when it looks like one of ours. */
export function draftTokenOf(cookies: RequestCookies): string | null {
  const token = cookies[DRAFT_COOKIE];
  return token && token.length <= ORDER_FIELD_MAX.draftToken && /^[\w-]+$/.test(token) ? token : null;
}

export function draftCookie(token: string): string {
  return serialize(DRAFT_COOKIE, token, { ...draftCookieOptions, maxAge: DRAFT_MAX_AGE_SECONDS });
}

/** Forgets a draft: spent by an order, or unknown to the CMS (expired). */
export function forgetDraftCookie(): string {
  return serialize(DRAFT_COOKIE, "", { ...draftCookieOptions, maxAge: 0 });
}

/** Refusals keyed by the field's path as the CMS names it, joined with dots ("boxes.0.exclusions"). */
export type FlowErrors = CmsFieldErrors;

/** A call of the flow: cmsCall's answer (a missing draft or order is "notFound"). */
export type FlowCall<T> = { readonly ok: true; readonly value: T } | FlowRefusal;

/** The CMS's refusal, or one the flow makes itself (a draft answered without its token). */
export type FlowRefusal = CmsRefusalReason;

/** Who is asking: the draft's token, and the customer's when signed in (the CMS links the draft to them). */
export interface Caller {
  readonly draft: string;
  readonly user: string | null;
}

const withDraft = ({ draft, user }: Caller) => ({ token: user, headers: { [ORDER_DRAFT_HEADER]: draft } });

/**
 * A new, empty draft (the first form posted in the flow; never a GET, so crawlers make none). The
 * CMS counts new drafts per visitor address: without it every visitor would share one allowance.
 */
export const createDraft = (user: string | null, clientIp: string) =>
  cmsCall("/order-drafts", { contract: orderDraftAnswerSchema, method: "POST", token: user, body: {}, clientIp });

export const loadDraft = (caller: Caller) =>
  cmsCall("/order-drafts/current", { contract: orderDraftAnswerSchema, ...withDraft(caller) });

export const patchDraft = (caller: Caller, patch: OrderDraftPatch) =>
  cmsCall("/order-drafts/current", {
    contract: orderDraftAnswerSchema,
    ...withDraft(caller),
    method: "PATCH",
    body: patch,
  });

/** The draft priced for the caller (consumers with VAT, companies net; the coupon checked for them), its lines named in `locale`. */
export const quoteDraft = (caller: Caller, locale: Locale) =>
  cmsCall(`/order-drafts/current/quote?${new URLSearchParams({ locale })}`, {
    contract: orderQuoteSchema,
    ...withDraft(caller),
  });

/** Turns the draft into an order waiting for its payment; the draft is spent. The address counts a newsletter request. */
export const placeOrder = (caller: Caller & { user: string }, body: CreateOrderBody, clientIp: string) =>
  cmsCall("/orders", { contract: createdOrderSchema, ...withDraft(caller), method: "POST", body, clientIp });

/** A gift card's code joins the draft (the CMS counts wrong codes per visitor address). */
export const addGiftCard = (caller: Caller, code: string, clientIp: string) =>
  cmsCall("/order-drafts/current/gift-cards", {
    contract: okAnswerSchema,
    ...withDraft(caller),
    method: "POST",
    body: { code },
    clientIp,
  });

/** The draft's card ending in `tail` leaves it. */
export const removeGiftCard = (caller: Caller, tail: string) =>
  cmsCall(`/order-drafts/current/gift-cards/${encodeURIComponent(tail)}`, {
    contract: okAnswerSchema,
    ...withDraft(caller),
    method: "DELETE",
  });

/** A new draft with the boxes, extras, plan and postcode of one of the customer's orders. */
export const draftFromOrder = (user: string, number: string, clientIp: string) =>
  cmsCall(`/order-drafts/from-order/${encodeURIComponent(number)}`, {
    contract: orderDraftAnswerSchema,
    method: "POST",
    token: user,
    body: {},
    clientIp,
  });

const postcodeQuery = (postcode: string) => `?${new URLSearchParams({ postcode })}`;

export const coverageOf = (postcode: string) =>
  cmsCall(`/delivery/coverage${postcodeQuery(postcode)}`, { contract: coverageAnswerSchema });

export const calendarOf = (postcode: string) =>
  cmsCall(`/delivery/calendar${postcodeQuery(postcode)}`, { contract: deliveryCalendarSchema });

/** "Tell me when you reach my area": counted per address by the CMS, like the newsletter. */
export const registerAreaInterest = (body: AreaInterestBody, clientIp: string) =>
  cmsCall("/delivery/area-interest", { contract: okAnswerSchema, method: "POST", body, clientIp });
