export default {
  routes: [
    {
      method: "GET",
      path: "/health",
      handler: "health.check",
      // Load balancers and uptime checks call it without a token.
      config: { auth: false },
    },
  ],
};
