export default {
  rest: {
    // The content API lives at the root (GET /health, GET /users/me): the storefront proxies
    // /api/* here with /api removed. Strapi 5.54 mounts it with @koa/router, where "" means no prefix.
    prefix: "",
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
  },
};
