import { LOCALE_TAGS, LOCALES } from "@shop/domain";
import { describe, expect, it } from "vitest";
import { LANGUAGE_NAMES } from "./language-note";

describe("the shop's languages named in each of them", () => {
  it("as Intl.DisplayNames names them", () => {
    for (const page of LOCALES) {
      const names = new Intl.DisplayNames([LOCALE_TAGS[page]], { type: "language" });
      for (const language of LOCALES) expect(LANGUAGE_NAMES[page][language]).toBe(names.of(language));
    }
  });
});
