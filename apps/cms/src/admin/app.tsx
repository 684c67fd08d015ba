import type { StrapiApp } from "@strapi/strapi/admin";
import { CONTENT_TYPE_NAMES } from "./content-type-names";
import { EurosPanel, showCentsAsEuros } from "./money";

/** Where Strapi keeps the panel language a member of staff chose (@strapi/admin's reducer). */
const LANGUAGE_KEY = "strapi-admin-language";

interface ContentManagerApis {
  addEditViewSidePanel(panels: unknown[]): void;
}

export default {
  config: {
    // Staff work in Spanish; Catalan and Portuguese are Strapi's own (partial) translations, English
    // stays available as Strapi's fallback. Decision 041.
    locales: ["es", "ca", "pt"],
    translations: CONTENT_TYPE_NAMES,
  },
  register() {
    // Strapi starts in English until someone picks a language in their profile: the shop's panel
    // starts in Spanish instead, and a choice made in the profile (stored under the same key) stays.
    if (window.localStorage.getItem(LANGUAGE_KEY) === null) window.localStorage.setItem(LANGUAGE_KEY, "es");
  },
  bootstrap(app: StrapiApp) {
    // Amounts in euros are a reading aid: should a Strapi upgrade rename these extension points, the
    // panel still opens, showing cents as before.
    try {
      app.registerHook("Admin/CM/pages/ListView/inject-column-in-table", showCentsAsEuros);
      const contentManager = app.getPlugin("content-manager").apis as unknown as Partial<ContentManagerApis>;
      contentManager.addEditViewSidePanel?.([EurosPanel]);
    } catch (error) {
      console.warn("Amounts in euros are not shown:", error);
    }
  },
};
