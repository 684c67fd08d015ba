import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { API_PREFIX } from "@shop/routing";
import { CLIENT_IP_HEADER, PROXY_SECRET_HEADER, PUBLIC_COLLECTIONS } from "@shop/contracts";
import { CMS_API_PREFIX } from "../app/cms.server";
import { sessionToken } from "../app/session.server";
import { apiError } from "./errors";
import { acceptBody } from "./security";

/** The calls the allow-list passes carry small JSON (sign-in, a message of at most 5000 characters). */
const MAX_API_BODY_BYTES = 64 * 1024;
const API_BODY_TYPES = ["application/json"];

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** One segment of an id or a slug: what the CMS's ids (numbers, documentIds) are made of. */
const ID = "[A-Za-z0-9_-]{1,64}";

const SIGN_IN_PROVIDERS = "(?:apple|google|facebook|microsoft)";

/**
 * Everything of the CMS that the browser may reach through the shop's own address: the public
 * content API of the specification (section 7) and nothing else. The admin API, the upload and
 * users-permissions management routes, the content-type builder and any route added later stay
 * out until they are listed here. Patterns match the whole path after /api, as sent (no decoding).
 */
const ALLOWED: readonly { readonly method: Method; readonly path: RegExp }[] = [
  ...PUBLIC_COLLECTIONS.map((name) => ({ method: "GET" as const, path: new RegExp(`^/${name}(?:/count|/${ID})?$`) })),
  { method: "GET", path: /^\/impact-metric$/ },
  { method: "GET", path: /^\/utils\/(?:reviews|posts-blog|metrics)$/ },
  { method: "GET", path: /^\/users\/me$/ },
  // The customer's own record (docs/decisions/011, 013), for the app and other API clients with a token.
  { method: "PUT", path: /^\/users\/me$/ },
  { method: "DELETE", path: /^\/users\/me$/ },
  { method: "GET", path: /^\/users\/me\/(?:addresses|newsletter|referral|export)$/ },
  { method: "POST", path: /^\/users\/me\/addresses$/ },
  { method: "PUT", path: new RegExp(`^/users/me/addresses/${ID}$`) },
  { method: "DELETE", path: new RegExp(`^/users/me/addresses/${ID}$`) },
  { method: "PUT", path: /^\/users\/me\/newsletter$/ },
  { method: "POST", path: /^\/auth\/(?:sign-in-code(?:\/verify)?|email-confirmation|logout)$/ },
  { method: "POST", path: /^\/newsletter\/(?:subscribe|confirm|unsubscribe)$/ },
  { method: "POST", path: /^\/auth\/local(?:\/register)?$/ },
  {
    method: "POST",
    path: /^\/auth\/(?:forgot-password|reset-password|change-password|send-email-confirmation)$/,
  },
  { method: "GET", path: new RegExp(`^/auth/${SIGN_IN_PROVIDERS}/callback$`) },
  { method: "POST", path: /^\/users-permissions\/apple\/login$/ },
  { method: "GET", path: /^\/users-permissions\/get-apple-url$/ },
  { method: "POST", path: /^\/(?:contact-messages|company-leads)$/ },
];

/** The methods the allow-list has for a path under /api (HEAD goes with GET); empty when none. */
export function allowedApiMethods(path: string): string[] {
  const methods = new Set<string>();
  for (const rule of ALLOWED) {
    if (!rule.path.test(path)) continue;
    methods.add(rule.method);
    if (rule.method === "GET") methods.add("HEAD");
  }
  return [...methods];
}

/**
 * True for every spelling a server could read as the /api prefix: upper case, doubled slashes,
 * percent-encoded letters or slashes. Such a request is answered here, never by the pages.
 */
export function looksLikeApi(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A broken escape is no path of ours either; compare what we have.
  }
  const squeezed = decoded
    .replaceAll("\\", "/")
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
  return squeezed === API_PREFIX || squeezed.startsWith(`${API_PREFIX}/`);
}

/** Headers by which a visitor could pretend to be somebody else, or to be us. */
const CLIENT_ADDRESS_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];
const SPOOFABLE_HEADERS = [
  ...CLIENT_ADDRESS_HEADERS,
  "forwarded",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  CLIENT_IP_HEADER,
  PROXY_SECRET_HEADER,
  "cookie",
];

/**
 * Headers of the CMS's answers that the shop sets itself (helmet, before the proxy) or must not
 * pass on: the CMS's own HSTS and CSP, its name, its cookies.
 */
const UPSTREAM_HEADERS_DROPPED = [
  "x-powered-by",
  "strict-transport-security",
  "content-security-policy",
  "content-security-policy-report-only",
  "x-frame-options",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "referrer-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "cross-origin-embedder-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "set-cookie",
];

/** A write's body is checked; a DELETE may come without one (an address), a POST or PUT may not. */
function carriesBody(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  if (req.method !== "DELETE") return true;
  return req.get("Content-Length") !== undefined || req.get("Transfer-Encoding") !== undefined;
}

/** The raw path of a request, as the client sent it, without the query string. */
function rawPathOf(req: Request): string {
  const url = req.originalUrl;
  const query = url.indexOf("?");
  return query >= 0 ? url.slice(0, query) : url;
}

/**
 * /api/* on the shop's address: an allow-list in front of the CMS's content API. The session cookie
 * becomes the bearer token on the way, so the JWT never reaches client-side code, and the CMS is
 * told the visitor's address as this server decided it (TRUST_PROXY_HOPS), never as the visitor
 * wrote it.
 */
export function apiProxy({ cmsUrl, proxySecret }: { cmsUrl: string; proxySecret: string }) {
  const proxy = createProxyMiddleware<Request, Response>({
    target: cmsUrl,
    changeOrigin: true,
    xfwd: false,
    proxyTimeout: 30_000,
    // The allow-list has checked the path after the prefix; the CMS serves it under its own.
    pathRewrite: (path) => CMS_API_PREFIX + path.slice(API_PREFIX.length),
    on: {
      proxyReq: (proxyReq, req) => {
        const token = sessionToken(req.headers.cookie);
        for (const name of SPOOFABLE_HEADERS) proxyReq.removeHeader(name);
        if (token && !req.headers.authorization) proxyReq.setHeader("Authorization", `Bearer ${token}`);
        proxyReq.setHeader(CLIENT_IP_HEADER, req.ip ?? req.socket.remoteAddress ?? "");
        proxyReq.setHeader(PROXY_SECRET_HEADER, proxySecret);
      },
      proxyRes: (proxyRes: IncomingMessage, req) => {
        for (const name of UPSTREAM_HEADERS_DROPPED) delete proxyRes.headers[name];
        // An answer made for somebody (their token went up) is theirs alone: no shared cache keeps it.
        if (req.headers.authorization || sessionToken(req.headers.cookie)) {
          proxyRes.headers["cache-control"] = "private, no-store";
        }
      },
      error: (_error, _req, res) => {
        if ("writeHead" in res && !res.headersSent) {
          res.writeHead(502, { "Content-Type": "application/json" });
          res.end(JSON.stringify(apiError(502, "BadGateway", "The content service is unavailable")));
        }
      },
    },
  });

  return (req: Request, res: Response, next: NextFunction) => {
    const rawPath = rawPathOf(req);
    if (!looksLikeApi(rawPath)) return next();
    const path = rawPath.startsWith(`${API_PREFIX}/`) ? rawPath.slice(API_PREFIX.length) : "";
    const methods = path ? allowedApiMethods(path) : [];
    if (methods.length === 0) {
      res.status(404).json(apiError(404, "NotFoundError", "Not Found"));
      return;
    }
    if (!methods.includes(req.method)) {
      res.set("Allow", methods.join(", "));
      res.status(405).json(apiError(405, "MethodNotAllowedError", `Use ${methods.join(", ")}`));
      return;
    }
    // Refused here rather than by the CMS, which answers an oversized body before reading it and
    // closes the connection: the proxy would turn that into a 502.
    if (carriesBody(req) && !acceptBody(req, res, { maxBytes: MAX_API_BODY_BYTES, types: API_BODY_TYPES })) return;
    return proxy(req, res, next);
  };
}
