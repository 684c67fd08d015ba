import { sendError } from "../http/errors";

interface ParsedBodyContext {
  method: string;
  path: string;
  request: { body?: unknown; type: string; length?: number; get(field: string): string };
  status: number;
  body: unknown;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The content API's calls that take a form, not JSON: the gateways' notifications (Redsys posts a
 * form) and the sandbox's pages, whose buttons are plain HTML forms. Every other call takes JSON.
 */
const FORM_PATHS = /^\/api\/(payments|payment-methods)\/(redsys\/notification|sandbox\/[^/]+)$/i;

/** JSON as the body parser reads it: application/json and the +json types. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** The media library's uploads: multipart. */
const UPLOAD_PATH = /^\/api\/upload(\/|$)/i;

/**
 * A body the JSON calls cannot read: sent (it has a length, or comes in chunks) as something other
 * than JSON, to a call that takes JSON.
 */
function isUnreadableBody(request: ParsedBodyContext["request"], path: string): boolean {
  const sent = (request.length ?? 0) > 0 || request.get("transfer-encoding") !== "";
  if (!sent || FORM_PATHS.test(path)) return false;
  const type = request.type.toLowerCase();
  if (type.startsWith("multipart/")) return !UPLOAD_PATH.test(path);
  return !JSON_TYPE.test(type);
}

/** Deeper than any body the shop's API takes (the spec's query depth is 5; admin documents go deeper). */
const MAX_BODY_DEPTH = 32;

/** U+0000, which PostgreSQL's text cannot hold: a query naming it fails there (500), on SQLite it does not. */
const NUL = "\u0000";

/**
 * What is wrong with a body's shape: nested deeper than `max`, or a string (value or key) holding
 * U+0000; null when nothing. Iterative, so that the check itself cannot overflow the stack it protects.
 */
export function bodyFault(value: unknown, max: number): "deep" | "nul" | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === "string" && current.includes(NUL)) return "nul";
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) return "deep";
    for (const [key, child] of Object.entries(current)) {
      if (key.includes(NUL)) return "nul";
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Right after strapi::body.
 * - A JSON body nested thousands deep is valid JSON, but recursive code downstream (validation,
 *   sanitizing) would overflow the stack on it and answer 500: 400 instead.
 * - A NUL character in the path or in a string of the body would make PostgreSQL refuse the query
 *   naming it (500): 404 for the path, 400 for the body instead, on every database alike.
 * - A content-API write with a body that is not JSON (XML, a form, plain text) answers 400 saying
 *   so: the parser leaves XML unread and reads a form into strings, and a call taking no fields (a
 *   subscription's resume, say) would have acted on it as on `{}`. The calls that take forms
 *   (FORM_PATHS) and the media library's multipart uploads are left to their controllers.
 * - A content-API write without a body reaches the controllers as an empty object, so their own
 *   validation answers 400 with the missing fields; users-permissions' auth controllers would
 *   otherwise destructure `undefined` and answer 500.
 */
export default () => {
  return async (ctx: ParsedBodyContext, next: () => Promise<void>) => {
    const api = ctx.path.toLowerCase().startsWith("/api/");
    if (api && WRITE_METHODS.has(ctx.method) && isUnreadableBody(ctx.request, ctx.path)) {
      sendError(ctx, 400, "BadRequestError", "The request body must be JSON (Content-Type: application/json)", {
        code: "unsupported_content_type",
      });
      return;
    }
    if (ctx.request.body === undefined && WRITE_METHODS.has(ctx.method) && api) {
      ctx.request.body = {};
    }
    // A NUL in the path reaches the routes' parameters decoded (an id, an order number): it names
    // nothing, 404 as any unknown id (the storefront shows its not-found page for it).
    if (/%00/i.test(ctx.path) || ctx.path.includes(NUL)) {
      sendError(ctx, 404, "NotFoundError", "Not Found");
      return;
    }
    const fault = bodyFault(ctx.request.body, MAX_BODY_DEPTH);
    if (fault !== null) {
      const reason = fault === "deep" ? `is nested deeper than ${MAX_BODY_DEPTH} levels` : "holds a NUL character";
      sendError(ctx, 400, "BadRequestError", `The request body ${reason}`);
      return;
    }
    await next();
  };
};
