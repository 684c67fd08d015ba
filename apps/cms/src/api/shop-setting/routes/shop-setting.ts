import { factories } from "@strapi/strapi";
import { CONTENT_TYPES } from "../../../content-types";

// GET /shop-setting is granted to visitors (src/bootstrap/permissions.ts); staff edit it in the admin panel.
export default factories.createCoreRouter(CONTENT_TYPES.shopSetting);
