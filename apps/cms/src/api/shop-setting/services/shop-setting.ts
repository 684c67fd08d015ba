import { factories } from "@strapi/strapi";
import { CONTENT_TYPES } from "../../../content-types";

export default factories.createCoreService(CONTENT_TYPES.shopSetting);
