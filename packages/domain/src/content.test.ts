import { describe, expect, it } from "vitest";
import {
  DELIVERY_FAQ_KEY,
  faqAnchor,
  mapBoxContents,
  mapFaqs,
  mapFarmers,
  mapLegalPage,
  mapNewsroom,
  mapTeamMembers,
} from "./content";

describe("public content", () => {
  it("reads team members in the page's language, falling back to Spanish, ordered by position", () => {
    const raw = {
      data: [
        {
          name: "Berta",
          role_es: "Logística",
          role_ca: "Logística",
          position: 2,
          photo: { url: "/uploads/berta.svg" },
        },
        { name: "Arnau", role_es: "Fundador", role_pt: "Fundador", position: 1 },
        { role_es: "sin nombre" },
      ],
    };
    expect(mapTeamMembers(raw, "ca")).toEqual([
      { name: "Arnau", role: "Fundador", bio: "", photo: null },
      { name: "Berta", role: "Logística", bio: "", photo: "/uploads/berta.svg" },
    ]);
  });

  it("drops unsafe links and pictures", () => {
    const [farmer] = mapFarmers([{ name: "Pep", photo: { url: "javascript:alert(1)" }, story_es: "Hola" }], "pt");
    expect(farmer).toMatchObject({ name: "Pep", photo: null, story: "Hola" });
    const [entry] = mapNewsroom(
      [{ title_es: "Noticia", link: "javascript:alert(1)", date: "2026-01-02T00:00:00Z" }],
      "es",
    );
    expect(entry).toMatchObject({ link: null, date: "2026-01-02" });
  });

  it("lists press entries newest first", () => {
    const entries = mapNewsroom(
      [
        { title_es: "Vieja", date: "2025-01-01" },
        { title_es: "Nueva", date: "2026-03-01" },
      ],
      "es",
    );
    expect(entries.map((entry) => entry.title)).toEqual(["Nueva", "Vieja"]);
  });

  it("finds a legal page by its key, only when it has a title and a body", () => {
    const raw = [
      { key: "cookiesPolicy", title_es: "Cookies", body_es: "Texto", title_ca: "Galetes", body_ca: "Text" },
      { key: "legalNotice", title_es: "Aviso" },
    ];
    expect(mapLegalPage(raw, "cookiesPolicy", "ca")).toEqual({ key: "cookiesPolicy", title: "Galetes", body: "Text" });
    expect(mapLegalPage(raw, "legalNotice", "es")).toBeNull();
    expect(mapLegalPage(raw, "privacyPolicy", "es")).toBeNull();
  });

  it("keeps only complete FAQs", () => {
    expect(mapFaqs([{ question_es: "¿Qué?", answer_es: "Esto" }, { question_es: "¿Sin respuesta?" }], "es")).toEqual([
      { key: null, question: "¿Qué?", answer: "Esto" },
    ]);
  });

  it("keeps the key staff gave an FAQ, when it can name an anchor", () => {
    const raw = [
      { key: "delivery", question_es: "¿Dónde repartís?", answer_es: "En la Península.", position: 1 },
      { key: "Envíos y <b>costes</b>", question_es: "¿Cuánto cuesta?", answer_es: "4,90 €.", position: 2 },
    ];
    expect(mapFaqs(raw, "es").map((faq) => faq.key)).toEqual([DELIVERY_FAQ_KEY, null]);
    expect(faqAnchor(DELIVERY_FAQ_KEY)).toBe("faq-delivery");
  });

  it("keeps the latest week of each box", () => {
    const raw = [
      { box: { id: 1 }, weekStart: "2026-11-09", items: [{ name_es: "Peras" }] },
      { box: { id: 1 }, weekStart: "2026-11-16", items: [{ name_es: "Manzanas", name_ca: "Pomes", quantity: "1 kg" }] },
      { box: { id: 2 }, weekStart: "2026-11-16", items: [] },
    ];
    expect(mapBoxContents(raw, "ca", "2026-11-22")).toEqual([
      { boxId: 1, weekStart: "2026-11-16", items: [{ name: "Pomes", quantity: "1 kg" }], note: "" },
    ]);
  });

  it("shows this week's contents, not a coming week's that staff prepared early", () => {
    const week = (weekStart: string, name: string) => ({ box: { id: 1 }, weekStart, items: [{ name_es: name }] });
    const raw = [week("2026-11-09", "Peras"), week("2026-11-16", "Manzanas"), week("2026-11-23", "Kiwis")];
    expect(mapBoxContents(raw, "es", "2026-11-22")[0]?.items[0]?.name).toBe("Manzanas");
    expect(mapBoxContents(raw, "es", "2026-11-23")[0]?.items[0]?.name).toBe("Kiwis");
  });
});
