import { LOCALES, type Locale } from "@shop/domain";
import { asApiContext, type KoaContext } from "../../../http/context";
import { storefrontLink } from "../../../storefront-links";

/**
 * Where staff's tools outside the admin panel are (issue 23): the gift cards are searched, adjusted,
 * resent and voided on the storefront's staff page (/admin/gift-cards, docs/decisions/037), which
 * the panel's menu leads to. Only the panel knows its members are staff: the storefront's menus are
 * the same for everyone, so a customer is never shown a staff-only link. Each link in every language
 * of the panel.
 */
export interface StaffLinks {
  giftCards: Record<Locale, string>;
}

export function staffLinks(): StaffLinks {
  return {
    giftCards: Object.fromEntries(
      LOCALES.map((locale) => [locale, storefrontLink("adminGiftCards", locale)]),
    ) as Record<Locale, string>,
  };
}

export default () => ({
  /** GET /staff-tools/links -> StaffLinks */
  async show(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    ctx.set("Cache-Control", "private, no-store");
    ctx.body = staffLinks();
  },
});
