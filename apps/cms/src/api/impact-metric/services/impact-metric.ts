import { factories } from "@strapi/strapi";

export default factories.createCoreService("api::impact-metric.impact-metric");
