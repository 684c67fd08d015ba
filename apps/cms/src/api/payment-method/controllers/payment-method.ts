import { randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import { cardSetupBodySchema } from "@shop/contracts";
import { DEFAULT_LOCALE, toLocale } from "@shop/domain";
import type { KoaContext } from "../../../http/context";
import { parse, signedIn, OK } from "../../../http/action";
import { sendError } from "../../../http/errors";
import { asContext, crossSite, notificationOf, sendHtml } from "../../payment/controllers/payment";
import {
  applyCardSetupNotification,
  findPaymentMethod,
  findSandboxSetup,
  listPaymentMethods,
  makeDefault,
  removePaymentMethod,
  setupReturnUrls,
  startCardSetup,
} from "../../../payments/card-setup";
import { sandboxCardNotification, sandboxCardPageUrl } from "../../../payments/card-setup-gateways";
import { SANDBOX_CARD, SANDBOX_CARD_YEARS } from "../../../payments/sandbox";
import {
  missingSandboxPage,
  SANDBOX_CARD_DECISIONS,
  sandboxCardPage,
  type SandboxCardDecision,
} from "../../../payments/sandbox-page";

/**
 * A customer's saved cards (docs/decisions/029): the signed-in calls, Redsys's notifications about
 * a tokenisation (Stripe's come to its one webhook), and the sandbox gateway's card page.
 */

const NO_SUCH_CARD = "No such card";

const isCardDecision = (value: unknown): value is SandboxCardDecision =>
  typeof value === "string" && (SANDBOX_CARD_DECISIONS as readonly string[]).includes(value);

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list: signedIn(strapi, async (ctx, session) => {
    ctx.body = { data: await listPaymentMethods(strapi, session.userId) };
  }),

  findOne: signedIn(strapi, async (ctx, session) => {
    const method = await findPaymentMethod(strapi, session.userId, String(ctx.params.id));
    if (method === null) sendError(ctx, 404, "NotFoundError", NO_SUCH_CARD);
    else ctx.body = { data: method };
  }),

  setup: signedIn(strapi, async (ctx, session) => {
    const body = parse(ctx, cardSetupBodySchema);
    if (!body) return;
    const started = await startCardSetup(strapi, session.user, {
      ...(body.provider === undefined ? {} : { provider: body.provider }),
      ...(body.locale === undefined ? {} : { locale: body.locale }),
    });
    if (started === null) {
      sendError(ctx, 400, "ValidationError", "This payment gateway does not take cards now", { code: "provider_off" });
      return;
    }
    if (started === "gateway_unavailable") {
      sendError(ctx, 503, "ServiceUnavailableError", "The payment gateway did not answer: try again in a few minutes", {
        code: "gateway_unavailable",
      });
      return;
    }
    ctx.status = 201;
    ctx.body = { data: started.method, payment: started.start };
  }),

  makeDefault: signedIn(strapi, async (ctx, session) => {
    if (await makeDefault(strapi, session.userId, String(ctx.params.id))) ctx.body = OK;
    else sendError(ctx, 404, "NotFoundError", NO_SUCH_CARD);
  }),

  remove: signedIn(strapi, async (ctx, session) => {
    const result = await removePaymentMethod(strapi, session.userId, String(ctx.params.id));
    if (result === "removed") ctx.body = OK;
    else if (result === "in_use") {
      sendError(
        ctx,
        409,
        "ApplicationError",
        "A subscription pays with this card: choose another card for it before removing this one",
        { code: "card_in_use" },
      );
    } else sendError(ctx, 404, "NotFoundError", NO_SUCH_CARD);
  }),

  /** Redsys sends again whatever is not answered 2xx: 200 for all but what must be refused. */
  async redsysNotification(koaCtx: KoaContext) {
    const ctx = asContext(koaCtx);
    ctx.set("Cache-Control", "no-store");
    const answer = (await applyCardSetupNotification(strapi, "redsys", notificationOf(ctx))) ?? { status: 200 };
    if (answer.status === 200) {
      ctx.status = 200;
      ctx.body = { received: true };
    } else if (answer.status === 404) sendError(ctx, 404, "NotFoundError", "Not Found");
    else sendError(ctx, 400, "ValidationError", "Payment notification refused", { code: answer.reason });
  },

  async sandboxPage(koaCtx: KoaContext) {
    const ctx = asContext(koaCtx);
    const setup = await findSandboxSetup(strapi, ctx.params.reference ?? "");
    if (setup === null) {
      sendHtml(ctx, 404, missingSandboxPage(DEFAULT_LOCALE));
      return;
    }
    sendHtml(ctx, 200, pageOf(setup, setup.open ? "open" : "closed"));
  },

  async sandboxDecision(koaCtx: KoaContext) {
    const ctx = asContext(koaCtx);
    const setup = await findSandboxSetup(strapi, ctx.params.reference ?? "");
    if (setup === null) {
      sendHtml(ctx, 404, missingSandboxPage(DEFAULT_LOCALE));
      return;
    }
    const decision = (ctx.request.body as { decision?: unknown } | undefined)?.decision;
    if (crossSite(ctx) || !isCardDecision(decision)) {
      sendError(ctx, 400, "ValidationError", "Choose an answer on the card page");
      return;
    }
    if (!setup.open) {
      sendHtml(ctx, 409, pageOf(setup, "closed"));
      return;
    }
    if (decision === "authenticate") {
      sendHtml(ctx, 200, pageOf(setup, "challenge"));
      return;
    }
    const saved = decision === "approve" || decision === "authenticated";
    const notification = sandboxCardNotification(
      setup.reference,
      saved
        ? {
            outcome: "active",
            token: `sbx_${randomBytes(12).toString("hex")}`,
            expiryYear: new Date().getUTCFullYear() + SANDBOX_CARD_YEARS,
          }
        : { outcome: "failed", reason: decision === "decline" ? "declined" : "authentication_failed" },
    );
    // The sandbox's word reaches the shop as a gateway's does: signed, through the same service.
    await applyCardSetupNotification(strapi, "sandbox", notification);
    const returnUrls = setupReturnUrls(setup.reference, setup.locale);
    ctx.status = 303;
    ctx.redirect(saved ? returnUrls.completed : returnUrls.failed);
  },
});

function pageOf(setup: { reference: string; locale: string }, state: "open" | "challenge" | "closed"): string {
  const locale = toLocale(setup.locale);
  return sandboxCardPage({
    locale,
    cardLabel: `${SANDBOX_CARD.brand.toUpperCase()} •••• ${SANDBOX_CARD.last4}`,
    state,
    action: new URL(sandboxCardPageUrl(setup.reference)).pathname,
    returnUrl: setupReturnUrls(setup.reference, locale).completed,
  });
}
