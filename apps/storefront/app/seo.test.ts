import { describe, expect, it } from "vitest";
import { withoutSiteName } from "./seo";

describe("withoutSiteName", () => {
  it("drops the shop's name that staff wrote into an SEO title, so the browser title names it once", () => {
    expect(withoutSiteName("Aceite de oliva virgen extra 500 ml | Imperfecta", "Imperfecta")).toBe(
      "Aceite de oliva virgen extra 500 ml",
    );
    expect(withoutSiteName("Caixa de fruita M - imperfecta ", "Imperfecta")).toBe("Caixa de fruita M");
    expect(withoutSiteName("Imperfecta — Azeite virgem extra", "Imperfecta")).toBe("Azeite virgem extra");
  });

  it("keeps titles without it, the name inside the words, and a title that is only the name", () => {
    expect(withoutSiteName("Caja de fruta M", "Imperfecta")).toBe("Caja de fruta M");
    expect(withoutSiteName("Por qué Imperfecta rescata fruta", "Imperfecta")).toBe("Por qué Imperfecta rescata fruta");
    expect(withoutSiteName("Imperfecta", "Imperfecta")).toBe("Imperfecta");
  });
});
