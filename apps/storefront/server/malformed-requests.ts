import type { NextFunction, Request, Response } from "express";
import { apiError } from "./errors";

/** The largest port a URL can name. */
const MAX_PORT = 65_535;

/**
 * host[:port] as a Host (or X-Forwarded-Host) header may carry it: a name of letters, digits, dots,
 * hyphens and underscores, an IPv4 address, or an IPv6 address in brackets; a port of digits, or
 * none. Stricter than RFC 3986's reg-name on purpose: no browser sends the rest, and React Router
 * builds the page's URL from this header, which throws (a 500) on what it cannot parse.
 */
const HOST_HEADER = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{0,5}))?$/;

/** Why `host` cannot name this server, or null when it can. */
export function hostProblem(host: string): string | null {
  const match = HOST_HEADER.exec(host);
  if (!match) return "is not a host name or address, with an optional port";
  const port = match[1];
  if (port !== undefined && port !== "" && Number(port) > MAX_PORT) return `has a port past ${MAX_PORT}`;
  try {
    // The URL standard's parser is the one that must accept it (an IPv6 address with too many groups).
    new URL(`http://${host}/`);
  } catch {
    return "is not a host name or address, with an optional port";
  }
  return null;
}

/**
 * Why the request line's target or the Host header would not make a URL, or null when they do.
 * Pages are only ever asked for in origin form (`/path?query`); the absolute form (`GET http://x/`)
 * is what proxies are sent, and `*` only means the server itself (OPTIONS *). HTTP/1.1 makes Host
 * compulsory and Node refuses a request without one; HTTP/1.0 may leave it out.
 */
export function requestProblem({
  target,
  host,
  forwardedHost,
}: {
  target: string;
  host: string | undefined;
  forwardedHost: string | undefined;
}): string | null {
  if (!target.startsWith("/")) return "The request target must be a path (origin form, starting with /)";
  // React Router reads the page's address from Host: without one (HTTP/1.0 may omit it) it throws.
  if (host === undefined) return "A request needs a Host header";
  const problem = hostProblem(host);
  if (problem) return `The Host header ${problem}`;
  // React Router reads the port of X-Forwarded-Host when a proxy is trusted; a real proxy sends a good one.
  const forwardedProblem = forwardedHost === undefined ? null : hostProblem(forwardedHost);
  if (forwardedProblem) return `The X-Forwarded-Host header ${forwardedProblem}`;
  return null;
}

/**
 * Refuses, with 400 and a short message, a request whose target or Host header does not make a
 * URL: a scanner's `GET *`, an absolute-form target, `Host: a b`, an empty Host, a port past 65535,
 * an unclosed `[::1`. They reached React Router, whose URL constructor threw: a 500 and a stack
 * trace in the log for each. Mounted after the health checks, which a load balancer may call
 * without a Host (HTTP/1.0) and which read neither.
 */
export function wellFormedRequests(req: Request, res: Response, next: NextFunction) {
  const problem = requestProblem({
    target: req.originalUrl,
    host: req.headers.host,
    forwardedHost: req.get("X-Forwarded-Host"),
  });
  if (problem === null) return next();
  // The connection may be a scanner's: answer and let it go.
  res.set("Connection", "close");
  res.status(400).json(apiError(400, "BadRequestError", problem));
}

/** The 4xx status an error carries (body parsers, Express's own parameter decoding), or null. */
function clientStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500 ? code : null;
}

/**
 * The last error handler: an error that says it is the client's (a 4xx status) is answered with that
 * status and its message, without a stack trace in the log; anything else is logged and answered 500
 * with no detail. Express's own handler logs every error's stack, a 400 included.
 */
export function errorAnswers(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const status = clientStatus(error);
  if (status !== null) {
    const message = error instanceof Error && error.message ? error.message : "Bad request";
    res.status(status).json(apiError(status, status === 413 ? "PayloadTooLargeError" : "BadRequestError", message));
    return;
  }
  console.error("Unexpected error while answering a request", error);
  res.status(500).json(apiError(500, "InternalServerError", "Internal Server Error"));
}
