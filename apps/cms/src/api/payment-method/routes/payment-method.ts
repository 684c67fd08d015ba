import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * A customer's saved cards (docs/decisions/029). The `mine` calls check the signed-in session
 * themselves (`auth: false` means "not through the role permission grid", never "anyone"); the
 * gateways' notifications and the sandbox's card page have no account: signatures are the authority.
 */
const route = selfCheckedRoutes("payment-method");

export default {
  routes: [
    route("GET", "/payment-methods/mine", "list"),
    route("POST", "/payment-methods/mine/setup", "setup"),
    route("GET", "/payment-methods/mine/:id", "findOne"),
    route("POST", "/payment-methods/mine/:id/default", "makeDefault"),
    route("DELETE", "/payment-methods/mine/:id", "remove"),
    route("POST", "/payment-methods/redsys/notification", "redsysNotification"),
    route("GET", "/payment-methods/sandbox/:reference", "sandboxPage"),
    route("POST", "/payment-methods/sandbox/:reference", "sandboxDecision"),
  ],
};
