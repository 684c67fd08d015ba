import type { Core } from "@strapi/strapi";
import type { Context } from "../http/action";
import { sendError } from "../http/errors";
import { orderAction, signedInOrder } from "../http/order-action";
import { OrderNotFoundError } from "../ordering/errors";
import { audienceOf } from "../ordering/quote";
import { SubscriptionError, SubscriptionNotFoundError } from "./errors";
import type { Caller } from "./self-service";

/**
 * The subscription services' refusals as answers: 404 for a subscription or delivery the caller
 * cannot see, 400 or 409 with a code, and for a locked delivery `details.date`, the first delivery a
 * change still reaches. Anything else is thrown on.
 */
function answerRefusal(ctx: Context, error: unknown): void {
  if (error instanceof SubscriptionNotFoundError) throw new OrderNotFoundError(error.message);
  if (!(error instanceof SubscriptionError)) throw error;
  const errors = [{ path: [...error.path], message: error.code, name: "ValidationError" as const }];
  sendError(ctx, error.status, error.status === 409 ? "ConflictError" : "ValidationError", error.message, {
    code: error.code,
    errors,
    ...(error.date === undefined ? {} : { date: error.date }),
  });
}

/**
 * A subscription call for a signed-in customer: the ordering calls' answers (401 signed out, the
 * products' refusals as 400 with their path), plus the subscription services' refusals.
 */
export function subscriptionCall(strapi: Core.Strapi, run: (ctx: Context, caller: Caller) => Promise<void>) {
  return signedInOrder(strapi, async (ctx, session) => {
    try {
      // The customer's row came with the session: their prices' audience without reading it again.
      await run(ctx, { userId: session.userId, email: session.user.email, audience: audienceOf(session.user) });
    } catch (error) {
      answerRefusal(ctx, error);
    }
  });
}

/** A staff tools' subscription call (an admin route: the admin panel's policies have let staff in). */
export function staffSubscriptionCall(run: (ctx: Context) => Promise<void>) {
  return orderAction(async (ctx) => {
    try {
      await run(ctx);
    } catch (error) {
      answerRefusal(ctx, error);
    }
  });
}
