import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergedHeader, oneOfEachHeader } from "./response-headers";

describe("a header set by a middleware, then by React Router's answer", () => {
  it("is one header, with the route's value, except for the server's Cache-Control", () => {
    expect(mergedHeader("X-Content-Type-Options", "nosniff", "nosniff")).toBe("nosniff");
    expect(mergedHeader("Content-Type", "text/plain", "application/json")).toBe("application/json");
    expect(mergedHeader("Cache-Control", "private, no-store", "private, no-store")).toBe("private, no-store");
    // A page made for one visitor stays private whatever its route says.
    expect(mergedHeader("Cache-Control", "private, no-store", "public, max-age=3600")).toBe("private, no-store");
    expect(mergedHeader("Cache-Control", undefined, "public, max-age=3600")).toBe("public, max-age=3600");
    expect(mergedHeader("Vary", "User-Agent", "Accept-Encoding, user-agent")).toBe("User-Agent, Accept-Encoding");
    expect(mergedHeader("Set-Cookie", ["lang=ca"], "a=1")).toEqual(["lang=ca", "a=1"]);
  });
});

/** Copies a Fetch answer's headers as React Router's Express adapter does: with res.append. */
function reactRouterLike(headers: Record<string, string>) {
  return (_req: express.Request, res: express.Response) => {
    for (const [name, value] of Object.entries(headers)) res.append(name, value);
    res.end("{}");
  };
}

let server: http.Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use(helmet({ contentSecurityPolicy: false }));
  app.use((_req, res, next) => {
    res.set("Cache-Control", "private, no-store");
    res.append("Set-Cookie", "lang=ca; Path=/");
    next();
  });
  app.use(oneOfEachHeader);
  app.get(
    "/account-data",
    reactRouterLike({
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Set-Cookie": "flash=1; Path=/",
    }),
  );
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The header lines of an answer as they came over the wire, lower-cased names. */
function rawHeaderNames(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve(res.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()));
      })
      .on("error", reject);
  });
}

describe("an answer of React Router after the server's middlewares", () => {
  it("carries each header once, cookies excepted", async () => {
    const names = await rawHeaderNames(`${base}/account-data`);
    for (const name of ["cache-control", "x-content-type-options", "content-type"]) {
      expect(
        names.filter((line) => line === name),
        name,
      ).toHaveLength(1);
    }
    expect(names.filter((line) => line === "set-cookie")).toHaveLength(2);
  });
});
