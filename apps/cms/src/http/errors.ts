import type { z } from "zod";

/**
 * Error answers in Strapi's shape, { data: null, error: { status, name, message, details } }: the
 * storefront rethrows this body as is (spec section 8), so every error the CMS writes itself uses it.
 */
export interface ErrorContext {
  status: number;
  body: unknown;
}

interface FieldError {
  path: (string | number)[];
  message: string;
  name: "ValidationError";
}

export function sendError(
  ctx: ErrorContext,
  status: number,
  name: string,
  message: string,
  details: Record<string, unknown> = {},
): void {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details } };
}

/** 400 with the field errors in `details.errors`, as Strapi's own validation errors do. */
export function sendValidationError(ctx: ErrorContext, message: string, errors: FieldError[]): void {
  sendError(ctx, 400, "ValidationError", message, { errors });
}

/** A contract's (zod's) issues as the field errors of that answer. */
export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === "symbol" ? String(part) : part)),
    message: issue.message,
    name: "ValidationError",
  }));
}
