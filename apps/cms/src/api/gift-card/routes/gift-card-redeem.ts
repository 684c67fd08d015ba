import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * Gift cards as payment (issue 23, docs/decisions/033): added to the order draft at the summary
 * (the draft's token in X-Order-Draft, as the draft's own calls), or to the signed-in customer's
 * account for their renewals. Only the storefront's server calls these.
 */
const route = selfCheckedRoutes("gift-card-redeem");

export default {
  routes: [
    route("POST", "/order-drafts/current/gift-cards", "addToDraft"),
    route("DELETE", "/order-drafts/current/gift-cards/:tail", "removeFromDraft"),
    route("GET", "/gift-cards/mine", "listMine"),
    route("POST", "/gift-cards/mine", "addToAccount"),
  ],
};
