import type { StrapiApp } from "@strapi/strapi/admin";
import { Gift, Stack } from "@strapi/icons";
import { GIFT_CARDS_PAGE, PLUGIN_ID, READ_PERMISSIONS, translationId } from "./ids";

// Vite bundles each language's file on its own; the panel loads only the one it shows.
const TRANSLATIONS: Record<string, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import("./translations/en.json"),
  es: () => import("./translations/es.json"),
  ca: () => import("./translations/ca.json"),
  pt: () => import("./translations/pt.json"),
};

/** The staff tools' pages in the admin panel's main menu, for roles that may read the sheets. */
export default {
  register(app: StrapiApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: Stack,
      intlLabel: { id: translationId("menu"), defaultMessage: "Packing and delivery" },
      permissions: READ_PERMISSIONS,
      Component: () => import("./pages/StaffToolsPage"),
    });
    // The gift cards' tools are the storefront's staff page: the panel, where staff work, leads there.
    app.addMenuLink({
      to: GIFT_CARDS_PAGE,
      icon: Gift,
      intlLabel: { id: translationId("giftCards.menu"), defaultMessage: "Gift cards" },
      permissions: READ_PERMISSIONS,
      Component: () => import("./pages/GiftCardsPage"),
    });
    app.registerPlugin({ id: PLUGIN_ID, name: PLUGIN_ID });
  },

  async registerTrads({ locales }: { locales: string[] }) {
    return Promise.all(
      locales.map(async (locale) => {
        const load = Object.hasOwn(TRANSLATIONS, locale) ? TRANSLATIONS[locale] : undefined;
        const data = load ? (await load()).default : {};
        return {
          locale,
          data: Object.fromEntries(Object.entries(data).map(([key, value]) => [translationId(key), value])),
        };
      }),
    );
  },
};
