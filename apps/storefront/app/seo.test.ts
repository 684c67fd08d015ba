import { describe, expect, it } from "vitest";
import { documentTitle } from "./seo";

describe("documentTitle", () => {
  it("names the shop once after the page's title, and first on the home page", () => {
    expect(documentTitle("Nuestras cajas", "Imperfecta")).toBe("Nuestras cajas · Imperfecta");
    expect(documentTitle("Fruta imperfecta a domicilio", "Imperfecta", true)).toBe(
      "Imperfecta · Fruta imperfecta a domicilio",
    );
  });

  it("does not repeat a shop name that staff already wrote into an SEO title", () => {
    expect(documentTitle("Aceite de oliva virgen extra 500 ml | Imperfecta", "Imperfecta")).toBe(
      "Aceite de oliva virgen extra 500 ml · Imperfecta",
    );
    expect(documentTitle("Caixa de fruita M - imperfecta ", "Imperfecta")).toBe("Caixa de fruita M · Imperfecta");
    expect(documentTitle("Imperfecta — Azeite virgem extra", "Imperfecta")).toBe("Azeite virgem extra · Imperfecta");
    expect(documentTitle("Imperfecta", "Imperfecta")).toBe("Imperfecta");
  });

  it("keeps the shop's name where it is part of the title's words", () => {
    expect(documentTitle("Por qué Imperfecta rescata fruta", "Imperfecta")).toBe(
      "Por qué Imperfecta rescata fruta · Imperfecta",
    );
  });
});
