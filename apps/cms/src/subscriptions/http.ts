import type { Core } from "@strapi/strapi";
import type { Context } from "../http/action";
import { sendError } from "../http/errors";
import { signedInOrder } from "../http/order-action";
import { OrderNotFoundError } from "../ordering/errors";
import { SubscriptionError, SubscriptionNotFoundError } from "./errors";

/**
 * A subscription call for a signed-in customer: the ordering calls' answers (401 signed out, the
 * products' refusals as 400 with their path), plus the subscription services' refusals: 404 for a
 * subscription or delivery the caller cannot see, 400 or 409 with a code, and for a locked delivery
 * `details.date`, the first delivery a change still reaches.
 */
export function subscriptionCall(
  strapi: Core.Strapi,
  run: (ctx: Context, caller: { userId: number; email: string }) => Promise<void>,
) {
  return signedInOrder(strapi, async (ctx, session) => {
    try {
      await run(ctx, { userId: session.userId, email: session.user.email });
    } catch (error) {
      if (error instanceof SubscriptionNotFoundError) throw new OrderNotFoundError(error.message);
      if (!(error instanceof SubscriptionError)) throw error;
      const errors = [{ path: [...error.path], message: error.code, name: "ValidationError" as const }];
      sendError(ctx, error.status, error.status === 409 ? "ConflictError" : "ValidationError", error.message, {
        code: error.code,
        errors,
        ...(error.date === undefined ? {} : { date: error.date }),
      });
    }
  });
}
