import { sendError } from "../http/errors";

interface QueryContext {
  query: unknown;
  status: number;
  body: unknown;
}

/**
 * Parses the query string before anything else reads it. Strapi parses it lazily with qs, and qs
 * throws a RangeError past the limits of src/catalogue/query-limits.ts; left alone that error would
 * surface wherever the query is first read and answer 500. A malformed query is the client's fault:
 * 400, in Strapi's error shape.
 */
export default () => {
  return async (ctx: QueryContext, next: () => Promise<void>) => {
    try {
      void ctx.query;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      sendError(ctx, 400, "BadRequestError", `Invalid query string: ${reason}`);
      return;
    }
    await next();
  };
};
