import type { Core } from "@strapi/strapi";
import type { z } from "zod";
import { openSessionOf, type SignedIn } from "../accounts/session-of-request";
import { asApiContext, type ApiContext, type KoaContext } from "./context";
import type { Caller } from "../accounts/accounts";
import { AccountError } from "../accounts/errors";
import { RateLimitedError } from "../rate-limits/errors";
import { sendError, sendValidationError, zodFieldErrors } from "./errors";

/**
 * What the JSON controllers share (accounts, newsletter, ordering, delivery; docs/decisions/011 and
 * 013): parse the body with its contract, run the action, and turn the services' refusals into Strapi's error shape:
 * 400 with the field and a code, 401 without a live session, 429 with Retry-After.
 */

export type Context = ApiContext & { request: ApiContext["request"] & { header: Record<string, string | undefined> } };

export function callerOf(ctx: Context): Caller {
  const userAgent = ctx.request.header["user-agent"];
  return { address: ctx.request.ip, ...(userAgent === undefined ? {} : { userAgent }) };
}

export function parse<Schema extends z.ZodType>(ctx: Context, schema: Schema): z.output<Schema> | undefined {
  const parsed = schema.safeParse(ctx.request.body ?? {});
  if (parsed.success) return parsed.data;
  sendValidationError(ctx, "The request has invalid fields", zodFieldErrors(parsed.error));
  return undefined;
}

/** Runs an action, turning the services' refusals into answers. Nothing an account call answers is cacheable. */
export function action(run: (ctx: Context) => Promise<void>) {
  return async (koaCtx: KoaContext) => {
    const ctx = asApiContext(koaCtx) as Context;
    ctx.set("Cache-Control", "no-store");
    try {
      await run(ctx);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        ctx.set("Retry-After", String(error.retryAfterSeconds));
        sendError(
          ctx,
          429,
          "RateLimitError",
          error.message,
          error.code === undefined ? undefined : { code: error.code },
        );
        return;
      }
      if (error instanceof AccountError) {
        const errors = [
          {
            path: error.field === undefined ? [] : [error.field],
            message: error.code,
            name: "ValidationError" as const,
          },
        ];
        sendError(ctx, 400, error.code === "blocked" ? "ApplicationError" : "ValidationError", error.message, {
          code: error.code,
          errors,
        });
        return;
      }
      throw error;
    }
  };
}

/** 401: no live session (or the account is gone). */
export function sendUnauthorized(ctx: Context): void {
  sendError(ctx, 401, "UnauthorizedError", "Missing or invalid credentials");
}

/** An action for a signed-in customer: 401 unless the request carries the token of an open session. */
export function signedIn(strapi: Core.Strapi, run: (ctx: Context, session: SignedIn) => Promise<void>) {
  return action(async (ctx) => {
    const session = await openSessionOf(strapi, ctx);
    if (!session) {
      sendUnauthorized(ctx);
      return;
    }
    await run(ctx, session);
  });
}

export const OK = { ok: true } as const;
