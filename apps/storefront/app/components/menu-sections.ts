import { SCREENS, staticSitemapEntries, type ScreenId } from "@shop/routing";
import type { Messages } from "~/i18n";

export type MenuGroup = readonly [keyof Messages["footer"], readonly ScreenId[]];

/**
 * Every public section of the shop, grouped as in the footer, for the site menu: a phone visitor
 * reaches each one without scrolling through the footer. The home page comes first, on its own.
 */
export const MENU_GROUPS: readonly MenuGroup[] = [
  [
    "shop",
    ["boxes", "seasonalBoxes", "complementaryProducts", "whatsInTheBox", "giftCardCreate", "companies", "referAFriend"],
  ],
  ["company", ["about", "team", "farmers", "newsroom", "contact"]],
  ["sustainability", ["impact", "commitment", "foodWaste"]],
  ["legal", ["legalNotice", "cookiesPolicy", "privacyPolicy", "termsAndConditions"]],
];

/**
 * The screens a menu must offer: the shop's public layout, indexable (meant to be found), and
 * reachable without parameters. Derived from the route table, so a new public screen that the
 * menu forgets fails the menu's test.
 */
export function publicSections(): ScreenId[] {
  return staticSitemapEntries()
    .map(({ id }) => id)
    .filter((id) => SCREENS[id].layout === "default");
}
