/**
 * Query-string limits of the spec (section 9): nesting depth 5, arrays of at most 20 entries, at
 * most 1000 parameters. Given to Strapi's `strapi::query` middleware (qs options): with
 * `strictDepth` and `throwOnLimitExceeded` an over-long or over-deep query makes qs throw instead of
 * silently truncating it, and the `global::query-guard` middleware turns that throw into a 400.
 */
export const QUERY_LIMITS = {
  depth: 5,
  arrayLimit: 20,
  parameterLimit: 1000,
  strictDepth: true,
  throwOnLimitExceeded: true,
  // Strapi's own default: `?a` parses to { a: null } rather than { a: "" }.
  strictNullHandling: true,
} as const;
