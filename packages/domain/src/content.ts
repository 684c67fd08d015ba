import type { Locale } from "./locale";
import { entity, entries, finiteNumber, isRecord, list, localizedText, safeUrl, text, type RawRecord } from "./raw";

// Public content edited by staff (team, farmers, newsroom, legal pages, FAQs, this week's boxes),
// read in one language. Malformed entries are skipped, never thrown: a broken entry must not take
// a page down.

export interface TeamMember {
  readonly name: string;
  readonly role: string;
  readonly bio: string;
  readonly photo: string | null;
}

export interface Farmer {
  readonly name: string;
  readonly farm: string;
  readonly region: string;
  readonly story: string;
  readonly photo: string | null;
}

export interface NewsroomEntry {
  readonly title: string;
  readonly outlet: string;
  /** ISO date (YYYY-MM-DD) or null when unknown. */
  readonly date: string | null;
  readonly link: string | null;
  readonly summary: string;
}

export const LEGAL_PAGE_KEYS = ["legalNotice", "cookiesPolicy", "privacyPolicy", "termsAndConditions"] as const;
export type LegalPageKey = (typeof LEGAL_PAGE_KEYS)[number];

export interface LegalPage {
  readonly key: LegalPageKey;
  readonly title: string;
  readonly body: string;
}

export interface Faq {
  /** Staff's name for the entry, so that pages can link to it ("delivery"); null for most. */
  readonly key: string | null;
  readonly question: string;
  readonly answer: string;
}

/**
 * The FAQ entry that answers where the shop delivers and what delivery costs: the footer links to
 * it until the new-order flow checks postcodes.
 */
export const DELIVERY_FAQ_KEY = "delivery";

/** The id of an FAQ entry on the page that lists it, for links to `#faq-<key>`. */
export function faqAnchor(key: string): string {
  return `faq-${key}`;
}

/** An FAQ key as it can go into an id and a URL fragment: lower-case words and hyphens. */
const FAQ_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface BoxItem {
  readonly name: string;
  readonly quantity: string | null;
}

export interface BoxContents {
  /** Id of the box product, to show its name and picture. */
  readonly boxId: number | null;
  readonly weekStart: string | null;
  readonly items: readonly BoxItem[];
  readonly note: string;
}

function records(raw: unknown): RawRecord[] {
  return entries(raw)
    .map(entity)
    .filter((entry): entry is RawRecord => isRecord(entry));
}

function byPosition(raw: RawRecord[]): RawRecord[] {
  return [...raw].sort((a, b) => (finiteNumber(a.position) ?? 999) - (finiteNumber(b.position) ?? 999));
}

function mediaUrl(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return safeUrl(isRecord(first) ? first.url : first);
}

function isoDate(value: unknown): string | null {
  const raw = text(value);
  return raw && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : null;
}

export function mapTeamMembers(raw: unknown, locale: Locale): TeamMember[] {
  return byPosition(records(raw)).flatMap((entry) => {
    const name = text(entry.name);
    if (!name) return [];
    return [
      {
        name,
        role: localizedText(entry, "role", locale) ?? "",
        bio: localizedText(entry, "bio", locale) ?? "",
        photo: mediaUrl(entry.photo),
      },
    ];
  });
}

export function mapFarmers(raw: unknown, locale: Locale): Farmer[] {
  return byPosition(records(raw)).flatMap((entry) => {
    const name = text(entry.name);
    if (!name) return [];
    return [
      {
        name,
        farm: text(entry.farm) ?? "",
        region: text(entry.region) ?? "",
        story: localizedText(entry, "story", locale) ?? "",
        photo: mediaUrl(entry.photo),
      },
    ];
  });
}

/** Newest first. */
export function mapNewsroom(raw: unknown, locale: Locale): NewsroomEntry[] {
  const mapped = records(raw).flatMap((entry) => {
    const title = localizedText(entry, "title", locale);
    if (!title) return [];
    return [
      {
        title,
        outlet: text(entry.outlet) ?? "",
        date: isoDate(entry.date),
        link: safeUrl(entry.link),
        summary: localizedText(entry, "summary", locale) ?? "",
      },
    ];
  });
  return mapped.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
}

export function mapLegalPage(raw: unknown, key: LegalPageKey, locale: Locale): LegalPage | null {
  const entry = records(raw).find((candidate) => candidate.key === key);
  if (!entry) return null;
  const title = localizedText(entry, "title", locale);
  const body = localizedText(entry, "body", locale);
  return title && body ? { key, title, body } : null;
}

export function mapFaqs(raw: unknown, locale: Locale): Faq[] {
  return byPosition(records(raw)).flatMap((entry) => {
    const question = localizedText(entry, "question", locale);
    const answer = localizedText(entry, "answer", locale);
    const key = text(entry.key);
    return question && answer ? [{ key: key !== null && FAQ_KEY.test(key) ? key : null, question, answer }] : [];
  });
}

/**
 * This week's contents of each box: per box, the newest entry that has started by `today`
 * (YYYY-MM-DD in the shop's time zone); entries staff prepared for coming weeks wait their turn.
 */
export function mapBoxContents(raw: unknown, locale: Locale, today: string): BoxContents[] {
  const latest = new Map<number | null, BoxContents>();
  for (const entry of records(raw)) {
    const box = entity(entry.box);
    const boxId = isRecord(box) ? finiteNumber(box.id) : finiteNumber(box);
    const items = list(entry.items).flatMap((item) => {
      if (!isRecord(item)) return [];
      const name = localizedText(item, "name", locale);
      return name ? [{ name, quantity: text(item.quantity) }] : [];
    });
    if (items.length === 0) continue;
    const weekStart = isoDate(entry.weekStart);
    if (weekStart && weekStart > today) continue;
    const contents: BoxContents = {
      boxId,
      weekStart,
      items,
      note: localizedText(entry, "note", locale) ?? "",
    };
    const previous = latest.get(boxId);
    if (!previous || (contents.weekStart ?? "") > (previous.weekStart ?? "")) latest.set(boxId, contents);
  }
  return [...latest.values()];
}
