import { factories } from "@strapi/strapi";
import { CONTENT_TYPES } from "../../../content-types";

// Reads are granted to visitors at bootstrap; writes to nobody but staff.
export default factories.createCoreRouter(CONTENT_TYPES.farmer);
