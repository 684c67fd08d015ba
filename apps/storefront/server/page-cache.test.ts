import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";
import { requestContext } from "./request-context";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A page renderer that counts its renders and streams its HTML in two chunks, like React does. */
async function serve(ttlMs = 1000) {
  let time = 0;
  let renders = 0;
  let nonceCounter = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce-${++nonceCounter}`;
    next();
  });
  app.use(requestContext);
  // As requestContext does with APP_USER_AGENT_TOKEN set (decision 019).
  app.use((req, res, next) => {
    const fromApp = (req.get("User-Agent") ?? "").includes("ImperfectApp");
    res.locals.requestContext = { ...res.locals.requestContext, fromApp };
    next();
  });
  app.use(pageCache({ ttlMs, maxEntries: 10, now: () => time }));
  app.get("/{*path}", (req, res) => {
    renders += 1;
    res.status(req.query.fail ? 500 : 200).type("html");
    if (req.query.state) res.append("Set-Cookie", `provider_state=${String(req.query.state)}`);
    if (req.query.private) res.set("Cache-Control", "private, no-store");
    res.write(`<html><script nonce="${res.locals.cspNonce}">`);
    res.end(`render ${renders}</script></html>`);
  });
  const server = app.listen(0);
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, cookie?: string, userAgent = "Mozilla/5.0") =>
      fetch(base + path, { headers: { "User-Agent": userAgent, ...(cookie ? { Cookie: cookie } : {}) } }),
    renders: () => renders,
    advance: (ms: number) => (time += ms),
  };
}

describe("page cache", () => {
  it("renders a public page once and serves copies, each with its own nonce", async () => {
    const shop = await serve();
    const first = await (await shop.get("/equipo")).text();
    const second = await shop.get("/equipo");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const body = await second.text();
    expect(shop.renders()).toBe(1);
    expect(first).toContain('nonce="nonce-1"');
    expect(body).toBe(first.replace("nonce-1", "nonce-2"));
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
