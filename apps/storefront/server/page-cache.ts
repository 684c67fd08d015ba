import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { LOCALE_COOKIE, RESOURCE_PATHS, SCREENS, serializeLocaleCookie, type Locale } from "@shop/routing";
import { webViewUser } from "@shop/domain/web-view";
import { carriesFlash } from "../app/accounts/flash.server";
import { readCookies, sessionTokenOf } from "../app/session.server";

declare module "express-serve-static-core" {
  interface Locals {
    /** The body is already compressed (a page cache copy): the compression middleware leaves it alone. */
    precompressed?: boolean;
  }
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The encodings a copy is kept in (encodingFor picks the one sent). */
type Encoding = "br" | "gzip" | "identity";

interface Variant {
  readonly body: Buffer;
  readonly etag: string;
  /** Every header of the answer but the language cookie (`serveCopy`). */
  readonly headers: OutgoingHttpHeaders;
}

interface CachedPage {
  readonly variants: Readonly<Record<Encoding, Variant>>;
  readonly contentType: string;
  /** The page's CSP with the hashes of its inline scripts in place of the nonce it was rendered with. */
  readonly csp: string | null;
  readonly cacheControl: string | null;
  /** The page's language, whose cookie a visitor without it gets; null for robots.txt and the sitemap. */
  readonly locale: Locale | null;
  readonly storedAt: number;
}

export interface PageCacheOptions {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly now?: () => number;
  /** The language cookie is sent with Secure (SITE_URL on https). */
  readonly secureCookies?: boolean;
  /** APP_USER_AGENT_TOKEN: the app's web view gets copies of its own (decision 019). */
  readonly appUserAgentToken?: string | undefined;
}

/**
 * Headers of the rendered answer that a copy does not repeat: written per response by Node, or
 * per copy below (its encoding, length, validator, CSP), or for one visitor (cookies).
 */
const PER_RESPONSE_HEADERS = new Set([
  "set-cookie",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
  "x-page-cache",
  "content-security-policy",
  "cache-control",
  "content-type",
]);

/** Resources that are the same for every visitor, cached like pages (they read the whole catalogue). */
const CACHED_RESOURCES: ReadonlySet<string> = new Set([RESOURCE_PATHS.robots, RESOURCE_PATHS.sitemap]);
const CACHED_TYPES = ["text/html", "text/plain", "application/xml"];

/**
 * Compressed once, when a copy is stored, on libuv's threads beside the requests. Measured on 100 KB
 * of the shop's text (a loaded 2-core machine): brotli's quality 6 ~10 ms and within 1 % of quality
 * 9's bytes, which took ~700 ms (its slower matcher), quality 11 ~430 ms for 7 % fewer bytes, too
 * much for every page a crawler walks; gzip's level 9 ~8 ms.
 */
const GZIP_LEVEL = 9;
const BROTLI_QUALITY = 6;

/** Whether an Accept-Encoding header admits `coding`: named with a q above 0, or `*` is and it is not named. */
function accepts(header: string, coding: string): boolean {
  let wildcard = false;
  for (const item of header.split(",")) {
    const [name = "", ...parameters] = item.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const admitted = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return admitted;
    if (name === "*") wildcard = admitted;
  }
  return wildcard;
}

/** Answers by Accept-Encoding header: browsers send a handful of different ones. */
const encodingsByHeader = new Map<string, Encoding>();

/** Brotli, else gzip, whichever the request accepts; else identity, always acceptable here. */
function encodingFor(header: string | undefined): Encoding {
  if (!header) return "identity";
  const known = encodingsByHeader.get(header);
  if (known) return known;
  const encoding = accepts(header, "br") ? "br" : accepts(header, "gzip") ? "gzip" : "identity";
  // Bounded: a client making up headers must not grow it.
  if (encodingsByHeader.size < 100) encodingsByHeader.set(header, encoding);
  return encoding;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources that admit the inline scripts the renderer wrote: those carrying the nonce of
 * the render (decision 045). Only those: a script in the page without the nonce was not the
 * renderer's (injected markup) and stays refused, as it was in the rendered response. Browsers hash
 * the script's text after the HTML parser turned CR LF into LF.
 */
export function scriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(`nonce="${nonce}"`) || /\ssrc=/.test(attributes)) continue;
    const digest = crypto.createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/**
 * The copy kept of a rendered response: its nonce taken out (no CSP header names it again), the
 * CSP's nonce replaced by the hashes of the scripts it admitted, and the body compressed both ways.
 */
export async function storedCopy(
  body: Buffer,
  {
    nonce,
    csp,
    contentType,
    cacheControl,
    locale,
    headers = {},
    storedAt,
  }: {
    nonce: string;
    csp: string | null;
    contentType: string;
    cacheControl: string | null;
    locale: Locale | null;
    /** The rendered answer's headers (security headers, Vary...), of which the copies repeat the lasting ones. */
    headers?: OutgoingHttpHeaders;
    storedAt: number;
  },
): Promise<CachedPage> {
  const rendered = body.toString("utf8");
  const hashes = nonce ? scriptHashes(rendered, nonce) : [];
  const html = nonce ? rendered.replaceAll(` nonce="${nonce}"`, "") : rendered;
  const identity = Buffer.from(html, "utf8");
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: GZIP_LEVEL }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  // One strong validator per representation: a gzip copy and a brotli copy are different bytes.
  const tag = crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  const sources = hashes.join(" ");
  // No hash at all leaves script-src with 'self' and the hosts: no inline script is admitted.
  const copyCsp = csp && nonce ? csp.replace(` 'nonce-${nonce}'`, sources ? ` ${sources}` : "") : csp;
  const lasting = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase())),
  );
  const vary = [String(headers.vary ?? headers.Vary ?? ""), "Accept-Encoding"]
    .flatMap((value) => value.split(","))
    .map((name) => name.trim())
    .filter(
      (name, index, names) =>
        name !== "" && names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index,
    )
    .join(", ");
  const variant = (encoded: Buffer, encoding: Encoding): Variant => {
    const etag = `"${tag}-${encoding}"`;
    return {
      body: encoded,
      etag,
      headers: {
        ...lasting,
        ...(copyCsp ? { "Content-Security-Policy": copyCsp } : {}),
        ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
        "Content-Type": contentType,
        "X-Page-Cache": "hit",
        Vary: vary,
        ETag: etag,
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
        "Content-Length": encoded.length,
      },
    };
  };
  return {
    variants: { br: variant(brotlied, "br"), gzip: variant(gzipped, "gzip"), identity: variant(identity, "identity") },
    contentType,
    csp: copyCsp,
    cacheControl,
    locale,
    storedAt,
  };
}

/**
 * A short-lived cache of public pages for signed-out visitors, per process, and of robots.txt and
 * the sitemap. Rendering a page costs far more than sending it, and everything on a public page for
 * a signed-out visitor is the same for everybody. A copy is stored once, compressed with gzip and
 * brotli, and sent as it is: the CSP of a copy admits its inline scripts by their hashes rather
 * than by a nonce, which would have to differ per response and so be written into every copy
 * (docs/decisions/045). The first response, rendered, keeps its own nonce. Runs after `requestContext`.
 */
export function pageCache({
  ttlMs,
  maxEntries,
  now = Date.now,
  secureCookies = false,
  appUserAgentToken,
}: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  /** Copies being compressed: a second render of the same page meanwhile stores nothing. */
  const storing = new Map<string, Promise<void>>();
  /**
   * Counts `forgetAll` calls: a page whose render began before the last one may show the content as
   * it was, so its copy is not kept.
   */
  let generation = 0;

  // Only pages: a data request (`.data`) answers a browser that already has the page, and is never HTML.
  function cacheable(req: Request, res: Response): boolean {
    if (req.method !== "GET" || res.locals.requestContext.sessionToken !== null) return false;
    // A one-time notice (app/accounts/flash.server.ts) is for this visitor only.
    if (carriesFlash(res.locals.requestContext.cookies)) return false;
    const { screen, dataRequest } = res.locals.requestContext;
    if (screen === null) return CACHED_RESOURCES.has(req.path);
    // Guest-only and signed-in screens are per visitor (a sign-in page carries its own provider state).
    return !dataRequest && SCREENS[screen.id].guard === "none";
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

  function send(req: Request, res: Response, page: CachedPage) {
    const encoding = encodingFor(req.headers["accept-encoding"]);
    const { body, etag } = page.variants[encoding];
    res.locals.precompressed = true;
    res.setHeader("Content-Type", page.contentType);
    res.setHeader("X-Page-Cache", "hit");
    res.vary("Accept-Encoding");
    res.setHeader("ETag", etag);
    if (page.csp) res.setHeader("Content-Security-Policy", page.csp);
    if (page.cacheControl) res.setHeader("Cache-Control", page.cacheControl);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.status(200).end(body);
  }

  function store(
    key: string,
    rendered: Buffer,
    details: Omit<Parameters<typeof storedCopy>[1], "storedAt">,
    { renderedIn }: { renderedIn: number },
  ) {
    if (storing.has(key) || renderedIn !== generation) return;
    const stored = storedCopy(rendered, { ...details, storedAt: now() })
      .then((page) => {
        if (renderedIn !== generation) return;
        if (pages.size >= maxEntries && !pages.has(key)) pages.delete(pages.keys().next().value as string);
        pages.set(key, page);
      })
      // A copy that could not be compressed is not kept: the next request renders again.
      .catch((error: unknown) => console.error("Could not store a page copy", error))
      .finally(() => storing.delete(key));
    storing.set(key, stored);
  }

  /** A copy per target, Host and X-Forwarded-Host as sent, and the app's web view apart (decision 019). */
  function keyOf(req: IncomingMessage, fromApp: boolean): string {
    const host = `${req.headers.host ?? ""} ${String(req.headers["x-forwarded-host"] ?? "")}`;
    // Express's originalUrl: the target as sent, which Node's request (serveCopy) calls url.
    return `${fromApp ? "app " : ""}${host} ${(req as Partial<Request>).originalUrl ?? req.url ?? ""}`;
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (!cacheable(req, res)) return next();
    // The app's web view gets its own copy (decision 019): its pages start the app's hooks.
    const key = keyOf(req, res.locals.requestContext.fromApp);
    const nonce: string = res.locals.cspNonce ?? "";
    const hit = pages.get(key);
    if (hit && now() - hit.storedAt < ttlMs) {
      send(req, res, hit);
      return;
    }
    if (hit) pages.delete(key);

    // Keep a copy of what the renderer streams out, and store it once the page is complete.
    const renderedIn = generation;
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
      if (res.statusCode === 200 && CACHED_TYPES.some((type) => contentType.startsWith(type)) && shareable(res)) {
        const header = (name: string) => {
          const value = res.getHeader(name);
          return value === undefined ? null : String(value);
        };
        store(
          key,
          Buffer.concat(chunks),
          {
            nonce,
            csp: header("Content-Security-Policy"),
            contentType,
            cacheControl: header("Cache-Control"),
            locale: res.locals.requestContext.screen ? res.locals.requestContext.locale : null,
            headers: res.getHeaders(),
          },
          { renderedIn },
        );
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
  /**
   * Sends a fresh copy before anything else runs (`server.js` calls it for every request, before
   * Express: a plain Node request and response, or an Express middleware in tests):
   * the copy carries the headers its rendered answer had (the security headers among them), and a
   * copy is only found for a request like the one it was rendered for: a GET for the same target
   * with the same Host and X-Forwarded-Host (so the checks of the Host, the site's host and the
   * target answered that request as they would this one), by a signed-out visitor without a
   * one-time notice. Anything else goes the whole way (`middleware`). Per request it only adds the
   * language cookie when the visitor has not got the page's.
   */
  const serveCopy = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== "GET" || pages.size === 0) return next();
    const fromApp =
      webViewUser({ userAgent: req.headers["user-agent"], token: appUserAgentToken, adminEmails: [], email: null }) !==
      "browser";
    const page = pages.get(keyOf(req, fromApp));
    if (!page || now() - page.storedAt >= ttlMs) return next();
    const cookies = readCookies(req.headers.cookie);
    if (sessionTokenOf(cookies) !== null || carriesFlash(cookies)) return next();
    const { body, etag, headers } = page.variants[encodingFor(req.headers["accept-encoding"])];
    const cookie =
      page.locale && cookies[LOCALE_COOKIE.name] !== page.locale
        ? serializeLocaleCookie(page.locale, secureCookies)
        : null;
    if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) {
      res.writeHead(304, { ETag: etag, Vary: headers.Vary, ...(cookie ? { "Set-Cookie": cookie } : {}) }).end();
      return;
    }
    res.writeHead(200, cookie ? { ...headers, "Set-Cookie": cookie } : headers).end(body);
  };
  /** Settles once the copies being compressed now are stored (tests: no waiting on the clock). */
  const whenStored = async () => {
    await Promise.all(storing.values());
  };
  /**
   * Drops every copy, and every copy being rendered or compressed now: staff changed the content
   * (app/content-changes.server.ts), and a copy made before would show the old one for `ttlMs`.
   */
  const forgetAll = () => {
    generation += 1;
    pages.clear();
  };
  return Object.assign(middleware, { whenStored, serveCopy, forgetAll });
}
