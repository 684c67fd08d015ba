import { finiteNumber, isRecord, LOCALES } from "@shop/domain";
import type { Entry } from "./strapi-loose";

export const PRODUCT_UID = "api::product.product";

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

export interface PublicMedia {
  id: number;
  url: string;
  alternativeText: string | null;
  width: number | null;
  height: number | null;
  mime: string | null;
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

/**
 * A product in the spec's flat shape (docs/decisions/005-cms-catalogue-api.md): per-language
 * fields side by side, relations reduced to what the storefront reads, prices as numbers of euros,
 * and `imagePath` (first is the main image): the pictures staff chose for it, or else the featured
 * `image` entries and then the gallery.
 */
export function serializeProduct(entry: Entry) {
  const texts: Record<string, string | null> = {};
  for (const field of TEXT_FIELDS) {
    for (const language of LOCALES) {
      const key = `${field}_${language}`;
      const value = entry[key];
      texts[key] = typeof value === "string" ? value : null;
    }
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

  return {
    id: entry.id,
    documentId: entry.documentId,
    type: entry.type ?? null,
    ...texts,
    image: image.map((file) => file.url),
    imagePath: (chosen.length > 0 ? chosen : media).map((file) => file.url),
    media,
    gallery,
    position: finiteNumber(entry.position) ?? 999,
    market_types: marketTypes
      .map(record)
      .filter((type): type is Record<string, unknown> => type !== null)
      .map((type) => ({ id: Number(type.id), name: String(type.name) })),
    product_labels: labels
      .map(record)
      .filter((label): label is Record<string, unknown> => label !== null)
      .map((label) => ({
        id: Number(label.id),
        key: typeof label.key === "string" ? label.key : null,
        name_es: typeof label.name_es === "string" ? label.name_es : null,
        name_ca: typeof label.name_ca === "string" ? label.name_ca : null,
        name_pt: typeof label.name_pt === "string" ? label.name_pt : null,
      })),
    isActive: entry.isActive !== false,
    hide_from_web: false,
    price: finiteNumber(entry.price) ?? 0,
    tax_id: tax
      ? { id: Number(tax.id), name: String(tax.name ?? ""), amount_value: finiteNumber(tax.amount_value) ?? 0 }
      : null,
    weight: finiteNumber(entry.weight),
    boxType: entry.boxType ?? null,
    itemType: entry.itemType ?? null,
    seasonal: entry.seasonal === true,
    isImperfectusProduct: entry.isImperfectusProduct === true,
    SKU: entry.SKU ?? null,
    frequency: typeof entry.frequency === "string" && entry.frequency !== "" ? entry.frequency : "once",
    updatedAt: entry.updatedAt ?? null,
  };
}

export type PublicProduct = ReturnType<typeof serializeProduct>;
