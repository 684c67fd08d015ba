import { factories } from "@strapi/strapi";

// GET /impact-metric is granted to visitors; the storefront reads GET /utils/metrics.
export default factories.createCoreRouter("api::impact-metric.impact-metric");
