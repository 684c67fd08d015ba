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
import { accountErrorOf } from "../account.server";
import { FORM_FIELD, type AccountFieldError } from "../account-forms";
import { cmsFetch, type Contract, type CmsRequestOptions } from "../cms.server";
import { secureCookies } from "../env.server";
import { readCookies } from "../session.server";

/**
 * The new-order flow's calls to the CMS (docs/decisions/015). The draft lives in the CMS under a
 * random token; this server keeps the token in an httpOnly cookie and passes it in a header, so the
 * browser never reaches the draft API (it is not in the /api allow-list) and no URL carries it.
 */

export const DRAFT_COOKIE = "shop_order_draft";
/** The CMS keeps a draft 14 days; the cookie goes with it. */
const DRAFT_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
const draftCookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

/** The draft's token from the cookie, when it looks like one of ours. */
export function draftTokenOf(request: Request): string | null {
  const token = readCookies(request.headers.get("Cookie"))[DRAFT_COOKIE];
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
export type FlowErrors = Readonly<Record<string, AccountFieldError>>;

export type FlowCall<T> =
  | { readonly ok: true; readonly value: T }
  /** 400 or 409: what the CMS refused, beside its fields. */
  | { readonly ok: false; readonly status: "invalid"; readonly errors: FlowErrors }
  /** No such draft (expired, spent) or order. */
  | { readonly ok: false; readonly status: "notFound" }
  | { readonly ok: false; readonly status: "limited"; readonly retryAfterSeconds: number }
  | { readonly ok: false; readonly status: "signedOut" }
  | { readonly ok: false; readonly status: "failed" };

export type FlowRefusal = Exclude<FlowCall<never>, { ok: true }>;

interface StrapiErrorBody {
  error?: { details?: { code?: unknown; errors?: { path?: unknown[]; message?: unknown }[] } };
}

/** A path of the CMS (["boxes", 0, "exclusions"]) as one field name ("boxes.0.exclusions"). */
export const fieldOfPath = (path: readonly unknown[] | undefined): string =>
  path && path.length > 0 ? path.map(String).join(".") : FORM_FIELD;

/** The refusals of a Strapi error body: each field's first, or the body's code about the whole form. */
export function errorsOfBody(body: StrapiErrorBody): FlowErrors {
  const errors: Record<string, AccountFieldError> = {};
  for (const error of body.error?.details?.errors ?? []) {
    errors[fieldOfPath(error.path)] ??= accountErrorOf(String(error.message ?? ""));
  }
  const code = body.error?.details?.code;
  if (Object.keys(errors).length === 0 && typeof code === "string") errors[FORM_FIELD] = { code };
  return errors;
}

async function refusalOf(response: Response, path: string): Promise<FlowRefusal> {
  if (response.status === 401 || response.status === 403) return { ok: false, status: "signedOut" };
  if (response.status === 404) return { ok: false, status: "notFound" };
  if (response.status === 429) {
    const retryAfterSeconds = Number(response.headers.get("Retry-After"));
    return {
      ok: false,
      status: "limited",
      retryAfterSeconds: Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 60,
    };
  }
  if (response.status === 400 || response.status === 409) {
    const errors = errorsOfBody((await response.json().catch(() => ({}))) as StrapiErrorBody);
    if (Object.keys(errors).length > 0) return { ok: false, status: "invalid", errors };
  }
  console.error(`The CMS answered ${response.status} to ${path}`);
  return { ok: false, status: "failed" };
}

/** One call of the flow: the answer checked with its contract, or why not. Never throws. */
async function flowCall<T>(path: string, contract: Contract<T>, options: CmsRequestOptions): Promise<FlowCall<T>> {
  try {
    const response = await cmsFetch(path, options);
    if (!response.ok) return await refusalOf(response, path);
    return { ok: true, value: contract.parse(await response.json()) };
  } catch (error) {
    console.error(`Order flow call ${options.method ?? "GET"} ${path} failed`, error);
    return { ok: false, status: "failed" };
  }
}

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
  flowCall("/order-drafts", orderDraftAnswerSchema, { method: "POST", token: user, body: {}, clientIp });

export const loadDraft = (caller: Caller) =>
  flowCall("/order-drafts/current", orderDraftAnswerSchema, withDraft(caller));

export const patchDraft = (caller: Caller, patch: OrderDraftPatch) =>
  flowCall("/order-drafts/current", orderDraftAnswerSchema, { ...withDraft(caller), method: "PATCH", body: patch });

/** The draft priced for the caller (consumers with VAT, companies net; the coupon checked for them), its lines named in `locale`. */
export const quoteDraft = (caller: Caller, locale: Locale) =>
  flowCall(`/order-drafts/current/quote?${new URLSearchParams({ locale })}`, orderQuoteSchema, withDraft(caller));

/** Turns the draft into an order waiting for its payment; the draft is spent. The address counts a newsletter request. */
export const placeOrder = (caller: Caller & { user: string }, body: CreateOrderBody, clientIp: string) =>
  flowCall("/orders", createdOrderSchema, { ...withDraft(caller), method: "POST", body, clientIp });

/** A new draft with the boxes, extras, plan and postcode of one of the customer's orders. */
export const draftFromOrder = (user: string, number: string, clientIp: string) =>
  flowCall(`/order-drafts/from-order/${encodeURIComponent(number)}`, orderDraftAnswerSchema, {
    method: "POST",
    token: user,
    body: {},
    clientIp,
  });

const postcodeQuery = (postcode: string) => `?${new URLSearchParams({ postcode })}`;

export const coverageOf = (postcode: string) =>
  flowCall(`/delivery/coverage${postcodeQuery(postcode)}`, coverageAnswerSchema, {});

export const calendarOf = (postcode: string) =>
  flowCall(`/delivery/calendar${postcodeQuery(postcode)}`, deliveryCalendarSchema, {});

/** "Tell me when you reach my area": counted per address by the CMS, like the newsletter. */
export const registerAreaInterest = (body: AreaInterestBody, clientIp: string) =>
  flowCall("/delivery/area-interest", okAnswerSchema, { method: "POST", body, clientIp });
