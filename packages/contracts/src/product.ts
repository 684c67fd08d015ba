import {
  addTax,
  DEFAULT_UPSELL_FREQUENCY,
  ITEM_TYPES,
  LOCALES,
  localizedText,
  MARKET_TYPES,
  MEASURE_UNITS,
  parseTaxRate,
  PRODUCT_TYPES,
  safeUrl,
  text,
  toLocale,
  toMeasure,
  upsellCategory,
  type ItemType,
  type Locale,
  type MarketType,
  type Product,
  type ProductImage,
} from "@shop/domain";
import { z } from "zod";
import { listAnswerSchema } from "./internal-api";

/**
 * A product as the CMS's content API sends it (GET /api/products, /api/products/:id): the one
 * definition of that JSON. The CMS's serializer is typed by it, the storefront validates every entry
 * against it before showing it, and the tests read it. Field names are the specification's
 * (section 3, "Product"); `priceCents` is ours.
 */

/** `<field>_es`, `<field>_ca`, `<field>_pt`, each a string or null. */
function translated<Field extends string>(field: Field) {
  return Object.fromEntries(LOCALES.map((locale) => [`${field}_${locale}`, z.string().nullable()])) as {
    [Key in `${Field}_${Locale}`]: z.ZodNullable<z.ZodString>;
  };
}

export const publicMediaSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  alternativeText: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  mime: z.string().nullable(),
});
export type PublicMedia = z.output<typeof publicMediaSchema>;

/** Whole, non-negative cents: prices cross between the apps only in this form (never float euros). */
const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A fraction from 0 to below 1 (0.21 is 21 %), the rule of @shop/domain's parseTaxRate. */
const taxRate = z.number().refine(
  (value) => {
    try {
      parseTaxRate(value);
      return true;
    } catch {
      return false;
    }
  },
  { error: "a tax rate is a fraction from 0 to below 1 (0.21), not a percentage" },
);

export const publicProductSchema = z
  .object({
    id: z.number().int().positive(),
    documentId: z.string(),
    type: z.enum(Object.values(PRODUCT_TYPES)),
    ...translated("name"),
    ...translated("slug"),
    ...translated("description"),
    ...translated("content"),
    ...translated("seotitle"),
    ...translated("seodescription"),
    ...translated("category"),
    /** URLs of the featured pictures. */
    image: z.array(z.string()),
    /** URLs of the pictures to show, the main one first. */
    imagePath: z.array(z.string()),
    /** Every picture above, with its text alternative and size. */
    media: z.array(publicMediaSchema),
    gallery: z.array(publicMediaSchema),
    position: z.number(),
    market_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
    product_labels: z.array(z.object({ id: z.number().int(), key: z.string().nullable(), ...translated("name") })),
    isActive: z.boolean(),
    hide_from_web: z.boolean(),
    /** Net price in euros, as the specification names it; for API clients. The shop reads priceCents. */
    price: z.number().nonnegative(),
    /** Net price in cents: what the storefront computes with. */
    priceCents: cents,
    tax_id: z.object({ id: z.number().int(), name: z.string(), amount_value: taxRate }).nullable(),
    /** Grams: what the product weighs in the delivery. */
    weight: z.number().nullable(),
    /**
     * What one product holds when sold in a fixed quantity (500 ml, 12 units: docs/decisions/012), both
     * null for produce. Absent from an older CMS during a deploy: read as null.
     */
    measureAmount: z.number().positive().nullable().default(null),
    measureUnit: z.enum(MEASURE_UNITS).nullable().default(null),
    boxType: z.string().nullable(),
    itemType: z.string().nullable(),
    seasonal: z.boolean(),
    /**
     * When and where it is sold (@shop/domain sale-season): "MM-DD" days or null, and the delivery
     * zones' ids (empty: every zone). Absent from an older CMS during a deploy: sold always, everywhere.
     */
    saleFrom: z.string().nullable().default(null),
    saleUntil: z.string().nullable().default(null),
    saleZoneIds: z.array(z.number().int()).default([]),
    isImperfectusProduct: z.boolean(),
    SKU: z.string().nullable(),
    frequency: z.string(),
    updatedAt: z.string().nullable(),
  })
  // name_es is required in the CMS, but a product must never show a blank name in any language.
  .refine((product) => LOCALES.some((locale) => text(product[`name_${locale}`]) !== null), {
    error: "the product has no name in any language",
    path: ["name_es"],
  });
export type PublicProduct = z.output<typeof publicProductSchema>;

export interface ProductRejection {
  /** Position in the list, to find the entry when it has no usable id. */
  readonly index: number;
  readonly productId: unknown;
  readonly problems: string;
}

export interface ProductList {
  readonly products: PublicProduct[];
  readonly rejected: ProductRejection[];
}

function summary(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(entry)"}: ${issue.message}`).join("; ");
}

/**
 * Validates a product list answer (`{ data: [...] }`) entry by entry, keeping the good entries and
 * reporting the others, so that one broken product never empties the shop. Duplicate ids keep the
 * first. Throws when the answer is not a list at all.
 */
export function parseProductList(json: unknown): ProductList {
  const products: PublicProduct[] = [];
  const rejected: ProductRejection[] = [];
  const seen = new Set<number>();
  listAnswerSchema.parse(json).data.forEach((entry, index) => {
    const productId = typeof entry === "object" && entry !== null && "id" in entry ? entry.id : null;
    const parsed = publicProductSchema.safeParse(entry);
    if (!parsed.success) rejected.push({ index, productId, problems: summary(parsed.error) });
    else if (seen.has(parsed.data.id))
      rejected.push({ index, productId, problems: "an earlier entry has the same id" });
    else {
      seen.add(parsed.data.id);
      products.push(parsed.data);
    }
  });
  return { products, rejected };
}

const ITEM_TYPE_VALUES: readonly string[] = Object.values(ITEM_TYPES);

function images(urls: readonly string[], media: readonly PublicMedia[]): ProductImage[] {
  const found: ProductImage[] = [];
  for (const candidate of urls) {
    // Picture URLs end up in src attributes: only site-relative paths and http(s) are kept.
    const url = safeUrl(candidate);
    if (url === null) continue;
    const known = media.find((file) => file.url === candidate);
    found.push({ url, alt: text(known?.alternativeText), width: known?.width ?? null, height: known?.height ?? null });
  }
  return found;
}

/**
 * The storefront's Product in `locale`, from a validated entry: texts fall back to Spanish and then
 * any language that has them (so a product never shows a blank name), and the price with tax is
 * computed from cents by @shop/domain's rule.
 */
export function toProduct(source: PublicProduct, locale: Locale): Product {
  // Callers in plain JS may pass any string; an unknown language gets Spanish texts.
  const lang = toLocale(locale);
  const name = localizedText(source, "name", lang) ?? "";
  const slugs = Object.fromEntries(LOCALES.map((each) => [each, localizedText(source, "slug", each)])) as Record<
    Locale,
    string | null
  >;
  const taxRate = source.tax_id?.amount_value ?? 0;
  const priceWithTax = addTax(source.priceCents, taxRate);
  const found = new Set(source.market_types.map((type) => type.name.trim().toUpperCase()));
  const marketTypes: MarketType[] = MARKET_TYPES.filter((type) => found.has(type));
  const itemType = text(source.itemType);

  return {
    id: source.id,
    documentId: text(source.documentId),
    locale: lang,
    type: source.type,
    name,
    description: localizedText(source, "description", lang) ?? "",
    content: localizedText(source, "content", lang) ?? "",
    seoTitle: localizedText(source, "seotitle", lang) ?? name,
    seoDescription: localizedText(source, "seodescription", lang) ?? "",
    slug: slugs[lang],
    slugs,
    gallery: images(
      source.gallery.map((file) => file.url),
      source.gallery,
    ),
    imagePath: images(source.imagePath, source.media),
    image: images(source.image, source.media),
    position: source.position,
    marketTypes,
    labels: source.product_labels.flatMap((label) => {
      const labelName = localizedText(label, "name", lang);
      return labelName === null ? [] : [{ id: label.id, name: labelName }];
    }),
    isActive: source.isActive,
    hideFromWeb: source.hide_from_web,
    price: source.priceCents,
    taxRate,
    priceWithTax,
    priceWithDiscount: priceWithTax,
    weight: source.weight,
    measure: toMeasure(source.measureAmount, source.measureUnit),
    boxType: text(source.boxType),
    itemType: itemType !== null && ITEM_TYPE_VALUES.includes(itemType) ? (itemType as ItemType) : null,
    isImperfectusProduct: source.isImperfectusProduct,
    sku: text(source.SKU),
    frequency: text(source.frequency) ?? DEFAULT_UPSELL_FREQUENCY,
    category: source.type === PRODUCT_TYPES.upsell ? upsellCategory(localizedText(source, "category", lang)) : null,
    isSeasonal: source.seasonal,
    saleFrom: source.saleFrom,
    saleUntil: source.saleUntil,
    saleZoneIds: source.saleZoneIds,
  };
}
