// Helpers for reading untrusted JSON from the content API without throwing TypeErrors.
// Number parsing is shared with the CMS (its serializers read database values with it), so a
// value reads the same on both sides; the rest is internal to the package.

import { fallbackChain, type Locale } from "./locale";

export type RawRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is RawRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A trimmed non-empty string, or null for anything else (numbers included: no guessing). */
export function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** A finite number from a number or numeric text ("12", "12.5", "12,5"), else null. */
export function finiteNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const trimmed = text(value);
  if (trimmed === null) return null;
  const parsed = Number(trimmed.replace(",", "."));
  return Number.isFinite(parsed) ? parsed : null;
}

export function bool(value: unknown): boolean {
  return value === true || value === 1 || value === "true";
}

/** Strapi 4 wrapped fields in `{ id, attributes }`; Strapi 5 is flat. Accept both. */
export function entity(value: unknown): unknown {
  return isRecord(value) && isRecord(value.attributes) ? { ...value.attributes, id: value.id } : value;
}

/**
 * Lists come bare or in Strapi's `{ data: [...] }` envelope; a single object (a one-media
 * field) counts as a list of one. Entries are unwrapped with `entity`.
 */
export function list(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value.map(entity);
  if (isRecord(value) && "data" in value) return list(value.data);
  if (isRecord(value)) return [entity(value)];
  return [];
}

/** A short printable form of any value for error messages; never throws (BigInt, cycles). */
export function describe(value: unknown): string {
  let shown: string | undefined;
  try {
    shown = JSON.stringify(value);
  } catch {
    shown = undefined;
  }
  shown ??= typeof value === "object" ? Object.prototype.toString.call(value) : String(value);
  return shown.length > 80 ? `${shown.slice(0, 77)}...` : shown;
}

/**
 * A URL safe to put in src/href: site-relative paths, or absolute http(s). Other schemes
 * (javascript:, data:) are refused because these values come from third-party feeds.
 */
export function safeUrl(value: unknown): string | null {
  const url = text(value);
  if (url === null) return null;
  // Browsers drop tabs and newlines inside URLs ("java\tscript:"), so any control or
  // space character makes the value unusable rather than something to clean up.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(url)) return null;
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return /^https?:\/\/./i.test(url) ? url : null;
  return url;
}

/**
 * The entries of a list answer: a bare array, `{ data: [...] }`, or `{ [key]: [...] }`.
 * Anything else (an error body, a single object) has no entries.
 */
export function entries(value: unknown, key = "data"): readonly unknown[] {
  if (Array.isArray(value)) return list(value);
  if (!isRecord(value)) return [];
  if (Array.isArray(value[key])) return list(value[key]);
  return Array.isArray(value.data) ? list(value.data) : [];
}

/** `<field>_<locale>`, falling back to Spanish and then any language that has it. */
export function localizedText(raw: RawRecord, field: string, locale: Locale): string | null {
  for (const candidate of fallbackChain(locale)) {
    const value = text(raw[`${field}_${candidate}`]);
    if (value !== null) return value;
  }
  return null;
}
