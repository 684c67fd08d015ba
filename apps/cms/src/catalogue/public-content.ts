import type { Core } from "@strapi/strapi";
import { finiteNumber, type Locale } from "@shop/domain";
import { mediaUrl } from "./product";
import { parseDateOnly, relativeTime } from "./relative-time";
import { documents } from "../database/documents";
import { CONTENT_TYPES } from "../content-types";

/**
 * The public content of the spec's /utils calls (section 7), in the shapes the storefront reads
 * (docs/decisions/005-cms-catalogue-api.md).
 */

const MAX_REVIEWS = 50;
const MAX_POSTS = 20;

const METRIC_FIELDS = [
  "kgRescued",
  "numberBags",
  "kgEmitted",
  "litersWaterWasted",
  "collaboratedFarmers",
  "numberPeopleReceivedBox",
] as const;

/** Metrics and ratings staff left empty count as 0. */
const numberOrZero = (value: unknown): number => finiteNumber(value) ?? 0;

/** The newest reviews written in `language`, with how long ago each was written, in that language. */
export async function latestReviews(strapi: Core.Strapi, { language }: { language: Locale }) {
  const entries = await documents(strapi, CONTENT_TYPES.review).findMany({
    filters: { language: { $eq: language } },
    sort: ["reviewedAt:desc", "id:desc"],
    populate: { authorPhoto: true },
    limit: MAX_REVIEWS,
  });
  const now = new Date();
  return entries.map((entry) => {
    const date = parseDateOnly(entry.reviewedAt);
    return {
      authorName: String(entry.authorName ?? ""),
      authorPhoto: mediaUrl(entry.authorPhoto),
      rating: numberOrZero(entry.rating),
      text: String(entry.text ?? ""),
      relativeTime: date ? relativeTime(date, now, language) : "",
    };
  });
}

/** The newest blog posts written in `language`. */
export async function latestBlogPosts(strapi: Core.Strapi, { language }: { language: Locale }) {
  const entries = await documents(strapi, CONTENT_TYPES.blogPost).findMany({
    filters: { language: { $eq: language } },
    sort: ["date:desc", "id:desc"],
    populate: { image: true },
    limit: MAX_POSTS,
  });
  return entries.map((entry) => ({
    title: String(entry.title ?? ""),
    imageUrl: mediaUrl(entry.image),
    link: String(entry.link ?? ""),
  }));
}

/** The impact figures, each as { value }; zeros until staff fill the single type in. */
export async function impactMetrics(strapi: Core.Strapi) {
  const entry = await documents(strapi, CONTENT_TYPES.impactMetric).findFirst({});
  return Object.fromEntries(METRIC_FIELDS.map((field) => [field, { value: numberOrZero(entry?.[field]) }]));
}
