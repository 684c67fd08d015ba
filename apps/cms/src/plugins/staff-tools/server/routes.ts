/** The one permission the staff tools ask for: `plugin::staff-tools.read`. */
export const READ_ACTION = { uid: "read", id: "plugin::staff-tools.read" } as const;

/** Refunding an order's money (docs/decisions/031): `plugin::staff-tools.refund`, granted apart from reading the sheets. */
export const REFUND_ACTION = { uid: "refund", id: "plugin::staff-tools.refund" } as const;

/** Subscriptions: list, open, and pause, resume or cancel for a customer: `plugin::staff-tools.subscriptions`. */
export const SUBSCRIPTIONS_ACTION = { uid: "subscriptions", id: "plugin::staff-tools.subscriptions" } as const;

const staffOnly = {
  policies: ["admin::isAuthenticatedAdmin", { name: "admin::hasPermissions", config: { actions: [READ_ACTION.id] } }],
};

const refunders = {
  policies: ["admin::isAuthenticatedAdmin", { name: "admin::hasPermissions", config: { actions: [REFUND_ACTION.id] } }],
};

const subscriptionStaff = {
  policies: [
    "admin::isAuthenticatedAdmin",
    { name: "admin::hasPermissions", config: { actions: [SUBSCRIPTIONS_ACTION.id] } },
  ],
};

/** Admin routes, mounted under the plugin's name: GET /staff-tools/packing-list and so on. */
export const routes = {
  admin: {
    type: "admin",
    routes: [
      { method: "GET", path: "/packing-list", handler: "packing.packingList", config: staffOnly },
      { method: "GET", path: "/delivery-sheet", handler: "packing.deliverySheet", config: staffOnly },
      { method: "GET", path: "/filters", handler: "packing.filters", config: staffOnly },
      { method: "GET", path: "/links", handler: "links.show", config: staffOnly },
      { method: "GET", path: "/orders/:number/refunds", handler: "refunds.list", config: refunders },
      { method: "POST", path: "/orders/:number/refunds", handler: "refunds.create", config: refunders },
      { method: "GET", path: "/subscriptions", handler: "subscriptions.list", config: subscriptionStaff },
      { method: "GET", path: "/subscriptions/:id", handler: "subscriptions.show", config: subscriptionStaff },
      { method: "POST", path: "/subscriptions/:id/pause", handler: "subscriptions.pause", config: subscriptionStaff },
      { method: "POST", path: "/subscriptions/:id/resume", handler: "subscriptions.resume", config: subscriptionStaff },
      { method: "POST", path: "/subscriptions/:id/cancel", handler: "subscriptions.cancel", config: subscriptionStaff },
    ],
  },
};
