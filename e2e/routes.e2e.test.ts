import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALE_TAGS, LOCALES, pathTo, SCREEN_IDS, SCREENS, type Locale, type ScreenId } from "@shop/routing";
import { messagesFor } from "../apps/storefront/app/i18n";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";

const base = inject("storefrontUrl");

const SAMPLE_PARAMS: Partial<Record<ScreenId, Record<string, string>>> = {
  product: { slug: "no-such-product" },
  complementaryProducts: { category: "no-such-category" },
  paymentCompleted: { slug: "A-1001" },
  paymentFailed: { slug: "A-1001" },
  orderDetail: { id: "42" },
  subscriptionDetail: { id: "7" },
  upcomingDeliveries: { id: "7" },
  connectRedirect: { provider: "google" },
};

interface Visit {
  readonly id: ScreenId;
  readonly locale: Locale;
  readonly path: string;
}

/** Screens whose heading is the title staff gave the page in the CMS. */
const CMS_HEADINGS = new Set<ScreenId>(["legalNotice", "cookiesPolicy", "privacyPolicy", "termsAndConditions"]);

/** Screens whose sample parameters name nothing in the catalogue: they must answer 404. */
const MISSING_CONTENT = new Set<ScreenId>(["product", "complementaryProducts"]);

/**
 * Screens of one order or subscription: the samples name none of the signed-in customer's, so they
 * answer the 404 page.
 */
const OWN_RECORD_SCREENS = new Set<ScreenId>([
  "orderPay",
  "orderStatus",
  "paymentCompleted",
  "paymentFailed",
  "orderDetail",
  "subscriptionDetail",
  "upcomingDeliveries",
]);

/** Staff's pages: a visitor and a customer get the 404 page, titled as a 404 (docs/decisions/037). */
const STAFF_SCREENS = new Set<ScreenId>(["adminGiftCards"]);

/** Every path of every screen in every language, aliases included. */
const VISITS: Visit[] = SCREEN_IDS.flatMap((id) =>
  LOCALES.flatMap((locale) =>
    SCREENS[id].paths[locale].map((pattern) => {
      const params = SAMPLE_PARAMS[id] ?? {};
      const path = pattern.replace(/:(\w+)\??/g, (_all, name: string) => params[name] ?? "");
      return { id, locale, path: path.replace(/\/$/, "") || "/" };
    }),
  ),
);

function get(path: string, cookie?: string) {
  return fetch(base + path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

function htmlLang(html: string) {
  return /<html lang="([^"]+)"/.exec(html)?.[1];
}

function h1(html: string) {
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

function decodeEntities(text: string | undefined) {
  return text
    ?.replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

describe("every route of the table, signed out", () => {
  it.each(VISITS.map((visit) => [visit.path, visit] as const))("%s", async (_path, visit) => {
    const response = await get(visit.path);
    const guard = SCREENS[visit.id].guard;
    if (guard === "auth") {
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location") ?? "", base);
      expect(location.pathname).toBe(pathTo("login", visit.locale));
      expect(location.searchParams.get("redirect")).toBe(new URL(visit.path, base).pathname);
      return;
    }
    if (visit.id === "callback" || visit.id === "connectRedirect") {
      // The ways back from a provider have nothing to show. Without a provider's answer, /callback
      // sends a visitor to sign in (docs/decisions/014) and /connect/{provider}/redirect starts the
      // provider's flow: its page, with this browser's state and PKCE challenge (docs/decisions/025).
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("location") ?? "", base);
      if (visit.id === "callback") {
        expect(location.pathname).toBe(pathTo("login", visit.locale));
      } else {
        expect(location.origin).toBe(new URL(inject("oidcUrl")).origin);
        expect(location.searchParams.get("state")).toMatch(/^[\w-]{16,}$/);
        expect(location.searchParams.get("code_challenge_method")).toBe("S256");
      }
      return;
    }
    const html = await response.text();
    expect(htmlLang(html)).toBe(LOCALE_TAGS[visit.locale]);
    if (STAFF_SCREENS.has(visit.id)) {
      expect(response.status).toBe(404);
      expect(decodeEntities(h1(html))).toBe(messagesFor(visit.locale).errors.notFoundHeadline);
      expect(decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1])).toMatch(/^404 · /);
      return;
    }
    if (MISSING_CONTENT.has(visit.id) && visit.path.split("/").length > (visit.locale === "es" ? 2 : 3)) {
      expect(response.status).toBe(404);
      expect(decodeEntities(h1(html))).toBe(messagesFor(visit.locale).errors.notFoundHeadline);
      expect(html).toContain(`Page not found: ${new URL(visit.path, base).pathname}`);
      return;
    }
    expect(response.status).toBe(200);
    const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1]);
    expect(title).toContain(messagesFor(visit.locale).screens[visit.id].title);
    if (CMS_HEADINGS.has(visit.id)) expect(h1(html)).toBeTruthy();
    else if (visit.id !== "blankPage") {
      expect(decodeEntities(h1(html))).toBe(messagesFor(visit.locale).screens[visit.id].heading);
    }
  });
});

describe("every route of the table, signed in", () => {
  let cookie = "";
  beforeAll(async () => {
    const customer = await registerCustomer(inject("cmsUrl"));
    cookie = `${SESSION_COOKIE}=${customer.jwt}`;
  });

  it.each(
    VISITS.filter((visit) => SCREENS[visit.id].guard !== "none" || STAFF_SCREENS.has(visit.id)).map(
      (visit) => [visit.path, visit] as const,
    ),
  )("%s", async (_path, visit) => {
    const response = await get(visit.path, cookie);
    if (SCREENS[visit.id].guard === "guest") {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(pathTo("account", visit.locale));
      return;
    }
    const html = await response.text();
    if (OWN_RECORD_SCREENS.has(visit.id) || STAFF_SCREENS.has(visit.id)) {
      expect(response.status).toBe(404);
      expect(decodeEntities(h1(html))).toBe(messagesFor(visit.locale).errors.notFoundHeadline);
      return;
    }
    expect(response.status).toBe(200);
    expect(decodeEntities(h1(html))).toBe(messagesFor(visit.locale).screens[visit.id].heading);
  });

  it("drops a session the CMS does not accept and treats the visitor as signed out", async () => {
    const response = await get(pathTo("account", "es"), `${SESSION_COOKIE}=not-a-real-token`);
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`));
  });
});

describe("canonical redirects and SEO", () => {
  it("redirects a trailing slash and an explicit /es prefix to the canonical path", async () => {
    const slash = await get("/equipo/?page=2");
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/equipo?page=2");
    const es = await get("/es/nuestras-cajas");
    expect(es.status).toBe(301);
    expect(es.headers.get("location")).toBe("/nuestras-cajas");
  });

  it("gives each page a canonical URL without tracking parameters, and hreflang alternates", async () => {
    const html = await (await get("/ca/les-nostres-caixes?utm_source=news&page=2")).text();
    expect(html).toContain(`<link rel="canonical" href="${base}/ca/les-nostres-caixes?page=2"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="es-ES" href="${base}/nuestras-cajas"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="pt-PT" href="${base}/pt/boxes"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${base}/nuestras-cajas"/>`);
  });

  it("marks private pages noindex", async () => {
    const html = await (await get("/iniciar-sesion")).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("serves a sitemap of every public page in three languages with alternates", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of ["/", "/ca", "/pt", "/equipo", "/ca/equip", "/pt/team", "/pt/nova%20ordem", "/aviso-legal"]) {
      expect(xml).toContain(`<loc>${base}${path}</loc>`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}/"/>`);
    expect(xml).not.toContain("/mi-cuenta");
  });

  it("serves a robots.txt that hides the account areas and names the sitemap by its full URL", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const robots = await response.text();
    for (const rule of ["/mi-cuenta", "/ca/el-meu-compte", "/pt/admin", "/api/"]) {
      expect(robots).toContain(`Disallow: ${rule}\n`);
    }
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it("remembers the page language in a cookie for a year", async () => {
    const response = await get("/pt/team");
    expect(response.headers.get("set-cookie")).toMatch(/lang=pt; Max-Age=31536000; Path=\/; SameSite=Lax/);
  });
});

describe("the storefront server", () => {
  it("sends security headers whose script-src admits the page's own inline scripts and no other, never one nonce twice", async () => {
    const nonces: string[] = [];
    // The first view of a public page may be rendered (a nonce) or a page cache copy (hashes, decision 045).
    for (const path of ["/", "/", "/", pathTo("team", "ca"), pathTo("team", "ca")]) {
      const response = await get(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' '(?:nonce|sha256)-[^']+'/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      if (nonce) nonces.push(nonce);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\ssrc=/.test(attributes ?? ""),
      );
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, attributes = "", text = ""] of inline) {
        const hash = `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
        const admitted = nonce ? attributes.includes(`nonce="${nonce}"`) : csp.includes(hash);
        expect(admitted, `${path}: ${text.slice(0, 60)}`).toBe(true);
      }
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("serves hashed assets with immutable caching", async () => {
    const html = await (await get("/")).text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await get(asset ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("sends each script and the stylesheet compressed once by the build, as the client accepts", async () => {
    const html = await (await get("/")).text();
    const assets = [/\/assets\/[^"]+\.css/.exec(html)?.[0], /\/assets\/shell-[^"]+\.js/.exec(html)?.[0]];
    // The raw bytes as sent (fetch would decompress them).
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(base + path, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on("error", reject);
      });
    for (const asset of assets) {
      expect(asset).toBeDefined();
      const plain = await raw(asset ?? "", "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const brotli = await raw(asset ?? "", "gzip, deflate, br");
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotli.headers.vary).toContain("Accept-Encoding");
      expect(brotli.headers["cache-control"]).toContain("immutable");
      expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
      const gzip = await raw(asset ?? "", "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      // Smaller than the fast levels a response could afford (brotli 4).
      expect(brotli.body.length).toBeLessThan(
        zlib.brotliCompressSync(plain.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
      );
      // The copies answer only to the file's own name, however it is encoded.
      expect((await raw(`${asset}.br`, "br")).status).toBe(404);
      expect((await raw(`${asset}.gz`, "gzip")).status).toBe(404);
      expect((await raw(`${asset}%2Ebr`, "br")).status).toBe(404);
    }
    // What the static files pass on reaches the app unlabelled: its answer is not taken for brotli.
    for (const [method, path] of [
      ["PUT", assets[1] ?? ""],
      ["GET", "/.vite/manifest.json"],
      ["GET", "/assets/no-such-file.js"],
    ] as const) {
      const response = await fetch(base + path, { method, headers: { "Accept-Encoding": "br" } });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      // fetch decodes what the header says: a body labelled brotli that is not would throw here.
      expect(await response.text(), `${method} ${path}`).not.toBe("");
    }
  });

  it("answers its health endpoints", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ok" });
  });

  it("compresses pages", async () => {
    const response = await fetch(base + "/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("the /api proxy", () => {
  it("reaches the CMS's content API", async () => {
    const response = await get("/api/products/count");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeGreaterThan(0);
  });

  it("turns the session cookie into the bearer token", async () => {
    const customer = await registerCustomer(inject("cmsUrl"));
    const anonymous = await get("/api/users/me");
    expect([401, 403]).toContain(anonymous.status);
    const signedIn = await get("/api/users/me", `${SESSION_COOKIE}=${customer.jwt}`);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ email: customer.email });
  });

  it("refuses state-changing requests from other sites", async () => {
    const response = await fetch(base + "/api/auth/local", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ identifier: "x", password: "y" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { status: 403 } });
  });
});
