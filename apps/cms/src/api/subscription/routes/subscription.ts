import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * A customer's subscriptions (docs/decisions/028): the list, one with its history, its coming
 * deliveries, and every change from the account area. Signed-in calls; `auth: false` means the
 * controller checks the session itself (as the order calls do), never "anyone". Only the
 * storefront's server calls them.
 */
const route = selfCheckedRoutes("subscription");

export default {
  routes: [
    route("GET", "/subscriptions/mine", "list"),
    route("GET", "/subscriptions/mine/:id", "show"),
    route("PATCH", "/subscriptions/mine/:id", "update"),
    route("POST", "/subscriptions/mine/:id/quote", "quote"),
    route("GET", "/subscriptions/mine/:id/deliveries", "deliveries"),
    route("POST", "/subscriptions/mine/:id/deliveries/:date/skip", "skip"),
    route("POST", "/subscriptions/mine/:id/deliveries/:date/restore", "restore"),
    route("POST", "/subscriptions/mine/:id/deliveries/:date/gift", "gift"),
    route("POST", "/subscriptions/mine/:id/deliveries/:date/donate", "donate"),
    route("POST", "/subscriptions/mine/:id/pause", "pause"),
    route("POST", "/subscriptions/mine/:id/resume", "resume"),
    route("POST", "/subscriptions/mine/:id/cancel", "cancel"),
    route("POST", "/subscriptions/mine/:id/restart", "restart"),
  ],
};
