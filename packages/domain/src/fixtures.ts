// Test data shared by the unit tests; not exported from the package.
import { mapProduct, type Product, type RawProduct } from "./product";
import type { Locale } from "./locale";

/** A complete product as the content API answers it; tests override what they exercise. */
export function rawProduct(overrides: Partial<RawProduct> & Record<string, unknown> = {}): RawProduct {
  return {
    id: 7,
    documentId: "doc7",
    type: "box",
    name_es: "Caja mediana",
    name_ca: "Caixa mitjana",
    name_pt: "Caixa média",
    description_es: "Fruta y verdura de temporada",
    description_ca: "Fruita i verdura de temporada",
    description_pt: "",
    content_es: "<p>Contenido</p>",
    slug_es: "caja-mediana",
    slug_ca: "caixa-mitjana",
    slug_pt: "caixa-media",
    seotitle_es: "Caja mediana de fruta imperfecta",
    seodescription_es: "Rescata fruta",
    position: 2,
    market_types: [{ name: "B2C" }],
    product_labels: [{ id: 1, name_es: "Ecológico", name_ca: "Ecològic" }],
    imagePath: [{ url: "/uploads/main.jpg", alternativeText: "Caja", width: 800, height: 600 }, "/uploads/2.jpg"],
    image: ["https://cdn.example.com/featured.jpg"],
    gallery: [],
    isActive: true,
    hide_from_web: false,
    price: 24.5,
    weight: "6",
    boxType: "regular",
    itemType: "mixed",
    isImperfectusProduct: true,
    SKU: "BOX-M",
    tax_id: { amount_value: 0.04 },
    ...overrides,
  };
}

/** A mapped product, for tests of the rules that work on Products. */
export function product(overrides: Partial<RawProduct> & Record<string, unknown> = {}, locale: Locale = "es"): Product {
  return mapProduct(rawProduct(overrides), locale);
}
