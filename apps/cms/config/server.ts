import { getEnv } from "../src/env";

export default () => {
  const env = getEnv();
  return {
    host: env.host,
    port: env.port,
    // Public URL of the CMS: used for absolute links (e-mails, OAuth callbacks) and the admin panel.
    url: env.publicUrl,
    // Behind a load balancer: trust X-Forwarded-* for the client IP (rate limits) and protocol.
    // Strapi 5.54 reads `proxy.koa`; a bare `proxy: true` is ignored.
    proxy: { koa: true },
    app: { keys: env.secrets.appKeys },
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
