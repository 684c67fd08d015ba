import type { PublicMedia, PublicProduct } from "@shop/contracts";
import {
  DEFAULT_POSITION,
  DEFAULT_UPSELL_FREQUENCY,
  eurosToCents,
  finiteNumber,
  isMonthDay,
  isRecord,
  LOCALES,
  toMeasure,
  type ProductType,
} from "@shop/domain";
import type { Entry } from "../database/documents";

/** Products with hide_from_web never leave the API: every product read is AND-ed with this. */
export const VISIBLE_PRODUCT_FILTER = {
  $or: [{ hide_from_web: { $eq: false } }, { hide_from_web: { $null: true } }],
} as const;

export const PRODUCT_POPULATE = {
  imagePath: true,
  image: true,
  gallery: true,
  market_types: true,
  product_labels: true,
  tax_id: true,
  // Only the ids leave the API (serializeProduct): where a seasonal box is sold.
  saleZones: { fields: ["id"] },
} as const;

export const DEFAULT_PRODUCT_SORT = ["position:asc", "id:asc"];

export type IsActiveParam = { ok: true; filter: Record<string, unknown> | undefined } | { ok: false };

/**
 * `isActive`: absent -> active products only; `all` -> active and inactive; `true` / `false` ->
 * exactly that. Anything else is a client error.
 */
export function parseIsActive(value: unknown): IsActiveParam {
  if (value === undefined) return { ok: true, filter: { isActive: { $eq: true } } };
  if (value === "all") return { ok: true, filter: undefined };
  if (value === "true") return { ok: true, filter: { isActive: { $eq: true } } };
  if (value === "false") return { ok: true, filter: { isActive: { $eq: false } } };
  return { ok: false };
}

function record(value: unknown): Readonly<Record<string, unknown>> | null {
  return isRecord(value) ? value : null;
}

function mediaList(value: unknown): PublicMedia[] {
  const items = Array.isArray(value) ? value : value ? [value] : [];
  const media: PublicMedia[] = [];
  for (const item of items) {
    const file = record(item);
    if (!file || typeof file.url !== "string") continue;
    media.push({
      id: Number(file.id),
      url: file.url,
      alternativeText: typeof file.alternativeText === "string" ? file.alternativeText : null,
      width: finiteNumber(file.width),
      height: finiteNumber(file.height),
      mime: typeof file.mime === "string" ? file.mime : null,
    });
  }
  return media;
}

/** The URL of a single media field (reviews, posts), or null. */
export function mediaUrl(value: unknown): string | null {
  return mediaList(value)[0]?.url ?? null;
}

const TEXT_FIELDS = ["name", "slug", "description", "content", "seotitle", "seodescription", "category"] as const;
type TextKey = `${(typeof TEXT_FIELDS)[number]}_${(typeof LOCALES)[number]}`;

const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * The stored decimal price in whole cents, by @shop/domain's rounding (the one copy of it). The
 * column is a required decimal of at least 0, which Strapi checks on every write and the database
 * returns as a number, so anything else is a corrupted row: failing loudly beats selling at a made-up
 * price.
 */
function priceInCents(entry: Entry): number {
  const value = entry.price;
  const cents = typeof value === "number" || typeof value === "string" ? eurosToCents(value) : -1;
  if (cents < 0) throw new Error(`Product ${entry.id} has an unreadable price: ${String(value)}`);
  return cents;
}

/** The measure staff set (500 ml, 12 units), or both fields null when it is missing or half filled. */
function measureOf(entry: Entry): Pick<PublicProduct, "measureAmount" | "measureUnit"> {
  const measure = toMeasure(entry.measureAmount, entry.measureUnit);
  return { measureAmount: measure?.amount ?? null, measureUnit: measure?.unit ?? null };
}

/**
 * A product in the spec's flat shape (docs/decisions/005-cms-catalogue-api.md), typed by the
 * contract both apps share (@shop/contracts, PublicProduct): per-language fields side by side,
 * relations reduced to what the storefront reads, the price in cents (and in euros under the
 * spec's name `price`, for API clients), and `imagePath` (first is the main image): the pictures
 * staff chose for it, or else the featured `image` entries and then the gallery.
 */
export function serializeProduct(entry: Entry): PublicProduct {
  const texts = {} as Record<TextKey, string | null>;
  for (const field of TEXT_FIELDS) {
    for (const language of LOCALES) texts[`${field}_${language}`] = stringOrNull(entry[`${field}_${language}`]);
  }
  const chosen = mediaList(entry.imagePath);
  const image = mediaList(entry.image);
  const gallery = mediaList(entry.gallery);
  const media: PublicMedia[] = [];
  for (const file of chosen.length > 0 ? [...chosen, ...image, ...gallery] : [...image, ...gallery]) {
    if (!media.some((known) => known.url === file.url)) media.push(file);
  }
  const tax = record(entry.tax_id);
  const marketTypes = Array.isArray(entry.market_types) ? entry.market_types : [];
  const labels = Array.isArray(entry.product_labels) ? entry.product_labels : [];
  const priceCents = priceInCents(entry);

  return {
    id: entry.id,
    documentId: entry.documentId,
    // A required enumeration of the content type with exactly PRODUCT_TYPES's values.
    type: entry.type as ProductType,
    ...texts,
    image: image.map((file) => file.url),
    imagePath: (chosen.length > 0 ? chosen : media).map((file) => file.url),
    media,
    gallery,
    position: finiteNumber(entry.position) ?? DEFAULT_POSITION,
    market_types: marketTypes
      .map(record)
      .filter((type): type is Record<string, unknown> => type !== null)
      .map((type) => ({ id: Number(type.id), name: String(type.name) })),
    product_labels: labels
      .map(record)
      .filter((label): label is Record<string, unknown> => label !== null)
      .map((label) => ({
        id: Number(label.id),
        key: stringOrNull(label.key),
        name_es: stringOrNull(label.name_es),
        name_ca: stringOrNull(label.name_ca),
        name_pt: stringOrNull(label.name_pt),
      })),
    isActive: entry.isActive !== false,
    hide_from_web: false,
    price: priceCents / 100,
    priceCents,
    tax_id: tax
      ? { id: Number(tax.id), name: String(tax.name ?? ""), amount_value: finiteNumber(tax.amount_value) ?? 0 }
      : null,
    weight: finiteNumber(entry.weight),
    ...measureOf(entry),
    boxType: stringOrNull(entry.boxType),
    itemType: stringOrNull(entry.itemType),
    seasonal: entry.seasonal === true,
    saleFrom: isMonthDay(entry.saleFrom) ? entry.saleFrom : null,
    saleUntil: isMonthDay(entry.saleUntil) ? entry.saleUntil : null,
    saleZoneIds: (Array.isArray(entry.saleZones) ? entry.saleZones : [])
      .map((zone) => finiteNumber(record(zone)?.id))
      .filter((id): id is number => id !== null),
    isImperfectusProduct: entry.isImperfectusProduct === true,
    SKU: stringOrNull(entry.SKU),
    frequency:
      typeof entry.frequency === "string" && entry.frequency !== "" ? entry.frequency : DEFAULT_UPSELL_FREQUENCY,
    updatedAt: stringOrNull(entry.updatedAt),
  };
}
