import { factories } from "@strapi/strapi";
import { CONTENT_TYPES } from "../../../content-types";

// GET /impact-metric is granted to visitors; the storefront reads GET /utils/metrics.
export default factories.createCoreRouter(CONTENT_TYPES.impactMetric);
