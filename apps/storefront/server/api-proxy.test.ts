import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedApiMethods, apiProxy, looksLikeApi } from "./api-proxy";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The token of a session the CMS has retired: Strapi refuses it with 401, on any route. */
const RETIRED_TOKEN = "retired.jwt.token";

/** A fake CMS that records what reached it and answers like Strapi, security headers included. */
function fakeCms(seen: Seen[]) {
  return http.createServer((req, res) => {
    // Recorded as soon as the request arrives, before its body: the proxy's timing is under test.
    const request: Seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: "" };
    seen.push(request);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      request.body = Buffer.concat(chunks).toString("utf8");
      answer(req, res);
    });
  });

  function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.headers.authorization === `Bearer ${RETIRED_TOKEN}`) {
      res.writeHead(401, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data: null, error: { status: 401, name: "UnauthorizedError" } }));
      return;
    }
    res.writeHead(200, {
      "Content-Type": "application/json",
      "X-Powered-By": "Strapi <strapi.io>",
      "Strict-Transport-Security": "max-age=31536000",
      "Content-Security-Policy": "default-src 'none'",
      "Set-Cookie": "koa.sess=abc",
    });
    res.end(JSON.stringify({ data: [] }));
  }
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

const seen: Seen[] = [];
const cms = fakeCms(seen);
let shop: http.Server;
let base = "";

beforeAll(async () => {
  const cmsUrl = await listen(cms);
  const app = express();
  app.disable("x-powered-by");
  app.use(apiProxy({ cmsUrl, proxySecret: "test-proxy-secret-value" }));
  app.use((_req, res) => {
    res.status(200).send("a page");
  });
  shop = http.createServer(app);
  base = await listen(shop);
});

afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
  await new Promise((resolve) => cms.close(resolve));
});

/** Raw request, so that paths reach the server exactly as written (fetch would normalize them). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the /api allow-list", () => {
  it("knows every spelling of the prefix", () => {
    for (const path of [
      "/api",
      "/api/admin",
      "//api/admin",
      "/API/admin",
      "/%61pi/admin",
      "/api%2fadmin",
      "/\\api/x",
    ]) {
      expect(looksLikeApi(path), path).toBe(true);
    }
    for (const path of ["/", "/apiary", "/ca/api-x", "/productos/api"]) expect(looksLikeApi(path), path).toBe(false);
  });

  it("lists the public content API and nothing of the admin", () => {
    expect(allowedApiMethods("/products")).toEqual(["GET", "HEAD"]);
    expect(allowedApiMethods("/products/count")).toEqual(["GET", "HEAD"]);
    expect(allowedApiMethods("/auth/local")).toEqual(["POST"]);
    for (const path of ["/admin", "/admin/init", "/content-manager/collection-types", "/upload/files", "/users"]) {
      expect(allowedApiMethods(path), path).toEqual([]);
    }
  });

  it("never lets the admin API through, however the path is spelled", async () => {
    const attempts = [
      "/api/admin",
      "/api/admin/init",
      "/api/admin/login",
      "/api/admin/register-admin",
      "/api/content-manager/collection-types/api::product.product",
      "//api/admin/init",
      "/API/admin/init",
      "/Api/admin/init",
      "/%61pi/admin/init",
      "/api/%61dmin/init",
      "/api%2Fadmin%2Finit",
      "/api/products/../admin/init",
      "/api/products/%2e%2e/admin/init",
      "/api/./admin/init",
      "/api/upload/files",
      "/api/users-permissions/roles",
      "/api/i18n/locales",
    ];
    seen.length = 0;
    for (const path of attempts) {
      for (const method of ["GET", "POST"]) {
        const response = await rawRequest(method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(JSON.parse(response.body), path).toMatchObject({ data: null, error: { status: 404 } });
      }
    }
    expect(seen).toEqual([]);
  });

  it("keeps the subscriptions', cards', orders' and payments' calls of the CMS from browsers, however spelled", async () => {
    // Only the storefront's server makes them, with the session's token (issue 22's attacks).
    const attempts = [
      "/api/subscriptions/mine",
      "/api/subscriptions/mine/abc/cancel",
      "/api/subscriptions/mine/abc/deliveries/2031-01-01/gift",
      "/api/Subscriptions/mine",
      "/api/subscriptions%2Fmine",
      "/api/products/%2e%2e/subscriptions/mine",
      "/api/payment-methods/mine/setup",
      "/api/payment-methods/mine/AAAAAAAAAAAA/default",
      "/api/payment-methods/sandbox/AAAAAAAAAAAA",
      "/api/orders/mine/IMP-1/cancel",
      "/api/orders/mine/IMP-1/payments",
      "/api/payments/sandbox/notification",
      "/api/payments/stripe/webhook",
      "/api/payments/redsys/notification",
      "/api/staff-tools/subscriptions",
      "/api/staff-tools/orders/IMP-1/refunds",
    ];
    seen.length = 0;
    for (const path of attempts) {
      for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
        const response =
          method === "POST" || method === "PATCH"
            ? await rawRequest(method, path, { "Content-Type": "application/json" }, "{}")
            : await rawRequest(method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(seen).toEqual([]);
  });

  it("answers a listed path with the wrong method 405", async () => {
    const response = await rawRequest("DELETE", "/api/products/1");
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
  });

  it("passes a customer's calls on their own record, and nobody else's", async () => {
    seen.length = 0;
    const json = { "Content-Type": "application/json" };
    const body = JSON.stringify({ city: "Lleida" });
    const length = { "Content-Length": String(Buffer.byteLength(body)) };
    expect((await rawRequest("PUT", "/api/users/me/addresses/abc123", { ...json, ...length }, body)).status).toBe(200);
    expect((await rawRequest("DELETE", "/api/users/me/addresses/abc123")).status).toBe(200);
    expect((await rawRequest("GET", "/api/users/me/export")).status).toBe(200);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PUT /api/users/me/addresses/abc123",
      "DELETE /api/users/me/addresses/abc123",
      "GET /api/users/me/export",
    ]);
    for (const [method, path] of [
      ["PUT", "/api/users/7"],
      ["DELETE", "/api/users/7"],
      ["GET", "/api/users/me/addresses/abc/../../7"],
      ["PUT", "/api/users/me/addresses/a%2F..%2F7"],
      ["GET", "/api/users/me/sessions"],
    ] as const) {
      expect((await rawRequest(method, path)).status, `${method} ${path}`).toBe(404);
    }
    // A body needs its type and length, whatever the method.
    expect((await rawRequest("PUT", "/api/users/me", { "Content-Type": "text/xml", ...length }, body)).status).toBe(
      415,
    );
  });

  it("passes listed calls to the CMS's /api, with the query string", async () => {
    seen.length = 0;
    const response = await rawRequest("GET", "/api/products?isActive=all&filters[SKU][$eq]=X");
    expect(response.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual(["/api/products?isActive=all&filters[SKU][$eq]=X"]);
  });

  it("tells the CMS the visitor's address as this server decided it, never as the visitor wrote it", async () => {
    seen.length = 0;
    await rawRequest("GET", "/api/users/me", {
      "X-Forwarded-For": "198.51.100.7",
      Forwarded: "for=198.51.100.7",
      "X-Real-IP": "198.51.100.7",
      "X-Shop-Client-Ip": "198.51.100.8",
      "X-Shop-Proxy-Secret": "guess",
      Cookie: "shop_session=the-jwt; other=1",
    });
    const headers = seen[0]?.headers ?? {};
    expect(headers["x-shop-client-ip"]).toBe("127.0.0.1");
    expect(headers["x-shop-proxy-secret"]).toBe("test-proxy-secret-value");
    expect(headers["x-forwarded-for"]).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers["x-real-ip"]).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBe("Bearer the-jwt");
  });

  it("marks answers made for a signed-in visitor private", async () => {
    const signedIn = await rawRequest("GET", "/api/users/me", { Cookie: "shop_session=the-jwt" });
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    const anonymous = await rawRequest("GET", "/api/products");
    expect(anonymous.headers["cache-control"]).toBeUndefined();
  });

  it("drops the CMS's own server name, HSTS, CSP and cookies", async () => {
    const response = await rawRequest("GET", "/api/products");
    expect(response.headers["x-powered-by"]).toBeUndefined();
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses bodies the listed calls never carry, before the CMS sees them", async () => {
    seen.length = 0;
    const json = { "Content-Type": "application/json" };
    const big = JSON.stringify({ message: "x".repeat(1024 * 1024) });
    const tooBig = await rawRequest(
      "POST",
      "/api/contact-messages",
      { ...json, "Content-Length": String(big.length) },
      big,
    );
    expect(tooBig.status).toBe(413);
    // Chunked, without a declared length.
    expect(
      (await rawRequest("POST", "/api/auth/local", { ...json, "Transfer-Encoding": "chunked" }, "{}")).status,
    ).toBe(411);
    const xml = await rawRequest(
      "POST",
      "/api/auth/local",
      { "Content-Type": "application/xml", "Content-Length": "8" },
      "<a>1</a>",
    );
    expect(xml.status).toBe(415);
    expect(seen).toEqual([]);
    const ok = await rawRequest("POST", "/api/auth/local", { ...json, "Content-Length": "2" }, "{}");
    expect(ok.status).toBe(200);
  });

  it("keeps a garbage or retired session cookie from breaking public calls, and drops it", async () => {
    seen.length = 0;
    for (const cookie of [`shop_session=${RETIRED_TOKEN}`, "shop_session=%%%garbage"]) {
      const products = await rawRequest("GET", "/api/products", { Cookie: cookie });
      expect(products.status, cookie).toBe(200);
      const json = { "Content-Type": "application/json", "Content-Length": "2", Cookie: cookie };
      expect((await rawRequest("POST", "/api/auth/local", json, "{}")).status, cookie).toBe(200);
    }
    // Public calls go without the cookie's token; a client's own Authorization is its own business.
    expect(seen.map((request) => request.headers.authorization)).toEqual([undefined, undefined, undefined, undefined]);

    const own = await rawRequest("GET", "/api/users/me", { Cookie: `shop_session=${RETIRED_TOKEN}` });
    expect(own.status).toBe(401);
    expect(own.headers["set-cookie"]).toEqual([expect.stringMatching(/^shop_session=; Max-Age=0; Path=\/; HttpOnly/)]);
    const live = await rawRequest("GET", "/api/users/me", { Cookie: "shop_session=the-jwt" });
    expect(live.status).toBe(200);
    expect(live.headers["set-cookie"]).toBeUndefined();
  });

  it("opens no connection to the CMS before a body has arrived whole", async () => {
    seen.length = 0;
    const body = JSON.stringify({ identifier: "ana@example.test", password: "secret-enough" });
    const { hostname, port } = new URL(base);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          hostname,
          port,
          method: "POST",
          path: "/api/auth/local",
          headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.flushHeaders();
      req.write(body.slice(0, 10));
      // Another call's whole round trip: the shop has had the first part of the body meanwhile.
      void rawRequest("GET", "/api/products").then(() => {
        expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /api/products"]);
        req.end(body.slice(10));
      }, reject);
    });
    expect((await answer).status).toBe(200);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /api/products",
      "POST /api/auth/local",
    ]);
    expect(seen[1]?.body).toBe(body);
  });

  it("refuses a read that carries a body, without calling the CMS", async () => {
    seen.length = 0;
    const chunked = await rawRequest("GET", "/api/products", { "Transfer-Encoding": "chunked" }, "x".repeat(100));
    expect(chunked.status).toBe(400);
    const sized = await rawRequest("GET", "/api/products", { "Content-Length": "3" }, "abc");
    expect(sized.status).toBe(400);
    expect(JSON.parse(sized.body)).toMatchObject({ error: { status: 400 } });
    expect(seen).toEqual([]);
    // An empty body is no body.
    expect((await rawRequest("GET", "/api/products", { "Content-Length": "0" })).status).toBe(200);
  });

  it("leaves other paths to the pages", async () => {
    expect((await rawRequest("GET", "/apiary")).body).toBe("a page");
  });
});
