import { factories } from "@strapi/strapi";
import { CONTENT_TYPES } from "../../../content-types";

// find / findOne are granted to visitors at bootstrap; create / update / delete to nobody but staff.
export default factories.createCoreRouter(CONTENT_TYPES.product);
