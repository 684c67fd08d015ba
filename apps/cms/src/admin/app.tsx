import type { StrapiApp } from "@strapi/strapi/admin";

export default {
  config: {
    // Staff work in Spanish, Catalan or Portuguese; English stays available as Strapi's default.
    locales: ["es", "ca", "pt"],
  },
  bootstrap(_app: StrapiApp) {},
};
