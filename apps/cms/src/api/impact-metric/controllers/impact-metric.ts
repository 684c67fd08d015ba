import { factories } from "@strapi/strapi";

export default factories.createCoreController("api::impact-metric.impact-metric");
