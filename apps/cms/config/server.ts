import { httpServerOptions } from "@shop/contracts";
import { getEnv } from "../src/env";
import { cronTasks } from "../src/jobs";

export default () => {
  const env = getEnv();
  return {
    host: env.host,
    port: env.port,
    // Node's defaults let a client trickle its headers for 60 s and its body for 300 s, holding a
    // connection (and a parser's memory) all along: HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS
    // and HTTP_KEEP_ALIVE_TIMEOUT_MS bound them (Strapi passes these to http.createServer).
    http: { serverOptions: httpServerOptions(env.httpLimits) },
    // Public URL of the CMS: used for absolute links (e-mails, OAuth callbacks) and the admin panel.
    url: env.publicUrl,
    // Only TRUST_PROXY_HOPS proxies (none by default) may name the client (X-Forwarded-For, read
    // from the right) and the protocol; the storefront names its visitors another way
    // (src/middlewares/client-ip.ts). Strapi 5.54 reads `proxy.koa`; a bare `proxy: true` is ignored.
    proxy: { koa: env.trustProxyHops > 0, maxIpsCount: env.trustProxyHops },
    app: { keys: env.secrets.appKeys },
    // Scheduled work (src/jobs): every instance runs it, so each task is safe to run twice at once.
    cron: { enabled: true, tasks: cronTasks },
    // Public files and local uploads; tests and benchmarks point it at a throw-away folder.
    dirs: { public: env.publicDir },
    logger: {
      // No call to the npm registry at boot to look for a newer Strapi.
      updates: { enabled: false },
      // Strapi's winston logger; "http" also logs one line per request.
      config: { level: env.logLevel },
    },
  };
};
