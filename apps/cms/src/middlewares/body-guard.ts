import { sendError } from "../http/errors";

interface BodyContext {
  status: number;
  body: unknown;
}

/** formidable (multipart) marks the errors it throws for a malformed body with an HTTP code. */
function clientBodyError(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { httpCode } = error as { httpCode?: unknown };
  if (typeof httpCode === "number" && httpCode >= 400 && httpCode < 500) return error.message;
  return null;
}

/**
 * Sits right before strapi::body. The multipart parser throws plain errors for a broken boundary
 * or a truncated part, which Strapi would answer with 500; they are the client's mistake: 400.
 * (JSON and urlencoded parse errors already carry their 4xx status.)
 */
export default () => {
  return async (ctx: BodyContext, next: () => Promise<void>) => {
    try {
      await next();
    } catch (error) {
      const reason = clientBodyError(error);
      if (reason === null) throw error;
      sendError(ctx, 400, "BadRequestError", `Malformed request body: ${reason}`);
    }
  };
};
