import { factories } from "@strapi/strapi";

// find / findOne are granted to visitors at bootstrap; create / update / delete to nobody but staff.
export default factories.createCoreRouter("api::product.product");
