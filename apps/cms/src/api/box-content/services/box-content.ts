import { factories } from "@strapi/strapi";

export default factories.createCoreService("api::box-content.box-content");
