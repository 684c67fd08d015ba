import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env";
import { sendError, type ErrorContext } from "./errors";

/** The header every call of the end-to-end tests' hooks carries (E2E_HOOK_SECRET). */
export const E2E_HOOK_SECRET_HEADER = "x-e2e-hook-secret";

interface HookContext extends ErrorContext {
  request: { header: Record<string, string | string[] | undefined> };
}

// Hashed first so that the comparison takes the same time whatever the lengths.
const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an end-to-end hook may run (docs/decisions/034, 043); when not, the answer is written:
 * 404, as for any unknown path, unless E2E_JOB_HOOKS=true (which src/env.ts refuses in production and
 * with live payment keys); 403 without the secret in `X-E2E-Hook-Secret`.
 */
export function e2eHookAllowed(ctx: HookContext): boolean {
  const env = getEnv();
  if (!env.e2eJobHooks || env.e2eHookSecret === undefined) {
    sendError(ctx, 404, "NotFoundError", "Not Found");
    return false;
  }
  const given = ctx.request.header[E2E_HOOK_SECRET_HEADER];
  if (typeof given !== "string" || given === "" || !timingSafeEqual(digest(given), digest(env.e2eHookSecret))) {
    sendError(ctx, 403, "ForbiddenError", "The end-to-end hook needs its secret in the X-E2E-Hook-Secret header");
    return false;
  }
  return true;
}
