// Public read-only endpoints of the spec (section 7). They read public content only, so they need
// no role permission.
export default {
  routes: [
    { method: "GET", path: "/utils/reviews", handler: "utils.reviews", config: { auth: false } },
    { method: "GET", path: "/utils/posts-blog", handler: "utils.postsBlog", config: { auth: false } },
    { method: "GET", path: "/utils/metrics", handler: "utils.metrics", config: { auth: false } },
  ],
};
