import type { Core } from "@strapi/strapi";
import type { z } from "zod";
import { asApiContext, type KoaContext } from "./context";
import { RateLimitedError } from "../rate-limits/errors";
import type { FormReceipt, Sender } from "../forms/forms";
import { sendError, sendValidationError, zodFieldErrors } from "./errors";

/** Accepts the fields bare or in Strapi's `{ data: { ... } }` envelope. */
function formInput(body: unknown): unknown {
  if (typeof body === "object" && body !== null && "data" in body) {
    const data = (body as { data: unknown }).data;
    if (typeof data === "object" && data !== null) return data;
  }
  return body;
}

/**
 * The POST action of a public form: validates the fields with the form's contract (400 with field
 * errors), hands them to the form's service with the client address, and answers 201, or 429 with
 * Retry-After when the sender has used up the hour.
 */
export function createFormAction<Schema extends z.ZodType>(
  strapi: Core.Strapi,
  schema: Schema,
  submit: (strapi: Core.Strapi, input: z.output<Schema>, sender: Sender) => Promise<FormReceipt>,
) {
  return async (koaCtx: KoaContext) => {
    const ctx = asApiContext(koaCtx);
    const parsed = schema.safeParse(formInput(ctx.request.body) ?? {});
    if (!parsed.success) {
      sendValidationError(ctx, "The form has invalid fields", zodFieldErrors(parsed.error));
      return;
    }
    ctx.set("Cache-Control", "no-store");
    let receipt: FormReceipt;
    try {
      receipt = await submit(strapi, parsed.data, { address: ctx.request.ip });
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      ctx.set("Retry-After", String(error.retryAfterSeconds));
      sendError(ctx, 429, "RateLimitError", error.message);
      return;
    }
    ctx.status = 201;
    ctx.body = {
      // A bot's message gets the same answer, without the entry it did not make.
      data: receipt.stored ? { received: true, id: receipt.id, documentId: receipt.documentId } : { received: true },
      meta: {},
    };
  };
}
