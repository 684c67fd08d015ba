import { sendError } from "../http/errors";

interface QueryContext {
  method: string;
  query: unknown;
  status: number;
  body: unknown;
}

/**
 * Parses the query string before anything else reads it. Strapi parses it lazily with qs, and qs
 * throws a RangeError past the limits of src/http/query-limits.ts; left alone that error would
 * surface wherever the query is first read and answer 500. A malformed query is the client's fault:
 * 400, in Strapi's error shape.
 *
 * Strapi checks filter field names and operators but not their values: the database layer throws
 * plain errors for `filters[price][$eq]=abc` or a malformed date, which would answer 500. On a read
 * such an error can only come from the query string, so it answers 400 too.
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
    try {
      await next();
    } catch (error) {
      if (READ_METHODS.has(ctx.method) && isFilterValueError(error)) {
        sendError(ctx, 400, "ValidationError", `Invalid filter value: ${(error as Error).message}`);
        return;
      }
      throw error;
    }
  };
};

const READ_METHODS = new Set(["GET", "HEAD"]);

/** The errors @strapi/database throws when a filter value cannot be cast to its field's type. */
function isFilterValueError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /^Expected a valid (Number|BigInteger), got /.test(error.message) ||
    ["InvalidDateFormat", "InvalidDatetimeFormat", "InvalidTimeFormat"].includes(error.name)
  );
}
