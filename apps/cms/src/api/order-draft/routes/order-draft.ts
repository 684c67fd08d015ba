import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * The new-order draft (docs/decisions/015). The draft's token travels in X-Order-Draft, never in a
 * URL; a bearer token, when present, names the customer. Only the storefront's server calls these.
 * `auth: false` means "not through the role permission grid": the controller checks the token and
 * the session itself.
 */
const route = selfCheckedRoutes("order-draft");

export default {
  routes: [
    route("POST", "/order-drafts", "create"),
    route("GET", "/order-drafts/current", "current"),
    route("PATCH", "/order-drafts/current", "patch"),
    route("GET", "/order-drafts/current/quote", "quote"),
    route("POST", "/order-drafts/from-order/:number", "fromOrder"),
  ],
};
