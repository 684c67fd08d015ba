import { entries, finiteNumber, isRecord, safeUrl, text } from "./raw";

/** GET /utils/reviews?lang=ca: the spec fixes the reviews' language, whatever the page's. */
export const REVIEW_LANGUAGE = "ca";
export const MAX_RATING = 5;

export interface Review {
  readonly authorName: string;
  readonly authorPhoto: string | null;
  /** Whole stars, 0 to 5. */
  readonly rating: number;
  readonly text: string;
  /** Already-localised text such as "fa 2 setmanes", shown as given. */
  readonly relativeTime: string;
}

/** Our field names, or the Google Places names the reviews proxy may pass through. */
function mapReview(raw: unknown): Review | null {
  if (!isRecord(raw)) return null;
  const authorName = text(raw.authorName) ?? text(raw.author_name);
  const rating = finiteNumber(raw.rating);
  if (authorName === null || rating === null) return null;
  return {
    authorName,
    authorPhoto: safeUrl(raw.authorPhoto) ?? safeUrl(raw.profile_photo_url),
    rating: Math.min(MAX_RATING, Math.max(0, Math.round(rating))),
    text: text(raw.text) ?? "",
    relativeTime: text(raw.relativeTime) ?? text(raw.relative_time_description) ?? "",
  };
}

/**
 * Maps the reviews answer (a list, `{ data }` or `{ reviews }`), skipping entries with no
 * author or no numeric rating. Anything unreadable gives an empty list: the spec leaves
 * reviews empty on failure.
 */
export function mapReviews(raw: unknown): Review[] {
  return entries(raw, "reviews")
    .map(mapReview)
    .filter((review): review is Review => review !== null);
}
