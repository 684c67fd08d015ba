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
    "strapi::query",
    "strapi::body",
    "strapi::session",
    "strapi::favicon",
    "strapi::public",
  ];
};
