import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * Orders (docs/decisions/015): placing the order of a finished draft, and the customer's own orders
 * by number. Signed-in calls; `auth: false` means the controller checks the session itself (as the
 * account calls do), never "anyone". Only the storefront's server calls them.
 */
const route = selfCheckedRoutes("order");

export default {
  routes: [
    route("POST", "/orders", "place"),
    route("GET", "/orders/mine", "list"),
    route("GET", "/orders/mine/:number", "show"),
    route("POST", "/orders/mine/:number/payments", "pay"),
    route("POST", "/orders/mine/:number/cancel", "cancel"),
    route("GET", "/orders/mine/:number/change", "changeOptions"),
    route("POST", "/orders/mine/:number/change/quote", "changeQuote"),
    route("POST", "/orders/mine/:number/change", "change"),
  ],
};
