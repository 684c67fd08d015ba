import { sendError } from "../http/errors";

interface ParsedBodyContext {
  method: string;
  path: string;
  request: { body?: unknown };
  status: number;
  body: unknown;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Deeper than any body the shop's API takes (the spec's query depth is 5; admin documents go deeper). */
const MAX_BODY_DEPTH = 32;

/** Iterative, so that the check itself cannot overflow the stack it protects. */
export function depthExceeds(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * Right after strapi::body.
 * - A JSON body nested thousands deep is valid JSON, but recursive code downstream (validation,
 *   sanitizing) would overflow the stack on it and answer 500: 400 instead.
 * - A content-API write without a body the parser understood (none, XML, plain text) reaches the
 *   controllers as an empty object, so their own validation answers 400 with the missing fields;
 *   users-permissions' auth controllers would otherwise destructure `undefined` and answer 500.
 */
export default () => {
  return async (ctx: ParsedBodyContext, next: () => Promise<void>) => {
    if (ctx.request.body === undefined && WRITE_METHODS.has(ctx.method) && ctx.path.toLowerCase().startsWith("/api/")) {
      ctx.request.body = {};
    }
    if (depthExceeds(ctx.request.body, MAX_BODY_DEPTH)) {
      sendError(ctx, 400, "BadRequestError", `The request body is nested deeper than ${MAX_BODY_DEPTH} levels`);
      return;
    }
    await next();
  };
};
