import { factories } from "@strapi/strapi";

export default factories.createCoreService("api::shop-setting.shop-setting");
