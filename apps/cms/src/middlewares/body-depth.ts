import { sendError } from "../http/errors";

interface ParsedBodyContext {
  request: { body?: unknown };
  status: number;
  body: unknown;
}

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
 * Right after strapi::body: a JSON body nested thousands deep is valid JSON, but recursive code
 * downstream (validation, sanitizing) would overflow the stack on it and answer 500. 400 instead.
 */
export default () => {
  return async (ctx: ParsedBodyContext, next: () => Promise<void>) => {
    if (depthExceeds(ctx.request.body, MAX_BODY_DEPTH)) {
      sendError(ctx, 400, "BadRequestError", `The request body is nested deeper than ${MAX_BODY_DEPTH} levels`);
      return;
    }
    await next();
  };
};
