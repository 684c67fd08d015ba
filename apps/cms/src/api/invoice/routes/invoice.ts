import { selfCheckedRoutes } from "../../../http/self-checked-routes";

/**
 * Invoices (docs/decisions/039): the signed-in customer's own invoice as a PDF, by its number, and
 * the full invoice of a paid order asked for from its page (`auth: false`: the controller checks the
 * session itself). Only the storefront's server calls them.
 */
const route = selfCheckedRoutes("invoice");

export default {
  routes: [route("GET", "/invoices/mine/:number", "pdf"), route("POST", "/orders/mine/:number/invoice", "request")],
};
