export default {
  rest: {
    // The content API lives under /api, apart from the admin panel's own routes (/i18n, /upload,
    // /content-type-builder, ... at the root): see docs/decisions/007. The storefront proxies the
    // public part of /api/* here unchanged.
    prefix: "/api",
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
  },
};
