import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * Buying a gift card (issue 23): the offer, a purchase and its payment, and the purchase read back
 * by the token its buyer's browser keeps (the X-Gift-Card-Purchase header). No account needed.
 */
const route = selfCheckedRoutes("gift-card-purchase");

export default {
  routes: [
    route("GET", "/gift-cards/offer", "offer"),
    route("POST", "/gift-cards/purchases", "purchase"),
    route("GET", "/gift-cards/purchases/current", "current"),
  ],
};
