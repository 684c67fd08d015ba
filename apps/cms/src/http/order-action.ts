import type { Core } from "@strapi/strapi";
import { ORDER_DRAFT_HEADER, ORDER_FIELD_MAX } from "@shop/contracts";
import { openSessionOf, type SignedIn } from "../accounts/session-of-request";
import { DraftNeedsSignInError, OrderError, OrderNotFoundError } from "../ordering/errors";
import { action, sendUnauthorized, type Context } from "./action";
import { sendError } from "./errors";

/**
 * What the ordering controllers share (docs/decisions/015): the account calls' parse-and-answer
 * (./action.ts), plus the services' ordering refusals as answers: 400 or 409 with the field's
 * path and a code, 404 for a draft or an order the caller cannot see, 401 for a customer's draft
 * asked for signed out.
 */
export function orderAction(run: (ctx: Context) => Promise<void>) {
  return action(async (ctx) => {
    try {
      await run(ctx);
    } catch (error) {
      if (error instanceof OrderError) {
        const errors = [{ path: [...error.path], message: error.code, name: "ValidationError" as const }];
        const name =
          error.status === 409 ? "ConflictError" : error.status === 503 ? "ServiceUnavailableError" : "ValidationError";
        sendError(ctx, error.status, name, error.message, { code: error.code, errors });
        return;
      }
      if (error instanceof DraftNeedsSignInError) {
        sendUnauthorized(ctx);
        return;
      }
      if (error instanceof OrderNotFoundError) {
        sendError(ctx, 404, "NotFoundError", error.message);
        return;
      }
      throw error;
    }
  });
}

/** An ordering call for a signed-in customer: 401 without an open session. */
export function signedInOrder(strapi: Core.Strapi, run: (ctx: Context, session: SignedIn) => Promise<void>) {
  return orderAction(async (ctx) => {
    const session = await openSessionOf(strapi, ctx);
    if (!session) {
      sendUnauthorized(ctx);
      return;
    }
    await run(ctx, session);
  });
}

/** The draft's token from X-Order-Draft; a missing or oversized one finds no draft (404). */
export function draftTokenOf(ctx: Context): string {
  const token = ctx.request.header[ORDER_DRAFT_HEADER]?.trim() ?? "";
  if (token === "" || token.length > ORDER_FIELD_MAX.draftToken) throw new OrderNotFoundError("No such order draft");
  return token;
}
