import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_SECRETS } from "../src/env";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { readOutbox, startStrapi, type TestStrapi } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// A production-like boot: no demo staff account or catalogue, the first-admin registration closed,
// and the rate limits on as they are in production.
let app: TestStrapi;

beforeAll(async () => {
  app = await startStrapi({
    DEMO_MODE: "false",
    SEED_DEMO_DATA: "false",
    ADMIN_REGISTRATION: "false",
    USERS_PERMISSIONS_RATELIMIT: "true",
    FORM_SUBMISSIONS_PER_HOUR: "3",
  });
});

afterAll(async () => {
  await app?.stop();
});

/** The headers a client could use to claim another address. */
function spoofedAddress(n: number): Record<string, string> {
  const address = `198.51.100.${n}`;
  return { "X-Forwarded-For": address, Forwarded: `for=${address}`, "X-Real-IP": address };
}

/** What the storefront sends for a visitor it has identified. */
function vouchedBy(secret: string, address: string): Record<string, string> {
  return { "x-shop-client-ip": address, "x-shop-proxy-secret": secret };
}

/** Posts until the CMS answers 429; returns how many were let through first (at most `max`). */
async function allowance(post: (attempt: number) => Promise<{ status: number }>, max = 30): Promise<number> {
  for (let attempt = 0; attempt < max; attempt++) {
    const { status } = await post(attempt);
    if (status === 429) return attempt;
  }
  return max;
}

describe("demo mode off", () => {
  it("creates no staff account", async () => {
    expect(await app.strapi.db.query(CONTENT_TYPES.adminUser).count({})).toBe(0);
    const response = await fetch(`${app.url}/admin/init`);
    const body = (await response.json()) as { data: { hasAdmin: boolean } };
    expect(body.data.hasAdmin).toBe(false);
  });

  it("still answers /health", async () => {
    const response = await fetch(`${app.url}/health`);
    expect(response.status).toBe(200);
  });
});

describe("the first-admin registration", () => {
  it("is closed unless an operator opens it, however the path is spelled", async () => {
    const admin = { firstname: "Eve", email: "eve@example.com", password: "Takeover123!" };
    for (const path of [
      "/admin/register-admin",
      "/ADMIN/register-admin",
      "/admin//register-admin/",
      "/admin/register%2Dadmin",
    ]) {
      const response = await postJson(`${app.url}${path}`, admin);
      expect(response.status, path).not.toBe(200);
      expect(response.status, path).toBeLessThan(500);
    }
    expectErrorShape(await postJson(`${app.url}/admin/register-admin`, admin), 403);
    expect(await app.strapi.db.query(CONTENT_TYPES.adminUser).count({})).toBe(0);
  });
});

describe("the client address", () => {
  it("gives no new sign-in attempts to a client who varies X-Forwarded-For, Forwarded or X-Real-IP", async () => {
    const tries = await allowance((attempt) =>
      postJson(`${app.api}/auth/local`, { identifier: "ana@example.com", password: "wrong" }, spoofedAddress(attempt)),
    );
    expect(tries).toBeLessThanOrEqual(10);
  });

  it("gives no new forgot-password requests either", async () => {
    const tries = await allowance((attempt) =>
      postJson(`${app.api}/auth/forgot-password`, { email: "ana@example.com" }, spoofedAddress(attempt)),
    );
    expect(tries).toBeLessThanOrEqual(10);
  });

  it("gives no new staff sign-in attempts either", async () => {
    const tries = await allowance((attempt) =>
      postJson(
        `${app.url}/admin/login`,
        { email: "staff@example.com", password: "Wrong-123" },
        spoofedAddress(attempt),
      ),
    );
    expect(tries).toBeLessThanOrEqual(10);
  });

  it("believes the address the storefront names only next to the shared secret", async () => {
    const body = { identifier: "bea@example.com", password: "wrong" };
    // The storefront speaks for many visitors from one address: each has an allowance of their own.
    const first = await allowance(() =>
      postJson(`${app.api}/auth/local`, body, vouchedBy(DEV_SECRETS.PROXY_SECRET, "203.0.113.1")),
    );
    expect(first).toBeGreaterThan(0);
    const second = await postJson(`${app.api}/auth/local`, body, vouchedBy(DEV_SECRETS.PROXY_SECRET, "203.0.113.2"));
    expect(second.status).toBe(400);
    // Addresses of one IPv6 /64 are one client: a host can pick any of them.
    const v6 = (n: number) => vouchedBy(DEV_SECRETS.PROXY_SECRET, `2001:db8:1:2::${n.toString(16)}`);
    const sixty = await allowance((attempt) => postJson(`${app.api}/auth/local`, body, v6(attempt + 1)));
    expect(sixty).toBeLessThanOrEqual(10);
    // Without the secret, the claim is ignored: the request counts against the caller's own address.
    const forged = await allowance((attempt) =>
      postJson(`${app.api}/auth/local`, body, vouchedBy("not-the-secret", `203.0.113.${10 + attempt}`)),
    );
    expect(forged).toBeLessThanOrEqual(10);
  });
});

describe("public forms", () => {
  const message = { name: "Ana", email: "ana@example.com", message: "Hola", locale: "es" };

  it("keep one hourly limit per address wherever a message enters", async () => {
    const tries = await allowance((attempt) =>
      postJson(`${app.api}/contact-messages`, message, spoofedAddress(attempt)),
    );
    expect(tries).toBe(3);
    const refused = await postJson(`${app.api}/contact-messages`, message);
    expectErrorShape(refused, 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another visitor, named by the storefront, still gets through; the other form has its own count.
    expect(
      (await postJson(`${app.api}/contact-messages`, message, vouchedBy(DEV_SECRETS.PROXY_SECRET, "203.0.113.50")))
        .status,
    ).toBe(201);
    const lead = { name: "Ana", email: "ana@example.com", company: "Fruta SL", employees: "11-50", locale: "es" };
    expect((await postJson(`${app.api}/company-leads`, lead)).status).toBe(201);
  });

  it("send staff an HTML part with the visitor's markup escaped", async () => {
    const before = readOutbox(app.outboxDir).length;
    const hostile = '<a href="https://evil.example">Pay here</a><script>alert(1)</script>';
    const response = await postJson(
      `${app.api}/contact-messages`,
      { ...message, name: "Eve <b>Bold</b>", message: hostile },
      vouchedBy(DEV_SECRETS.PROXY_SECRET, "203.0.113.51"),
    );
    expect(response.status).toBe(201);
    const mail = readOutbox(app.outboxDir)[before]?.content ?? "";
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toContain("Content-Type: text/plain");
    // The HTML part only (the plain-text part carries the text as typed, which is harmless there).
    // Quoted-printable may fold lines: read it without soft line breaks and with "=3D" as "=".
    const html = (mail.split("Content-Type: text/html")[1] ?? "").replace(/=\r?\n/g, "").replaceAll("=3D", "=");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;a href=&quot;https://evil.example&quot;&gt;");
    expect(html).toContain("Eve &lt;b&gt;Bold&lt;/b&gt;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('<a href="https://evil.example">');
  });
});

describe("malformed requests answer 4xx, never 5xx", () => {
  it("a broken multipart body", async () => {
    for (const path of [`${app.api}/contact-messages`, `${app.api}/auth/local`, `${app.url}/admin/login`]) {
      const response = await getJson(path, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=zzz" },
        body: '--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna',
      });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("a JSON body nested thousands of levels deep", async () => {
    const deep = "[".repeat(3000) + "]".repeat(3000);
    for (const path of [`${app.api}/auth/local`, `${app.api}/contact-messages`]) {
      const response = await getJson(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: deep,
      });
      expectErrorShape(response, 400);
    }
    const nestedObject = JSON.stringify({ identifier: JSON.parse("[".repeat(100) + "]".repeat(100)), password: "x" });
    expectErrorShape(
      await getJson(`${app.api}/auth/local`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: nestedObject,
      }),
      400,
    );
  });

  it("methods no route knows", async () => {
    // fetch refuses TRACE: a plain http request sends any method.
    const statusOf = (method: string, url: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(url, { method }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.end();
      });
    for (const method of ["TRACE", "PROPFIND"]) {
      for (const path of [`${app.api}/products`, `${app.url}/admin/init`, `${app.url}/health`]) {
        expect(await statusOf(method, path), `${method} ${path}`).toBe(405);
      }
    }
    // A method outside HTTP's vocabulary never reaches the app: Node's parser answers 400.
    expect(await statusOf("FOO", `${app.api}/products`)).toBe(400);
  });

  it("auth and form calls without a body the parser understands", async () => {
    const calls = [
      "/auth/local",
      "/auth/local/register",
      "/auth/forgot-password",
      "/auth/reset-password",
      "/auth/send-email-confirmation",
      "/contact-messages",
    ];
    for (const call of calls) {
      for (const init of [
        { method: "POST" },
        { method: "POST", headers: { "content-type": "application/xml" }, body: "<a>1</a>" },
        { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" },
      ]) {
        const response = await getJson(`${app.api}${call}`, init);
        expect(response.status, `${call} ${JSON.stringify(init.headers ?? {})}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${call} ${JSON.stringify(init.headers ?? {})}`).toBeLessThan(500);
      }
    }
  });

  it("malformed JSON and unexpected content types", async () => {
    const broken = await getJson(`${app.api}/auth/local`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"identifier": ',
    });
    expect(broken.status).toBe(400);
    const xml = await getJson(`${app.api}/contact-messages`, {
      method: "POST",
      headers: { "content-type": "application/xml" },
      body: "<message>hola</message>",
    });
    expect(xml.status).toBe(400);
  });
});

describe("response headers", () => {
  it("do not name the server", async () => {
    for (const path of [`${app.url}/health`, `${app.api}/products`, `${app.url}/admin/init`]) {
      const response = await fetch(path);
      expect(response.headers.get("x-powered-by"), path).toBeNull();
    }
  });
});
