import { describe, expect, it } from "vitest";
import { MENU_GROUPS, publicSections } from "./menu-sections";
import { HEADER_SECTIONS } from "./site-header";

describe("the site menu", () => {
  const listed = ["home", ...MENU_GROUPS.flatMap(([, screens]) => screens)];

  it("lists every public section of the route table, each once", () => {
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(publicSections().sort());
  });

  it("includes the sections customers missed on phones", () => {
    for (const id of ["complementaryProducts", "contact", "referAFriend", "giftCardCreate", "foodWaste"] as const) {
      expect(listed).toContain(id);
    }
  });

  it("shows on the header's own row only sections that the menu lists too", () => {
    for (const id of HEADER_SECTIONS) expect(listed).toContain(id);
  });
});
