import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * The gateways' calls (docs/decisions/015): their notifications, server to server, and the sandbox
 * gateway's page, which the customer's browser opens. `auth: false`: a gateway has no account; the
 * signatures are the authority. None of them is in the storefront's /api allow-list.
 */
const route = selfCheckedRoutes("payment");

export default {
  routes: [
    route("POST", "/payments/redsys/notification", "redsysNotification"),
    route("POST", "/payments/stripe/webhook", "stripeWebhook"),
    // Before the page's routes, whose :reference would take "notification" too.
    route("POST", "/payments/sandbox/notification", "sandboxNotification"),
    route("GET", "/payments/sandbox/:reference", "sandboxPage"),
    route("POST", "/payments/sandbox/:reference", "sandboxDecision"),
  ],
};
