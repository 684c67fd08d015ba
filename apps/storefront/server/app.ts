import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import {
  canonicalRedirect,
  LOCALE_COOKIE,
  LOCALES,
  pathTo,
  RESOURCE_PATHS,
  serializeLocaleCookie,
} from "@shop/routing";
import { env, secureCookies } from "../app/env.server";
import { BUILD_PATH } from "../app/build-path";
import { PAYMENT_PAGE_ORIGINS } from "../app/orders/payment-pages.server";
import { CONSENT_PATH } from "../app/analytics/consent";
import { apiProxy } from "./api-proxy";
import { consentCookieEndpoint } from "./consent-cookie";
import { imageProxy } from "./images";
import { pageCache } from "./page-cache";
import { oneSiteHost } from "./site-host";
import { errorAnswers, wellFormedRequests } from "./malformed-requests";
import { loadContext, requestContext, requestSession } from "./request-context";
import { shareRetirements } from "../app/session-retirement.server";
import { followContentChanges } from "../app/content-changes.server";
import { oneOfEachHeader } from "./response-headers";
import { readiness } from "./readiness";
import { formPosts, nonceMiddleware, pageMethods, privatePages, sameOriginWrites, securityHeaders } from "./security";

export { env };
export { createHttpServer } from "./http-server";

const development = env.NODE_ENV === "development";
/**
 * With the data cache of app/cache.server.ts, a change made in the admin reaches every page within a
 * minute; with REDIS_URL set, at once (app/content-changes.server.ts).
 */
const PAGE_CACHE_TTL_MS = development ? 0 : 20_000;

/** The largest form post a page takes: the longest form (companies) with every field full is ~12 KB. */
const MAX_FORM_BYTES = 64 * 1024;

const pages = pageCache({
  ttlMs: PAGE_CACHE_TTL_MS,
  maxEntries: 500,
  secureCookies,
  appUserAgentToken: env.APP_USER_AGENT_TOKEN,
});
/** Fresh page copies, sent before Express runs: server.js calls it for every request (docs/decisions/045). */
export const pageCopies = pages.serveCopy;

export const app = express();
app.disable("x-powered-by");
// Only TRUST_PROXY_HOPS proxies may say who the visitor is (req.ip); none by default.
app.set("trust proxy", env.TRUST_PROXY_HOPS);

app.use(nonceMiddleware);
app.use(
  securityHeaders({
    https: secureCookies,
    development,
    formTargets: PAYMENT_PAGE_ORIGINS,
    googleMaps: env.GOOGLE_MAPS_API_KEY !== undefined,
    tagManager: env.GTM_ID !== undefined,
    supportChatUrl: env.SUPPORT_CHAT_URL,
  }),
);

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

app.get("/readyz", readiness({ cmsUrl: env.CMS_URL }));

// A target or Host that makes no URL is answered 400 here (the health checks above read neither).
app.use(wellFormedRequests);

// Below the health checks, which a load balancer calls by the machine's own address.
if (env.NODE_ENV === "production") app.use(oneSiteHost({ siteUrl: env.SITE_URL }));

app.get(RESOURCE_PATHS.image, imageProxy(env.CMS_URL));

// The build this process serves: open pages compare it with theirs and load afresh once it differs
// (app/client-behaviours.client.ts). Never cached: the answer changes with a deploy.
app.get(BUILD_PATH, async (_req, res) => {
  const build = await import("virtual:react-router/server-build");
  res.set("Cache-Control", "no-store").json({ version: build.assets.version });
});

/** Sign in with Apple posts its answer from its own site (response_mode form_post). */
const APPLE_ORIGIN = "https://appleid.apple.com";
app.use(
  sameOriginWrites(env.SITE_URL, {
    crossSitePosts: [
      {
        origin: APPLE_ORIGIN,
        paths: LOCALES.map((locale) => pathTo("connectRedirect", locale, { provider: "apple" })),
      },
    ],
  }),
);
// The visitor's cookie choice, stored again by the server so that Safari keeps it for a year.
app.post(CONSENT_PATH, ...consentCookieEndpoint({ secure: secureCookies }));
app.use(apiProxy({ cmsUrl: env.CMS_URL, proxySecret: env.PROXY_SECRET }));
app.use(pageMethods);
app.use(formPosts({ maxBytes: MAX_FORM_BYTES }));
// Screen and language of the request, once, for the middlewares below and React Router's loaders.
app.use(requestContext);
app.use(privatePages);

app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const target = canonicalRedirect(req.path);
  if (target) {
    const query = req.originalUrl.indexOf("?");
    res.redirect(301, target + (query >= 0 ? req.originalUrl.slice(query) : ""));
    return;
  }
  // Remember the language of every page the visitor opens (specification, section 2).
  const { screen, locale } = res.locals.requestContext;
  if (screen && res.locals.requestContext.cookies[LOCALE_COOKIE.name] !== locale) {
    res.append("Set-Cookie", serializeLocaleCookie(locale, secureCookies));
  }
  next();
});

app.use(pages);
// The visitor's session, once, for the root guard and every loader and action (docs/decisions/024).
app.use(requestSession());
// Retired sessions and staff's content changes reach every storefront process at once through Redis;
// without it, within the caches' lifetimes.
if (env.REDIS_URL) {
  shareRetirements({ redisUrl: env.REDIS_URL });
  followContentChanges({ redisUrl: env.REDIS_URL, forgetPages: pages.forgetAll });
}

// React Router adds its answer's headers to what the middlewares above set: one line of each.
app.use(oneOfEachHeader);
// React Router derives its route table (every path compiled and ranked) from the build each time
// `build` is a function: on every request, a third of a signed-in page's CPU (docs/decisions/024).
// Production serves one build, handed over once; development keeps the function for Vite's reloads.
const serverBuild = development
  ? () => import("virtual:react-router/server-build")
  : await import("virtual:react-router/server-build");
app.use(createRequestHandler({ build: serverBuild, getLoadContext: loadContext }));

// Last: a client's error gets its 4xx without a stack trace in the log, anything else a bare 500.
app.use(errorAnswers);
