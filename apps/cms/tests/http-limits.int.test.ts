import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CMS_REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from "@shop/contracts";
import { declaredBodyProblem } from "../src/middlewares/body-guard";
import { parseEnv } from "../src/env";
import { startStrapi, type TestStrapi } from "./helpers/strapi";

// Small limits, so that a slow client is cut off within the test instead of after Node's minutes.
const LIMITS = { HTTP_HEADERS_TIMEOUT_MS: "300", HTTP_REQUEST_TIMEOUT_MS: "600", HTTP_KEEP_ALIVE_TIMEOUT_MS: "200" };
/** Far below Node's defaults (60 s for headers, 300 s for a request), far above the limits. */
const CUT_OFF_WITHIN_MS = 3_000;

let app: TestStrapi;
let port = 0;

beforeAll(async () => {
  app = await startStrapi({ SEED_DEMO_DATA: "false", ...LIMITS });
  port = Number(new URL(app.url).port);
});

afterAll(async () => {
  await app?.stop();
});

interface Closed {
  /** Everything the server wrote before the connection closed (or before the client gave up). */
  readonly answer: string;
  readonly afterMs: number;
}

/**
 * Opens a raw connection and writes `start`, then `drip` every 50 ms, until the server closes the
 * connection, or, with `untilAnswer`, until a status line has come back.
 */
function rawClient(start: string, { drip, untilAnswer = false }: { drip?: string; untilAnswer?: boolean } = {}) {
  return new Promise<Closed>((resolve, reject) => {
    const began = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      resolve({ answer, afterMs: performance.now() - began });
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (untilAnswer && /^HTTP\/1\.1 \d{3} /.test(answer)) {
        socket.destroy();
        done();
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while a drip is in flight; what it said still counts.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", done);
    socket.write(start);
    if (drip) timer = setInterval(() => socket.writable && socket.write(drip), 50);
  });
}

describe("the CMS's HTTP server", () => {
  it("has limits far below Node's defaults, with three minutes for the admin's uploads", () => {
    expect(parseEnv({}).httpLimits).toEqual({
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      requestTimeoutMs: CMS_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
    });
    expect(CMS_REQUEST_TIMEOUT_MS).toBe(180_000);
    expect(() => parseEnv({ HTTP_HEADERS_TIMEOUT_MS: "200000", HTTP_REQUEST_TIMEOUT_MS: "100000" })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
    const server = app.strapi.server.httpServer;
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([300, 600, 200]);
  });

  it("cuts off a client that never finishes its headers", async () => {
    const closed = await rawClient("GET /health HTTP/1.1\r\nHost: cms.test\r\n", { drip: "X-Slow: 1\r\n" });
    expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it("cuts off a client that trickles its body, and logs no error for it", async () => {
    const logged = vi.spyOn(app.strapi.log, "error");
    const printed = vi.spyOn(console, "error");
    const head =
      "POST /api/auth/local HTTP/1.1\r\nHost: cms.test\r\nContent-Type: application/json\r\n" +
      "Content-Length: 10000\r\n\r\n{";
    const closed = await rawClient(head, { drip: " " });
    expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed.afterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    // The CMS's side of the cut-off (its parser's abort, the connection's error) runs right after.
    await expect.poll(() => fetch(`${app.url}/health`).then((response) => response.status)).toBe(200);
    expect(logged).not.toHaveBeenCalled();
    expect(printed).not.toHaveBeenCalled();
    logged.mockRestore();
    printed.mockRestore();
  });

  it("closes an idle kept-alive connection", async () => {
    const closed = await rawClient("GET /health HTTP/1.1\r\nHost: cms.test\r\n\r\n");
    expect(closed.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(closed.afterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });
});

describe("a request body larger than what it is for", () => {
  it("is refused by its declared length, before a byte of it is read", async () => {
    for (const [path, type, length, status] of [
      ["/api/auth/local", "application/json", 2 * 1024 * 1024, 413],
      ["/api/contact-messages", "multipart/form-data; boundary=x", 2 * 1024 * 1024, 413],
      ["/upload", "multipart/form-data; boundary=x", 40 * 1024 * 1024, 413],
    ] as const) {
      // Only the headers go: an answer proves the server did not wait for the body.
      const head = `POST ${path} HTTP/1.1\r\nHost: cms.test\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
      const answered = await rawClient(head, { untilAnswer: true });
      expect(answered.answer, path).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    }
    const chunked =
      "POST /api/upload HTTP/1.1\r\nHost: cms.test\r\nContent-Type: multipart/form-data; boundary=x\r\n" +
      "Transfer-Encoding: chunked\r\n\r\n";
    expect((await rawClient(chunked, { untilAnswer: true })).answer).toMatch(/^HTTP\/1\.1 411 /);
  });

  it("leaves the media library its uploads and the content API its small bodies", () => {
    const multipart = "multipart/form-data; boundary=x";
    const fine = { contentType: "application/json", contentLength: "2048", chunked: false };
    expect(declaredBodyProblem({ path: "/api/auth/local", ...fine })).toBeNull();
    expect(declaredBodyProblem({ path: "/api/auth/local", ...fine, contentLength: "", chunked: true })).toBeNull();
    for (const path of ["/upload", "/api/upload", "/admin/project-settings"]) {
      const picture = { path, contentType: multipart, contentLength: String(15 * 1024 * 1024), chunked: false };
      expect(declaredBodyProblem(picture), path).toBeNull();
    }
  });
});
