import type { NextFunction, Request, Response } from "express";
import { LOCALE_COOKIE, SCREENS } from "@shop/routing";
import { carriesFlash } from "../app/accounts/flash.server";

interface CachedPage {
  readonly body: Buffer;
  readonly nonce: string;
  readonly contentType: string;
  readonly storedAt: number;
}

export interface PageCacheOptions {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly now?: () => number;
}

/**
 * A short-lived cache of the HTML of public pages for signed-out visitors, per process. Rendering
 * a page costs far more than sending it, and everything on a public page for a signed-out visitor
 * is the same for everybody. The CSP nonce is the one per-response part: a cached page gets the
 * nonce of the response it is sent in, so no two responses share one. Runs after `requestContext`.
 */
export function pageCache({ ttlMs, maxEntries, now = Date.now }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();

  // Only pages: a data request (`.data`) answers a browser that already has the page, and is never HTML.
  function cacheable(req: Request, res: Response): boolean {
    if (req.method !== "GET" || res.locals.requestContext.sessionToken !== null) return false;
    // A one-time notice (app/accounts/flash.server.ts) is for this visitor only.
    if (carriesFlash(res.locals.requestContext.cookies)) return false;
    const { screen, dataRequest } = res.locals.requestContext;
    // Guest-only and signed-in screens are per visitor (a sign-in page carries its own provider state).
    return screen !== null && !dataRequest && SCREENS[screen.id].guard === "none";
  }

  /**
   * A page whose answer says it is private, or that sets a cookie other than the language's, was
   * made for this visitor: a copy would hand one visitor's state (a provider's `state`, a return
   * path) to the next, without the cookies that go with it.
   */
  function shareable(res: Response): boolean {
    if (/\b(?:private|no-store)\b/.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
    const cookies = [res.getHeader("Set-Cookie") ?? []].flat().map(String);
    return cookies.every((cookie) => cookie.startsWith(`${LOCALE_COOKIE.name}=`));
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (!cacheable(req, res)) return next();
    // The app's web view gets its own copy (decision 019): its pages start the app's hooks.
    const key = `${res.locals.requestContext.fromApp ? "app " : ""}${req.originalUrl}`;
    const nonce: string = res.locals.cspNonce;
    const hit = pages.get(key);
    if (hit && now() - hit.storedAt < ttlMs) {
      res.setHeader("Content-Type", hit.contentType);
      res.setHeader("X-Page-Cache", "hit");
      res.send(Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)));
      return;
    }
    if (hit) pages.delete(key);

    // Keep a copy of what the renderer streams out, and store it once the page is complete.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const remember = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding | undefined),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      remember(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      remember(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      const contentType = String(res.getHeader("Content-Type") ?? "");
      // The language cookie is written per request, outside the body, so a copy may go without it.
      if (res.statusCode === 200 && contentType.startsWith("text/html") && shareable(res)) {
        if (pages.size >= maxEntries) pages.delete(pages.keys().next().value as string);
        pages.set(key, { body: Buffer.concat(chunks), nonce, contentType, storedAt: now() });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}
