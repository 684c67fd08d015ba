import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { API_PREFIX } from "@shop/routing";
import { CLIENT_IP_HEADER, PROXY_SECRET_HEADER, PUBLIC_COLLECTIONS } from "@shop/contracts";
import { CMS_API_PREFIX } from "../app/cms.server";
import { clearSessionCookie, forgetSession, sessionToken } from "../app/session.server";
import { apiError } from "./errors";
import { hasBody, refuseAfterBody } from "./refusals";
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
 *
 * `forCustomer`: a call made for the signed-in customer, to which the session cookie goes up as the
 * bearer token. Every other call is public and goes without it: the CMS refuses a bad token (401)
 * even where none is needed, so a garbage or retired cookie broke public reads and sign-in itself.
 */
const ALLOWED: readonly { readonly method: Method; readonly path: RegExp; readonly forCustomer?: boolean }[] = [
  ...PUBLIC_COLLECTIONS.map((name) => ({ method: "GET" as const, path: new RegExp(`^/${name}(?:/count|/${ID})?$`) })),
  { method: "GET", path: /^\/impact-metric$/ },
  { method: "GET", path: /^\/utils\/(?:reviews|posts-blog|metrics)$/ },
  { method: "GET", path: /^\/users\/me$/, forCustomer: true },
  // The customer's own record (docs/decisions/011, 013), for the app and other API clients with a token.
  { method: "PUT", path: /^\/users\/me$/, forCustomer: true },
  { method: "DELETE", path: /^\/users\/me$/, forCustomer: true },
  { method: "GET", path: /^\/users\/me\/(?:addresses|newsletter|referral|export)$/, forCustomer: true },
  { method: "POST", path: /^\/users\/me\/addresses$/, forCustomer: true },
  { method: "PUT", path: new RegExp(`^/users/me/addresses/${ID}$`), forCustomer: true },
  { method: "DELETE", path: new RegExp(`^/users/me/addresses/${ID}$`), forCustomer: true },
  { method: "PUT", path: /^\/users\/me\/newsletter$/, forCustomer: true },
  { method: "POST", path: /^\/auth\/(?:sign-in-code(?:\/verify)?|email-confirmation)$/ },
  // Signing out retires the session the token names.
  { method: "POST", path: /^\/auth\/logout$/, forCustomer: true },
  { method: "POST", path: /^\/newsletter\/(?:subscribe|confirm|unsubscribe)$/ },
  { method: "POST", path: /^\/auth\/local(?:\/register)?$/ },
  { method: "POST", path: /^\/auth\/(?:forgot-password|reset-password|send-email-confirmation)$/ },
  { method: "POST", path: /^\/auth\/change-password$/, forCustomer: true },
  { method: "GET", path: new RegExp(`^/auth/${SIGN_IN_PROVIDERS}/callback$`) },
  { method: "POST", path: /^\/users-permissions\/apple\/login$/ },
  { method: "GET", path: /^\/users-permissions\/get-apple-url$/ },
  { method: "POST", path: /^\/(?:contact-messages|company-leads)$/ },
];

/** Whether a listed call acts for the signed-in customer, so the session cookie goes up as its token. */
function isCustomerCall(method: string, path: string): boolean {
  const listed = method === "HEAD" ? "GET" : method;
  return ALLOWED.some((rule) => rule.forCustomer === true && rule.method === listed && rule.path.test(path));
}

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
  return hasBody(req);
}

/** The raw path of a request, as the client sent it, without the query string. */
function rawPathOf(req: Request): string {
  const url = req.originalUrl;
  const query = url.indexOf("?");
  return query >= 0 ? url.slice(0, query) : url;
}

/** What the proxy handlers need to know of a request the middleware let through. */
interface ApiCall {
  /** The session cookie's token, sent as the bearer of a customer's call; null for public calls. */
  readonly cookieToken: string | null;
  /** The body, read whole before the CMS was called; null when the request has none. */
  readonly body: Buffer | null;
}

const calls = new WeakMap<Request, ApiCall>();

/**
 * The whole body of a request whose Content-Length acceptBody checked (Node reads no further), or
 * null when the client went away or the server's request timeout cut it off (Node has answered 408).
 */
function readDeclaredBody(req: Request): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    // After "end" these change nothing: the promise is settled.
    req.once("error", () => resolve(null));
    req.once("close", () => resolve(null));
  });
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
        const call = calls.get(req);
        for (const name of SPOOFABLE_HEADERS) proxyReq.removeHeader(name);
        if (call?.cookieToken) proxyReq.setHeader("Authorization", `Bearer ${call.cookieToken}`);
        proxyReq.setHeader(CLIENT_IP_HEADER, req.ip ?? req.socket.remoteAddress ?? "");
        proxyReq.setHeader(PROXY_SECRET_HEADER, proxySecret);
        // The body was read whole before this request to the CMS was opened (Content-Length is the
        // client's, checked to match); the proxy then ends it, the client's stream being over.
        if (call?.body && call.body.length > 0) proxyReq.write(call.body);
      },
      proxyRes: (proxyRes: IncomingMessage, req) => {
        for (const name of UPSTREAM_HEADERS_DROPPED) delete proxyRes.headers[name];
        const cookieToken = calls.get(req)?.cookieToken;
        // The CMS no longer takes the cookie's token (garbage, expired, signed out elsewhere): the
        // cookie goes, so that the pages and the next calls stop sending it.
        if (cookieToken && proxyRes.statusCode === 401) {
          forgetSession(cookieToken);
          proxyRes.headers["set-cookie"] = [clearSessionCookie()];
        }
        // An answer made for somebody (their token went up) is theirs alone: no shared cache keeps it.
        if (req.headers.authorization || cookieToken) {
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
      refuseAfterBody(req, res, () => res.status(404).json(apiError(404, "NotFoundError", "Not Found")));
      return;
    }
    if (!methods.includes(req.method)) {
      refuseAfterBody(req, res, () => {
        res.set("Allow", methods.join(", "));
        res.status(405).json(apiError(405, "MethodNotAllowedError", `Use ${methods.join(", ")}`));
      });
      return;
    }
    // The proxy answers /api before the page middlewares, so no request context (decision 024)
    // exists here: this is the one parse of the Cookie header such a request gets.
    const cookieToken =
      isCustomerCall(req.method, path) && !req.headers.authorization ? sessionToken(req.headers.cookie) : null;
    if (!carriesBody(req)) {
      // A read has no body: one sent anyway would go to the CMS as it trickles in, holding a CMS
      // connection the way the reading below prevents for writes.
      if (hasBody(req)) {
        refuseAfterBody(req, res, () =>
          res.status(400).json(apiError(400, "ValidationError", `A ${req.method} request takes no body`)),
        );
        return;
      }
      calls.set(req, { cookieToken, body: null });
      return proxy(req, res, next);
    }
    // Refused here rather than by the CMS, which answers an oversized body before reading it and
    // closes the connection: the proxy would turn that into a 502.
    if (!acceptBody(req, res, { maxBytes: MAX_API_BODY_BYTES, types: API_BODY_TYPES })) return;
    // Read whole before a connection to the CMS is opened: a client trickling its body holds only its
    // own connection, for at most the server's request timeout (HTTP_REQUEST_TIMEOUT_MS).
    void readDeclaredBody(req).then((body) => {
      if (body === null) return;
      calls.set(req, { cookieToken, body });
      return proxy(req, res, next);
    }, next);
  };
}
