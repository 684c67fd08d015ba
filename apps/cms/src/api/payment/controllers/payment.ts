import type { Core } from "@strapi/strapi";
import { DEFAULT_LOCALE } from "@shop/domain";
import type { KoaContext } from "../../../http/context";
import { getEnv } from "../../../env";
import { sendError } from "../../../http/errors";
import type { PaymentNotification, PaymentProviderId } from "../../../payments/provider";
import { missingSandboxPage, sandboxPage, sandboxPagePolicy } from "../../../payments/sandbox-page";
import { SANDBOX_DECISIONS, type SandboxDecision } from "../../../payments/sandbox";
import {
  deliverSandboxNotification,
  findSandboxAttempt,
  recordSandboxDecision,
  type SandboxAttempt,
} from "../../../payments/sandbox-notifications";
import { afterAnswer } from "../../../http/after-answer";
import { sandboxPageUrl } from "../../../payments/gateways";
import { applyNotification } from "../../../payments/notifications";
import { applyCardSetupNotification } from "../../../payments/card-setup";
import { applyRefundNotification } from "../../../ordering/refunds/notifications";

/** The Koa context as far as these calls use it. */
interface PaymentContext {
  params: Record<string, string>;
  request: { body?: unknown; headers: Record<string, string | string[] | undefined> };
  status: number;
  body: unknown;
  type: string;
  set(field: string, value: string): void;
  redirect(url: string): void;
}

export const asContext = (ctx: KoaContext) => ctx as unknown as PaymentContext;

// koa-body keeps the body as received under this symbol (config/middlewares.ts: includeUnparsed).
const UNPARSED = Symbol.for("unparsedBody");

/** The notification as received: the raw body signatures are computed over, and the parsed form (also card setups'). */
export function notificationOf(ctx: PaymentContext): PaymentNotification {
  const body = ctx.request.body;
  const parsed = typeof body === "object" && body !== null ? (body as Record<string | symbol, unknown>) : {};
  const raw = parsed[UNPARSED];
  return {
    headers: ctx.request.headers,
    rawBody: typeof raw === "string" || Buffer.isBuffer(raw) ? raw : "",
    form: parsed as Record<string, unknown>,
  };
}

/** Gateways send again whatever is not answered 2xx: 200 for all but what must be refused. */
function notificationCall(strapi: Core.Strapi, providerId: PaymentProviderId) {
  return async (koaCtx: KoaContext) => {
    const ctx = asContext(koaCtx);
    ctx.set("Cache-Control", "no-store");
    const input = notificationOf(ctx);
    // Stripe has one webhook: a card setup's events (docs/decisions/029) go to the card's service.
    // Refunds (docs/decisions/031): Stripe's refund events and Redsys's type 3 go to the refunds' service.
    const answer =
      (providerId === "stripe" ? await applyCardSetupNotification(strapi, providerId, input) : null) ??
      (await applyRefundNotification(strapi, providerId, input)) ??
      (await applyNotification(strapi, providerId, input));
    if (answer.status === 200) {
      ctx.status = 200;
      ctx.body = { received: true };
    } else if (answer.status === 404) {
      sendError(ctx, 404, "NotFoundError", "Not Found");
    } else {
      sendError(ctx, 400, "ValidationError", "Payment notification refused", { code: answer.reason });
    }
  };
}

export function sendHtml(ctx: PaymentContext, status: number, html: string): void {
  ctx.set("Content-Security-Policy", sandboxPagePolicy(new URL(getEnv().storefrontUrl).origin));
  ctx.set("Cache-Control", "no-store");
  // The page's address names the payment: no other site gets it as a referrer. Not "no-referrer":
  // with it browsers send `Origin: null` on the page's own form posts, which crossSite refuses.
  ctx.set("Referrer-Policy", "same-origin");
  ctx.status = status;
  ctx.type = "text/html; charset=utf-8";
  ctx.body = html;
}

const isDecision = (value: unknown): value is SandboxDecision =>
  typeof value === "string" && (SANDBOX_DECISIONS as readonly string[]).includes(value);

/**
 * A form posted from another site (a page tricking a visitor into approving): refused. Browsers
 * without Sec-Fetch-Site still send Origin with a form's POST, so a foreign Origin is refused too;
 * neither header is a client that is not a browser (curl), which no other site can drive.
 */
export function crossSite(ctx: PaymentContext): boolean {
  const { "sec-fetch-site": site, origin } = ctx.request.headers;
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  return origin !== undefined && origin !== new URL(getEnv().publicUrl).origin;
}

/** What the page of a decided attempt says: the customer's recorded decision, else what the shop heard. */
function outcomeOf(payment: SandboxAttempt): "paid" | "failed" | "closed" {
  if (payment.decision !== null) return payment.decision === "approve" ? "paid" : "failed";
  return payment.status === "paid" || payment.status === "failed" ? payment.status : "closed";
}

/** Where "back to the shop" leads from a decided attempt's page. */
function returnUrlOf(payment: SandboxAttempt): string {
  if (payment.decision === null) return payment.returnUrl;
  return payment.decision === "approve" ? payment.returnUrls.completed : payment.returnUrls.failed;
}

/** The page of an attempt: its buttons while it is open, else its outcome or that it can no longer be paid. */
function pageOf(payment: SandboxAttempt): string {
  const state = payment.open ? "open" : outcomeOf(payment);
  return sandboxPage({
    locale: payment.locale,
    orderNumber: payment.orderNumber,
    amount: payment.amount,
    currency: payment.currency,
    state,
    action: new URL(sandboxPageUrl(payment.reference)).pathname,
    returnUrl: returnUrlOf(payment),
  });
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  redsysNotification: notificationCall(strapi, "redsys"),
  stripeWebhook: notificationCall(strapi, "stripe"),
  sandboxNotification: notificationCall(strapi, "sandbox"),

  async sandboxPage(koaCtx: KoaContext) {
    const ctx = asContext(koaCtx);
    const payment = await findSandboxAttempt(strapi, ctx.params.reference ?? "");
    if (payment === null) {
      sendHtml(ctx, 404, missingSandboxPage(DEFAULT_LOCALE));
      return;
    }
    sendHtml(ctx, 200, pageOf(payment));
  },

  async sandboxDecision(koaCtx: KoaContext) {
    const ctx = asContext(koaCtx);
    const payment = await findSandboxAttempt(strapi, ctx.params.reference ?? "");
    if (payment === null) {
      sendHtml(ctx, 404, missingSandboxPage(DEFAULT_LOCALE));
      return;
    }
    const decision = (ctx.request.body as { decision?: unknown } | undefined)?.decision;
    if (crossSite(ctx) || !isDecision(decision)) {
      sendError(ctx, 400, "ValidationError", "Choose approve or decline on the payment page");
      return;
    }
    // Decided, replaced by a newer attempt, or its order no longer payable: nothing to decide.
    if (!payment.open) {
      sendHtml(ctx, 409, pageOf(payment));
      return;
    }
    // Recorded before the answer, as a real gateway does: a CMS that dies right after the 303 still
    // has the decision, and the job sends its notification when it is back (payments/sandbox-notifications.ts).
    const decided = await recordSandboxDecision(strapi, payment.reference, decision);
    if (decided === null) {
      // Decided meanwhile by another post (two tabs), or no longer payable.
      const now = await findSandboxAttempt(strapi, payment.reference);
      sendHtml(ctx, 409, pageOf(now ?? payment));
      return;
    }
    // The first try right after the answer (a real notification may arrive after the customer is back).
    afterAnswer(strapi, "send the sandbox payment's notification", async () => {
      await deliverSandboxNotification(strapi, decided.reference);
    });
    ctx.status = 303;
    ctx.redirect(decision === "approve" ? decided.returnUrls.completed : decided.returnUrls.failed);
  },
});
