import {
  orderListQuery,
  orderListSchema,
  orderSchema,
  paymentAnswerSchema,
  type PaymentStart,
  type RefundErrorCode,
} from "@shop/contracts";
import { parseOrderNumber } from "@shop/domain";
import { pathTo, type Locale } from "@shop/routing";
import { data, redirect } from "react-router";
import { requireCustomer, signInAgain, type Visit } from "~/accounts/account-area.server";
import { forgetSession } from "~/session.server";
import { cmsCall } from "~/cms.server";
import { env } from "~/env.server";
import { notFound } from "~/components/error-screen";
import type { PaymentForm } from "./payment-redirect";
import type { CancelRefusal } from "./order-cancellation";
import { ordersTextsFor } from "./texts";
import { isPaymentPage } from "./payment-pages.server";
import { draftCookie, draftFromOrder } from "~/order-flow/draft.server";
import { stepHref } from "~/order-flow/steps";

/**
 * The customer's own orders (docs/decisions/015) for the pages after the flow: the order status
 * screen the payment comes back to, the payment page, the account's list and detail. Every call
 * carries the customer's token; the CMS answers an order only to its owner, and 404 for any other
 * number, which the pages turn into the same 404 page as a number that does not exist.
 */

/** The order number a URL names; null for anything that is not exactly how an order number is written. */
export function orderNumberIn(value: string | null | undefined): string | null {
  return value && parseOrderNumber(value) !== null ? value : null;
}

const ownOrderPath = (number: string) => `/orders/mine/${encodeURIComponent(number)}`;

/** The customer's token and the order the URL names; the 404 page when it names none. */
function ownOrderRequest(visit: Visit, number: string | null | undefined) {
  const { token } = requireCustomer(visit);
  const checked = orderNumberIn(number);
  if (!checked) notFound(visit.request);
  return { token, path: ownOrderPath(checked), number: checked };
}

/** A token the CMS no longer believes goes to sign in again; an order it does not show the customer, to the 404 page. */
function settleRefusal({ request, context }: Visit, token: string, status: string): void {
  if (status === "signedOut") {
    forgetSession(token);
    throw signInAgain(request, context.locale);
  }
  if (status === "notFound") notFound(request);
}

/**
 * The signed-in customer's order that the URL names (`number`: the path's or the query's), or the
 * 404 page for no number, a malformed one, an unknown one or someone else's. Null when the CMS
 * cannot say right now (the page says so).
 */
export async function loadOwnOrder(visit: Visit, number: string | null | undefined) {
  const { token, path } = ownOrderRequest(visit, number);
  const answer = await cmsCall(path, { contract: orderSchema, token });
  if (answer.ok) return answer.value;
  settleRefusal(visit, token, answer.status);
  return null;
}

/** The `?order=` of the payment page and the status screen. */
export const orderParamOf = (request: Request) => new URL(request.url).searchParams.get("order");

/** How many orders the list asks for: the contract's default, or `?limit=` when it is a valid one. */
export function listLimitOf(request: Request): number {
  const asked = new URL(request.url).searchParams.get("limit");
  const parsed = orderListQuery.safeParse({ limit: asked ?? undefined });
  return parsed.success ? parsed.data.limit : orderListQuery.parse({}).limit;
}

/** The customer's latest orders, newest first; null when the CMS cannot say. */
export async function loadOwnOrders(visit: Visit, limit: number) {
  const { token } = requireCustomer(visit);
  const answer = await cmsCall(`/orders/mine?${new URLSearchParams({ limit: String(limit) })}`, {
    contract: orderListSchema,
    token,
  });
  if (answer.ok) return answer.value.orders;
  if (answer.status === "signedOut") settleRefusal(visit, token, answer.status);
  return null;
}

// ---- Sending the browser to pay ------------------------------------------------------------------

/**
 * What an action answers to send the browser to a payment: a redirect for a provider that takes
 * a GET (Stripe Checkout, the sandbox page), else `{ paymentForm }`, which the page shows with
 * ./payment-redirect (a bank's signed form, posted by the page itself). `headers` go
 * with either (a cookie the action sets). A payment page outside the allow-list
 * (payment-pages.server) is never opened: the order exists by now, so the customer goes to its
 * status page, where it can be paid once the shop's configuration is put right.
 */
export function paymentResponse(
  payment: PaymentStart,
  { locale, orderNumber, headers }: { locale: Locale; orderNumber: string; headers?: HeadersInit },
) {
  const target = new URL(payment.url);
  // An order with nothing to pay (gift cards, a 100 % coupon) is paid by the CMS at once, which
  // then names this shop's own paid-order page: not a payment page, and not refused as one.
  if (payment.method === "GET" && target.origin === new URL(env.SITE_URL).origin) {
    return redirect(`${target.pathname}${target.search}`, { status: 303, headers });
  }
  if (!isPaymentPage(target)) {
    console.error(`Refusing to send a customer to pay at ${target.origin}: not a payment page the shop knows`);
    return redirect(`${pathTo("orderStatus", locale)}?${new URLSearchParams({ order: orderNumber })}`, {
      status: 303,
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

/** Why a payment, "order again" or a cancellation could not be done, said on the page (with its status code). */
export type OrderActionRefusal = {
  readonly refused: "notPayable" | "failed" | "orderAgainFailed" | "orderAgainTooMany" | CancelRefusal;
};

const refused = (reason: OrderActionRefusal["refused"], status: number) =>
  data<OrderActionRefusal>({ refused: reason }, { status });

/** A new payment attempt for the customer's order, and the browser sent to it. */
export async function startPayment(visit: Visit, number: string | null | undefined) {
  const { locale } = visit.context;
  const own = ownOrderRequest(visit, number);
  const answer = await cmsCall(`${own.path}/payments`, {
    contract: paymentAnswerSchema,
    method: "POST",
    token: own.token,
    body: {},
  });
  if (answer.ok) return paymentResponse(answer.value.payment, { locale, orderNumber: own.number });
  settleRefusal(visit, own.token, answer.status);
  // The only conflict of this call: the order is no longer waiting for a payment (not_payable).
  return answer.httpStatus === 409 ? refused("notPayable", 409) : refused("failed", 503);
}

/**
 * "Order again": a new draft with the order's boxes, extras, plan and postcode, kept under the
 * flow's cookie, and the flow from its delivery step (a new date is always needed; the flow sends
 * the customer further back should the draft lack anything).
 */
export async function orderAgain(visit: Visit & { context: { clientIp: string } }, number: string | null | undefined) {
  const { locale, clientIp } = visit.context;
  const own = ownOrderRequest(visit, number);
  const answer = await draftFromOrder(own.token, own.number, clientIp);
  if (!answer.ok) {
    settleRefusal(visit, own.token, answer.status);
    // The CMS counts new drafts per visitor address (a flood of "order again" is one).
    if (answer.status === "limited") return refused("orderAgainTooMany", 429);
    return refused("orderAgainFailed", answer.status === "invalid" ? 400 : 503);
  }
  if (!answer.value.token) {
    console.error("The CMS answered a draft without its token to an order again");
    return refused("orderAgainFailed", 502);
  }
  return redirect(stepHref(pathTo("newOrder", locale), "delivery"), {
    headers: { "Set-Cookie": draftCookie(answer.value.token) },
  });
}

/** The CMS's refusal codes of a cancellation, as the page words them. */
const CANCEL_REFUSALS = {
  past_cutoff: ["cancelTooLate", 409],
  not_cancellable: ["cancelNotPossible", 409],
  refund_refused: ["cancelRefundRefused", 409],
} as const satisfies Partial<Record<RefundErrorCode, readonly [OrderActionRefusal["refused"], number]>>;

const refusalCodeOf = (details: unknown): string | undefined =>
  details !== null && typeof details === "object" && typeof (details as { code?: unknown }).code === "string"
    ? (details as { code: string }).code
    : undefined;

/**
 * Cancels the customer's one-off order (docs/decisions/031): the CMS refunds a paid one in full
 * through its gateway and answers the order as it is now, whose refunds the page then shows. Past the
 * delivery's cut-off (or no longer cancellable) the page says why; someone else's order is the 404 page.
 */
export async function cancelOrder(visit: Visit, number: string | null | undefined) {
  const own = ownOrderRequest(visit, number);
  const answer = await cmsCall(`${own.path}/cancel`, {
    contract: orderSchema,
    method: "POST",
    token: own.token,
    body: {},
  });
  if (answer.ok) {
    const refunded = answer.value.refunds.filter((refund) => refund.status !== "failed").at(-1)?.amount ?? 0;
    return { cancelled: { refunded } };
  }
  settleRefusal(visit, own.token, answer.status);
  const code = refusalCodeOf(answer.error.details);
  const known =
    code !== undefined && Object.hasOwn(CANCEL_REFUSALS, code)
      ? CANCEL_REFUSALS[code as keyof typeof CANCEL_REFUSALS]
      : null;
  return known === null ? refused("cancelFailed", 503) : refused(known[0], known[1]);
}
