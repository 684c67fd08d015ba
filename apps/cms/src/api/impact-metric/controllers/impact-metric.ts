import { factories } from "@strapi/strapi";
import { CONTENT_TYPES } from "../../../content-types";

export default factories.createCoreController(CONTENT_TYPES.impactMetric);
