import { describe, expect, it } from "vitest";
import { shopSettingsAnswerSchema, shopSettingsSchema, telHref, type ShopSettings } from "./shop-settings";

/** Complete settings as the CMS answers them; tests override what they exercise. */
function settings(overrides: Partial<ShopSettings> = {}): ShopSettings {
  return {
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
    socialLinks: [{ network: "instagram", url: "https://www.instagram.com/imperfecta" }],
    paymentMethods: ["card", "bizum"],
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

describe("shopSettingsSchema", () => {
  it("accepts the CMS's answer and keeps every field", () => {
    const answer = { data: { ...settings(), id: 1, documentId: "abc" }, meta: {} };
    expect(shopSettingsAnswerSchema.parse(answer).data).toEqual(settings());
  });

  it("accepts settings staff have not filled in", () => {
    const empty = settings({
      legalName: null,
      taxId: null,
      registration: null,
      streetAddress: null,
      postalCode: null,
      locality: null,
      region: null,
      country: null,
      email: null,
      phone: null,
      openingHours_es: null,
      openingHours_ca: null,
      socialLinks: [],
      paymentMethods: [],
      updatedAt: null,
    });
    expect(shopSettingsSchema.parse(empty)).toEqual(empty);
  });

  it.each([
    ["a link that is not https", { socialLinks: [{ network: "instagram", url: "http://instagram.com/x" }] }],
    ["a script link", { socialLinks: [{ network: "instagram", url: "javascript:alert(1)" }] }],
    ["a link with a tab", { socialLinks: [{ network: "facebook", url: "https://face\tbook.com/x" }] }],
    ["an unknown network", { socialLinks: [{ network: "myspace", url: "https://myspace.com/x" }] }],
    ["an unknown payment method", { paymentMethods: ["cash"] }],
    ["an e-mail address that could add mail headers", { email: "hola@demo.local?bcc=x@y.z" }],
    ["a phone number with letters", { phone: "call us" }],
    ["a country name instead of its code", { country: "España" }],
    ["a missing list", { paymentMethods: undefined }],
  ])("refuses %s", (_case, overrides) => {
    expect(shopSettingsSchema.safeParse({ ...settings(), ...overrides }).success).toBe(false);
  });

  it("refuses an answer without data (an error body)", () => {
    const error = { data: null, error: { status: 404, name: "NotFoundError", message: "Not Found", details: {} } };
    expect(shopSettingsAnswerSchema.safeParse(error).success).toBe(false);
  });
});

describe("telHref", () => {
  it("keeps the digits and the leading plus", () => {
    expect(telHref("+34 930 123 456")).toBe("tel:+34930123456");
    expect(telHref("(93) 012-34-56")).toBe("tel:930123456");
  });
});
