import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentAfterLead, slugify, splitByPhrases, stripInlineMarkdown } from "./text";

describe("slugify", () => {
  it("turns names in any of our languages into URL segments", () => {
    expect(slugify("Aceites y Vinagres")).toBe("aceites-y-vinagres");
    expect(slugify("Ous de pagès")).toBe("ous-de-pages");
    expect(slugify("Leguminosas & Cereais")).toBe("leguminosas-cereais");
    expect(slugify("  Piña  ")).toBe("pina");
  });

  it("always yields a safe, stable segment", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const slug = slugify(value);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe("contentAfterLead", () => {
  const lead = "Arbequina de primera prensada en frío.";

  it("leaves out a first paragraph that repeats the short description", () => {
    expect(contentAfterLead(`${lead}\n\n- Para 3 o 4 personas\n- Unos 7 kg`, lead)).toBe(
      "- Para 3 o 4 personas\n- Unos 7 kg",
    );
    expect(contentAfterLead(lead, lead)).toBe("");
  });

  it("compares as a reader would: emphasis, spacing, line ends and case do not count", () => {
    expect(contentAfterLead("**Arbequina** de primera\r\nprensada en  frío.\r\n\r\nMás.", lead)).toBe("Más.");
    expect(contentAfterLead("ARBEQUINA de primera prensada en frío.\n\n\n\nMás.", lead)).toBe("Más.");
  });

  it("keeps content that only starts like the description, or when there is no description", () => {
    const longer = `${lead} Ideal para ensaladas.\n\nMás.`;
    expect(contentAfterLead(longer, lead)).toBe(longer);
    expect(contentAfterLead(`Otra cosa.\n\n${lead}`, lead)).toBe(`Otra cosa.\n\n${lead}`);
    expect(contentAfterLead("Texto largo.", "")).toBe("Texto largo.");
    expect(contentAfterLead("", lead)).toBe("");
  });
});

describe("splitByPhrases", () => {
  it("cuts out every mention of the phrases, whatever the case", () => {
    expect(splitByPhrases("Consúltalo en «Qué hay en la caja». qué hay en la caja", ["Qué hay en la caja"])).toEqual([
      { text: "Consúltalo en «", phrase: null },
      { text: "Qué hay en la caja", phrase: 0 },
      { text: "». ", phrase: null },
      { text: "qué hay en la caja", phrase: 0 },
    ]);
  });

  it("prefers the longer phrase and ignores empty ones", () => {
    expect(
      splitByPhrases("Nuestras cajas de temporada", ["", "Nuestras cajas", "Nuestras cajas de temporada"]),
    ).toEqual([{ text: "Nuestras cajas de temporada", phrase: 2 }]);
    expect(splitByPhrases("Sin menciones", [])).toEqual([{ text: "Sin menciones", phrase: null }]);
    expect(splitByPhrases("", ["x"])).toEqual([]);
  });

  it("always gives the text back when the parts are joined", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 3 }), (value, phrases) => {
        const parts = splitByPhrases(value, phrases);
        expect(parts.map((part) => part.text).join("")).toBe(value);
        expect(parts.every((part) => part.text !== "")).toBe(true);
      }),
    );
  });
});

describe("stripInlineMarkdown", () => {
  it.each([
    ["**Cookies** we set", "Cookies we set"],
    ["the `shop_session` cookie", "the shop_session cookie"],
    ["shop_session and lang", "shop_session and lang"],
    ["_only_ while signed in", "only while signed in"],
    ["__twice__ and *once*", "twice and once"],
    ["2*3 = 6 and a_b_c", "2*3 = 6 and a_b_c"],
    ["<b>bold</b> text", "bold text"],
  ])("%j -> %j", (source, expected) => {
    expect(stripInlineMarkdown(source)).toBe(expected);
  });
});
