import { factories } from "@strapi/strapi";

// GET /shop-setting is granted to visitors (src/bootstrap/permissions.ts); staff edit it in the admin panel.
export default factories.createCoreRouter("api::shop-setting.shop-setting");
