import http from "node:http";
import path from "node:path";
import os from "node:os";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pathTo } from "@shop/routing";
import { freePort, startStorefront, stopProcess, waitForHttp } from "../scripts/lib/processes.mjs";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";

const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request exactly as written: fetch would normalize the path and refuses methods like TRACE. */
function raw(
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
    const req = http.request({ hostname, port, method, path: target, headers: { ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${target} timed out`)));
    req.end(body);
  });
}

const contact = pathTo("contact", "es");
const companies = pathTo("companies", "es");
const sameSite = { Origin: base };

describe("the admin API is not reachable through the shop's address", () => {
  it.each([
    "/api/admin",
    "/api/admin/init",
    "/api/admin/login",
    "/api/admin/register-admin",
    "/api/content-manager/collection-types/api::product.product",
    "//api/admin/init",
    "/API/admin/init",
    "/%61pi/admin/init",
    "/api/%61dmin/init",
    "/api/products/..%2F..%2Fadmin/init",
  ])("%s", async (target) => {
    for (const method of ["GET", "POST"]) {
      const response = await raw(
        method,
        target,
        method === "POST"
          ? {
              headers: { ...sameSite, "Content-Type": "application/json" },
              body: JSON.stringify({ email: "admin@demo.local", password: "DemoAdmin123!" }),
            }
          : {},
      );
      expect(response.status, `${method} ${target}`).toBe(404);
      expect(response.body).not.toContain("token");
    }
  });
});

describe("pages with personal data", () => {
  it("are never kept by a shared cache, nor their data requests", async () => {
    const customer = await registerCustomer(cmsUrl);
    const cookie = `${SESSION_COOKIE}=${customer.jwt}`;
    for (const target of [pathTo("account", "es"), pathTo("orders", "ca"), `${pathTo("profile", "pt")}.data`]) {
      const response = await raw("GET", target, { headers: { Cookie: cookie } });
      expect(response.status, target).toBeLessThan(400);
      expect(response.headers["cache-control"], target).toBe("private, no-store");
    }
    // A signed-out visitor is sent to sign in; that answer is private too.
    const anonymous = await raw("GET", pathTo("account", "es"));
    expect(anonymous.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("bad input answers 4xx with a message", () => {
  it("methods pages do not take", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
      for (const target of ["/", contact, companies, "/logout", "/healthz"]) {
        const response = await raw(method, target, { headers: sameSite });
        expect(response.status, `${method} ${target}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST");
      }
    }
  });

  it("bodies that are not forms, on every page with a form", async () => {
    const bodies: { type: string; body: string; status: number[] }[] = [
      { type: "application/json", body: JSON.stringify({ name: "Ana" }), status: [415] },
      { type: "application/xml", body: "<name>Ana</name>", status: [415] },
      {
        type: "multipart/form-data; boundary=zzz",
        body: '--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna',
        status: [400],
      },
    ];
    for (const target of [contact, companies, "/logout", `${contact}.data`]) {
      for (const { type, body, status } of bodies) {
        const response = await raw("POST", target, { headers: { ...sameSite, "Content-Type": type }, body });
        expect(status, `${type} to ${target}: ${response.status}`).toContain(response.status);
      }
    }
  });

  it("a form post larger than any form, before reading it", async () => {
    const huge = Buffer.alloc(30 * 1024 * 1024, "a");
    const response = await raw("POST", contact, {
      headers: { ...sameSite, "Content-Type": "application/x-www-form-urlencoded" },
      body: Buffer.concat([Buffer.from("message="), huge]),
    }).catch((error: NodeJS.ErrnoException) => {
      // The server may close the connection while the client is still sending: that is the point.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") return { status: 413, headers: {}, body: "" };
      throw error;
    });
    expect(response.status).toBe(413);
    expect((await raw("GET", "/healthz")).status).toBe(200);
  });

  it("never echoes more than the fields take", async () => {
    const long = "x".repeat(200_000);
    const body = new URLSearchParams({ name: long, email: "nope", message: long, other: long }).toString();
    const response = await raw("POST", `${contact}.data`, {
      headers: { ...sameSite, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBe(413);
    const fits = new URLSearchParams({ name: "x".repeat(500), email: "nope", message: "y".repeat(6000) }).toString();
    const page = await raw("POST", contact, {
      headers: { ...sameSite, "Content-Type": "application/x-www-form-urlencoded" },
      body: fits,
    });
    expect(page.status).toBe(400);
    expect(page.body).not.toContain("x".repeat(121));
    expect(page.body).not.toContain("y".repeat(5001));
  });
});

describe("redirects", () => {
  it("only ever lead to this site", async () => {
    const expected: Record<string, string | undefined> = {
      "/es//productos/x": "/productos/x",
      "//es/equipo": "/equipo",
      "/es//equipo": "/equipo",
      "/es/\\evil.example": undefined,
      "/es//evil.example/": undefined,
      "//evil.example": undefined,
    };
    for (const [target, location] of Object.entries(expected)) {
      const response = await raw("GET", target);
      expect(response.headers.location, target).toBe(location);
      if (location === undefined) expect(response.status, target).toBe(404);
    }
  });
});

describe("headers", () => {
  it("every answer carries the shop's security headers, health checks and pictures included", async () => {
    for (const target of ["/", "/healthz", "/readyz", "/img?src=/uploads/nothing.png&w=320", "/api/products/count"]) {
      const response = await raw("GET", target);
      expect(response.headers["permissions-policy"], target).toContain("camera=()");
      expect(response.headers["x-content-type-options"], target).toBe("nosniff");
      expect(response.headers["x-frame-options"], target).toBe("SAMEORIGIN");
      expect(response.headers["x-powered-by"], target).toBeUndefined();
    }
  });

  it("the CMS's own headers do not leak through /api", async () => {
    const response = await raw("GET", "/api/products/count");
    expect(response.headers["x-powered-by"]).toBeUndefined();
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["content-security-policy"]).toContain("nonce-");
  });

  it("a write from an opaque origin is refused", async () => {
    const response = await raw("POST", contact, {
      headers: { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=Ana",
    });
    expect(response.status).toBe(403);
  });
});

describe("a storefront started while the CMS is down", () => {
  let storefront: ReturnType<typeof startStorefront> | undefined;
  let url = "";
  let workDir = "";

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-down-"));
    const [port, deadCmsPort] = [await freePort(), await freePort()];
    url = `http://127.0.0.1:${port}`;
    const logFile = path.join(workDir, "storefront.log");
    storefront = startStorefront({
      port,
      logFile,
      env: {
        CMS_URL: `http://127.0.0.1:${deadCmsPort}`,
        SITE_URL: url,
        CMS_TIMEOUT_MS: "500",
        IMAGE_PREGENERATE: "false",
        IMAGE_CACHE_DIR: path.join(workDir, "image-cache"),
      },
    });
    await waitForHttp(`${url}/healthz`, { child: storefront, logFile, timeoutMs: 60_000 });
  });

  afterAll(async () => {
    await stopProcess(storefront);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it("answers product pages 503, not 404", async () => {
    const response = await fetch(url + pathTo("product", "es", { slug: "caja-de-fruta-pequena" }));
    expect(response.status).toBe(503);
  });
});
