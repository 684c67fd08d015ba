import type { Core } from "@strapi/strapi";

/** Node's and the parsers' words for a connection the client dropped or the server cut off. */
const CONNECTION_GONE = new Set(["ERR_HTTP_REQUEST_TIMEOUT", "ECONNRESET", "ECONNABORTED", "EPIPE"]);

interface KoaError {
  code?: unknown;
  status?: unknown;
  expose?: unknown;
}

/** Whether Koa's app-level error handler should stay quiet about `error`. */
function isClientSideError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, status, expose } = error as KoaError;
  return expose === true || status === 404 || (typeof code === "string" && CONNECTION_GONE.has(code));
}

/**
 * Koa's default error handler prints the stack of every error that reaches it to stderr, and errors
 * of the connection itself reach it outside any middleware: a client that trickled its body until
 * the request timeout (HTTP_REQUEST_TIMEOUT_MS) printed "Error: Request timeout" with a stack, one
 * per slow client. Those are the client's doing and say nothing about the CMS; anything else is
 * logged through Strapi's logger, as an error. Replaced on the app rather than added as a listener:
 * the upload plugin's own listener hands every error but EPIPE to `app.onerror`.
 */
export function logServerErrorsOnly(strapi: Core.Strapi): void {
  strapi.server.app.onerror = (error: Error) => {
    if (!isClientSideError(error)) strapi.log.error(error.stack ?? error.message);
  };
}
