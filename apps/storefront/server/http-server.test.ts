import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADERS_TIMEOUT_MS, httpServerOptions, STOREFRONT_REQUEST_TIMEOUT_MS } from "@shop/contracts";
import { parseEnv, httpLimitsOf } from "../app/env.server";
import { apiProxy } from "./api-proxy";
import { createHttpServer } from "./http-server";

/** Small limits, so that a slow client is cut off within the test instead of after Node's minutes. */
const LIMITS = { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 200 };
/** Far below Node's defaults (60 s for headers, 300 s for a request), far above the limits. */
const CUT_OFF_WITHIN_MS = 3_000;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

const cmsRequests: string[] = [];
const cms = http.createServer((req, res) => {
  cmsRequests.push(`${req.method} ${req.url}`);
  req.resume();
  req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
});
let shop: http.Server;
let port = 0;

beforeAll(async () => {
  const cmsPort = await listen(cms);
  const app = express();
  app.use(apiProxy({ cmsUrl: `http://127.0.0.1:${cmsPort}`, proxySecret: "test-proxy-secret-value" }));
  app.use((_req, res) => {
    res.send("a page");
  });
  shop = createHttpServer(app, LIMITS);
  port = await listen(shop);
});

afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await new Promise((resolve) => cms.close(resolve));
});

interface Closed {
  /** Everything the server wrote before it closed the connection. */
  readonly answer: string;
  readonly afterMs: number;
}

/**
 * Opens a raw connection, writes `start`, then `drip` one piece every 50 ms until the server closes
 * the connection; resolves with what the server said.
 */
function slowClient(start: string, drip?: string): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while a drip is in flight; what it said still counts.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, afterMs: performance.now() - began });
    });
    socket.write(start);
    if (drip) timer = setInterval(() => socket.writable && socket.write(drip), 50);
  });
}

describe("the storefront's HTTP server", () => {
  it("has limits far below Node's defaults, refusing headers longer than the request", () => {
    const limits = httpLimitsOf(parseEnv({}));
    expect(limits).toEqual({
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      requestTimeoutMs: STOREFRONT_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: 5_000,
    });
    expect(httpServerOptions(limits)).toMatchObject({ headersTimeout: 10_000, requestTimeout: 30_000 });
    // Checked every second at most: Node's 30 s default would let a 10 s limit run to 40 s.
    expect(httpServerOptions(limits).connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
    expect(() => parseEnv({ HTTP_HEADERS_TIMEOUT_MS: "40000", HTTP_REQUEST_TIMEOUT_MS: "30000" })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });

  it("cuts off a client that never finishes its headers", async () => {
    const closed = await slowClient("GET / HTTP/1.1\r\nHost: shop.test\r\n", "X-Slow: 1\r\n");
    expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it("cuts off a client that trickles its body, before the CMS hears of it", async () => {
    cmsRequests.length = 0;
    const head =
      "POST /api/auth/local HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n" +
      "Content-Length: 10000\r\n\r\n{";
    const closed = await slowClient(head, " ");
    expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    expect(cmsRequests).toEqual([]);
  });

  it("closes an idle kept-alive connection", async () => {
    const closed = await slowClient("GET / HTTP/1.1\r\nHost: shop.test\r\n\r\n");
    expect(closed.answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*a page$/);
    expect(closed.afterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it("serves a client that sends in time, body and all", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/local`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identifier: "ana@example.test", password: "secret-enough" }),
    });
    expect(response.status).toBe(200);
    expect(cmsRequests.at(-1)).toBe("POST /api/auth/local");
  });
});
