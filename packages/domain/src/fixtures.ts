// Test data shared by the unit tests; not exported from the package. The content API's JSON and
// its mapping to Product are tested in @shop/contracts (product.test.ts).
import type { ProductImage, Product } from "./product";
import { addTax } from "./tax";

/** A picture at `url`, without text alternative or size. */
export const picture = (url: string): ProductImage => ({ url, alt: null, width: null, height: null });

/** A complete Product in Spanish; tests override what they exercise. Prices with tax follow price and rate. */
export function product(overrides: Partial<Product> = {}): Product {
  const base: Product = {
    id: 7,
    documentId: "doc7",
    locale: "es",
    type: "box",
    name: "Caja mediana",
    description: "Fruta y verdura de temporada",
    content: "<p>Contenido</p>",
    seoTitle: "Caja mediana de fruta imperfecta",
    seoDescription: "Rescata fruta",
    slug: "caja-mediana",
    slugs: { es: "caja-mediana", ca: "caixa-mitjana", pt: "caixa-media" },
    gallery: [],
    imagePath: [picture("/uploads/main.jpg")],
    image: [picture("https://cdn.example.com/featured.jpg")],
    position: 2,
    marketTypes: ["B2C"],
    labels: [{ id: 1, name: "Ecológico" }],
    isActive: true,
    hideFromWeb: false,
    price: 2450,
    taxRate: 0.04,
    priceWithTax: 2548,
    priceWithDiscount: 2548,
    weight: 6,
    measure: null,
    boxType: "regular",
    itemType: "mixed",
    isImperfectusProduct: true,
    sku: "BOX-M",
    frequency: "once",
    category: null,
    isSeasonal: false,
    saleFrom: null,
    saleUntil: null,
    saleZoneIds: [],
  };
  const merged = { ...base, ...overrides };
  const priceWithTax = overrides.priceWithTax ?? addTax(merged.price, merged.taxRate);
  return { ...merged, priceWithTax, priceWithDiscount: overrides.priceWithDiscount ?? priceWithTax };
}
