import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorAnswers, hostProblem, requestProblem, wellFormedRequests } from "./malformed-requests";

describe("a Host header", () => {
  it("names this server by a name, an IPv4 or a bracketed IPv6 address, with a port or none", () => {
    for (const host of ["shop.test", "localhost:3000", "127.0.0.1:3000", "[::1]", "[::1]:3000", "a_b.test:"]) {
      expect(hostProblem(host), host).toBeNull();
    }
  });

  it("is refused when it makes no URL", () => {
    for (const host of ["", "a b", "shop.test:99999", "[::1", "::1", "shop.test:3000:1", "x@shop.test", "shop/x"]) {
      expect(hostProblem(host), JSON.stringify(host)).not.toBeNull();
    }
    expect(hostProblem("shop.test:99999")).toMatch(/65535/);
  });
});

describe("a request line", () => {
  const fine = { target: "/", host: "shop.test", forwardedHost: undefined };

  it("passes with a path and a good Host", () => {
    expect(requestProblem(fine)).toBeNull();
    expect(requestProblem({ ...fine, target: "//doubled/\u00f1?q=%zz" })).toBeNull();
  });

  it("is refused for a target that is not a path, a missing Host or a broken X-Forwarded-Host", () => {
    expect(requestProblem({ ...fine, target: "*" })).toMatch(/origin form/);
    expect(requestProblem({ ...fine, target: "http://x/" })).toMatch(/origin form/);
    expect(requestProblem({ ...fine, host: undefined })).toMatch(/Host header/);
    expect(requestProblem({ ...fine, forwardedHost: "a b" })).toMatch(/X-Forwarded-Host/);
  });
});

/** The app under test builds the page's URL as React Router's Express adapter does, which threw. */
const app = express();
app.get("/healthz", (_req, res) => {
  res.send("ok");
});
app.use(wellFormedRequests);
app.get("/client-error", () => {
  throw Object.assign(new Error("Failed to decode param"), { status: 400 });
});
app.get("/server-error", () => {
  throw new Error("a bug");
});
app.use((req, res) => {
  res.send(new URL(`${req.protocol}://${req.get("host")}${req.originalUrl}`).pathname);
});
app.use(errorAnswers);

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Writes `head` as it is on a raw connection and reads the status line of the answer. */
function rawStatus(head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`Closed without a status line: ${answer}`)));
  });
}

describe("the storefront", () => {
  it("answers 400 to a request line or Host that does not parse, and keeps serving", async () => {
    const consoleError = vi.spyOn(console, "error");
    const shapes = [
      "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: \r\n\r\n",
      "GET / HTTP/1.1\r\nHost: shop.test:99999\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n",
      "GET http://x/ HTTP/1.1\r\nHost: shop.test\r\n\r\n",
      "GET * HTTP/1.1\r\nHost: shop.test\r\n\r\n",
      "OPTIONS * HTTP/1.1\r\nHost: shop.test\r\n\r\n",
      "GET / HTTP/1.0\r\n\r\n",
    ];
    for (const head of shapes) expect(await rawStatus(head), JSON.stringify(head)).toBe(400);
    expect(await rawStatus("GET /a%20page HTTP/1.1\r\nHost: [::1]:3000\r\n\r\n")).toBe(200);
    // A load balancer's health check without a Host (HTTP/1.0) still gets its answer.
    expect(await rawStatus("GET /healthz HTTP/1.0\r\n\r\n")).toBe(200);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it("answers a client's error with its status and no stack trace, and a bug with a bare 500", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const clientError = await fetch(`http://127.0.0.1:${port}/client-error`);
    expect(clientError.status).toBe(400);
    expect(await clientError.json()).toMatchObject({ error: { status: 400, message: "Failed to decode param" } });
    expect(consoleError).not.toHaveBeenCalled();

    const bug = await fetch(`http://127.0.0.1:${port}/server-error`);
    expect(bug.status).toBe(500);
    expect(await bug.text()).not.toContain("a bug");
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});
