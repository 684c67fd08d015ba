import type { Core } from "@strapi/strapi";
import { BLOG_LANGUAGE, finiteNumber, isLocale, LOCALES, REVIEW_LANGUAGE, type Locale } from "@shop/domain";
import { mediaUrl } from "../../../catalogue/product";
import { parseDateOnly, relativeTime } from "../../../catalogue/relative-time";
import { asApiContext, documents, type ApiContext, type KoaContext } from "../../../catalogue/strapi-loose";
import { sendError } from "../../../http/errors";

const MAX_REVIEWS = 50;
const MAX_POSTS = 20;

export const METRIC_FIELDS = [
  "kgRescued",
  "numberBags",
  "kgEmitted",
  "litersWaterWasted",
  "collaboratedFarmers",
  "numberPeopleReceivedBox",
] as const;

function readLanguage(ctx: ApiContext, param: string, fallback: Locale): Locale | null {
  const value = ctx.query[param];
  if (value === undefined || value === null || value === "") return fallback;
  if (isLocale(value)) return value;
  sendError(ctx, 400, "ValidationError", `${param} must be one of ${LOCALES.join(", ")}`, {
    errors: [{ path: [param], message: `must be one of ${LOCALES.join(", ")}`, name: "ValidationError" }],
  });
  return null;
}

/** Metrics and ratings staff left empty count as 0. */
const numberOrZero = (value: unknown): number => finiteNumber(value) ?? 0;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /utils/reviews?lang=ca -> [{ authorName, authorPhoto, rating, text, relativeTime }], newest first. */
  async reviews(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const language = readLanguage(ctx, "lang", REVIEW_LANGUAGE);
    if (language === null) return;
    const entries = await documents(strapi, "api::review.review").findMany({
      filters: { language: { $eq: language } },
      sort: ["reviewedAt:desc", "id:desc"],
      populate: { authorPhoto: true },
      limit: MAX_REVIEWS,
    });
    const now = new Date();
    ctx.body = entries.map((entry) => {
      const date = parseDateOnly(entry.reviewedAt);
      return {
        authorName: String(entry.authorName ?? ""),
        authorPhoto: mediaUrl(entry.authorPhoto),
        rating: numberOrZero(entry.rating),
        text: String(entry.text ?? ""),
        relativeTime: date ? relativeTime(date, now, language) : "",
      };
    });
  },

  /** GET /utils/posts-blog?language=es -> [{ title, imageUrl, link }], newest first. */
  async postsBlog(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const language = readLanguage(ctx, "language", BLOG_LANGUAGE);
    if (language === null) return;
    const entries = await documents(strapi, "api::blog-post.blog-post").findMany({
      filters: { language: { $eq: language } },
      sort: ["date:desc", "id:desc"],
      populate: { image: true },
      limit: MAX_POSTS,
    });
    ctx.body = entries.map((entry) => ({
      title: String(entry.title ?? ""),
      imageUrl: mediaUrl(entry.image),
      link: String(entry.link ?? ""),
    }));
  },

  /** GET /utils/metrics -> { kgRescued: { value }, ... }; zeros until staff fill the single type in. */
  async metrics(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const entry = await documents(strapi, "api::impact-metric.impact-metric").findFirst({});
    ctx.body = Object.fromEntries(METRIC_FIELDS.map((field) => [field, { value: numberOrZero(entry?.[field]) }]));
  },
});
