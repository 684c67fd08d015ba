import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";
import { requestContext } from "./request-context";

let close: (() => void) | undefined;
afterEach(() => close?.());

const INJECTED = "<script>alert(1)</script>";
const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The bytes as sent, before any decoding. */
  readonly bytes: Buffer;
  /** The body decoded from its Content-Encoding. */
  readonly text: string;
}

function decoded(bytes: Buffer, encoding: string | undefined): string {
  if (encoding === "br") return zlib.brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

/**
 * A page renderer that counts its renders and streams its HTML in two chunks, like React does, under
 * a CSP with the response's nonce as helmet writes it; `?inject=1` adds a script without the nonce.
 */
async function serve(ttlMs = 1000) {
  let time = 0;
  let renders = 0;
  let nonceCounter = 0;
  /** Requests that went past the copies sent first (serveCopy). */
  let chainRuns = 0;
  const cache = pageCache({ ttlMs, maxEntries: 10, now: () => time, appUserAgentToken: "ImperfectApp" });
  const app = express();
  app.use((_req, res, next) => {
    chainRuns += 1;
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.locals.cspNonce = `nonce-${++nonceCounter}`;
    res.setHeader("Content-Security-Policy", `default-src 'self';script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(requestContext);
  // As requestContext does with APP_USER_AGENT_TOKEN set (decision 019).
  app.use((req, res, next) => {
    const fromApp = (req.get("User-Agent") ?? "").includes("ImperfectApp");
    res.locals.requestContext = { ...res.locals.requestContext, fromApp };
    next();
  });
  app.use(cache);
  app.get(["/robots.txt", "/sitemap.xml"], (req, res) => {
    renders += 1;
    res.type(req.path.endsWith(".xml") ? "application/xml" : "text/plain").set("Cache-Control", "public, max-age=3600");
    res.end(`render ${renders}`);
  });
  /** `?slow=1` holds a render's end until `finishSlowRender` (a render in progress while content changes). */
  let finishSlowRender = () => {};
  const slowRenderEnds = new Promise<void>((resolve) => (finishSlowRender = resolve));
  let slowRenderStarted = () => {};
  const slowRenderHasStarted = new Promise<void>((resolve) => (slowRenderStarted = resolve));
  app.get("/{*path}", async (req, res) => {
    renders += 1;
    res.status(req.query.fail ? 500 : 200).type("html");
    if (req.query.state) res.append("Set-Cookie", `provider_state=${String(req.query.state)}`);
    if (req.query.private) res.set("Cache-Control", "private, no-store");
    res.write(`<html><script nonce="${res.locals.cspNonce}">`);
    res.write(`window.page = "render ${renders}"</script><p>${"Tomates. ".repeat(200)}</p>`);
    if (req.query.slow) {
      slowRenderStarted();
      await slowRenderEnds;
    }
    res.end(
      `${req.query.inject ? INJECTED : ""}<script type="module" nonce="${res.locals.cspNonce}">go()</script></html>`,
    );
  });
  // As server.js does: a fresh copy leaves before Express, anything else goes to it.
  const server = http.createServer((req, res) => cache.serveCopy(req, res, () => app(req, res))).listen(0);
  close = () => server.close();
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  /** A GET that returns the bytes as sent (fetch would decode them). */
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<RawAnswer>((resolve, reject) => {
      http
        .get({ port, host: "127.0.0.1", path, headers: { "User-Agent": "Mozilla/5.0", ...headers } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => {
            const bytes = Buffer.concat(chunks);
            const text = decoded(bytes, answer.headers["content-encoding"]);
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, bytes, text });
          });
        })
        .on("error", reject);
    });
  return {
    /** A request, once the copies of the requests before it are stored. */
    get: async (path: string, cookie?: string, userAgent = "Mozilla/5.0") => {
      await cache.whenStored();
      return fetch(base + path, { headers: { "User-Agent": userAgent, ...(cookie ? { Cookie: cookie } : {}) } });
    },
    raw: async (path: string, headers: Record<string, string> = {}) => {
      await cache.whenStored();
      return raw(path, headers);
    },
    renders: () => renders,
    chainRuns: () => chainRuns,
    forgetAll: () => cache.forgetAll(),
    slowRenderHasStarted,
    finishSlowRender: () => finishSlowRender(),
    advance: (ms: number) => (time += ms),
  };
}

describe("page cache", () => {
  it("renders a public page once and serves the same copy to everybody, its scripts admitted by their hashes", async () => {
    const shop = await serve();
    const first = await shop.raw("/equipo");
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.headers["content-security-policy"]).toContain("'nonce-nonce-1'");
    expect(first.text).toContain('nonce="nonce-1"');
    const [second, third] = [await shop.raw("/equipo"), await shop.raw("/equipo")];
    expect(shop.renders()).toBe(1);
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.text).toBe(first.text.replaceAll(' nonce="nonce-1"', ""));
    expect(third.bytes.equals(second.bytes)).toBe(true);
    // The copy names no nonce, and its CSP admits exactly the two inline scripts the renderer wrote.
    const scripts = [...second.text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
    expect(scripts).toEqual(['window.page = "render 1"', "go()"]);
    expect(second.headers["content-security-policy"]).toBe(
      `default-src 'self';script-src 'self' ${scripts.map(sha256).join(" ")}`,
    );
    expect(third.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);
  });

  it("sends a fresh copy before any other middleware, with the rendered answer's headers, to a visitor like the first", async () => {
    const shop = await serve();
    const rendered = await shop.raw("/equipo");
    const copy = await shop.raw("/equipo", { "Accept-Encoding": "gzip" });
    expect(shop.chainRuns()).toBe(1);
    expect(copy.headers["x-page-cache"]).toBe("hit");
    expect(copy.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(copy.headers["content-type"]).toBe(rendered.headers["content-type"]);
    expect(copy.text).toBe(rendered.text.replaceAll(' nonce="nonce-1"', ""));
    // The page's language cookie, for a visitor who has not got it yet.
    expect(copy.headers["set-cookie"]).toEqual([expect.stringMatching(/^lang=es;/)]);
    expect((await shop.raw("/equipo", { Cookie: "lang=es" })).headers["set-cookie"]).toBeUndefined();
    expect(shop.chainRuns()).toBe(1);
    // Another Host, a signed-in visitor, a one-time notice, the app: the whole way.
    await shop.raw("/equipo", { Host: "elsewhere.test" });
    await shop.raw("/equipo", { Cookie: "shop_session=abc" });
    await shop.raw("/equipo", { Cookie: "shop_flash=accountDeleted" });
    await shop.raw("/equipo", { "User-Agent": "Mozilla/5.0 ImperfectApp/3" });
    expect(shop.chainRuns()).toBe(5);
  });

  it("admits no script of a copy that the renderer did not write with its nonce", async () => {
    const shop = await serve();
    await shop.raw("/equipo?inject=1");
    const copy = await shop.raw("/equipo?inject=1");
    expect(copy.headers["x-page-cache"]).toBe("hit");
    expect(copy.text).toContain(INJECTED);
    const csp = String(copy.headers["content-security-policy"]);
    expect(csp).not.toContain(sha256("alert(1)"));
    expect(csp.match(/'sha256-/g)).toHaveLength(2);
  });

  it("sends a copy compressed with brotli or gzip, or not at all, as the client accepts, the same page each time", async () => {
    const shop = await serve();
    const rendered = await shop.raw("/equipo");
    const page = rendered.text.replaceAll(' nonce="nonce-1"', "");
    const answers = {
      br: await shop.raw("/equipo", { "Accept-Encoding": "gzip, deflate, br, zstd" }),
      gzip: await shop.raw("/equipo", { "Accept-Encoding": "gzip, deflate" }),
      identity: await shop.raw("/equipo", { "Accept-Encoding": "deflate" }),
      none: await shop.raw("/equipo"),
      refused: await shop.raw("/equipo", { "Accept-Encoding": "br;q=0, gzip;q=0" }),
      anything: await shop.raw("/equipo", { "Accept-Encoding": "*" }),
      gzipOnly: await shop.raw("/equipo", { "Accept-Encoding": "br;q=0, *" }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers["x-page-cache"], name).toBe("hit");
      expect(answer.text, name).toBe(page);
      expect(answer.headers.vary, name).toMatch(/Accept-Encoding/);
      expect(Number(answer.headers["content-length"]), name).toBe(answer.bytes.length);
    }
    expect(answers.br.headers["content-encoding"]).toBe("br");
    expect(answers.gzip.headers["content-encoding"]).toBe("gzip");
    expect(answers.anything.headers["content-encoding"]).toBe("br");
    expect(answers.gzipOnly.headers["content-encoding"]).toBe("gzip");
    for (const name of ["identity", "none", "refused"] as const) {
      expect(answers[name].headers["content-encoding"], name).toBeUndefined();
    }
    expect(answers.br.bytes.length).toBeLessThan(answers.identity.bytes.length / 4);
    // One validator per representation, and a client holding one gets a 304 for it.
    const tags = new Set([answers.br, answers.gzip, answers.identity].map((answer) => answer.headers.etag));
    expect(tags.size).toBe(3);
    const again = await shop.raw("/equipo", {
      "Accept-Encoding": "gzip",
      "If-None-Match": String(answers.gzip.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(shop.renders()).toBe(1);
  });

  it("keeps robots.txt and the sitemap, with their own type and lifetime", async () => {
    const shop = await serve();
    for (const path of ["/robots.txt", "/sitemap.xml"]) {
      const first = await shop.raw(path);
      const copy = await shop.raw(path, { "Accept-Encoding": "gzip" });
      expect(copy.headers["x-page-cache"], path).toBe("hit");
      expect(copy.text, path).toBe(first.text);
      expect(copy.headers["content-type"], path).toBe(first.headers["content-type"]);
      expect(copy.headers["cache-control"], path).toBe("public, max-age=3600");
      expect(copy.headers["content-security-policy"], path).toBe("default-src 'self';script-src 'self'");
    }
    expect(shop.renders()).toBe(2);
  });

  it("never keeps a page made for one visitor: guest-only screens, private answers, cookies of its own", async () => {
    const shop = await serve();
    for (const path of ["/iniciar-sesion", "/equipo?state=abc", "/equipo?private=1"]) {
      await shop.get(path);
      const again = await shop.get(path);
      expect(again.headers.get("x-page-cache"), path).not.toBe("hit");
    }
    expect(shop.renders()).toBe(6);
  });

  it("renders again once the copy is older than its time to live", async () => {
    const shop = await serve(1000);
    await shop.get("/equipo");
    shop.advance(1000);
    expect(await (await shop.get("/equipo")).text()).toContain("render 2");
  });

  it("renders again at once after a content change, on every path", async () => {
    const shop = await serve(60_000);
    await shop.get("/equipo");
    await shop.get("/productores");
    expect(shop.renders()).toBe(2);
    shop.forgetAll();
    expect(await (await shop.get("/equipo")).text()).toContain("render 3");
    expect(await (await shop.get("/productores")).text()).toContain("render 4");
    expect(await (await shop.get("/equipo")).text()).toContain("render 3");
  });

  it("does not keep a page that was being rendered when the content changed: it may show the old content", async () => {
    const shop = await serve(60_000);
    const slow = shop.get("/equipo?slow=1");
    await shop.slowRenderHasStarted;
    shop.forgetAll();
    shop.finishSlowRender();
    expect((await slow).status).toBe(200);
    expect(await (await shop.get("/equipo?slow=1")).text()).toContain("render 2");
  });

  it("never caches for signed-in customers, unknown paths or errors", async () => {
    const shop = await serve();
    await shop.get("/mi-cuenta", "shop_session=abc");
    await shop.get("/mi-cuenta", "shop_session=abc");
    await shop.get("/no-existe");
    await shop.get("/no-existe");
    await shop.get("/equipo?fail=1");
    await shop.get("/equipo?fail=1");
    expect(shop.renders()).toBe(6);
  });

  it("never keeps nor answers with a copy a page that carries a one-time notice", async () => {
    const shop = await serve();
    await shop.get("/");
    expect((await shop.get("/", "shop_flash=accountDeleted")).headers.get("x-page-cache")).toBeNull();
    expect((await shop.get("/")).headers.get("x-page-cache")).toBe("hit");
    expect(shop.renders()).toBe(2);
  });

  it("never caches React Router's data requests, which the page's own loaders answer", async () => {
    const shop = await serve();
    // A product's data request also reads as a product page with the slug "tomate.data".
    for (const path of ["/equipo.data", "/_root.data", "/productos/tomate.data"]) {
      await shop.get(path);
      expect((await shop.get(path)).headers.get("x-page-cache"), path).toBeNull();
    }
    expect(shop.renders()).toBe(6);
  });

  it("keeps the company's app's copy apart from the browsers' (its pages start the app's code)", async () => {
    const shop = await serve();
    const inBrowser = await (await shop.get("/equipo")).text();
    const inApp = await shop.get("/equipo", undefined, "Mozilla/5.0 ImperfectApp/3");
    expect(inApp.headers.get("x-page-cache")).not.toBe("hit");
    expect(await inApp.text()).not.toBe(inBrowser);
    expect((await shop.get("/equipo", undefined, "Mozilla/5.0 ImperfectApp/3")).headers.get("x-page-cache")).toBe(
      "hit",
    );
    expect((await shop.get("/equipo")).headers.get("x-page-cache")).toBe("hit");
    expect(shop.renders()).toBe(2);
  });

  it("keeps query strings apart", async () => {
    const shop = await serve();
    await shop.get("/nuestras-cajas?page=1");
    expect(await (await shop.get("/nuestras-cajas?page=2")).text()).toContain("render 2");
  });
});
