import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * The newsletter's public calls (docs/decisions/013): a visitor subscribes from the footer, and the
 * links of its mails confirm and unsubscribe without signing in. `auth: false`: no role permission
 * to grant; the tokens are the authority. Subscribers have no content-API route at all.
 */
const route = selfCheckedRoutes("newsletter");

export default {
  routes: [
    route("POST", "/newsletter/subscribe", "subscribe"),
    route("POST", "/newsletter/confirm", "confirm"),
    route("POST", "/newsletter/unsubscribe", "unsubscribe"),
  ],
};
