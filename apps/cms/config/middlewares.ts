import { QUERY_LIMITS } from "../src/catalogue/query-limits";
import { getEnv } from "../src/env";

export default () => {
  const env = getEnv();
  return [
    "strapi::logger",
    "strapi::errors",
    "strapi::security",
    {
      name: "strapi::cors",
      config: {
        // The storefront calls the CMS server-to-server; browsers only reach it for the admin panel
        // and OAuth redirects, so only our own origins are allowed.
        origin: [new URL(env.publicUrl).origin, new URL(env.storefrontUrl).origin],
        credentials: true,
      },
    },
    "strapi::poweredBy",
    // The limits of the spec (depth 5, arrays of 20, 1000 parameters); past them qs throws and the
    // guard right after answers 400.
    { name: "strapi::query", config: QUERY_LIMITS },
    "global::query-guard",
    "strapi::body",
    "strapi::session",
    "strapi::favicon",
    "strapi::public",
  ];
};
