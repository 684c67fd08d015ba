import { factories } from "@strapi/strapi";
import { asApiContext, notFound, type KoaContext } from "../../../http/context";
import { getShopSettings } from "../../../shop-settings/shop-settings";
import { CONTENT_TYPES } from "../../../content-types";

export default factories.createCoreController(CONTENT_TYPES.shopSetting, ({ strapi }) => ({
  /**
   * GET /shop-setting: the shop's details in the shape of @shop/contracts' shopSettingsSchema
   * (not Strapi's generic one: components flattened, empty fields null). 404 until staff save it.
   */
  async find(koaCtx: KoaContext) {
    const settings = await getShopSettings(strapi);
    if (!settings) return notFound(asApiContext(koaCtx));
    return { data: settings, meta: {} };
  },
}));
