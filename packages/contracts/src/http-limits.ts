/**
 * How long the storefront's and the CMS's HTTP servers wait for a client (issue 20). Node's defaults
 * (headers 60 s, the whole request 300 s, checked every 30 s) let a client that trickles its
 * headers or body hold a connection, and through the storefront's /api a CMS connection, for five
 * minutes. Each app reads these from its environment (HTTP_HEADERS_TIMEOUT_MS,
 * HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS) so that tests can make them small.
 */
export interface HttpLimits {
  /** From a request's first byte to the end of its headers. */
  readonly headersTimeoutMs: number;
  /** From a request's first byte to the end of its body: past it Node answers 408 and closes. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open for the client's next request. */
  readonly keepAliveTimeoutMs: number;
}

/**
 * A browser sends its headers (a few KB) in one go, in milliseconds; 10 s leaves room for a phone
 * on a poor link resending lost packets, and is a sixth of Node's 60 s.
 */
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Node's own default, said out loud: an idle connection costs little, and a browser reuses it for
 * the next click within seconds. Behind a load balancer that reuses connections to the app, its
 * idle timeout must be shorter than this (or this set longer), or it may send a request on a
 * connection the app is closing and answer 502.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * The storefront takes bodies of at most 64 KB (forms, /api calls): 64 KB on a 2G link of about
 * 20 kbit/s takes 26 s. Past 30 s the client is not sending a form but holding a connection.
 */
export const STOREFRONT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * The CMS also takes the admin panel's uploads (one file per request, 32 MB at most: body-guard.ts):
 * 32 MB over a 2 Mbit/s office uplink takes 134 s. Three minutes; the content API's own bodies are small.
 */
export const CMS_REQUEST_TIMEOUT_MS = 180_000;

/** Node checks for expired requests every this often (default 30 s: a 10 s limit would mean 10-40 s). */
const MAX_CHECKING_INTERVAL_MS = 1_000;

/** Why `limits` cannot be used, or null: Node refuses headers longer than the whole request. */
export function httpLimitsProblem(limits: HttpLimits): string | null {
  return limits.headersTimeoutMs > limits.requestTimeoutMs
    ? "HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS"
    : null;
}

/**
 * Options for `http.createServer` (Node 20.19+). The expiry check runs at least every second, and
 * more often with the small limits of tests, so that a limit is kept to within its half.
 */
export function httpServerOptions(limits: HttpLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(
      10,
      Math.min(
        MAX_CHECKING_INTERVAL_MS,
        Math.floor(limits.headersTimeoutMs / 2),
        Math.floor(limits.requestTimeoutMs / 2),
      ),
    ),
  };
}
