import { getEnv } from "../env";
import { sendError } from "../http/errors";

interface RegistrationContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** The path as a router that ignores case, doubled and trailing slashes and escapes would read it. */
function normalizedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape matches no route; compare it as it is.
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
}

const REGISTER_ADMIN = "/admin/register-admin";

/**
 * The admin panel offers "register the first admin" while no admin exists. In production that
 * form would belong to whoever found it first, so it is closed unless ADMIN_REGISTRATION=true;
 * operators create the first account with `npm run strapi -w apps/cms -- admin:create-user`.
 */
export default () => {
  const { adminRegistrationOpen } = getEnv();
  return async (ctx: RegistrationContext, next: () => Promise<void>) => {
    if (!adminRegistrationOpen && ctx.method === "POST" && normalizedPath(ctx.path) === REGISTER_ADMIN) {
      sendError(
        ctx,
        403,
        "ForbiddenError",
        "Registering the first admin is closed on this server; an operator creates staff accounts",
      );
      return;
    }
    await next();
  };
};
