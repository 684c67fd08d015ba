import { sendError } from "../http/errors";

interface MethodContext {
  method: string;
  status: number;
  body: unknown;
  set(field: string, value: string): void;
}

const KNOWN_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The router answers a method it has never heard of (TRACE, PROPFIND, made-up ones) with
 * 501 Not Implemented: a 5xx for what is the client's mistake. 405 here instead.
 */
export default () => {
  return async (ctx: MethodContext, next: () => Promise<void>) => {
    if (!KNOWN_METHODS.includes(ctx.method)) {
      ctx.set("Allow", KNOWN_METHODS.join(", "));
      sendError(ctx, 405, "MethodNotAllowedError", `Method ${ctx.method} is not allowed`);
      return;
    }
    await next();
  };
};
