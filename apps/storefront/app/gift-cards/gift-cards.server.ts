import {
  GIFT_CARD_PURCHASE_HEADER,
  giftCardOfferSchema,
  giftCardPurchaseSchema,
  giftCardPurchaseStartSchema,
  type GiftCardOffer,
  type GiftCardPurchase,
  type PaymentStart,
} from "@shop/contracts";
import { pathTo, type Locale } from "@shop/routing";
import type { AppLoadContext } from "react-router";
import { serialize } from "cookie";
import { data, redirect } from "react-router";
import { cmsCall } from "~/cms.server";
import { secureCookies } from "~/env.server";
import { readForm } from "~/forms/read-form.server";
import type { PaymentForm } from "~/orders/payment-redirect";
import { isPaymentPage } from "~/orders/payment-pages.server";
import { ordersTextsFor } from "~/orders/texts";
import type { FieldProblems, FormValues } from "./fields";
import { formValuesOf, purchaseBodyOf } from "./form.server";

/**
 * The gift card's purchase on the storefront's server (issue 23): the CMS's offer, a purchase sent
 * to the CMS (which prices it and starts its payment), and the purchase read back by its token. The
 * token lives in an httpOnly cookie and travels to the CMS in a header, never in a URL: the return
 * pages show what was typed and what became of it to the browser that bought, and to nobody else.
 */

export const PURCHASE_COOKIE = "shop_gift_card_purchase";
/** A day: long enough to come back from a bank's page, and to reload the completed page. */
const PURCHASE_MAX_AGE_SECONDS = 24 * 60 * 60;
const cookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies, path: "/" } as const;

/** Pages with a purchase on them are this visitor's: never in the page cache. */
export const PRIVATE_PAGE = { "Cache-Control": "private, no-store" } as const;

export function purchaseTokenOf(cookies: AppLoadContext["cookies"]): string | null {
  const token = cookies[PURCHASE_COOKIE];
  return token && token.length <= 64 && /^[\w-]+$/.test(token) ? token : null;
}

export async function loadOffer(): Promise<GiftCardOffer | null> {
  const answer = await cmsCall("/gift-cards/offer", { contract: giftCardOfferSchema });
  return answer.ok ? answer.value : null;
}

/** The visitor's purchase (its token in their cookie), or null: none, or one the CMS does not know. */
export async function loadPurchase(context: AppLoadContext): Promise<GiftCardPurchase | null> {
  const token = purchaseTokenOf(context.cookies);
  if (token === null) return null;
  const answer = await cmsCall("/gift-cards/purchases/current", {
    contract: giftCardPurchaseSchema,
    headers: { [GIFT_CARD_PURCHASE_HEADER]: token },
    logFailure: true,
  });
  return answer.ok ? answer.value : null;
}

/** What the action answers when the purchase cannot go: the problems beside their fields, and what was typed. */
export interface PurchaseRefusal {
  readonly errors: FieldProblems;
  readonly values: FormValues;
}

/** The browser sent to the gateway: a redirect, or the auto-posted form of a bank's page. */
function toPayment(payment: PaymentStart, locale: Locale, cookie: string) {
  const headers = { "Set-Cookie": cookie, ...PRIVATE_PAGE };
  const target = new URL(payment.url);
  if (!isPaymentPage(target)) {
    console.error(`Refusing to send a buyer to pay at ${target.origin}: not a payment page the shop knows`);
    return data({ errors: { form: { code: "sendFailed" } }, values: {} } satisfies PurchaseRefusal, {
      status: 502,
      headers,
    });
  }
  if (payment.method === "GET") {
    for (const [name, value] of Object.entries(payment.fields)) target.searchParams.set(name, value);
    return redirect(target.toString(), { status: 303, headers });
  }
  const paymentForm: PaymentForm = { payment, texts: ordersTextsFor(locale).redirect };
  return data({ paymentForm }, { headers });
}

/**
 * The create screen's form sent: checked with the contract (problems beside their fields, nothing
 * lost), then a purchase at the CMS, which checks the amount against its own offer and starts the
 * payment; its token is kept in the cookie and the browser goes to pay.
 */
export async function submitPurchase(request: Request, context: AppLoadContext) {
  const { locale, clientIp } = context;
  const values = formValuesOf(await readForm(request));
  const parsed = purchaseBodyOf(values, locale);
  if (!parsed.ok) return data({ errors: parsed.errors, values } satisfies PurchaseRefusal, { status: 400 });
  const answer = await cmsCall("/gift-cards/purchases", {
    method: "POST",
    body: parsed.body,
    contract: giftCardPurchaseStartSchema,
    clientIp,
  });
  if (answer.ok) {
    const cookie = serialize(PURCHASE_COOKIE, answer.value.token, {
      ...cookieOptions,
      maxAge: PURCHASE_MAX_AGE_SECONDS,
    });
    return toPayment(answer.value.payment, locale, cookie);
  }
  if (answer.status === "invalid") {
    const errors: FieldProblems = Object.fromEntries(
      Object.entries(answer.errors).map(([field, problem]) => [field, { code: problem.code, max: problem.max }]),
    );
    return data({ errors, values } satisfies PurchaseRefusal, { status: 400 });
  }
  const status = answer.status === "limited" ? 429 : 503;
  return data({ errors: { form: { code: "sendFailed" } }, values } satisfies PurchaseRefusal, { status });
}

/** The pages after the create screen, where its loaders send a purchase that belongs on the other. */
export const completedPath = (locale: Locale) => pathTo("giftCardPaymentCompleted", locale);
export const failedPath = (locale: Locale) => pathTo("giftCardPaymentFailed", locale);
