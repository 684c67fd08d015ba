import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, SCREEN_IDS, SCREENS, type Locale, type ScreenId } from "@shop/routing";
import routes from "../app/routes";
import { customerOf } from "../tests/visit";
import { SIGNED_OUT, type Session } from "../app/session.server";
import {
  loadContext,
  requestContext,
  requestSession,
  resolveRequestContext,
  type RequestContext,
} from "./request-context";
import { privatePages } from "./security";

/** Screen and language of a request (its cookies are the next test's). */
function resolve(target: string, cookie?: string): Omit<RequestContext, "cookies" | "sessionToken"> {
  const { cookies: _cookies, sessionToken: _token, ...context } = resolveRequestContext(target, { cookie });
  return context;
}

describe("cookies of a request", () => {
  it("are parsed once, the session's token with them", () => {
    expect(resolveRequestContext("/equipo", { cookie: "lang=ca; shop_session=abc" })).toMatchObject({
      cookies: { lang: "ca", shop_session: "abc" },
      sessionToken: "abc",
    });
    expect(resolveRequestContext("/equipo", { cookie: "shop_session=" }).sessionToken).toBeNull();
    expect(resolveRequestContext("/equipo", { cookie: undefined })).toMatchObject({ cookies: {}, sessionToken: null });
  });
});

describe("screen and language of a request", () => {
  it("takes both from the route table for the pages of each language", () => {
    expect(resolve("/equipo")).toEqual({
      screen: { id: "team", params: {} },
      locale: "es",
      dataRequest: false,
      fromApp: false,
    });
    expect(resolve("/ca/equip")).toMatchObject({ screen: { id: "team" }, locale: "ca" });
    expect(resolve("/pt/team")).toMatchObject({ screen: { id: "team" }, locale: "pt" });
    expect(resolve("/")).toMatchObject({ screen: { id: "home" }, locale: "es" });
    expect(resolve("/pt")).toMatchObject({ screen: { id: "home" }, locale: "pt" });
  });

  it("keeps a screen's language whatever the cookie remembers", () => {
    expect(resolve("/ca/equip", "lang=pt")).toMatchObject({ screen: { id: "team" }, locale: "ca" });
    expect(resolve("/equipo", "lang=ca")).toMatchObject({ screen: { id: "team" }, locale: "es" });
  });

  it("names the parameters of the path", () => {
    expect(resolve("/pt/produtos/tomate-feio").screen).toEqual({ id: "product", params: { slug: "tomate-feio" } });
    expect(resolve("/productos-complementarios").screen).toEqual({ id: "complementaryProducts", params: {} });
    expect(resolve("/ca/el-meu-compte/comandes/42").screen).toEqual({ id: "orderDetail", params: { id: "42" } });
  });

  it("serves aliases in their own language, the unprefixed Catalan one included", () => {
    expect(resolve("/targeta-regal-digital/pagament")).toMatchObject({
      screen: { id: "giftCardPaymentFailed" },
      locale: "ca",
    });
    expect(resolve("/pt/gift-card-payment-completed")).toMatchObject({
      screen: { id: "giftCardPaymentCompleted" },
      locale: "pt",
    });
  });

  it("gives unknown paths no screen and the language of their prefix, else the cookie's, else Spanish", () => {
    expect(resolve("/ca/no-existeix")).toEqual({ screen: null, locale: "ca", dataRequest: false, fromApp: false });
    expect(resolve("/ca/no-existeix", "lang=pt")).toMatchObject({ screen: null, locale: "ca" });
    expect(resolve("/PT/nao-existe")).toMatchObject({ screen: null, locale: "pt" });
    expect(resolve("/no-existe", "lang=pt")).toMatchObject({ screen: null, locale: "pt" });
    expect(resolve("/no-existe", "lang=fr")).toMatchObject({ screen: null, locale: "es" });
    expect(resolve("/no-existe")).toMatchObject({ screen: null, locale: "es" });
    expect(resolve("/sitemap.xml", "lang=ca")).toMatchObject({ screen: null, locale: "ca" });
  });

  it("reads React Router's data requests as the page they load", () => {
    expect(resolve("/ca/equip.data?_routes=root,team.ca.0")).toEqual({
      screen: { id: "team", params: {} },
      locale: "ca",
      dataRequest: true,
      fromApp: false,
    });
    expect(resolve("/_root.data")).toEqual({
      screen: { id: "home", params: {} },
      locale: "es",
      dataRequest: true,
      fromApp: false,
    });
    expect(resolve("/pt/produtos/tomate.data").screen).toEqual({ id: "product", params: { slug: "tomate" } });
    expect(resolve("/ca/no-existeix.data", "lang=pt")).toEqual({
      screen: null,
      locale: "ca",
      dataRequest: true,
      fromApp: false,
    });
  });

  it("decodes the path as React Router does", () => {
    expect(resolve("/pt/nova%20ordem")).toMatchObject({ screen: { id: "newOrder" }, locale: "pt" });
    expect(resolve("/pt/nova%20ordem.data")).toMatchObject({
      screen: { id: "newOrder" },
      dataRequest: true,
      fromApp: false,
    });
    expect(resolve("/ca/%65quip")).toMatchObject({ screen: { id: "team" }, locale: "ca" });
    expect(resolve("/productos/%C3%B1ame").screen).toEqual({ id: "product", params: { slug: "ñame" } });
    // Raw bytes arrive as Latin-1 characters; the URL standard encodes them as UTF-8.
    expect(resolve("/productos/\u00f1ame").screen).toEqual({ id: "product", params: { slug: "ñame" } });
    expect(resolve("/ca/equip/%E0%A4%A/%zz")).toEqual({
      screen: null,
      locale: "ca",
      dataRequest: false,
      fromApp: false,
    });
  });

  it("tells the company's app by the token in its user agent, only when a token is configured", () => {
    const userAgent = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile ImperfectApp/2.1";
    const appUserAgentToken = "ImperfectApp";
    expect(resolveRequestContext("/", { cookie: undefined, userAgent, appUserAgentToken }).fromApp).toBe(true);
    expect(resolveRequestContext("/", { cookie: undefined, userAgent, appUserAgentToken: undefined }).fromApp).toBe(
      false,
    );
    expect(
      resolveRequestContext("/", { cookie: undefined, userAgent: "Mozilla/5.0 Safari/604.1", appUserAgentToken })
        .fromApp,
    ).toBe(false);
  });

  it("resolves backslashes and dot segments as the URL standard does, like React Router", () => {
    expect(resolve("/ca\\equip")).toMatchObject({ screen: { id: "team" }, locale: "ca" });
    expect(resolve("/productos/x/../../mi-cuenta")).toMatchObject({ screen: { id: "account" }, locale: "es" });
    expect(resolve("/ca/equip/%2e%2e/%2e%2e/etc/passwd")).toMatchObject({ screen: null, locale: "es" });
  });
});

/** One sample value per parameter, so that every pattern of the table becomes a path to request. */
function samplePath(pattern: string): string {
  return pattern.replace(/:\w+\??/g, "sample");
}

interface Seen {
  readonly routeId: string;
  readonly pathname: string;
  readonly context: AppLoadContext;
}

/**
 * A server build with the app's own route config (routes.ts) whose loaders and document renderer
 * write down what React Router handed them, served behind the storefront's request context.
 */
function recordingBuild(seen: Seen[]): ServerBuild {
  const manifest: ServerBuild["routes"] = {};
  const record =
    (routeId: string) =>
    ({ request, context }: { request: Request; context: AppLoadContext }) => {
      seen.push({ routeId, pathname: new URL(request.url).pathname, context });
      return null;
    };
  const add = (entries: readonly RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file;
      manifest[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        module: { loader: record(id), default: () => null },
      };
      add(entry.children ?? [], id);
    }
  };
  manifest.root = { id: "root", path: "", module: { loader: record("root"), default: () => null } };
  add(routes, "root");
  return {
    entry: {
      module: {
        default: (request, status, headers, _routerContext, context) => {
          seen.push({ routeId: "entry.server", pathname: new URL(request.url).pathname, context });
          return new Response("<!DOCTYPE html>", { status, headers });
        },
      },
    },
    routes: manifest,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
}

describe("what React Router's loaders and entry.server see", () => {
  const seen: Seen[] = [];
  let server: http.Server;
  /** The tokens the session resolver was asked about: one per request at most. */
  const resolved: string[] = [];
  const marta = customerOf();
  const resolveSession = async (token: string | null): Promise<Session> => {
    if (token) resolved.push(token);
    return token === "jwt-of-marta" ? { token, user: marta, clearCookie: false } : SIGNED_OUT;
  };

  beforeAll(() => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "test-nonce";
      next();
    });
    app.use(requestContext);
    app.use(requestSession(resolveSession));
    app.use(createRequestHandler({ build: recordingBuild(seen), getLoadContext: loadContext }));
    server = app.listen(0);
  });
  afterAll(() => server.close());

  /** Sends the path exactly as written (fetch would resolve `\` and dot segments itself). */
  async function visit(path: string, cookie?: string): Promise<Seen[]> {
    seen.length = 0;
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((done, fail) => {
      const request = http.request({ port, path, headers: cookie ? { Cookie: cookie } : {} }, (response) => {
        response.resume().on("end", done);
      });
      request.on("error", fail).end();
    });
    return [...seen];
  }

  /** The screen and language a route id of routes.ts names (`team.ca.0`), null for the 404 route. */
  function screenOfRoute(calls: readonly Seen[]): { id: ScreenId; locale: Locale } | null {
    const leaf = calls.filter((call) => call.routeId !== "entry.server").at(-1)?.routeId ?? "";
    const [id, locale] = leaf.split(".");
    return SCREEN_IDS.includes(id as ScreenId) ? { id: id as ScreenId, locale: locale as Locale } : null;
  }

  const table = SCREEN_IDS.flatMap((id) =>
    LOCALES.flatMap((locale) => SCREENS[id].paths[locale].map((pattern) => samplePath(pattern))),
  );

  it.each(table)("%s: the context names the route React Router matched, for the page and its data", async (path) => {
    for (const target of [path, path === "/" ? "/_root.data" : `${path}.data`]) {
      const calls = await visit(target);
      const route = screenOfRoute(calls);
      expect(route, target).not.toBeNull();
      for (const { context } of calls) {
        expect(context.screen?.id, target).toBe(route?.id);
        expect(context.locale, target).toBe(route?.locale);
        expect(context.dataRequest, target).toBe(target.endsWith(".data"));
      }
    }
  });

  it("hands every loader and entry.server the one context, with the nonce and the visitor's address", async () => {
    const calls = await visit("/ca/productes/tomaquet?page=2");
    expect(calls.map((call) => call.routeId)).toEqual(["root", "layouts/default.tsx", "product.ca.0", "entry.server"]);
    for (const { context } of calls) {
      expect(context).toEqual({
        screen: { id: "product", params: { slug: "tomaquet" } },
        locale: "ca",
        dataRequest: false,
        fromApp: false,
        cookies: {},
        sessionToken: null,
        session: SIGNED_OUT,
        cspNonce: "test-nonce",
        clientIp: expect.stringMatching(/127\.0\.0\.1/),
      });
    }
  });

  it("resolves the session once per request and hands the same one to the guard, every loader and entry.server", async () => {
    resolved.length = 0;
    const calls = await visit("/mi-cuenta/perfil", "lang=ca; shop_session=jwt-of-marta");
    expect(calls.map((call) => call.routeId)).toEqual(["root", "layouts/admin.tsx", "profile.es.0", "entry.server"]);
    expect(resolved).toEqual(["jwt-of-marta"]);
    for (const { context } of calls) {
      expect(context.session).toEqual({ token: "jwt-of-marta", user: marta, clearCookie: false });
      expect(context.cookies).toEqual({ lang: "ca", shop_session: "jwt-of-marta" });
    }
    resolved.length = 0;
    await visit("/mi-cuenta/perfil.data", "shop_session=jwt-of-marta");
    expect(resolved).toEqual(["jwt-of-marta"]);
  });

  it("asks nothing about a visitor without the session cookie", async () => {
    resolved.length = 0;
    const calls = await visit("/equipo", "lang=es");
    expect(resolved).toEqual([]);
    for (const { context } of calls) expect(context.session).toBe(SIGNED_OUT);
  });

  it("gives the 404 route the language the loaders would have worked out from their own URL", async () => {
    for (const [target, cookie, locale] of [
      ["/no-existe", "lang=pt", "pt"],
      ["/ca/no-existeix", "lang=pt", "ca"],
      ["/ca/no-existeix.data", undefined, "ca"],
      ["/ca/equip/%2e%2e/%2e%2e/nada", undefined, "es"],
    ] as const) {
      const calls = await visit(target, cookie);
      expect(screenOfRoute(calls), target).toBeNull();
      expect(
        calls.map((call) => call.routeId),
        target,
      ).toContain("routes/not-found.tsx");
      for (const { context, pathname } of calls) {
        expect(context).toMatchObject({ screen: null, locale });
        expect(resolve(pathname, cookie)).toMatchObject({ screen: null, locale });
      }
    }
  });

  it("agrees with React Router on paths Express reads differently", async () => {
    for (const [target, screen] of [
      ["/ca\\equip", "team.ca"],
      ["/pt/nova%20ordem", "newOrder.pt"],
      ["/ca/%65quip.data", "team.ca"],
      ["/productos/x/../../mi-cuenta", "account.es"],
    ] as const) {
      const calls = await visit(target);
      const route = screenOfRoute(calls);
      expect(`${route?.id}.${route?.locale}`, target).toBe(screen);
      for (const { context } of calls) expect(`${context.screen?.id}.${context.locale}`, target).toBe(screen);
    }
  });
});

describe("private pages", () => {
  let base = "";
  let server: http.Server;
  beforeAll(() => {
    const app = express();
    app.use(requestContext);
    app.use(privatePages);
    app.get("/{*path}", (_req, res) => {
      res.send("page");
    });
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  async function cacheControl(path: string, cookie?: string) {
    const response = await fetch(base + path, { headers: cookie ? { Cookie: cookie } : {} });
    return response.headers.get("cache-control");
  }

  it("keeps every guarded screen, page or data, out of shared caches", async () => {
    for (const path of ["/mi-cuenta", "/ca/el-meu-compte/perfil.data", "/pt/order/pay", "/iniciar-sesion"]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
    }
  });

  it("leaves public pages to the caches unless the visitor is signed in", async () => {
    expect(await cacheControl("/equipo")).toBeNull();
    expect(await cacheControl("/_root.data")).toBeNull();
    expect(await cacheControl("/no-existe")).toBeNull();
    expect(await cacheControl("/equipo", "shop_session=abc")).toBe("private, no-store");
  });
});
