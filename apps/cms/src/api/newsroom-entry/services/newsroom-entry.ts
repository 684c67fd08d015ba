import { factories } from "@strapi/strapi";

export default factories.createCoreService("api::newsroom-entry.newsroom-entry");
