import type { NextFunction, Request, Response } from "express";

type HeaderValue = string | number | readonly string[] | undefined;

function valuesOf(value: HeaderValue): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [String(value)]).map(String);
}

/** The comma-separated items of a list header. */
function listItems(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(",").map((item) => item.trim())).filter((item) => item !== "");
}

/**
 * What a header becomes when React Router's answer adds `added` to what the server's middlewares
 * set before it (`existing`): one header each, never the same line twice.
 * - Set-Cookie: every cookie, as they are separate lines by nature.
 * - Vary: one list of the names of both, each once.
 * - Cache-Control: the server's stands when it set one. It only does for a page made for one visitor
 *   (security.ts privatePages), and a route's own `no-store` or a public lifetime must not replace
 *   that `private`.
 * - Anything else (X-Content-Type-Options, Content-Type...): the route's value, which is the one
 *   that knows the answer.
 */
export function mergedHeader(name: string, existing: HeaderValue, added: HeaderValue): string | string[] {
  const before = valuesOf(existing);
  const after = valuesOf(added);
  const lower = name.toLowerCase();
  if (before.length === 0) return after.length === 1 ? (after[0] as string) : after;
  if (lower === "set-cookie") return [...before, ...after];
  if (lower === "vary") {
    const byName = new Map<string, string>();
    for (const item of listItems([...before, ...after])) {
      if (!byName.has(item.toLowerCase())) byName.set(item.toLowerCase(), item);
    }
    return [...byName.values()].join(", ");
  }
  if (lower === "cache-control") return before.join(", ");
  return after.join(", ");
}

/**
 * React Router's Express adapter copies its answer's headers with `res.append`, which adds a second
 * line when a middleware has set the header already: `/account-data` and `/nuevo-pedido` went out
 * with two Cache-Control and two X-Content-Type-Options lines. Mounted just before React Router's
 * handler, this makes its `append` merge (mergedHeader) instead.
 */
export function oneOfEachHeader(_req: Request, res: Response, next: NextFunction) {
  res.append = (name: string, value?: string | string[]) => {
    res.setHeader(name, mergedHeader(name, res.getHeader(name), value));
    return res;
  };
  next();
}
