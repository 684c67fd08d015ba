import type { NextFunction, Request, Response } from "express";
import type { AppLoadContext } from "react-router";
import { detectLocale, LOCALE_COOKIE, matchScreen, type Locale, type ScreenMatch } from "@shop/routing";
import { webViewUser } from "@shop/domain/web-view";
import { env } from "../app/env.server";
import { readCookies, sessionCache, sessionTokenOf, SIGNED_OUT, type Session } from "../app/session.server";

/** The screen of the route table that answers a request, with the parameters its path gives. */
export type RequestScreen = Pick<ScreenMatch, "id" | "params">;

/**
 * What a request is about, worked out once by `requestContext` and handed on: the server's
 * middlewares read it from `res.locals`, loaders, actions and entry.server from their `context`.
 */
export interface RequestContext {
  /** The screen that answers, or null: unknown paths (the 404 page) and resources (sitemap, logout). */
  readonly screen: RequestScreen | null;
  /**
   * The page's language (decision 001): the screen's, else the first path segment when it is a
   * language we serve, else the `lang` cookie, else Spanish.
   */
  readonly locale: Locale;
  /** A data request of React Router (`.data`): a navigation or form of the browser, answered without HTML. */
  readonly dataRequest: boolean;
  /** The request comes from the company's app: its user agent carries APP_USER_AGENT_TOKEN (decision 019). */
  readonly fromApp: boolean;
  /** The request's cookies, parsed once here: nothing after this parses the Cookie header again. */
  readonly cookies: Readonly<Record<string, string | undefined>>;
  /** The session cookie's token, unchecked (the session below is what the CMS believes). */
  readonly sessionToken: string | null;
}

/** The request context with the visitor's session, resolved once per request (`requestSession`). */
export interface SessionContext {
  /** The signed-in customer and their token; loaders read it through requireCustomer (app/accounts/account-area.server.ts). */
  readonly session: Session;
}

declare module "express-serve-static-core" {
  interface Locals {
    requestContext: RequestContext;
    session: Session;
  }
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext, SessionContext {
    cspNonce: string;
    /** The visitor's IP address (behind TRUST_PROXY_HOPS proxies). */
    clientIp: string;
  }
}

const DATA_SUFFIX = ".data";

/** The page path of a request: React Router's data requests end in `.data`, the home's is `/_root.data`. */
export function pagePath(pathname: string): string {
  if (!pathname.endsWith(DATA_SUFFIX)) return pathname;
  const path = pathname.slice(0, -DATA_SUFFIX.length);
  return path === "/_root" ? "/" : path;
}

/**
 * The path React Router routes: its Express adapter reads the request target as a URL, which
 * resolves dot segments (also `%2e%2e`), turns `\` into `/` and encodes raw bytes. Working from
 * the same path keeps the screen of the middlewares (private pages, page cache, language cookie)
 * the one React Router renders, even for paths that Express and the URL standard read apart.
 */
function routedPathname(target: string): string {
  try {
    return new URL(`http://storefront${target}`).pathname;
  } catch {
    return target.split("?")[0] ?? target;
  }
}

/** Resolves the screen and language of a request target (path and query, as on the request line). */
export function resolveRequestContext(
  target: string,
  {
    cookie,
    userAgent,
    appUserAgentToken,
  }: { cookie: string | undefined; userAgent?: string | undefined; appUserAgentToken?: string | undefined },
): RequestContext {
  const pathname = routedPathname(target);
  const path = pagePath(pathname);
  const match = matchScreen(path);
  const cookies = readCookies(cookie);
  return {
    screen: match ? { id: match.id, params: match.params } : null,
    // The cookie only decides for a path that no screen and no language prefix claims.
    locale: match?.locale ?? detectLocale(path, cookies[LOCALE_COOKIE.name]),
    dataRequest: pathname.endsWith(DATA_SUFFIX),
    fromApp: webViewUser({ userAgent, token: appUserAgentToken, adminEmails: [], email: null }) !== "browser",
    cookies,
    sessionToken: sessionTokenOf(cookies),
  };
}

/** Works out the request context of a page request, once, for everything after it. */
export function requestContext(req: Request, res: Response, next: NextFunction) {
  res.locals.requestContext = resolveRequestContext(req.originalUrl, {
    cookie: req.headers.cookie,
    userAgent: req.headers["user-agent"],
    appUserAgentToken: env.APP_USER_AGENT_TOKEN,
  });
  // The same address answers the app and a browser differently (decision 019): a shared cache must
  // keep them apart.
  if (env.APP_USER_AGENT_TOKEN) res.vary("User-Agent");
  next();
}

/**
 * Resolves the visitor's session once for the whole request (docs/decisions/024): the token of the
 * cookie parsed by `requestContext`, the customer from this process's session cache, the CMS asked
 * only when the cache has no fresh entry. The root guard, every loader and action read the result.
 */
export function requestSession(
  resolve: (token: string | null) => Promise<Session> = (token) => sessionCache.resolve(token),
) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const token = res.locals.requestContext.sessionToken;
    if (!token) {
      res.locals.session = SIGNED_OUT;
      return next();
    }
    resolve(token).then((session) => {
      res.locals.session = session;
      next();
    }, next);
  };
}

/** What React Router hands its loaders, actions and entry.server as `context`. */
export function loadContext(req: Request, res: Response): AppLoadContext {
  return {
    ...res.locals.requestContext,
    session: res.locals.session ?? SIGNED_OUT,
    cspNonce: res.locals.cspNonce,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
  };
}
