import http from "node:http";
import { httpServerOptions, type HttpLimits } from "@shop/contracts";
import { env, httpLimitsOf } from "../app/env.server";

/**
 * The storefront's HTTP server (server.js serves the Express app through it): Node's, with the time
 * a client may take for its headers, its whole request and an idle connection bounded by
 * HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS and HTTP_KEEP_ALIVE_TIMEOUT_MS
 * (@shop/contracts http-limits.ts) instead of Node's five minutes for a request. Tests pass their own.
 */
export function createHttpServer(handler: http.RequestListener, limits: HttpLimits = httpLimitsOf(env)): http.Server {
  return http.createServer(httpServerOptions(limits), handler);
}
