import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * A gift card's balance by its code, for anyone (rate-limited per client address), and the staff's
 * gift card calls (issue 23, docs/decisions/037): a signed-in user with the Staff role only; anyone
 * else, customer or visitor, is answered 404. Called by the storefront's server.
 */
const route = selfCheckedRoutes("gift-card-staff");

export default {
  routes: [
    route("POST", "/gift-cards/balance", "balance"),
    route("GET", "/gift-cards/staff", "search"),
    route("GET", "/gift-cards/staff/:id", "show"),
    route("POST", "/gift-cards/staff/:id/resend", "resend"),
    route("POST", "/gift-cards/staff/:id/adjust", "adjust"),
    route("POST", "/gift-cards/staff/:id/void", "void"),
  ],
};
