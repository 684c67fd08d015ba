import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { apiError } from "./errors";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
}

/**
 * Security headers. Inline scripts (React Router's hydration data) carry a per-request nonce;
 * HSTS is sent only when the shop is served over HTTPS.
 */
export function securityHeaders({ https, development }: { https: boolean; development: boolean }) {
  return helmet({
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: true,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:"],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "frame-ancestors": ["'self'"],
            "form-action": ["'self'"],
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
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages. Browsers say where a request
 * comes from (Sec-Fetch-Site, Origin); a request that says nothing is not a browser's and
 * carries no ambient cookie risk.
 */
export function sameOriginWrites(siteOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("Sec-Fetch-Site");
    const origin = req.get("Origin");
    const requestOrigin = `${req.protocol}://${req.get("Host") ?? ""}`;
    const crossSite = fetchSite
      ? fetchSite !== "same-origin" && fetchSite !== "none"
      : origin !== undefined && origin !== "null" && origin !== requestOrigin && origin !== siteOrigin;
    if (crossSite) {
      res.status(403).json(apiError(403, "ForbiddenError", "Cross-site request refused"));
      return;
    }
    next();
  };
}
