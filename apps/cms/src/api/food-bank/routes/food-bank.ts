/** The food banks a customer may donate a delivery to (GET /food-banks): public, as staff keep them. */
export default {
  routes: [{ method: "GET", path: "/food-banks", handler: "food-bank.list", config: { auth: false } }],
};
