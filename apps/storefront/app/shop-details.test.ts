import type { ShopSettings } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { shopDetails } from "./shop-details";

const settings: ShopSettings = {
  legalName: "Imperfecta Alimentos Rescatados, S.L.",
  taxId: "B12345674",
  registration: "Registro Mercantil de Barcelona, tomo 47321, folio 85, hoja B-512345",
  streetAddress: "Carrer de la Collita, 12",
  postalCode: "08005",
  locality: "Barcelona",
  region: "Barcelona",
  country: "ES",
  email: "hola@demo.local",
  phone: "+34 930 123 456",
  openingHours_es: "De lunes a viernes, de 9:00 a 18:00",
  openingHours_ca: "De dilluns a divendres, de 9.00 a 18.00",
  openingHours_pt: null,
  socialLinks: [{ network: "instagram", url: "https://www.instagram.com/imperfecta.demo" }],
  paymentMethods: ["card", "bizum"],
  updatedAt: "2026-11-20T10:00:00.000Z",
};

describe("shopDetails", () => {
  it("gives the details in the page's language, the country named in it", () => {
    expect(shopDetails(settings, "ca")).toEqual({
      legalName: "Imperfecta Alimentos Rescatados, S.L.",
      taxId: "B12345674",
      registration: "Registro Mercantil de Barcelona, tomo 47321, folio 85, hoja B-512345",
      address: ["Carrer de la Collita, 12", "08005 Barcelona", "Espanya"],
      email: "hola@demo.local",
      phone: { text: "+34 930 123 456", href: "tel:+34930123456" },
      openingHours: "De dilluns a divendres, de 9.00 a 18.00",
      socialLinks: [{ network: "instagram", url: "https://www.instagram.com/imperfecta.demo" }],
      paymentMethods: ["card", "bizum"],
    });
    expect(shopDetails(settings, "pt")?.address.at(-1)).toBe("Espanha");
  });

  it("names the region when it is not the town", () => {
    const details = shopDetails({ ...settings, locality: "Sant Cugat del Vallès", postalCode: "08172" }, "es");
    expect(details?.address).toEqual([
      "Carrer de la Collita, 12",
      "08172 Sant Cugat del Vallès",
      "Barcelona",
      "España",
    ]);
  });

  it("falls back to the Spanish opening hours where a language has none", () => {
    expect(shopDetails(settings, "pt")?.openingHours).toBe("De lunes a viernes, de 9:00 a 18:00");
  });

  it("leaves out what staff left empty, and everything when there are no settings", () => {
    const empty = shopDetails(
      {
        ...settings,
        legalName: null,
        streetAddress: null,
        postalCode: null,
        locality: null,
        region: null,
        country: null,
        phone: null,
        openingHours_es: null,
        openingHours_ca: null,
      },
      "ca",
    );
    expect(empty).toMatchObject({ legalName: null, address: [], phone: null, openingHours: null });
    expect(shopDetails(null, "es")).toBeNull();
  });
});
