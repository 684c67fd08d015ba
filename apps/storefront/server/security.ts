import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { SCREENS } from "@shop/routing";
import { apiError } from "./errors";
import { refuseAfterBody } from "./refusals";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
}

/** What the Maps JavaScript API with its places library loads and calls (only when the shop has a key). */
const GOOGLE_MAPS = {
  script: ["https://maps.googleapis.com"],
  connect: ["https://maps.googleapis.com", "https://places.googleapis.com"],
  img: ["https://maps.gstatic.com", "https://maps.googleapis.com"],
};

/**
 * What Google Tag Manager and the Google tags it loads (Analytics 4, Ads) fetch, as Google's CSP
 * guide lists them; allowed only when the shop has a container (GTM_ID). The browser requests
 * none of it before the visitor consents (docs/decisions/016).
 */
const TAG_MANAGER = {
  script: ["https://*.googletagmanager.com", "https://www.googleadservices.com", "https://googleads.g.doubleclick.net"],
  connect: [
    "https://*.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.g.doubleclick.net",
    "https://www.google.com",
  ],
  img: [
    "https://*.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://*.g.doubleclick.net",
    "https://www.google.com",
  ],
  frame: ["https://td.doubleclick.net", "https://www.googletagmanager.com"],
};

interface SecurityOptions {
  readonly https: boolean;
  readonly development: boolean;
  /** Origins a form may send the browser to besides our own: the payment pages. */
  readonly formTargets?: readonly string[];
  /** The new-order flow's address suggestions are on (GOOGLE_MAPS_API_KEY). */
  readonly googleMaps?: boolean;
  /** The shop loads a Google Tag Manager container after consent (GTM_ID). */
  readonly tagManager?: boolean;
  /** The support chat's page (SUPPORT_CHAT_URL), framed when the visitor opens it (docs/decisions/020). */
  readonly supportChatUrl?: string;
}

/**
 * Who may be framed: the tag manager's hosts with a container, the support chat's origin with a
 * chat, nobody (null: default-src 'self' then covers it) with neither.
 */
export function frameSources({
  tagManager = false,
  supportChatUrl,
}: Pick<SecurityOptions, "tagManager" | "supportChatUrl">): string[] | null {
  if (!tagManager && !supportChatUrl) return null;
  const chat = supportChatUrl ? [new URL(supportChatUrl).origin] : [];
  return ["'self'", ...(tagManager ? TAG_MANAGER.frame : []), ...chat];
}

/**
 * Security headers. Inline scripts (React Router's hydration data) carry a per-request nonce;
 * HSTS is sent only when the shop is served over HTTPS.
 */
export function securityHeaders({
  https,
  development,
  formTargets = [],
  googleMaps = false,
  tagManager = false,
  supportChatUrl,
}: SecurityOptions) {
  const frames = frameSources({ tagManager, supportChatUrl });
  const maps = (part: keyof typeof GOOGLE_MAPS) => (googleMaps ? GOOGLE_MAPS[part] : []);
  const tags = (part: keyof typeof TAG_MANAGER) => (tagManager ? TAG_MANAGER[part] : []);
  const headers = helmet({
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: true,
          directives: {
            "default-src": ["'self'"],
            "script-src": [
              "'self'",
              (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
              ...maps("script"),
              ...tags("script"),
            ],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:", ...maps("img"), ...tags("img")],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'", ...maps("connect"), ...tags("connect")],
            // Without a container or a chat nothing may be framed: default-src 'self' covers it then.
            ...(frames ? { "frame-src": frames } : {}),
            "frame-ancestors": ["'self'"],
            "form-action": ["'self'", ...formTargets],
            "base-uri": ["'self'"],
            "object-src": ["'none'"],
            "upgrade-insecure-requests": https ? [] : null,
          },
        },
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "sameorigin" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

/**
 * Browser features the shop never uses are switched off for it and anything it embeds. Payment
 * stays with our own origin for the payment step's wallet buttons. Only features Chromium knows:
 * an unknown one ("bluetooth") is logged as an error on every page.
 */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "usb=()",
  "serial=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "browsing-topics=()",
  "payment=(self)",
].join(", ");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A form another site is expected to post to one of our paths (Sign in with Apple answers with a
 * form post from appleid.apple.com); the route itself must then prove the post was asked for (a
 * state kept in a cookie).
 */
export interface CrossSitePost {
  readonly origin: string;
  readonly paths: readonly string[];
}

/**
 * Cookie-authenticated writes must come from our own pages. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); a request that says nothing is not a browser's and
 * carries no ambient cookie risk.
 */
export function sameOriginWrites(
  siteOrigin: string,
  { crossSitePosts = [] }: { crossSitePosts?: readonly CrossSitePost[] } = {},
) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("Origin");
    const expected = crossSitePosts.some((post) => post.origin === origin && post.paths.includes(req.path));
    if (req.method === "POST" && expected) return next();
    const fetchSite = req.get("Sec-Fetch-Site");
    const requestOrigin = `${req.protocol}://${req.get("Host") ?? ""}`;
    // "null" is what a sandboxed frame or a data: page sends: never one of our pages.
    const crossSite = fetchSite
      ? fetchSite !== "same-origin" && fetchSite !== "none"
      : origin !== undefined && origin !== requestOrigin && origin !== siteOrigin;
    if (crossSite) {
      refuseAfterBody(req, res, () =>
        res.status(403).json(apiError(403, "ForbiddenError", "Cross-site request refused")),
      );
      return;
    }
    next();
  };
}

const PAGE_METHODS = ["GET", "HEAD", "POST"];

/**
 * Pages answer GET, HEAD and POST (forms); anything else (TRACE, PUT, DELETE, PATCH, made-up
 * methods) is refused here with 405, before a route could mistake it for a form post.
 */
export function pageMethods(req: Request, res: Response, next: NextFunction) {
  if (PAGE_METHODS.includes(req.method)) return next();
  refuseAfterBody(req, res, () => {
    res.set("Allow", PAGE_METHODS.join(", "));
    res.status(405).json(apiError(405, "MethodNotAllowedError", `Use ${PAGE_METHODS.join(", ")}`));
  });
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A body of one of `types`, at most `maxBytes`, its length checked before a byte of it is read.
 * Browsers always send Content-Length with a form or a fetch body, so a body without one
 * (chunked) is refused too; Node then never reads past the length that was declared. Answers the
 * request and returns false when the body is refused.
 */
export function acceptBody(
  req: Request,
  res: Response,
  { maxBytes, types }: { maxBytes: number; types: readonly string[] },
): boolean {
  const type = (req.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const declared = req.get("Content-Length");
  if (!types.includes(type) && !(type === "" && declared === "0")) {
    refuseAfterBody(req, res, () =>
      res.status(415).json(apiError(415, "UnsupportedMediaTypeError", `Send ${types.join(" or ")}`)),
    );
    return false;
  }
  if (declared === undefined || !/^\d+$/.test(declared)) {
    refuseAfterBody(req, res, () =>
      res.status(411).json(apiError(411, "LengthRequiredError", "A request body needs a Content-Length")),
    );
    return false;
  }
  if (Number(declared) > maxBytes) {
    // A body past refuseAfterBody's few megabytes is not read: the answer goes at once and closes.
    refuseAfterBody(req, res, () =>
      res.status(413).json(apiError(413, "PayloadTooLargeError", `A request body may carry at most ${maxBytes} bytes`)),
    );
    return false;
  }
  return true;
}

/** Form posts to pages: the longest form, every field full, is a small fraction of `maxBytes`. */
export function formPosts({ maxBytes }: { maxBytes: number }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || acceptBody(req, res, { maxBytes, types: FORM_TYPES })) next();
  };
}

/**
 * Pages with personal data (the account area, order and payment screens: every screen with a
 * guard) and every page rendered for a signed-in visitor must never be kept by a shared cache.
 * Runs after `requestContext`, which names the screen.
 */
export function privatePages(req: Request, res: Response, next: NextFunction) {
  const { screen } = res.locals.requestContext;
  const guarded = screen !== null && SCREENS[screen.id].guard !== "none";
  if (guarded || res.locals.requestContext.sessionToken !== null) res.set("Cache-Control", "private, no-store");
  next();
}
