/**
 * Delivery calls of the new-order flow (docs/decisions/015): whether a postcode is covered, the
 * dates and slots it may choose, and "tell me when you reach my area"; and the areas with their
 * days and fees, which the storefront's pages show. Only the storefront's server calls them (they
 * are not in its /api allow-list); `auth: false` as they need no customer.
 */
const publicCall = { auth: false } as const;

export default {
  routes: [
    { method: "GET" as const, path: "/delivery/coverage", handler: "delivery.coverage", config: publicCall },
    { method: "GET" as const, path: "/delivery/calendar", handler: "delivery.calendar", config: publicCall },
    { method: "GET" as const, path: "/delivery/areas", handler: "delivery.areas", config: publicCall },
    { method: "POST" as const, path: "/delivery/area-interest", handler: "delivery.areaInterest", config: publicCall },
  ],
};
