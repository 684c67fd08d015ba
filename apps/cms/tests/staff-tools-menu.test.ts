import { describe, expect, it } from "vitest";
import { READ_PERMISSIONS } from "../src/plugins/staff-tools/admin/ids";

// The staff tools' entries of the admin panel's main menu (src/plugins/staff-tools/admin): where
// staff work, so where they find the gift cards' staff page (issue 23).

interface MenuLink {
  to: string;
  intlLabel: { id: string; defaultMessage: string };
  permissions: unknown;
}

interface StaffToolsAdmin {
  register(app: { addMenuLink(link: MenuLink): void; registerPlugin(plugin: object): void }): void;
  registerTrads(options: { locales: string[] }): Promise<{ locale: string; data: Record<string, string> }[]>;
}

// Loaded by a path the type checker does not follow: the panel's code is checked by its own
// tsconfig (src/admin, the plugin's admin), with the browser's settings the tests' lacks.
const ADMIN_ENTRY = "../src/plugins/staff-tools/admin/index";
const staffTools = ((await import(/* @vite-ignore */ ADMIN_ENTRY)) as { default: StaffToolsAdmin }).default;

function menuLinks(): MenuLink[] {
  const links: MenuLink[] = [];
  staffTools.register({ addMenuLink: (link) => links.push(link), registerPlugin: () => undefined });
  return links;
}

describe("the staff tools' menu", () => {
  it("has a gift cards entry, for the roles that may read the staff tools, named in each language of the panel", async () => {
    const giftCards = menuLinks().find((link) => link.intlLabel.defaultMessage === "Gift cards");
    expect(giftCards).toMatchObject({ to: "plugins/staff-tools-gift-cards", permissions: READ_PERMISSIONS });
    const translations = await staffTools.registerTrads({ locales: ["es", "ca", "pt"] });
    expect(translations.map(({ locale, data }) => [locale, data[giftCards!.intlLabel.id]])).toEqual([
      ["es", "Tarjetas regalo"],
      ["ca", "Targetes regal"],
      ["pt", "Cartões-presente"],
    ]);
  });

  it("keeps it apart from the sheets' entry, which would otherwise show as the current page there too", () => {
    const [sheets, giftCards] = menuLinks();
    expect(giftCards!.to.startsWith(`${sheets!.to}/`)).toBe(false);
  });
});
