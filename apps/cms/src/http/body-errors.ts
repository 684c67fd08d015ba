import { errors } from "@strapi/utils";

/**
 * A JSON or form body that does not parse, or is larger than its parser takes, is the client's
 * mistake, not the server's. koa-body throws the parser's own error (a SyntaxError carrying status
 * 400, or raw-body's 413), which strapi::errors answers with its status but logs as an error of the
 * server, with a stack trace. Given to strapi::body as `onError` (config/middlewares.ts), this turns
 * them into Strapi's ApplicationErrors, which are answered (400 or 413, Strapi's error shape, a
 * clear message) without that log; one line at info level says what was refused.
 */

interface ParserError {
  status?: unknown;
  type?: unknown;
  httpCode?: unknown;
}

interface RequestLine {
  method: string;
  path: string;
}

interface Logger {
  info(message: string): void;
}

/** The error the client is answered with, or null for an error that is not a body the client got wrong. */
function refusalOfBody(error: Error): errors.ValidationError | errors.PayloadTooLargeError | null {
  const { status, type, httpCode } = error as ParserError;
  // formidable's (multipart) and a body cut off halfway are src/middlewares/body-guard.ts's to answer.
  if (httpCode !== undefined || type === "request.aborted") return null;
  if (status === 413) return new errors.PayloadTooLargeError("The request body is larger than this call accepts");
  if (status === 400) {
    return new errors.ValidationError(
      error instanceof SyntaxError
        ? "The request body is not valid JSON"
        : "The request body could not be read as its Content-Type says",
    );
  }
  return null;
}

/** koa-body's onError: the client's mistakes answered as such, anything else thrown on as it was. */
export function bodyParserErrors(log: () => Logger) {
  return (error: Error, ctx: RequestLine): never => {
    const refusal = refusalOfBody(error);
    if (refusal === null) throw error;
    // Not the parser's message: it may quote the body, and a body may hold a password.
    log().info(`Refused the body of ${ctx.method} ${ctx.path}: ${refusal.message}`);
    throw refusal;
  };
}
