import { sendError } from "../http/errors";

interface BodyContext {
  status: number;
  body: unknown;
  path: string;
  get(field: string): string;
  set(field: string, value: string): void;
}

/**
 * The largest body the CMS reads, by what it is for, checked against Content-Length before a byte
 * is read (a body larger than its parser takes would otherwise be read, or written to disk, first).
 * - Uploads (multipart to the media library, in the admin or the content API, and the admin's
 *   logo settings): one file a request, as the admin panel sends them. A 24 MP photo is 10-15 MB
 *   (the storefront's image proxy shows sources of at most 15 MB); 32 MB leaves room for a PDF.
 * - Everything else: the JSON parser's own 1 MB (koa-body's default, which Strapi keeps); forms
 *   and text are 56 KB there, the content API's forms are a few KB.
 */
const MAX_UPLOAD_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;
const UPLOAD_PATHS = /^\/(?:api\/)?upload(?:\/|$)|^\/admin\//i;

/** Why the body a request declares is refused before it is read, or null. */
export function declaredBodyProblem({
  path,
  contentType,
  contentLength,
  chunked,
}: {
  path: string;
  contentType: string;
  contentLength: string;
  chunked: boolean;
}): { status: 411 | 413; message: string } | null {
  const multipart = contentType.toLowerCase().startsWith("multipart/");
  const max = multipart && UPLOAD_PATHS.test(path) ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES;
  // The multipart parser writes parts to disk as they come; a browser always says how long a
  // FormData body is, so one that does not is no browser's.
  if (multipart && chunked && contentLength === "") {
    return { status: 411, message: "A multipart body needs a Content-Length" };
  }
  if (contentLength !== "" && Number(contentLength) > max) {
    return { status: 413, message: `This request's body may carry at most ${max} bytes` };
  }
  return null;
}

/**
 * The body stopped coming: the client went away, or the server's request timeout cut it off (Node
 * has answered 408 and closed the connection). Nobody is left to answer, and nothing failed here.
 */
function bodyAbandoned(error: unknown): boolean {
  return error instanceof Error && (error as { type?: unknown }).type === "request.aborted";
}

/** formidable (multipart) marks the errors it throws for a malformed body with an HTTP code. */
function clientBodyError(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { httpCode } = error as { httpCode?: unknown };
  if (typeof httpCode === "number" && httpCode >= 400 && httpCode < 500) return error.message;
  return null;
}

/**
 * Sits right before strapi::body. A body larger than what it is for is refused before it is read
 * (declaredBodyProblem); the server's request timeout (HTTP_REQUEST_TIMEOUT_MS) bounds how long
 * one may take to arrive. The multipart parser throws plain errors for a broken boundary
 * or a truncated part, which Strapi would answer with 500; they are the client's mistake: 400.
 * (JSON and urlencoded parse errors already carry their 4xx status.)
 */
export default () => {
  return async (ctx: BodyContext, next: () => Promise<void>) => {
    const refused = declaredBodyProblem({
      path: ctx.path,
      contentType: ctx.get("Content-Type"),
      contentLength: ctx.get("Content-Length"),
      chunked: ctx.get("Transfer-Encoding") !== "",
    });
    if (refused) {
      // The client may still be sending: close rather than read what nobody wants.
      ctx.set("Connection", "close");
      sendError(
        ctx,
        refused.status,
        refused.status === 413 ? "PayloadTooLargeError" : "LengthRequiredError",
        refused.message,
      );
      return;
    }
    try {
      await next();
    } catch (error) {
      if (bodyAbandoned(error)) {
        sendError(ctx, 400, "BadRequestError", "The request body did not arrive whole");
        return;
      }
      const reason = clientBodyError(error);
      if (reason === null) throw error;
      sendError(ctx, 400, "BadRequestError", `Malformed request body: ${reason}`);
    }
  };
};
